"""Mandragora Mania's computer seat on the game server: `choose_action(game, seat, level)`.

easy searches 2 plies, normal 8; strong solves exactly once at most `EXACT_PIECES` pieces are in
play (the compiled solver takes well under a second there, docs/mandragora.md) and before that
deepens the search until `MOVE_SECONDS`. A move is one sowing, so an extra turn is a new move.
"""
from __future__ import annotations

from typing import Any

from games.mandragora.seated import MandragoraSeated
from solver.computer_levels import MOVE_SECONDS, check_computer_turn
from solver.mandragora.solver import MandragoraSolution, MandragoraSolver

DEPTHS = {"easy": 2, "normal": 8}
EXACT_PIECES = 16


def choose(game: MandragoraSeated, level: str) -> MandragoraSolution:
    """The solver's choice for the side to move at `level` (its value and whether exact)."""
    position = game.match.position
    solver = MandragoraSolver()
    if level in DEPTHS:
        return solver.solve(position, max_depth=DEPTHS[level])
    if position.pieces_in_play() <= EXACT_PIECES:
        return solver.solve(position)
    return solver.solve(position, time_limit=MOVE_SECONDS)


def choose_action(game: MandragoraSeated, seat: int, level: str) -> dict[str, Any]:
    """The action `{"move": area}` the computer in `seat` plays now."""
    check_computer_turn(level, seat, game.to_move, game.over)
    return {"move": choose(game, level).best}
