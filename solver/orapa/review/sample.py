"""The layouts the review judges a state over, drawn by work and not by time.

The advisor's sampler (`solver.orapa.counting.consistent_sample`) stops each of its steps on
the wall clock: on a loaded machine it lists fewer families and keeps fewer draws, so the same
state was judged over other layouts, and the review and the generator's grade
(`generator.difficulty.grade`) changed with the machine's load. Here every step has a fixed
amount of work instead, and the draws come from the caller's seeded stream, so that the same
state and seed give the same layouts on any machine:
- the families of the consistent layouts are listed by the compiled frontier search within
  LIST_NODES search nodes (a family counted as FAMILY_NODES more);
- listed: every member when their proposals are at most the bound (exact); else a uniform
  sample by rejection from the families' product proposal (at most MAX_PROPOSALS proposals);
  when that keeps few, the members are listed if they are few, else drawn gem by gem
  (sequential importance sampling, at most MAX_SIS_DRAWS draws);
- not listed: the families without the last shot (REDUCED_NODES), the draws filtered by that
  shot (still uniform; by rejection only: a draw gem by gem traced for the shot costs some
  0.5 ms); else the families found, drawn from (`partial`: not uniform, the count a lower
  bound).
The budgets are about the work the advisor's sampler did in the review's 0.25 s on a quiet
machine (7 million frontier nodes a second, 10 to 25 us a proposal). It applies where the
frontier search does (`applies`: touching corner, up to ten gems); elsewhere the review keeps
the advisor's timed sampler.
"""
from __future__ import annotations

import bisect
import itertools
import random

from games.errors import LimitReached
from games.orapa.layout import Layout
from games.orapa.puzzle import Puzzle, ShotAnswer
from solver.orapa.consistent import wave_search_applies
from solver.orapa.counting.consistent_sample import Candidates, SampleMethod
from solver.orapa.counting.family_weights import weighed
from solver.orapa.counting.member_draws import holding, sequential_sample
from solver.orapa.search import frontier_compiled
from solver.orapa.search.path_family import PathFamily

LIST_NODES = 700_000         # frontier nodes to list a state's families
REDUCED_NODES = 350_000      # ... and those of the state without its last shot
FAMILY_NODES = 35            # a family made (in Python) counted as this many nodes
MAX_PROPOSALS = 20_000       # proposals drawn by rejection at most (10 to 25 us each)
TRIAL_SHARE = 4              # the first round of draws has 1 / TRIAL_SHARE of them
MAX_SIS_DRAWS = 1_500        # gem-by-gem draws at most (50 to 200 us each)
LISTING_BOUND = 200_000      # most proposals whose members are worth listing
SEQUENTIAL_BELOW = 100       # rejection kept fewer than a quarter of this: draw gem by gem
ENOUGH_FILTERED = 100        # a sample filtered by the last shot must keep this many


def applies(puzzle: Puzzle) -> bool:
    """Can the review's layouts be had by work here (touching corner, the compiled frontier
    search, at most the wave search's ten gems)?"""
    return wave_search_applies(puzzle.gems, puzzle.rules) and frontier_compiled.available(
        puzzle)


Listed = tuple[list[PathFamily], bool]     # families in the search's order, and complete?


def listed_families(puzzle: Puzzle) -> Listed:
    """The families of the puzzle's layouts within LIST_NODES frontier nodes."""
    return _listed(puzzle, LIST_NODES)


def judged_layouts(puzzle: Puzzle, n: int, bound: int, rng: random.Random,
                   listed: Listed | None = None) -> Candidates:
    """Every consistent layout when their families hold at most `bound` proposals and as
    many members, else a sample of about `n` (see the module's docstring). `listed`: the
    puzzle's `listed_families`, when the caller has them."""
    found, complete = listed_families(puzzle) if listed is None else listed
    if complete:
        return _from_families(found, [], n, bound, rng)
    shots = [o for o in puzzle.observations if isinstance(o, ShotAnswer)]
    if shots:
        rest = puzzle.with_observations([o for o in puzzle.observations if o is not shots[-1]])
        reduced, done = _listed(rest, REDUCED_NODES)
        if done:
            result = _from_families(reduced, [shots[-1]], n, bound, rng)
            if result.exact or len(result.layouts) >= min(n, ENOUGH_FILTERED):
                return result
    result = _from_families(found, [], n, bound, rng)
    result.exact, result.uniform, result.method = False, False, "partial"
    result.count = max(result.count, len(set(result.layouts)))
    return result


def _listed(puzzle: Puzzle, work: int) -> Listed:
    """The families of the puzzle's layouts within `work` nodes: (the families in the
    search's order, complete?)."""
    found: list[PathFamily] = []
    nodes = [0]
    try:
        for family in frontier_compiled.families(puzzle, None, nodes, max_nodes=work):
            found.append(family)
            if nodes[0] + FAMILY_NODES * len(found) > work:
                return found, False
    except LimitReached:
        return found, False
    return found, True


def _from_families(found: list[PathFamily], check: list[ShotAnswer], n: int, bound: int,
                   rng: random.Random) -> Candidates:
    """The members of listed families that give the `check` answers: all when few, else a
    uniform sample of about n."""
    found = weighed(found) if found else []
    if not found:
        return Candidates([], True, 0, True, "enumeration")
    total = sum(f.weight for f in found)
    if total <= bound:
        return _members(found, check)
    kept, tried = _rejection(found, n, rng, check, MAX_PROPOSALS // TRIAL_SHARE)
    if len(kept) < min(n, SEQUENTIAL_BELOW) / 4:
        # members so rare that the draws miss them are often few: listed, when they are
        if not check and total <= LISTING_BOUND:
            listed = _members(found, check)
            if len(listed.layouts) <= bound:
                return listed
        if not check:
            layouts, estimate = sequential_sample(found, n, rng, None, max_draws=MAX_SIS_DRAWS)
            if len(layouts) > len(kept):
                return Candidates(layouts, False, estimate, True, "sequential")
    elif len(kept) < n:
        more, also = _rejection(found, n - len(kept), rng, check, MAX_PROPOSALS - tried)
        kept, tried = kept + more, tried + also
    estimate = total * len(kept) / max(1, tried)
    if estimate <= bound / 2 and not check and total <= LISTING_BOUND:
        listed = _members(found, check)
        if len(listed.layouts) <= bound:
            return listed
    method: SampleMethod = "prior" if len(found) == 1 and not found[0].fixed else "families"
    return Candidates(kept, False, estimate, True, method)


def _members(found: list[PathFamily], check: list[ShotAnswer]) -> Candidates:
    """Every member of the families that gives the `check` answers, once each."""
    members: list[Layout] = []
    for family in found:
        members += family.members()
    layouts = holding(members, check)
    return Candidates(layouts, True, len(layouts), True, "enumeration")


def _rejection(found: list[PathFamily], n: int, rng: random.Random, check: list[ShotAnswer],
               proposals: int) -> tuple[list[Layout], int]:
    """About n uniform members by rejection from the product proposal, at most `proposals`
    proposals: (the members kept, proposals made)."""
    cumulative = list(itertools.accumulate(f.weight for f in found))
    total = cumulative[-1]
    kept: list[Layout] = []
    tried = 0
    while len(kept) < n and tried < proposals:
        batch = []
        for _ in range(min(256 if check else n - len(kept), proposals - tried)):
            tried += 1
            layout = found[bisect.bisect_right(cumulative, rng.randrange(total))].draw(rng)
            if layout is not None:
                batch.append(layout)
        kept += holding(batch, check)
    return kept, tried
