"""`orapa uncovered ...`: the optimum and score of a deal (U4) and hot-seat play (U5)."""
from __future__ import annotations

import random
import sys

import click

from commands.common import SEED, ask_line, emit_json
from games.errors import BadInput
from games.uncovered.deal import Hands, WinRule, check_players, format_hands, parse_hands, random_deal
from games.uncovered.game import Game, parse_action
from games.uncovered.views import Variant, check_variant, render_view, view_of
from solver.uncovered.score import score, score_game
from solver.uncovered.search import solve

HANDS_HELP = "hands in turn order, player 0 first, each four digits 1-4: e.g. 1243,3412"
WIN_OPTION = click.option(
    "--win", type=click.Choice([rule.value for rule in WinRule]), default=WinRule.ORDERED.value,
    show_default=True, help="U3: every hand reads 1234 (ordered) or all hands read the same (shared)",
)
JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="print one JSON document")


@click.group("uncovered")
def uncovered_group() -> None:
    """Uncovered!: exact optimum and score of a deal, and hot-seat play."""


@uncovered_group.command("optimum")
@click.option("--hands", required=True, help=HANDS_HELP)
@WIN_OPTION
@JSON_OPTION
def optimum_command(hands: str, win: str, as_json: bool) -> None:
    """Fewest swaps that win from a deal under the turn order, and one shortest sequence."""
    solution = solve(parse_hands(hands), WinRule(win))
    if as_json:
        emit_json({"optimum": solution.optimum, "swaps": [swap.as_list() for swap in solution.swaps]})
        return
    click.echo(f"optimum: {solution.optimum} swaps")
    for turn, swap in enumerate(solution.swaps):
        click.echo(f"  turn {turn}: player {swap.player} swaps position {swap.own_position} "
                   f"with player {swap.other_player}'s position {swap.other_position}")


@uncovered_group.command("score")
@click.option("--hands", required=True, help=HANDS_HELP)
@click.option("--turns", type=int, required=True, help="swaps made before the winning declaration")
@WIN_OPTION
@JSON_OPTION
def score_command(hands: str, turns: int, win: str, as_json: bool) -> None:
    """Score of a won game: swaps made minus the fewest possible (0 is perfect)."""
    value = score(parse_hands(hands), turns, WinRule(win))
    if as_json:
        emit_json({"score": value})
    else:
        click.echo(f"score: {value}")


def _starting_hands(hands: str | None, players: int, seed: int | None) -> Hands:
    if hands is not None:
        dealt = parse_hands(hands)
        if len(dealt) != players:
            raise BadInput(f"--hands: {len(dealt)} hands given for {players} players")
        return dealt
    return random_deal(check_players(players, "--players"), random.Random(seed))


@uncovered_group.command("play")
@click.option("--players", type=int, default=3, show_default=True, help="2 to 6")
@click.option("--variant", type=click.Choice([v.value for v in Variant]), default=Variant.BEGINNER.value,
              show_default=True, help="U5: who sees which cards")
@click.option("--hands", default=None, help=HANDS_HELP + " (default: a random deal)")
@click.option("--seed", type=SEED, default=None, help="seed of the random deal (0 or more)")
@WIN_OPTION
@JSON_OPTION
def play_command(players: int, variant: str, hands: str | None, seed: int | None, win: str,
                 as_json: bool) -> None:
    """Hot-seat play: each player in turn sees only their own view; the score is shown at the end.

    Moves: `swap OWN PLAYER POSITION` (your card at OWN for PLAYER's card at POSITION) or `declare`.
    With --json the table talk goes to standard error and the result is one JSON document.
    """
    chosen = Variant(variant)
    check_variant(chosen, players)
    game = Game(_starting_hands(hands, players, seed), WinRule(win))
    talk = sys.stderr if as_json else sys.stdout
    while not game.over:
        if talk.isatty():
            click.echo("\033[2J\033[H", nl=False, err=as_json)
        if ask_line(f"Hand the table to player {game.current_player} and press Enter",
                    err=as_json) is None:
            break
        click.echo(render_view(view_of(game, game.current_player, chosen)), err=as_json)
        action = None
        while action is None:
            text = ask_line("move (swap OWN PLAYER POSITION, or declare)", err=as_json)
            if text is None:
                break
            try:
                action = parse_action(text, game)
            except BadInput as exc:
                click.echo(f"  not a legal move: {exc}", err=as_json)
        if action is None:
            break  # the input ended: the game stops where it is
        if isinstance(action, str):   # DECLARE, the one word parse_action gives
            game.declare()
        else:
            game.apply(action)
    optimum, result = score_game(game)
    if as_json:
        emit_json({"hands": format_hands(game.initial), "variant": chosen.value, "won": game.won,
                   "turns": game.swaps_made, "optimum": optimum, "score": result,
                   "swaps": [swap.as_list() for swap in game.history]})
        return
    click.echo(render_view(view_of(game, game.current_player, chosen)))
    verdict = ("won" if game.won else "lost (a lost game has no score)" if game.over
               else "stopped (the input ended)")
    click.echo(f"{verdict} after {game.swaps_made} swaps; the fewest possible from this deal: {optimum}")
    if result is not None:
        click.echo(f"score: {result}")
