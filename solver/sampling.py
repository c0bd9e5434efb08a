"""Consistent layouts for the advisor: all of them when few, else a uniform random sample.

The consistent layouts of a puzzle split into disjoint families (see `solver.families`): the gems
some observed wave touches sit at fixed placements, the other ("free") gems sit anywhere off the
waves' paths where the layout stays legal and the cell answers hold. One SAT call finds one
family, so the families are listed even when the layouts number millions.

Uniform sampling by rejection from a product proposal: pick family f with probability
B_f / sum(B), where B_f is the product of the free gems' candidate-placement counts, draw each
free gem's placement uniformly from its candidates, and keep the draw when it is a member of f.
Every consistent layout is proposed with the same probability 1 / sum(B) (identical free gems
are kept only in increasing candidate order, so each layout has one accepted ordering), hence
the kept draws are exactly uniform over the consistent layouts, and
count ~= sum(B) * accepted / proposed. With no observation there is one family with every gem
free: the sampler is then rejection from the uniform prior over legal layouts.

When the estimated count is small, the families' members are listed instead: exact.
Under `touching any` families do not apply; there the layouts are enumerated up to a bound and
otherwise drawn from the prior with rejection (exactly uniform, slow once answers are many).
"""
from __future__ import annotations

import bisect
import itertools
import random
import time
from dataclasses import dataclass
from typing import Iterator

from games.errors import LimitReached
from games.orapa.layout import Layout
from games.orapa.puzzle import Puzzle
from games.orapa.sampling import random_layout
from solver.consistent import ConsistentLayouts, ModelSession, session_for
from solver.advisor_families import PathFamily, assign_weights, search_families
from solver.families import Family


@dataclass
class Candidates:
    """The consistent layouts the advisor reasons over."""

    layouts: list[Layout]
    exact: bool        # `layouts` is every consistent layout, each once
    count: float       # number of consistent layouts (an estimate unless exact)
    uniform: bool      # a uniform sample (always true when exact)
    method: str        # enumeration | families | prior | partial
    seconds: float = 0.0


def families(puzzle: Puzzle, session: ModelSession, deadline: float | None
             ) -> Iterator[Family]:
    """Every family of consistent layouts, once each (raises LimitReached past `deadline`)."""
    backend, lv = session.backend, session.model.layout
    observations = list(puzzle.observations)
    assumptions = session.literals(observations)
    activation = session.query()
    found = 0
    try:
        while True:
            try:
                if not backend.solve(assumptions + [activation], deadline):
                    return
            except TimeoutError:
                raise LimitReached(f"time limit reached after {found} families") from None
            layout = lv.decode(backend.values)
            if not all(obs.holds(layout) for obs in observations):
                session.spurious += 1
                backend.add_clause([-activation] + lv.blocking_clause(layout))
                continue
            family = Family(layout, observations, puzzle.rules.mirror, puzzle.rules.visibility)
            backend.add_clause([-activation] + lv.family_clause(family))
            found += 1
            yield family
            if deadline is not None and time.monotonic() > deadline:
                raise LimitReached(f"time limit reached after {found} families")
    finally:
        session.retire(activation)


def family_of(family: Family, mirror: bool) -> PathFamily:
    """A SAT-found family as a PathFamily (the same members)."""
    return PathFamily(tuple(family.touched), tuple(family.free),
                      tuple(family.paths for _ in family.free), tuple(family.cell_answers),
                      family.visibility, mirror)


def sample_families(found: list[PathFamily], n: int, rng: random.Random,
                    deadline: float) -> tuple[list[Layout], int]:
    """Up to n uniform draws from the families' union (fewer past the deadline);
    returns (layouts, proposals made)."""
    cumulative = list(itertools.accumulate(f.weight for f in found))
    total = cumulative[-1]
    kept: list[Layout] = []
    tried = 0
    while len(kept) < n:
        tried += 1
        if tried % 512 == 0 and time.monotonic() > deadline:
            break
        layout = found[bisect.bisect_right(cumulative, rng.randrange(total))].draw(rng)
        if layout is not None:
            kept.append(layout)
    return kept, tried


def consistent_candidates(puzzle: Puzzle, n: int = 1500, exact_bound: int = 3000,
                          budget: float = 1.5, rng: random.Random | None = None,
                          backend: str = "sat") -> Candidates:
    """Every consistent layout when there are at most `exact_bound`, else a uniform sample of
    up to `n`. `budget` seconds bound the work: the families are listed by the direct search
    for half of it, then by SAT; when neither finishes the sample is drawn from the families
    found (method `partial`: not uniform, count a lower bound)."""
    rng = rng or random.Random(0)
    start = time.monotonic()
    if puzzle.rules.touching != "corner":
        result = _without_families(puzzle, n, exact_bound, start + budget, rng, backend)
    else:
        result = _with_families(puzzle, n, exact_bound, start, budget, rng, backend)
    result.seconds = time.monotonic() - start
    return result


def _with_families(puzzle: Puzzle, n: int, exact_bound: int, start: float, budget: float,
                   rng: random.Random, backend: str) -> Candidates:
    found: list[PathFamily] = []
    complete = True
    try:
        for path_family in search_families(puzzle, start + 0.5 * budget):
            found.append(path_family)
    except LimitReached:
        by_sat: list[PathFamily] = []
        session = session_for(puzzle.gems, puzzle.rules, backend)
        try:
            for family in families(puzzle, session, start + budget):
                by_sat.append(family_of(family, puzzle.rules.mirror))
            found = by_sat
        except LimitReached:
            complete = False
            found = max(found, by_sat, key=lambda fs: sum(f.weight for f in fs))
    assign_weights(found)
    found = [f for f in found if f.weight]
    if not found:
        return Candidates([], complete, 0, True, "enumeration")
    total = sum(f.weight for f in found)
    if complete and total <= exact_bound:
        return _members(found)
    deadline = max(time.monotonic() + 0.2 * budget, start + budget)
    kept, tried = sample_families(found, n, rng, deadline)
    estimate = total * len(kept) / tried
    if complete and estimate <= exact_bound / 2:
        return _members(found)
    method = ("prior" if len(found) == 1 and not found[0].fixed else "families") \
        if complete else "partial"
    return Candidates(kept, False, estimate, complete, method)


def _members(found: list[PathFamily]) -> Candidates:
    layouts = [m for f in found for m in f.members()]
    return Candidates(layouts, True, len(layouts), True, "enumeration")


def _without_families(puzzle: Puzzle, n: int, exact_bound: int, deadline: float,
                      rng: random.Random, backend: str) -> Candidates:
    layouts: list[Layout] = []
    enumerator = ConsistentLayouts(puzzle, backend, timeout=max(0.0, deadline - time.monotonic()) / 2)
    try:
        for layout in enumerator.layouts():
            layouts.append(layout)
            if len(layouts) > exact_bound:
                break
        else:
            return Candidates(layouts, True, len(layouts), True, "enumeration")
    except LimitReached:
        pass
    kept: list[Layout] = []
    tried = 0
    while len(kept) < n and (tried % 256 or time.monotonic() < deadline):
        tried += 1
        layout = random_layout(puzzle.gems, puzzle.rules, rng)
        if all(obs.holds(layout) for obs in puzzle.observations):
            kept.append(layout)
    if len(kept) >= min(n, 50):
        return Candidates(kept, False, len(layouts), True, "prior")  # count: a lower bound
    return Candidates(layouts, False, len(layouts), False, "partial")
