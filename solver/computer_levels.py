"""The three strengths of computer seats on the game server, shared by every game's computer
player (`solver/<game>/computer.py`): easy (a shallow search), normal, and strong (the exact or
deepest search that fits in about 2 s a move)."""
from __future__ import annotations

from games.errors import BadInput
from games.seated import NotYourTurn

COMPUTER_LEVELS = ("easy", "normal", "strong")
MOVE_SECONDS = 1.5  # the strong levels' search budget per move: with the set-up, under the 2 s allowed


def check_computer_turn(level: str, seat: int, to_move: int | None, over: bool) -> None:
    """BadInput for an unknown level, NotYourTurn unless `seat` is to move in a running game."""
    if level not in COMPUTER_LEVELS:
        raise BadInput(f"level: {level!r} is not one of {', '.join(COMPUTER_LEVELS)}")
    if over or seat != to_move:
        raise NotYourTurn(f"seat {seat}: not its turn (the game is over or seat {to_move} is to move)")
