"""Ripple (seed 003, RULINGS R1-R5): a 7x7 board where each new stone pushes its colour away.

Modules: `board` (geometry and precomputed tables), `rules` (positions, moves, scoring, the end),
`notation` (text forms of moves and boards), `game` (a game's history and clock), `drawing` (a
terminal picture of the board).
"""
from games.ripple.board import COLOURS, SIZE, cell_index, row_col
from games.ripple.game import MoveRecord, RippleGame
from games.ripple.notation import board_rows, parse_move, parse_moves, parse_palettes, position_from_rows
from games.ripple.rules import (
    ALL_COLOURS, BLUE, DRAW, GREEN, RED, YELLOW, Group, Move, Position, Rules, all_groups,
    legal_moves, new_position, next_position, play, position_key,
)

__all__ = [
    "ALL_COLOURS", "BLUE", "COLOURS", "DRAW", "GREEN", "Group", "Move", "MoveRecord", "Position", "RED",
    "RippleGame", "Rules", "SIZE", "YELLOW", "all_groups", "board_rows", "cell_index", "legal_moves",
    "new_position", "next_position", "parse_move", "parse_moves", "parse_palettes", "play",
    "position_from_rows", "position_key", "row_col",
]
