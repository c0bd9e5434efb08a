"""Puzzle difficulty from the solver's own work.

The measure is `conflicts`: the SAT conflicts the generator's solver needed to establish the
puzzle.
- A minimal-clue puzzle: every check made in the fresh per-puzzle solver (`generator.minimal`),
  that is the proof that the final clue set is unique and, for each of its shots, the search
  for a second layout once that shot is dropped. The solver starts empty for every puzzle, so
  the figure depends only on the puzzle and the seed.
- A full-shot puzzle: the one proof that the 36 answers allow no other layout (made on the
  shared, warm solver: a few dozen conflicts at most; such puzzles are `easy`).

Levels (thresholds calibrated on a first sample of minimal `base` puzzles; on the benchmark's 30
about 1 in 6 is easy and the rest split evenly, see docs/generator.md): `easy` below 600
conflicts, `medium` below 1600, `hard` from 1600.
Fewer clues usually mean more conflicts: the solver has to rule out more layouts by reasoning
and fewer by propagation.

>>> rate(6, 400).level, rate(5, 2500).level
('easy', 'hard')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

LEVELS = ("easy", "medium", "hard")
MEDIUM_FROM = 600
HARD_FROM = 1600


def level_of(conflicts: int) -> str:
    """The named level of a conflict count."""
    if conflicts >= HARD_FROM:
        return "hard"
    return "medium" if conflicts >= MEDIUM_FROM else "easy"


@dataclass(frozen=True)
class Difficulty:
    """How hard a puzzle is: its level, number of shots and the solver's conflicts."""

    level: str
    shots: int
    conflicts: int

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "shots": self.shots, "conflicts": self.conflicts}


def rate(shots: int, conflicts: int) -> Difficulty:
    """The difficulty of a puzzle with `shots` clues that took `conflicts` to establish."""
    return Difficulty(level_of(conflicts), shots, conflicts)
