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
import time
from typing import Any

from games.errors import LimitReached
from games.orapa.board import CELLS, cell_label
from games.orapa.layout import Layout
from games.orapa.puzzle import Puzzle, check_legal_for
from solver.orapa.advisor.autoplay import autoplay, decide_until_found
from solver.orapa.api import deductions, solve, verify
from solver.orapa.counting.consistent_sample import consistent_candidates

ANALYSIS_BUDGET = 0.15   # seconds per advisor decision in the analysis


def next_question(puzzle: Puzzle, seed: int = 0) -> dict[str, Any]:
    """What `orapa next --seed SEED --json` answers on this state: the advisor's one set of
    defaults (the strongest), and its random stream. Where no layout is found within the
    budget the page still gets a hint: the budget doubles until one is (as in autoplay)."""
    return decide_until_found(puzzle, seed=seed).to_json()


def deduction_map(puzzle: Puzzle, timeout: float = 20.0) -> dict[str, Any]:
    """Per cell its settled content or `open`, proved: from the exact counts when they can be
    had in time (then `count` is exact), else by the solver's per-cell questions; a cell they
    leave unproved at the time limit is `open`, so a legal state is always answered (issue
    31: it was a 503 after 20 s in the middle of games)."""
    found = deductions(puzzle, timeout=timeout, partial=True)
    return {"count": found.count, "exact": found.exact,
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


RESAMPLE_BELOW = 60      # a filtered sample smaller than this is drawn afresh...
BITS_BUDGET = 2.5        # ...while the bits have taken less than this many seconds


def _bits(puzzle: Puzzle, rng: random.Random, forced_after: int | None = None) -> list[float]:
    """Per answer: log2(layouts before / layouts after). The layouts consistent with the first
    k answers come from the advisor's sampler (every one when few are left, else a sample and
    an estimated count); for answer k + 1 they are filtered by that answer instead of sampled
    again: an exact list stays exact, and a sample's count is scaled by the fraction of it the
    answer keeps (for a uniform sample, an unbiased estimate). A new sample is drawn when a
    filtered one gets small, within BITS_BUDGET seconds; past it, the small sample goes on
    being filtered (an answer that keeps none of it is counted as keeping one). From
    `forced_after` on, one layout is left."""
    observations = puzzle.observations
    counts: list[float] = []
    pool: list[Layout] = []
    exact, count = False, 0.0
    deadline = time.monotonic() + BITS_BUDGET
    for k in range(len(observations) + 1):
        if forced_after is not None and k >= forced_after:
            counts.append(1.0)
            continue
        if k > 0 and pool:
            kept = [layout for layout in pool if observations[k - 1].holds(layout)]
            if exact:
                count = len(kept)
            elif len(kept) >= RESAMPLE_BELOW or time.monotonic() > deadline:
                count *= max(len(kept), 1) / len(pool)
                kept = kept or pool
            else:
                kept = []                      # too few left to estimate from: draw again
            pool = kept
        if not pool:
            candidates = consistent_candidates(puzzle.with_observations(observations[:k]),
                                               400, 3000, ANALYSIS_BUDGET, rng)
            pool, exact, count = candidates.layouts, candidates.exact, candidates.count
        counts.append(max(count, 1.0))
    # an answer never adds layouts; estimated counts can wobble upwards: such a step gained 0
    return [round(max(0.0, math.log2(counts[k] / counts[k + 1])), 3)
            for k in range(len(counts) - 1)]


def analysis(puzzle: Puzzle, mine: Layout, seed: int = 0) -> dict[str, Any]:
    """One explorer's game, judged against the mine it explored."""
    rng = random.Random(seed)
    try:
        advisor: int | None = autoplay(puzzle.gems, puzzle.rules, seed, "entropy", 300,
                                       ANALYSIS_BUDGET, mine=mine).questions
    except LimitReached:     # its sampler found no layout in time on some state (double)
        advisor = None
    forced_after = _forced_after(puzzle)
    return {"questions": len(puzzle.observations), "forced_after": forced_after,
            "bits": _bits(puzzle, rng, forced_after), "advisor_questions": advisor,
            "advisor_stopped": advisor is None}
