"""Ripple's computer seat on the game server: `choose_action(game, seat, level)`.

easy plays the one-move greedy choice, normal the AI's search level 2 (two plies over the best
few moves), strong an iterative deepening search up to 6 plies within `MOVE_SECONDS`. Ties of
the greedy choice are broken by a generator seeded with the move number, so a replay chooses the
same moves.
"""
from __future__ import annotations

import random
from typing import Any

from games.ripple.seated import RippleSeated
from solver.computer_levels import MOVE_SECONDS, check_computer_turn
from solver.ripple.ai import LEVELS, Choice, Level, greedy_choice, search_choice

STRONG = Level(6, seconds=MOVE_SECONDS, root_width=24, width=10)


def choose(game: RippleSeated, level: str) -> Choice:
    """The move of the side to move at `level`, with its value for that side."""
    position = game.position
    if level == "easy":
        return greedy_choice(game.rules, position, random.Random(len(game.record.history)))
    return search_choice(game.rules, position, LEVELS[2] if level == "normal" else STRONG)


def choose_action(game: RippleSeated, seat: int, level: str) -> dict[str, Any]:
    """The action `{"move": "red@3,3"}` the computer in `seat` plays now."""
    check_computer_turn(level, seat, game.to_move, game.over)
    return {"move": str(choose(game, level).move)}
