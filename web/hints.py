"""Hints and analysis for Orapa games (training mode): the solver and the advisor asked about
what one explorer knows. Everything here is CPU work: the routers run it in a thread.

- `next_question`: the advisor's ranking (the JSON of `orapa next --json`);
- `deduction_map`: per cell `empty`, a colour, `absorbed` when settled, else `open`;
- `sketch_check`: which answers a drawn layout reproduces, and whether it is forced;
- `analysis`: after the end, per explorer: the question after which the mine was forced, the
  bits each answer gained (log2 of how many layouts it ruled out), and the questions the advisor
  needed on the same mine.
"""
from __future__ import annotations

import math
import random
from typing import Any

from games.errors import LimitReached
from games.orapa.board import CELLS, cell_label
from games.orapa.layout import Layout
from games.orapa.puzzle import Puzzle, check_legal_for
from solver.orapa.advisor.autoplay import autoplay
from solver.orapa.advisor.ranking import advise
from solver.orapa.api import deductions, solve, verify
from solver.orapa.sampling import consistent_candidates

HINT_BUDGET = 1.0        # seconds of advisor work per hint (doubled while nothing is found)
DEDUCTION_SAMPLE = 32    # layouts enumerated before the per-cell questions
ANALYSIS_BUDGET = 0.15   # seconds per advisor decision in the analysis


def next_question(puzzle: Puzzle, seed: int = 0) -> dict[str, Any]:
    budget = HINT_BUDGET
    for _ in range(4):
        try:
            return advise(puzzle, "entropy", 1500, 3000, budget, False,
                          random.Random(seed)).to_json()
        except LimitReached:
            budget *= 2
    raise LimitReached("hints: no consistent layout found in time; try again")


def deduction_map(puzzle: Puzzle, timeout: float = 20.0) -> dict[str, Any]:
    found = deductions(puzzle, timeout=timeout, sample=DEDUCTION_SAMPLE)
    return {"count": found.count, "exact": found.count < DEDUCTION_SAMPLE,
            "cells": {cell_label(c): found.status(c) for c in range(CELLS)}}


def sketch_check(puzzle: Puzzle, layout: Layout) -> dict[str, Any]:
    check_legal_for(layout, puzzle.gems, puzzle.rules, "layout")
    reproduces = [o.holds(layout) for o in puzzle.observations]
    return {"reproduces": reproduces, "consistent": all(reproduces),
            "forced": verify(puzzle, layout).forced}


def _forced_after(puzzle: Puzzle) -> int | None:
    """The fewest leading answers that leave one layout (more answers never add layouts, so a
    binary search finds it)."""
    observations = puzzle.observations

    def unique(k: int) -> bool:
        return solve(puzzle.with_observations(observations[:k]), limit=1,
                     count_limit=1).status == "unique"

    if not observations or not unique(len(observations)):
        return None
    low, high = 0, len(observations)
    while low < high:
        middle = (low + high) // 2
        if unique(middle):
            high = middle
        else:
            low = middle + 1
    return low


def _bits(puzzle: Puzzle, rng: random.Random) -> list[float]:
    """Per answer: log2(layouts before / layouts after), from the advisor's counts (exact when
    few are left, estimated from a uniform sample otherwise)."""
    counts = []
    for k in range(len(puzzle.observations) + 1):
        candidates = consistent_candidates(puzzle.with_observations(puzzle.observations[:k]),
                                           400, 3000, ANALYSIS_BUDGET, rng)
        counts.append(max(candidates.count, 1.0))
    # an answer never adds layouts; estimated counts can wobble upwards: such a step gained 0
    return [round(max(0.0, math.log2(counts[k] / counts[k + 1])), 3)
            for k in range(len(counts) - 1)]


def analysis(puzzle: Puzzle, mine: Layout, seed: int = 0) -> dict[str, Any]:
    """One explorer's game, judged against the mine it explored."""
    rng = random.Random(seed)
    advisor = autoplay(puzzle.gems, puzzle.rules, seed, "entropy", 300, ANALYSIS_BUDGET,
                       mine=mine)
    return {"questions": len(puzzle.observations), "forced_after": _forced_after(puzzle),
            "bits": _bits(puzzle, rng), "advisor_questions": advisor.questions}
