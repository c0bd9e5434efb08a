"""`orapa mandragora`: replay or play Mandragora Mania, and solve positions (INTERFACE.md)."""
from __future__ import annotations

import sys

import click

from commands.common import TIMEOUT, ask_line, emit_json
from games.errors import BadInput
from games.limits import quote
from games.mandragora import PATTERNS, SIDE_NAMES, Match, describe, render, replay

_pattern = click.option("--pattern", type=click.Choice(sorted(PATTERNS)), default="A",
                        show_default=True, help="Starting pattern (A..E).")
_first = click.option("--first", type=click.Choice(SIDE_NAMES), default="player",
                      show_default=True, help="Who moves first.")
_moves = click.option("--moves", default="", help="Moves already played: areas, comma-separated.")
_json = click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")


def parse_moves(text: str) -> list[int]:
    """'1,6,3' -> [1, 6, 3]; anything else is bad input."""
    moves: list[int] = []
    if not text.strip():
        return moves
    for position, token in enumerate((part.strip() for part in text.split(",")), start=1):
        if not token:
            raise BadInput(f"--moves: item {position} is empty (write areas as 1,6,3)")
        if not token.isdigit():
            raise BadInput(f"--moves: item {position}: {quote(token)} is not an area number")
        moves.append(int(token))
    return moves


@click.group("mandragora")
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
    from solver.mandragora.solver import MandragoraSolver  # imported by the commands that solve
    solver = MandragoraSolver()
    while not match.over:
        click.echo(render(match), err=True)
        side = SIDE_NAMES[match.position.to_move]
        if side == ai:
            solution = solver.solve(match.position, max_depth=depth)
            click.echo(f"{side} sows {solution.best} (value {solution.value:g})", err=True)
            assert solution.best is not None   # the game goes on: a move is there to play
            match.play(solution.best)
            continue
        line = ask_line(f"{side}, area to sow", err=True)
        answer = "q" if line is None else line.strip().lower()
        try:
            if answer == "q":
                return
            if answer == "u":
                match.undo()
                while ai is not None and match.moves and SIDE_NAMES[match.position.to_move] == ai:
                    match.undo()
            elif answer.isdigit() and len(answer) <= 2:   # areas are 1..8
                match.play(int(answer))
            else:
                raise BadInput(f"{quote(answer)} is not an area: type an area number, "
                               f"'u' to take back or 'q' to quit")
        except BadInput as exc:
            click.echo(f"  {exc}", err=True)
    click.echo(render(match), err=True)


@mandragora_group.command("solve")
@_pattern
@_first
@_moves
@click.option("--depth", type=click.IntRange(1), default=None,
              help="Search depth (default: to the end of the game, exact).")
@click.option("--time-limit", type=TIMEOUT, default=None,
              help="Stop deepening after this many seconds.")
@_json
def solve_command(pattern: str, first: str, moves: str, depth: int | None,
                  time_limit: float | None, as_json: bool) -> None:
    """Value for the side to move (its future points minus the other side's) and a best area."""
    match = replay(pattern, first, parse_moves(moves))
    from tqdm import tqdm
    from solver.mandragora.solver import solve_match
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
