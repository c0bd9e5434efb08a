"""Orapa commands for the advisor: `next` (the most informative question) and `play --auto`."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from commands.common import SEED, Seconds, emit_json, not_empty
from commands.orapa.layout import load_layout, rule_options
from commands.orapa.solve import (answer_words, backend_option, labels_option, load_puzzle,
                                  question_text, rough_count)
from games.errors import BadInput, LimitReached
from games.orapa.drawing import render_layout
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from solver.orapa.advisor import defaults
from solver.orapa.options import BackendName

if TYPE_CHECKING:
    from solver.orapa.advisor.autoplay import Step
    from solver.orapa.advisor.ranking import Advice

# one set of defaults for `next` and `play --auto`: solver/orapa/advisor/defaults.py
strategy_option = click.option(
    "--strategy", type=click.Choice(defaults.STRATEGIES), default=defaults.STRATEGY,
    show_default=True, help="How questions are ranked (README: what each optimises).")
sample_option = click.option("--sample", type=click.IntRange(min=10), default=defaults.SAMPLE,
                             show_default=True,
                             help="Uniform sample size when the layouts are too many to list.")
MAX_EXACT_BOUND = 200_000  # solver.orapa.counting.consistent_sample.LISTING_BOUND: a listing holds every layout
exact_bound_option = click.option(
    "--exact-bound", type=click.IntRange(1, MAX_EXACT_BOUND), default=defaults.EXACT_BOUND,
    show_default=True, help="List the layouts exactly when there are at most this many.")
budget_option = click.option("--budget", type=Seconds(0.05), default=defaults.BUDGET,
                             show_default=True, help="Seconds per decision (it ends within them).")
lookahead_option = click.option("--lookahead", is_flag=True,
                                help="Re-rank the best few by two-question information.")


def layouts_text(count: float, word: str = "layout", exact: bool = True) -> str:
    """A number of layouts in a person's words, to three figures unless `exact`: `1 layout`,
    `1,656 consistent layouts`, `398,000 layouts`, `1.63 billion layouts`.

    >>> layouts_text(1), layouts_text(1656, "consistent layout"), layouts_text(397_539, exact=False)
    ('1 layout', '1,656 consistent layouts', '398,000 layouts')
    >>> layouts_text(1.634e9)
    '1.63 billion layouts'
    """
    text = rough_count(count if exact else float(f"{count:.3g}"))
    return f"{text} {word}{'' if text == '1' else 's'}"


def left_text(count: float) -> str:
    """An expected or worst number of layouts left, for the ranking's columns, to three
    figures (most come from a sample).

    >>> left_text(2.5), left_text(230_342), left_text(3.402e8)
    ('2.5', '230,000', '340 million')
    """
    return rough_count(float(f"{count:.3g}")) if count >= 100 else f"{count:.3g}"


def _count_text(advice: Advice) -> str:
    c = advice.candidates
    if c.exact:
        return f"{layouts_text(c.count, 'consistent layout')} (listed)"
    if c.uniform:
        return (f"about {layouts_text(c.count, 'consistent layout', False)} (uniform sample of "
                f"{len(c.layouts):,})")
    return (f"at least about {layouts_text(c.count, 'consistent layout', False)} "
            f"({len(c.layouts):,} "
            "drawn from the families found in time: not uniform)")


def _step_count_text(step: Step) -> str:
    if step.exact:
        return f"{layouts_text(step.candidates)} (listed)"
    return f"about {layouts_text(step.candidates, exact=False)}"


@click.command("next")
@click.argument("puzzle")
@strategy_option
@click.option("--top", type=click.IntRange(min=1), default=10, show_default=True,
              help="How many ranked questions to print (the JSON lists all).")
@click.option("--explain", is_flag=True, help="Show the answer distributions of the best few.")
@sample_option
@exact_bound_option
@budget_option
@lookahead_option
@click.option("--seed", type=SEED, default=defaults.SEED, show_default=True,
              help="Sampling seed (the game's: `play --auto --seed S` asks the same).")
@backend_option
@labels_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def next_command(puzzle: str, strategy: str, top: int, explain: bool, sample: int,
                 exact_bound: int, budget: float, lookahead: bool, seed: int, backend: BackendName,
                 labels: str, as_json: bool) -> None:
    """The most informative next question for a puzzle in progress."""
    from solver.orapa.advisor.autoplay import decide  # the solver: imported when it runs
    problem = load_puzzle(puzzle)
    try:
        advice = decide(problem, strategy, sample, exact_bound, budget, lookahead, seed, backend)
    except LimitReached as exc:   # the decision keeps to its budget: say how to give it more
        raise LimitReached(f"{exc} ({budget:g} s); a larger --budget, such as {4 * budget:g}, "
                           f"searches longer") from exc
    if as_json:
        emit_json(advice.to_json())
        return
    if advice.solved:
        click.echo("solved: exactly 1 consistent layout, no question can tell more "
                   "(orapa solve shows it)")
        return
    best = advice.best
    click.echo(f"ask {question_text(best.question, labels)} ({best.kind}): "
               f"{best.expected_bits:.3f} bits expected; {_count_text(advice)}")
    planned = advice.best.expected_questions is not None
    looked = advice.best.two_step_bits is not None
    click.echo(f"{'question':>8} {'bits':>7} {'worst left':>12} {'expected left':>14}"
               + ("  two-step bits" if looked else "")
               + ("  questions to go" if planned else ""))
    for q in advice.ranking[:top]:
        extra = ""
        if looked:
            extra = f"  {q.two_step_bits:13.3f}" if q.two_step_bits is not None else f"  {'-':>13}"
        if planned:
            extra += f"  {q.expected_questions:16.3f}" if q.expected_questions is not None \
                else f"  {'-':>16}"
        click.echo(f"{question_text(q.question, labels):>8} {q.expected_bits:7.3f} "
                   f"{left_text(q.worst_case):>12} {left_text(q.expected_size):>14}{extra}")
    if explain:
        for q in advice.ranking[:3]:
            click.echo(f"\n{question_text(q.question, labels)}: {len(q.answers)} possible answers, "
                       f"H = -sum p log2 p = {q.expected_bits:.3f} bits")
            for label, p in q.answers[:12]:
                left = layouts_text(p * advice.candidates.count, exact=False)
                click.echo(f"  {answer_words(label, labels):<22} p = {p:.4f}  (about {left} left)")
            if len(q.answers) > 12:
                rest = sum(p for _, p in q.answers[12:])
                click.echo(f"  ... {len(q.answers) - 12} more answers, p = {rest:.4f}")


@click.command("play")
@click.option("--auto", is_flag=True, help="The advisor plays (required for now).")
@click.option("--seed", type=SEED, default=defaults.SEED, show_default=True,
              help="Seed of the hidden mine and of the sampling.")
@click.option("--gems", "gems_name", default=None,
              help="Gem set (O2)  [default: base, or the gems of --mine]")
@click.option("--mine", "mine_file", default=None, callback=not_empty,
              help="Play this layout file instead of a random mine.")
@rule_options
@strategy_option
@sample_option
@exact_bound_option
@budget_option
@lookahead_option
@backend_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def play_command(auto: bool, seed: int, gems_name: str | None, mine_file: str | None,
                 mirror: bool, touching: str, visibility: bool, strategy: str, sample: int,
                 exact_bound: int, budget: float, lookahead: bool, backend: BackendName,
                 as_json: bool) -> None:
    """Solve a hidden mine (random, or --mine) with the advisor's questions, until the layout
    is forced."""
    from tqdm import tqdm
    from solver.orapa.advisor.autoplay import autoplay
    if not auto:
        raise BadInput("play: only --auto games are available (the advisor plays)")
    mine = None
    if mine_file is not None:
        mine, rules = load_layout(mine_file, mirror, touching, visibility)
        gems = tuple(placed.gem for placed in mine.gems)
        if gems_name is not None and sorted(gem_set(gems_name, "--gems")) != mine.kinds:
            raise BadInput(f"--gems: {mine_file} holds other gems than the set {gems_name!r}")
    else:
        gems = gem_set(gems_name or "base", "--gems")
        rules = RuleOptions(mirror, touching, visibility)
    # disable None: a bar only on a terminal
    bar = tqdm(desc="questions", unit="q", file=sys.stderr, disable=True if as_json else None)

    def report(step: Step) -> None:
        bar.update(1)
        if not as_json:
            tqdm.write(f"{len(game_steps) + 1:2d}. {step.answer}   "
                       f"[{step.expected_bits:.2f} bits, {_step_count_text(step)}, "
                       f"{step.seconds:.2f} s]")
        game_steps.append(step)

    game_steps: list[Step] = []
    game = autoplay(gems, rules, seed, strategy, sample, budget, lookahead, backend, report,
                    exact_bound, mine)
    bar.close()
    if as_json:
        emit_json(game.to_json())
        return
    click.echo(f"forced after {game.questions} questions; "
               f"{'the true layout' if game.solved == game.mine else 'NOT the mine'}:")
    click.echo(render_layout(game.solved or game.mine, color=sys.stdout.isatty()))
