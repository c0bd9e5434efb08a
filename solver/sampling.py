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
import math
import random
import time
from dataclasses import dataclass
from typing import Iterator

from games.errors import LimitReached
from games.orapa.layout import Layout, PlacedGem, all_visible
from games.orapa.placements import Placement, placements
from games.orapa.puzzle import Puzzle
from games.orapa.sampling import random_layout
from solver.consistent import ConsistentLayouts, ModelSession, session_for
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


class FamilyProposal:
    """The product proposal for one family and its membership test (mirrors Family.members)."""

    def __init__(self, family: Family, mirror: bool) -> None:
        self.family = family
        used = touch = 0
        for g in family.touched:
            used |= g.placement.mask
            touch |= g.placement.touch_mask
        self.candidates: list[tuple[Placement, ...]] = [
            tuple(p for p in placements(gem.shape, mirror)
                  if not p.cell_mask & family.paths and not p.mask & (used | touch))
            for gem in family.free]
        self.weight = math.prod(len(c) for c in self.candidates)
        self.fixed_cells = [g.placement.cell_mask for g in family.touched]

    def draw(self, rng: random.Random) -> Layout | None:
        """One proposal: a member of the family, or None when the draw is rejected."""
        free = self.family.free
        chosen: list[Placement] = []
        used = touch = 0
        previous = -1
        for k, options in enumerate(self.candidates):
            i = rng.randrange(len(options))
            if k > 0 and free[k] == free[k - 1] and i <= previous:
                return None
            p = options[i]
            if p.mask & (used | touch):
                return None
            chosen.append(p)
            used |= p.mask
            touch |= p.touch_mask
            previous = i
        if self.family.visibility and not all_visible(
                self.fixed_cells + [p.cell_mask for p in chosen]):
            return None
        layout = Layout(list(self.family.touched)
                        + [PlacedGem(g, p) for g, p in zip(free, chosen)])
        if all(a.holds(layout) for a in self.family.cell_answers):
            return layout
        return None


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


def sample_families(proposals: list[FamilyProposal], n: int, rng: random.Random,
                    deadline: float) -> tuple[list[Layout], int]:
    """Up to n uniform draws from the families' union (fewer past the deadline);
    returns (layouts, proposals made)."""
    cumulative = list(itertools.accumulate(p.weight for p in proposals))
    total = cumulative[-1]
    kept: list[Layout] = []
    tried = 0
    while len(kept) < n:
        tried += 1
        if tried % 512 == 0 and time.monotonic() > deadline:
            break
        proposal = proposals[bisect.bisect_right(cumulative, rng.randrange(total))]
        layout = proposal.draw(rng)
        if layout is not None:
            kept.append(layout)
    return kept, tried


def consistent_candidates(puzzle: Puzzle, n: int = 1500, exact_bound: int = 3000,
                          budget: float = 1.5, rng: random.Random | None = None,
                          backend: str = "sat") -> Candidates:
    """Every consistent layout when there are at most `exact_bound`, else a uniform sample of
    up to `n`; `budget` seconds bound the work (the sample shrinks, or is only approximately
    uniform when the families cannot all be listed in time: method `partial`)."""
    rng = rng or random.Random(0)
    start = time.monotonic()
    deadline = start + budget
    if puzzle.rules.touching != "corner":
        result = _without_families(puzzle, n, exact_bound, deadline, rng, backend)
    else:
        result = _with_families(puzzle, n, exact_bound, start, budget, rng, backend)
    result.seconds = time.monotonic() - start
    return result


def _with_families(puzzle: Puzzle, n: int, exact_bound: int, start: float, budget: float,
                   rng: random.Random, backend: str) -> Candidates:
    session = session_for(puzzle.gems, puzzle.rules, backend)
    found: list[FamilyProposal] = []
    complete = True
    try:
        for family in families(puzzle, session, start + 0.6 * budget):
            found.append(FamilyProposal(family, puzzle.rules.mirror))
    except LimitReached:
        complete = False
    if not found:
        return Candidates([], True, 0, True, "enumeration")
    total = sum(p.weight for p in found)
    if complete and total <= exact_bound:
        return _members(found)
    deadline = max(time.monotonic() + 0.1 * budget, start + budget)
    kept, tried = sample_families(found, n, rng, deadline)
    estimate = total * len(kept) / tried
    if complete and estimate <= exact_bound / 2:
        return _members(found)
    method = ("prior" if len(found) == 1 and not found[0].family.touched else "families") \
        if complete else "partial"
    return Candidates(kept, False, estimate, complete, method)


def _members(found: list[FamilyProposal]) -> Candidates:
    layouts = [m for p in found for m in p.family.members()]
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
