"""Orapa commands on puzzles: solve and verify."""
from __future__ import annotations

import sys
from typing import Any

import click

from commands.common import TIMEOUT, emit_json, read_text, time_left
from games.errors import BadInput, LimitReached
from games.orapa.answers import Question
from games.orapa.board import parse_port, port_label
from games.orapa.drawing import render_deductions, render_layout
from games.orapa.files import parse_layout, parse_puzzle
from games.orapa.puzzle import Puzzle, check_legal_for
from games.orapa.text_format import format_answer
from solver.orapa.options import BACKENDS, METHODS, SAT_SOLVERS, BackendName, Method

backend_option = click.option(
    "--backend", type=click.Choice(BACKENDS + SAT_SOLVERS), default="sat", show_default=True,
    help="sat (PySAT, Glucose 4), cp (OR-tools CP-SAT), or a PySAT solver by name.")
method_option = click.option(
    "--method", type=click.Choice(METHODS), default="auto", show_default=True,
    help="auto: the wave search, the model when it cannot finish; model: the SAT/CP model only.")
timeout_option = click.option("--timeout", type=TIMEOUT, default=None,
                              help="Seconds before giving up (exit status 3); no limit by "
                                   "default.")


labels_option = click.option(
    "--labels", type=click.Choice(["sheet", "bga"]), default="sheet", show_default=True,
    help="How printed ports are written: the printed sheet's names or Board Game Arena's "
         "(RULINGS O10); JSON always uses the sheet's.")


def load_puzzle(path: str) -> Puzzle:
    return parse_puzzle(read_text(path), path)


def question_text(question: str, labels: str = "sheet") -> str:
    """A question named in the sheet's labels (a port such as `15`, or a cell such as `E4`),
    its port written in the scheme `labels` (O10); cells are named alike in both schemes.

    >>> question_text("15", "bga"), question_text("C", "bga"), question_text("E4", "bga")
    ('E', 'K', 'E4')
    """
    return Question.parse(question).label(labels)


def rough_count(n: float) -> str:
    """A large number of layouts as a person reads it: to three figures, in millions, billions
    or trillions, and past a thousand trillion as a power of ten.

    >>> rough_count(9_876), rough_count(15_397_424), rough_count(2.4e12), rough_count(4.13e19)
    ('9,876', '15.4 million', '2.4 trillion', '4.13e19')
    """
    if n >= 10 ** 15:
        mantissa, _, power = f"{n:.2e}".partition("e")
        return f"{float(mantissa):.3g}e{int(power)}"
    for size, name in ((10 ** 12, "trillion"), (10 ** 9, "billion"), (10 ** 6, "million")):
        if n >= size:
            return f"{n / size:.3g} {name}"
    return f"{round(n):,}"


def estimate_words(estimate: dict[str, Any]) -> str:
    """The estimated count of an unfinished count (the `estimate*` fields of `orapa solve
    --json`) in words, with its interval; an interval wider than a factor of a hundred gives
    no single figure (few random draws ended on a layout, so little is known but the bounds).

    >>> estimate_words({"estimate": 41_000_000_000_000_000_000, "estimate_low": 3.2e19,
    ...                 "estimate_high": 5.0e19, "estimate_draws": 12_000})
    'about 4.1e19 layouts in all (95% interval 3.2e19 to 5e19, from 12,000 random draws)'
    >>> estimate_words({"estimate": 50, "estimate_low": 50, "estimate_high": 3.15e31,
    ...                 "estimate_draws": 1_521})
    'between 50 and 3.15e31 layouts in all (95% interval, from 1,521 random draws: too wide for one figure)'
    """
    low, high = rough_count(estimate["estimate_low"]), rough_count(estimate["estimate_high"])
    draws = f"{estimate['estimate_draws']:,} random draws"
    if estimate["estimate_high"] > WIDE * max(1, estimate["estimate_low"]):
        return f"between {low} and {high} layouts in all (95% interval, from {draws}: too wide for one figure)"
    return (f"about {rough_count(estimate['estimate'])} layouts in all (95% interval {low} to "
            f"{high}, from {draws})")


WIDE = 100   # an interval whose ends differ by more than this factor gives no single figure


def answer_words(text: str, labels: str = "sheet") -> str:
    """A shot answer written as `C yellow` or `C 3 bounces` (exit port first, sheet's labels),
    with the exit in the scheme `labels`; `absorbed` and cell contents are left as they are."""
    head, _, rest = text.partition(" ")
    if labels == "sheet" or head == "absorbed":
        return text
    try:
        port = parse_port(head)
    except BadInput:
        return text
    return " ".join(filter(None, (port_label(port, labels), rest)))


@click.command("solve")
@click.argument("puzzle")
@click.option("--limit", type=click.IntRange(min=0), default=10, show_default=True,
              help="How many solutions to print.")
@click.option("--count-limit", type=click.IntRange(min=1), default=10_000, show_default=True,
              help="Stop counting after this many layouts (count is then not exact).")
@click.option("--show", is_flag=True, help="Draw the solution, or the deduction map.")
@backend_option
@method_option
@timeout_option
@labels_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def solve_command(puzzle: str, limit: int, count_limit: int, show: bool, backend: BackendName,
                  method: Method, timeout: float | None, labels: str, as_json: bool) -> None:
    """Find every layout consistent with a puzzle's answers."""
    from solver.orapa.api import deductions, solve  # the solver: imported when a command runs
    problem = load_puzzle(puzzle)
    try:
        result = solve(problem, limit=limit, count_limit=count_limit, backend=backend,
                       timeout=time_left(timeout), method=method)
    except LimitReached as exc:
        if as_json or not isinstance(exc.partial, dict):
            raise
        found = exc.partial["count"]
        click.echo(f"unfinished: at least {found:,} consistent layout{'' if found == 1 else 's'} "
                   f"found before the time limit")
        raise LimitReached(str(exc)) from None  # exit 3, the partial JSON not printed
    if as_json:
        emit_json(result.to_json())
        return
    color = sys.stdout.isatty()
    exactness = "" if result.exact else "at least "
    click.echo(f"{result.status}: {exactness}{result.count:,} consistent layout"
               f"{'' if result.count == 1 else 's'}")
    if result.estimate is not None:
        click.echo(estimate_words(result.estimate))
    if result.status == "contradiction":
        for i in result.conflict or []:
            click.echo(f"  observation {i}: {format_answer(problem.observations[i], labels)}")
    elif show and result.status == "unique":
        click.echo(render_layout(result.solutions[0], color=color, labels=labels))
    elif show:
        found = deductions(problem, backend=backend, timeout=time_left(timeout), method=method)
        click.echo(render_deductions({c: found.status(c) for c in found.possible}, color=color,
                                     labels=labels))
    if not show:
        for i, layout in enumerate(result.solutions, 1):
            click.echo(f"solution {i}: " + "; ".join(g.describe() for g in layout.gems))


@click.command("verify")
@click.argument("puzzle")
@click.argument("guess")
@backend_option
@method_option
@timeout_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def verify_command(puzzle: str, guess: str, backend: BackendName, method: Method,
                   timeout: float | None, as_json: bool) -> None:
    """Check a guessed layout: consistent with the answers? the only one?"""
    from solver.orapa.api import verify
    if puzzle == guess == "-":
        raise BadInput("GUESS: '-' is standard input, which already holds the puzzle")
    problem = load_puzzle(puzzle)
    layout, _ = parse_layout(read_text(guess), guess, problem.rules, legal=False)
    check_legal_for(layout, problem.gems, problem.rules, guess)   # the error names the file
    result = verify(problem, layout, backend=backend, timeout=time_left(timeout), method=method)
    if as_json:
        emit_json(result.to_json())
        return
    click.echo(f"consistent: {'yes' if result.consistent else 'no'}; "
               f"forced: {'yes' if result.forced else 'no'}")
    if result.alternative is not None:
        click.echo("another consistent layout: "
                   + "; ".join(g.describe() for g in result.alternative.gems))
