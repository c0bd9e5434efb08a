"""Puzzle difficulty from the solver's own work.

The measure is the work the solver needed to establish the puzzle, in one of two units:
- `nodes`, wherever the wave search applies (base, full and every set of up to ten gems under
  touching corner): the search nodes the wave search visits to prove that the final clue set
  allows one layout only. A node is one step of the search: following a wave through a cell
  whose content is decided, or trying one content for an undecided cell. It depends only on
  the puzzle, and it is what a careful human does too: follow each wave and try what each cell
  could hold.
- `conflicts` otherwise: the SAT conflicts of every check made in the generator's fresh
  per-puzzle solver (`generator.minimal`).

The levels are set at the terciles of the work on 100 minimal-clue `base` puzzles (see
docs/generator.md), so the three are about equally common there. Full-shot `base` puzzles take
300 to 1,300 nodes (`easy`); full-shot `full` ones often more, as their seven gems leave the
search more to try.

>>> rate(6, 400, "nodes").level, rate(5, 50_000, "nodes").level, rate(5, 2500, "conflicts").level
('easy', 'hard', 'hard')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

LEVELS = ("easy", "medium", "hard")
# per measure: where `medium` and `hard` begin
THRESHOLDS = {"nodes": (1800, 4500), "conflicts": (600, 1600)}


def level_of(work: int, measure: str = "nodes") -> str:
    """The named level of an amount of work in `measure` units."""
    medium_from, hard_from = THRESHOLDS[measure]
    if work >= hard_from:
        return "hard"
    return "medium" if work >= medium_from else "easy"


@dataclass(frozen=True)
class Difficulty:
    """How hard a puzzle is: its level, number of shots and the solver's work."""

    level: str
    shots: int
    work: int
    measure: str

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "shots": self.shots, self.measure: self.work}


def rate(shots: int, work: int, measure: str) -> Difficulty:
    """The difficulty of a puzzle with `shots` clues that took `work` to establish."""
    return Difficulty(level_of(work, measure), shots, work, measure)
