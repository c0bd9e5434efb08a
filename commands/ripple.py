"""`orapa ripple play` and `orapa ripple best` (INTERFACE.md, "The other games")."""
from __future__ import annotations

import sys

import click

from commands.common import TIMEOUT, ask_line, emit_json
from games.errors import BadInput
from games.ripple import DRAW, Position, RippleGame, Rules, board_rows, parse_move, parse_moves, parse_palettes
from games.ripple.drawing import describe_game, describe_history
from solver.ripple.ai import LEVELS, TOP_LEVEL, RipplePlayer, best_move

_variant_options = [
    click.option("--moves", default="",
                 help="Moves so far, comma-separated: red@3,3,blue@0,0 (red+@3,3 = power stone)."),
    click.option("--power", is_flag=True, help="Power-stone variant: 2 per player, they push 2 squares."),
    click.option("--palettes", default=None, help="Asymmetric colours: player 1's pair, player 2's pair, e.g. rb,gy."),
]


def _variant(command):
    for option in reversed(_variant_options):
        command = option(command)
    return command


def _rules(power: bool, palettes: str | None, seconds: float | None = None) -> Rules:
    return Rules(2 if power else 0, parse_palettes(palettes) if palettes else None, seconds)


def _winner(position: Position) -> int | str | None:
    return "draw" if position.winner == DRAW else position.winner


def position_document(game: RippleGame) -> dict:
    """The INTERFACE.md document for a position, plus the move history with scores."""
    position = game.position
    first, second = position.scores
    return {
        "board": board_rows(position),
        "scores": {"1": first, "2": second},
        "to_move": position.to_move,
        "over": position.over,
        "winner": _winner(position),
        "history": [
            {"move": str(r.move), "player": r.player, "scores": {"1": r.scores[0], "2": r.scores[1]}}
            for r in game.history
        ],
    }


@click.group("ripple")
def ripple_group() -> None:
    """Ripple: stones push their own colour away; groups of 3+ score while they last."""


@ripple_group.command("play")
@_variant
@click.option("--opponent", type=click.Choice(["ai", "human"]), default="ai", show_default=True,
              help="Play against the AI, or hot-seat against a second person.")
@click.option("--level", type=click.IntRange(0, TOP_LEVEL), default=TOP_LEVEL, show_default=True,
              help="AI level: 0 random, 1 greedy, 2 search, 3 deeper timed search.")
@click.option("--ai-plays", type=click.IntRange(1, 2), default=2, show_default=True, help="The AI's player number.")
@click.option("--timed", type=TIMEOUT, default=None, help="Timed mode: seconds of thinking time per player.")
@click.option("--json", "as_json", is_flag=True, help="Print the position after --moves as JSON and stop.")
def play_command(moves: str, power: bool, palettes: str | None, opponent: str, level: int, ai_plays: int,
                 timed: float | None, as_json: bool) -> None:
    """Replay --moves, then (without --json) play on interactively from there."""
    rules = _rules(power, palettes)
    game = RippleGame.replay(rules, parse_moves(moves))
    if as_json:
        emit_json(position_document(game))
        return
    if timed is not None:
        game = RippleGame(_rules(power, palettes, timed), positions=list(game.positions), history=list(game.history))
    ai = RipplePlayer(rules, level) if opponent == "ai" else None
    colour = sys.stdout.isatty()
    while True:
        click.echo(describe_game(game, colour))
        if game.position.over:
            click.echo("\n".join(describe_history(game)))
            return
        player = game.position.to_move
        if ai is not None and player == ai_plays:
            choice = ai.choose(game.position)
            click.echo(f"\nPlayer {player} (AI level {level}) plays {choice.move}\n")
            game.play(choice.move)
            continue
        text = ask_line(f"Player {player}, your move (colour@row,col; 'history'; 'quit')")
        if text is None:
            return
        if text.strip().lower() in ("q", "quit", "exit"):
            return
        if text.strip().lower() == "history":
            click.echo("\n".join(describe_history(game)) or "(no moves yet)")
            continue
        try:
            game.play(parse_move(text, "your move"))
        except BadInput as problem:
            click.echo(f"Not possible: {problem}")
        click.echo()


@ripple_group.command("best")
@_variant
@click.option("--level", type=click.IntRange(0, TOP_LEVEL), default=TOP_LEVEL, show_default=True,
              help=f"AI level ({', '.join(map(str, LEVELS))}).")
@click.option("--json", "as_json", is_flag=True, help="Print {\"move\": ..., \"value\": ...}.")
def best_command(moves: str, power: bool, palettes: str | None, level: int, as_json: bool) -> None:
    """The AI's move for the side to move after --moves, with its value (points; +-10000 = won)."""
    rules = _rules(power, palettes)
    position = RippleGame.replay(rules, parse_moves(moves)).position
    if position.over:
        raise BadInput("--moves: the game is already over after these moves")
    choice = best_move(rules, position, level)
    if as_json:
        emit_json({"move": str(choice.move), "value": round(choice.value, 3)})
    else:
        click.echo(f"Player {position.to_move}: {choice.move} (value {choice.value:+.2f})")
