"""A count with a stated interval where the exact count cannot be had in time (double).

Double's fourteen gems are too many to count exactly early in a game (the counting kernel's
search grows with the free gems; see `family_counts`). There the number of consistent layouts
is estimated by sequential importance sampling over the frontier search's families
(`consistent_sample.sis_draws`): a family drawn in proportion to its proposal size (or, past
`WEIGH_AT_MOST` families, uniformly: weighing 100,000 families takes seconds), each free
gem uniformly among the placements still compatible with those before it; a draw that ends a
member is worth one over its probability, any other draw is worth nothing. The mean worth over
n independent draws is an unbiased estimate of the count, whatever the state.

Why this estimator: it is unbiased with independent draws, so its error is measured by the
draws themselves (the sample standard deviation of the worths over the square root of n); it
needs no list of layouts and no second search; and its draws are the ones the advisor already
makes. Why this interval: a normal interval on the mean, at z = 2.58 instead of 1.96, because
importance weights are skewed (a few heavy draws) and a 1.96 interval then covers the truth
less often than it says; `tests/test_orapa_estimate.py` measures the coverage on states where
the exact count is known and holds it to at least 95%. The interval is clipped to what is
known for certain: at least the distinct members drawn, at most the families' proposal sizes
(or their free gems' placements multiplied, when not weighed);
with fewer than `MIN_HITS` draws ending a member the spread cannot be measured (one member
drawn once in a thousand draws says little about the others), and the interval is just those
certain bounds.

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.puzzle import puzzle_from_layout
>>> from games.orapa.random_layouts import random_layout
>>> mine = random_layout(gem_set("double"), rng=random.Random(3))
>>> puzzle = puzzle_from_layout(mine, gem_set("double"), RuleOptions(), ports=range(0, 36, 2))
>>> found = estimate_count(puzzle, seconds=1.0, rng=random.Random(1))
>>> found.low <= found.estimate <= found.high
True
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from games.errors import LimitReached
from games.orapa.puzzle import Puzzle, ShotAnswer
from solver.orapa.counting.consistent_sample import (FAMILY_NODES, FRONTIER_NODES_PER_SECOND,
                                                     sis_draws)
from solver.orapa.counting.member_draws import identical_orders
from solver.orapa.counting.family_weights import WEIGH_AT_MOST, weighed
from solver.orapa.search import frontier_compiled
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.search.path_family import PathFamily

Z = 2.58   # the interval's half-width in standard errors (see the module's docstring)
MIN_HITS = 30   # fewer draws ending a member: the interval is only what is certain
METHOD = "sequential importance sampling"


@dataclass
class CountEstimate:
    """An estimated number of consistent layouts with its interval (`draws` draws, `members`
    of them consistent layouts)."""

    estimate: float
    low: float
    high: float
    draws: int
    members: int
    families: int

    def to_json(self) -> dict[str, Any]:
        """The fields `orapa solve --json` adds (docs/interface.md)."""
        return {"estimate": round(self.estimate), "estimate_low": math.floor(self.low),
                "estimate_high": math.ceil(self.high), "estimate_method": METHOD,
                "estimate_draws": self.draws}


def estimate_count(puzzle: Puzzle, seconds: float = 1.0, rng: random.Random | None = None,
                   max_draws: int | None = None) -> CountEstimate | None:
    """The estimated count of the puzzle's consistent layouts within about `seconds` (at most
    half to list the families, the rest to draw, at most `max_draws` draws); None when the
    families cannot be listed in time (the draws would then not cover every layout) or the
    rule is `touching any` (no families)."""
    if puzzle.rules.touching != "corner":
        return None
    rng = rng or random.Random(0)
    start = time.monotonic()
    shots = [o for o in puzzle.observations if isinstance(o, ShotAnswer)]
    # the families of every answer; else of the first half of the shots, the other half then
    # checked on each draw; else of the cell answers alone (still unbiased, fewer members hit)
    for listed, share in ((len(shots), 0.3), (len(shots) // 2, 0.15), (0, 0.05)):
        kept = shots[:listed]
        reduced = puzzle.with_observations([o for o in puzzle.observations
                                            if not isinstance(o, ShotAnswer) or o in kept])
        found = _families(reduced, time.monotonic(), share * seconds)
        if found is not None:
            break
    if found is None:
        return None
    if not found:
        return CountEstimate(0.0, 0.0, 0.0, 0, 0, 0)
    return interval(found, rng, start + seconds, max_draws, shots[listed:])


def _families(puzzle: Puzzle, start: float, seconds: float) -> list[PathFamily] | None:
    """Every family of the frontier search (not weighed: weighing 100,000 families takes
    seconds), or None past `seconds` of work or of wall-clock time."""
    found: list[PathFamily] = []
    try:
        if frontier_compiled.available(puzzle):
            nodes, work = [0], int(FRONTIER_NODES_PER_SECOND * seconds)
            for family in frontier_compiled.families(puzzle, start + seconds, nodes,
                                                     max_nodes=work):
                found.append(family)
                if nodes[0] + FAMILY_NODES * len(found) > work:
                    return None
        else:
            found = list(frontier_families(puzzle, start + seconds))
    except LimitReached:
        return None
    return found


def _ceiling(found: list[PathFamily]) -> float:
    """At most this many members: per family, its free gems' placements multiplied (a loose
    bound, certain without weighing the families)."""
    total = 0.0
    for family in found:
        size = 1.0
        for options in family.options:
            size *= len(options)
        total += size / identical_orders(family.free)
    return total


def interval(found: list[PathFamily], rng: random.Random, deadline: float | None,
             max_draws: int | None, check: list[ShotAnswer] | None = None) -> CountEstimate:
    """The estimate and its interval from draws over complete families (in proportion to
    their proposal sizes when they are few enough to weigh, else each with the same chance),
    a draw kept when it also gives the `check` answers."""
    n, hits, total, squares = 0, 0, 0.0, 0.0
    distinct: set = set()
    uniform = len(found) > WEIGH_AT_MOST
    if not uniform:   # few enough to weigh: drawn in proportion to their proposal sizes
        found = weighed(found)
        if not found:
            return CountEstimate(0.0, 0.0, 0.0, 0, 0, 0)
    for layout, worth in sis_draws(found, rng, deadline, check, max_draws, uniform=uniform):
        n += 1
        total += worth
        squares += worth * worth
        if layout is not None:
            hits += 1
            distinct.add(layout)
    ceiling = _ceiling(found) if uniform else float(sum(f.weight for f in found))
    if n == 0:
        return CountEstimate(0.0, 0.0, ceiling, 0, 0, len(found))
    mean = total / n
    if hits < MIN_HITS:   # too few members drawn to measure the spread: only certain bounds
        low = float(len(distinct))
        return CountEstimate(min(max(mean, low), ceiling), low, ceiling, n, len(distinct),
                             len(found))
    variance = max(0.0, squares / n - mean * mean) * n / max(1, n - 1)
    half = Z * math.sqrt(variance / n)
    low = max(float(len(distinct)), mean - half)
    high = max(low, min(ceiling, mean + half))
    # the members drawn are certain: an estimate below them is raised to them
    return CountEstimate(min(max(mean, low), high), low, high, n, len(distinct), len(found))


ESTIMATE_SECONDS = 1.0   # `orapa solve`'s estimate at most (less when its time is shorter)


def estimate_json(puzzle: Puzzle, deadline: float | None, at_least: int = 0
                  ) -> dict[str, Any] | None:
    """The estimate fields `orapa solve --json` adds to a count that is not exact (`at_least`
    layouts listed), within `ESTIMATE_SECONDS` and before `deadline` (time.monotonic());
    None when none can be had, and when the time ran out before the first draw (its bounds
    would then be called an estimate "from 0 random draws")."""
    seconds = ESTIMATE_SECONDS
    if deadline is not None:
        seconds = min(seconds, deadline - time.monotonic())
    if seconds <= 0.05:
        return None
    found = estimate_count(puzzle, seconds)
    if found is None or found.draws == 0:
        return None
    found.low = max(found.low, float(at_least))
    found.high = max(found.high, found.low)
    found.estimate = min(max(found.estimate, found.low), found.high)
    return found.to_json()
