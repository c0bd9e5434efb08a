"""Mandragora Mania: the rules engine (board geometry, positions, matches with history).

Rules in `seeds/mandragora.md`; rulings M1-M6 in RULINGS.md.
"""
from games.mandragora.board import (
    BASES, LOOPS, MIRROR, OPPONENT, PATTERNS, PLAYER, SELECTABLE, SIDE_NAMES, SOWING_TARGETS,
    STEPS_TO_BASE, mirror_board, piece_values, sow,
)
from games.mandragora.match import Match, describe, render, replay
from games.mandragora.position import Position

__all__ = [
    "BASES", "LOOPS", "MIRROR", "OPPONENT", "PATTERNS", "PLAYER", "SELECTABLE", "SIDE_NAMES",
    "SOWING_TARGETS", "STEPS_TO_BASE", "Match", "Position", "describe", "mirror_board",
    "piece_values", "render", "replay", "sow",
]
