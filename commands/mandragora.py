"""`orapa mandragora`: replay or play Mandragora Mania, and solve positions (INTERFACE.md)."""
from __future__ import annotations

import sys

import click
from tqdm import tqdm

from commands.common import emit_json
from games.errors import BadInput
from games.mandragora import PATTERNS, SIDE_NAMES, Match, describe, render, replay
from solver.mandragora_solver import MandragoraSolver, solve_match

_pattern = click.option("--pattern", type=click.Choice(sorted(PATTERNS)), default="A",
                        show_default=True, help="Starting pattern (A..E).")
_first = click.option("--first", type=click.Choice(SIDE_NAMES), default="player",
                      show_default=True, help="Who moves first.")
_moves = click.option("--moves", default="", help="Moves already played: areas, comma-separated.")
_json = click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")


def parse_moves(text: str) -> list[int]:
    """'1,6,3' -> [1, 6, 3]; anything else is bad input."""
    moves = []
    for token in filter(None, (part.strip() for part in text.split(","))):
        if not token.isdigit():
            raise BadInput(f"--moves: {token!r} is not an area number")
        moves.append(int(token))
    return moves


@click.group()
def mandragora_group() -> None:
    """Mandragora Mania: play, replay and solve."""


@mandragora_group.command("play")
@_pattern
@_first
@_moves
@click.option("--interactive", is_flag=True, help="Play on from the position, moves read from "
              "standard input ('u' takes back, 'q' quits).")
@click.option("--ai", type=click.Choice(SIDE_NAMES), default=None,
              help="With --interactive: the side the solver plays (default: hot-seat).")
@click.option("--depth", type=click.IntRange(1), default=10, show_default=True,
              help="Search depth of the solver's moves.")
@_json
def play_command(pattern: str, first: str, moves: str, interactive: bool, ai: str | None,
                 depth: int, as_json: bool) -> None:
    """Show the position after --moves, or play on interactively."""
    match = replay(pattern, first, parse_moves(moves))
    if interactive:
        _play_interactively(match, ai, depth)
    if as_json:
        emit_json(describe(match))
    elif not interactive:
        click.echo(render(match))


def _play_interactively(match: Match, ai: str | None, depth: int) -> None:
    """Hot-seat or human against the solver, on the terminal (prompts go to standard error)."""
    solver = MandragoraSolver()
    while not match.over:
        click.echo(render(match), err=True)
        side = SIDE_NAMES[match.position.to_move]
        if side == ai:
            solution = solver.solve(match.position, max_depth=depth)
            click.echo(f"{side} sows {solution.best} (value {solution.value:g})", err=True)
            match.play(solution.best)
            continue
        answer = click.prompt(f"{side}, area to sow", err=True).strip().lower()
        try:
            if answer == "q":
                return
            if answer == "u":
                match.undo()
                while ai is not None and match.moves and SIDE_NAMES[match.position.to_move] == ai:
                    match.undo()
            else:
                match.play(int(answer) if answer.isdigit() else -1)
        except BadInput as exc:
            click.echo(f"  {exc}", err=True)
    click.echo(render(match), err=True)


@mandragora_group.command("solve")
@_pattern
@_first
@_moves
@click.option("--depth", type=click.IntRange(1), default=None,
              help="Search depth (default: to the end of the game, exact).")
@click.option("--time-limit", type=click.FloatRange(0, min_open=True), default=None,
              help="Stop deepening after this many seconds.")
@_json
def solve_command(pattern: str, first: str, moves: str, depth: int | None,
                  time_limit: float | None, as_json: bool) -> None:
    """Value for the side to move (its future points minus the other side's) and a best area."""
    match = replay(pattern, first, parse_moves(moves))
    exact = depth is None and time_limit is None
    # an exact solve of an opening takes tens of seconds: show its bounds closing in
    with tqdm(desc="exact solve", unit=" pass", file=sys.stderr, leave=False,
              disable=None if exact else True) as bar:

        def progress(lower: int, upper: int) -> None:
            bar.set_postfix_str(f"value in [{lower}, {upper}]", refresh=False)
            bar.update()

        solution = solve_match(match, depth, time_limit, progress)
    value = int(solution.value) if float(solution.value).is_integer() else solution.value
    if as_json:
        emit_json({"value": value, "best": solution.best, "exact": solution.exact})
    else:
        kind = "exact" if solution.exact else f"estimate at depth {solution.depth}"
        click.echo(f"value {value} ({kind}), best area {solution.best}, "
                   f"{solution.nodes} positions searched")
