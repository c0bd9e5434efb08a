"""Consistent layouts for the advisor: all of them when few, else a uniform random sample.

The consistent layouts split into disjoint families (see `solver.orapa.search.wave_search`): the gems
the observed waves touch sit at fixed placements, the free gems anywhere off the waves' paths
where the layout stays legal and gives the cell answers. The direct search lists the families;
when it is too slow, the SAT model lists them (`ConsistentLayouts.model_families`, one SAT call
per family).

Uniform sampling by rejection from a product proposal (`PathFamily.draw`): pick family f with
probability B_f / sum(B), B_f the product of its free gems' allowed-placement counts, draw each
free gem uniformly among its allowed placements, keep the draw when it is a member. Every
consistent layout is proposed with probability 1 / sum(B), so the kept draws are exactly
uniform, and count ~= sum(B) * kept / drawn. With no observation there is one family with every
gem free: rejection from the uniform prior over legal layouts. Filtering such draws by one more
shot's answer (when the families of all but the last shot are listed instead) keeps them uniform.

When the count is small, the members are listed: exact. Under `touching any` families do not
apply; the layouts are enumerated up to a bound, else drawn from the prior with rejection.
The families come from the compiled frontier search when it is built (the same families as
the plain wave search's, many times faster), else from the plain search.
"""
from __future__ import annotations

import bisect
import itertools
import random
import time
from dataclasses import dataclass
from typing import Literal

from games.errors import LimitReached
from games.orapa.layout import Layout
from games.orapa.puzzle import Puzzle, ShotAnswer
from games.orapa.random_layouts import random_layout
from solver.orapa.search import frontier_compiled
from solver.orapa.search.path_family import PathFamily
from solver.orapa.counting.family_weights import weighed, weighed_prefix, weighed_until
from solver.orapa.search.wave_search import search_families
from solver.orapa.consistent import ConsistentLayouts, session_for, wave_search_applies
from solver.orapa.options import BackendName
from solver.orapa.counting.found_families import families_with_members, restarted_layouts
from solver.orapa.sat.backends import can_interrupt
from solver.orapa.precheck import impossible_answers
# the draws member by member live in member_draws; `sis_draws` is named here too, where the
# count's estimate has always found it
from solver.orapa.counting.member_draws import holding, probe_members, sequential_sample
from solver.orapa.counting.member_draws import sis_draws as sis_draws


# How the advisor's layouts were had: all listed (`enumeration`), drawn gem by gem with an
# estimated count (`sequential`), drawn from the families by weight (`families`), drawn from the
# uniform prior with rejection (`prior`), or what a cut-off search left (`partial`: not uniform,
# the count a lower bound). The comment here named four of the five before this was a type.
SampleMethod = Literal["enumeration", "sequential", "families", "prior", "partial"]


@dataclass
class Candidates:
    """The consistent layouts the advisor reasons over."""

    layouts: list[Layout]
    exact: bool        # `layouts` is every consistent layout, each once
    count: float       # number of consistent layouts (an estimate unless exact)
    uniform: bool      # a uniform sample (always true when exact)
    method: SampleMethod
    seconds: float = 0.0


def sample_families(found: list[PathFamily], n: int, rng: random.Random, deadline: float,
                    check: list[ShotAnswer] | None = None) -> tuple[list[Layout], int]:
    """About n uniform draws from the families' union, kept when they also give the `check`
    answers (fewer past the deadline); returns (layouts, proposals made)."""
    cumulative = list(itertools.accumulate(f.weight for f in found))
    total = cumulative[-1]
    kept: list[Layout] = []
    tried = 0
    while len(kept) < n and time.monotonic() < deadline:
        batch = []
        for _ in range(256 if check else n - len(kept)):
            tried += 1
            layout = found[bisect.bisect_right(cumulative, rng.randrange(total))].draw(rng)
            if layout is not None:
                batch.append(layout)
            if tried % 512 == 0 and time.monotonic() > deadline:
                break
        kept += holding(batch, check or [])
    return kept, tried


def consistent_candidates(puzzle: Puzzle, n: int = 1500, exact_bound: int = 3000,
                          budget: float = 1.5, rng: random.Random | None = None,
                          backend: BackendName = "sat", deadline: float | None = None
                          ) -> Candidates:
    """Every consistent layout when there are at most `exact_bound`, else a uniform sample of
    about `n`. `budget` seconds guide the work: the families are listed by the direct search;
    when that takes too long, the families of all answers but the last shot are listed and
    the draws are filtered by that shot (still uniform); then by SAT; when nothing finishes,
    the sample is drawn from the families found (method `partial`: not uniform, count a lower
    bound). Every step stops by `deadline` (time.monotonic(); by default the budget's end),
    give or take a step that cannot be cut (`END_SLACK`)."""
    rng = rng or random.Random(0)
    start = time.monotonic()
    end = start + budget if deadline is None else deadline
    backend = interruptible(backend)
    if impossible_answers(puzzle.observations, puzzle.gems) is not None:
        return Candidates([], True, 0, True, "enumeration")  # no layout, by the rules alone
    if puzzle.rules.touching != "corner":
        result = _without_families(puzzle, n, exact_bound, min(start + budget, end), rng,
                                   backend)
    else:
        result = _with_families(puzzle, n, exact_bound, start, budget, rng, backend, end)
    if not result.layouts and not result.exact:  # none drawn: seeded restarts (found_families)
        drawn = restarted_layouts(puzzle, n, rng, time.monotonic() + _left(end, budget))
        if drawn:
            result = Candidates(drawn, False, len(set(drawn)), False, "partial")
    if not result.layouts and not result.exact:  # none drawn: is there any at all?
        try:
            layout = ConsistentLayouts(puzzle, backend, _left(end, budget)).first()
        except LimitReached:
            layout = None
        else:
            result = Candidates([] if layout is None else [layout], layout is None,
                                0 if layout is None else 1, layout is None, "partial")
    result.seconds = time.monotonic() - start
    return result


NODES_PER_SECOND = 400_000  # plain direct-search nodes per second of CPU (370k to 560k)
# The compiled frontier search: its nodes per second of CPU, and a family (made in Python)
# counted as this many nodes (measured on 36 states of ten `full` games: 5.5 to 8.6 million
# nodes a second where families are few, 0.4 million where millions of them are made).
FRONTIER_NODES_PER_SECOND = 7_000_000
FAMILY_NODES = 35


def interruptible(backend: BackendName) -> BackendName:
    """The backend the sampling's timed SAT calls use: the one asked for, unless PySAT cannot
    interrupt it (CaDiCaL), then Glucose 4 (the default), whose calls stop at a deadline."""
    return backend if can_interrupt(backend) else "sat"


def _left(end: float, budget: float) -> float:
    """Seconds left before `end`, at least a sliver of the budget (a step started late still
    gets to look once; `END_SLACK` is that sliver)."""
    return max(end - time.monotonic(), END_SLACK * budget)


END_SLACK = 0.05   # a step that starts at the end still gets this share of the budget


def _listed(puzzle: Puzzle, start: float, seconds: float, end: float | None = None,
            weigh_by: float | None = None) -> tuple[list[PathFamily], bool]:
    """The families by the direct search: (families, complete?). The compiled frontier search
    when it is built, else the plain wave search. The search may take `seconds` worth of work
    (a fixed amount of it, so the outcome does not depend on the machine's load), or four
    times `seconds` of wall-clock time on a very busy machine. Complete lists come weighed
    and without empty families; weighing an incomplete one is left to `weighed` (it can take
    seconds that the other methods need more). Nothing runs past `end` (time.monotonic()),
    but the weighing of a complete list, which may go on to `weigh_by` when given."""
    found: list[PathFamily] = []
    nodes = [0]
    deadline = start + 4 * seconds if end is None else min(start + 4 * seconds, end)
    try:
        if frontier_compiled.available(puzzle):
            work = int(FRONTIER_NODES_PER_SECOND * seconds)
            for family in frontier_compiled.families(puzzle, deadline, nodes, max_nodes=work):
                found.append(family)
                if nodes[0] + FAMILY_NODES * len(found) > work:
                    return found, False
        else:
            for family in search_families(puzzle, deadline, nodes,
                                          max_nodes=int(NODES_PER_SECOND * seconds)):
                found.append(family)
    except LimitReached:
        return found, False
    # weighing takes some 6 us a family on full (70 before `weigh_families`): past
    # LISTED_WEIGH_AT_MOST it would eat the budget (a double state of 200,000 families took
    # minutes); `_finish` then draws without weights
    if len(found) > LISTED_WEIGH_AT_MOST:
        return found, True
    weighed = weighed_until(found, deadline if weigh_by is None else max(deadline, weigh_by))
    return (found if weighed is None else weighed), True


LISTED_WEIGH_AT_MOST = 150_000   # families the advisor weighs (in time) before sampling;
# more are drawn unweighed (it was WEIGH_AT_MOST, 5,000, when weighing took 70 us a family:
# the 6,000 to 20,000 families of a `full` state with one answer were drawn unweighed, gem
# by gem, a sample of 50 to 500 distinct layouts)


def _with_families(puzzle: Puzzle, n: int, exact_bound: int, start: float, budget: float,
                   rng: random.Random, backend: BackendName, end: float) -> Candidates:
    """The families' way (touching corner), every step ended by `end` (time.monotonic()):
    the listing has at most LISTING_SHARE of the time to `end`, the listing without the
    last shot REDUCED_SHARE, so that the model still has some on a busy machine."""
    window = max(0.0, end - start)
    many = not wave_search_applies(puzzle.gems, puzzle.rules)   # double: the model's turn
    share = MANY_GEMS_LISTING_SHARE if many and puzzle.observations else LISTING_SHARE
    # a list that ends late in its share is still weighed (about 6 us a family), until the
    # time the last draws need: drawn unweighed, gem by gem, it kept a tenth as many layouts
    found, complete = _listed(puzzle, start, 0.4 * budget, min(end, start + share * window),
                              end - DRAW_SHARE * window)
    if complete:
        return _finish(found, [], n, exact_bound, rng, start + budget, end)
    shots = [o for o in puzzle.observations if isinstance(o, ShotAnswer)]
    if shots and not many and time.monotonic() < end:
        reduced, done = _listed(puzzle.with_observations(
            [o for o in puzzle.observations if o is not shots[-1]]), time.monotonic(),
            0.2 * budget, min(end, time.monotonic() + REDUCED_SHARE * window))
        if done:
            # draws until the end but a share kept for a partial sample's last draws (a
            # quarter was kept for the model too: a filtered sample of about 100 layouts
            # then stood in for the 1,500 drawn before issue 31's deadlines)
            result = _finish(reduced, [shots[-1]], n, exact_bound, rng,
                             max(start + budget, time.monotonic() + 0.4 * budget),
                             end - DRAW_SHARE * window)
            if len(result.layouts) >= min(n, 100):
                return result
    by_search: list[PathFamily] = []
    if many and time.monotonic() < end:   # double: the listed families packed (found_families)
        by_search = families_with_members(puzzle, found, rng, min(end, time.monotonic()
                                                                  + LOCAL_SHARE * window))
    by_sat: list[PathFamily] = []
    try:
        session = session_for(puzzle.gems, puzzle.rules, backend)   # its set-up is not timed
        until = min(max(start + budget, time.monotonic() + 0.3 * budget),
                    end - TAIL_SHARE * window)   # kept: weighing and drawing the last sample
        if by_search:   # families at hand: leave time to probe them
            until = min(until, end - PROBE_SHARE * window)
        if found and not many and until - time.monotonic() < MODEL_AT_LEAST * budget:
            # a sliver of time gives the model no family on full: the families found are
            # weighed and drawn in it instead
            raise LimitReached("no time left for the model")
        for family in ConsistentLayouts(puzzle, backend, _left(until, budget), session,
                                        method="model").model_families():
            by_sat.append(family.path_family)
            if many and time.monotonic() > end - PROBE_SHARE * window:
                break    # leave the rest of the time to probe the families found for members
        else:
            complete = True
    except LimitReached:
        pass
    if not complete:   # (a complete list from the model holds the local search's families)
        by_sat = _merged(by_sat, by_search)
    by_sat = weighed(by_sat)
    if many and not complete:
        found = []   # the direct search's first families on double: nearly all empty
    elif not complete:
        # a partial list is a biased start anyway; only what the time left allows is weighed
        # (60,000 families take about 0.35 s), in a random order, so that the families
        # weighed stand for all those found and not for the search's first branches; they
        # are drawn in the search's order (with every family weighed, the sample is the
        # one drawn before), and the shuffle has its own stream
        found = found[:PARTIAL_FAMILIES]
        weighed_prefix(random.Random(len(found)).sample(found, len(found)),
                        max(end - DRAW_SHARE * window, time.monotonic() + END_SLACK * budget))
        found = [f for f in found if f.weight > 0]
    if complete or sum(f.weight for f in by_sat) > sum(f.weight for f in found):
        found = by_sat
    result = _finish(found, [], n, exact_bound, rng, time.monotonic() + 0.3 * budget, end)
    if not complete and by_sat and found is not by_sat \
            and len(result.layouts) < min(n, SEQUENTIAL_BELOW):
        # the direct search's first families weigh more but are mostly empty on double;
        # every family the model found has a member at least
        other = _finish(by_sat, [], n, exact_bound, rng, time.monotonic(), end)
        if len(other.layouts) > len(result.layouts):
            result = other
    if not complete and by_sat and len(result.layouts) < min(n, SEQUENTIAL_BELOW):
        # still few: probe the model's families for members (not uniform, but many)
        probed = probe_members(by_sat, n, rng, max(end, time.monotonic() + MIN_DRAW_SECONDS))
        if len(probed) > len(result.layouts):
            result = Candidates(probed, False, max(result.count, len(set(probed))), False,
                                "partial")
    if not complete:
        result.exact, result.uniform, result.method = False, False, "partial"
    return result


def _merged(first: list[PathFamily], second: list[PathFamily]) -> list[PathFamily]:
    """The families of both lists, each once (a family is known by its fixed gems)."""
    seen = {f.key for f in first}
    kept = list(first)
    for family in second:
        if family.key not in seen:
            seen.add(family.key)
            kept.append(family)
    return kept


TAIL_SHARE = 0.15      # of the time to the end: left after the model's calls
LOCAL_SHARE = 0.35     # of the time to the end: double's local search after its listing
LISTING_SHARE = 0.5    # of the time to the end: the direct search's most wall-clock time
# (0.35 was tried, 2026-11-26: more listings cut, more games parted from the code before the
# deadlines, +0.47 questions a game against 0.5 on 34 paired seeds; not kept)
MANY_GEMS_LISTING_SHARE = 0.3   # ... on double in a game, whose listings seldom end in time
PROBE_SHARE = 0.25     # ... and there the model stops after a family when this share is left
REDUCED_SHARE = 0.25   # ... and the search without the last shot's
PARTIAL_FAMILIES = 200_000   # families of an unfinished listing weighed (at random, in
# time) and sampled from; was the first 5,000 when weighing took 70 us a family
MODEL_AT_LEAST = 0.1   # of the budget: less time than this for the model, and it is skipped
DRAW_SHARE = 0.1       # of the time to the end: kept to draw a partial sample
LISTING_BOUND = 200_000  # most proposals worth listing the members of (work grows with it)


def _finish(found: list[PathFamily], check: list[ShotAnswer], n: int, exact_bound: int,
            rng: random.Random, deadline: float, end: float | None = None) -> Candidates:
    """Candidates from listed families: every member when few, else a uniform sample drawn
    until `deadline` (at least MIN_DRAW_SECONDS, but never past `end` by more than that)."""
    if not found:
        return Candidates([], True, 0, True, "enumeration")
    deadline = max(deadline, time.monotonic() + 0.2)
    if end is not None:
        deadline = min(deadline, max(end, time.monotonic() + MIN_DRAW_SECONDS))
    if found[0].weight < 0:   # too many to weigh: each family drawn with the same chance
        layouts, estimate = sequential_sample(found, n, rng, deadline, check, uniform=True)
        return Candidates(layouts, False, estimate, True, "sequential")
    total = sum(f.weight for f in found)
    if total <= exact_bound:
        return _members(found, check)
    trial = time.monotonic() + 0.25 * (deadline - time.monotonic())
    kept, tried = sample_families(found, n, rng, trial, check)
    if len(kept) < min(n, SEQUENTIAL_BELOW) / 4 and not check:
        # members so rare that the draws miss them are often few: list them first, for a
        # while (a full state of 7 million proposals has 206 members, listed in 0.01 s)
        try:
            listed = _members(found, check, time.monotonic() + LIST_SHARE * (
                deadline - time.monotonic()))
            if len(listed.layouts) <= exact_bound:
                return listed
        except LimitReached:
            pass
    if len(kept) < min(n, SEQUENTIAL_BELOW) / 4:
        # rejection from the product proposal starves when the free gems are many (double's
        # 14 at the start keep about none): draw them one at a time for the rest of the time
        middle = time.monotonic() + 0.5 * (deadline - time.monotonic())
        layouts, estimate = sequential_sample(found, n, rng, middle, check)
        if len(set(layouts)) < PROBE_BELOW and not check:
            # hardly any draw ends a member (double in a game): probe for members instead,
            # a sample that is not uniform but holds more than a layout or two
            probed = probe_members(found, n, rng, deadline)
            if len(set(probed)) > len(set(layouts)):
                both = layouts + probed
                return Candidates(both, False, max(estimate, len(set(both))), False, "partial")
        elif len(layouts) < n:
            more, again = sequential_sample(found, n - len(layouts), rng, deadline, check)
            if more:
                layouts, estimate = layouts + more, (estimate + again) / 2
        if len(layouts) > len(kept):
            return Candidates(layouts, False, estimate, True, "sequential")
    elif len(kept) < n:
        more, also = sample_families(found, n - len(kept), rng, deadline, check)
        kept, tried = kept + more, tried + also
    estimate = total * len(kept) / max(1, tried)   # none tried: the machine was too busy
    if estimate <= exact_bound / 2 and not check and total <= LISTING_BOUND:
        try:   # a long listing of members is cut at the end: the sample stands then
            return _members(found, check, None if end is None else max(
                end, time.monotonic() + MIN_DRAW_SECONDS))
        except LimitReached:
            pass
    method: SampleMethod = "prior" if len(found) == 1 and not found[0].fixed else "families"
    return Candidates(kept, False, estimate, True, method)


SEQUENTIAL_BELOW = 100   # rejection kept fewer draws than this: draw gem by gem
PROBE_BELOW = 10   # ... and when that gives fewer distinct members than this: probe
LIST_SHARE = 0.25  # of the time left, to list the members when the draws keep almost none
MIN_DRAW_SECONDS = 0.05  # a sample drawn at the end of the time still gets this long


def _members(found: list[PathFamily], check: list[ShotAnswer],
             deadline: float | None = None) -> Candidates:
    """Every member of the families (LimitReached past `deadline`, time.monotonic(), looked
    at between families too: a family's listing looks only every 2,048 steps, and 14,000
    nearly empty families of a full state ran 0.9 s past it)."""
    members: list[Layout] = []
    for family in found:
        if deadline is not None and time.monotonic() > deadline:
            raise LimitReached("time limit reached while listing the members")
        members += family.members(deadline)
    layouts = holding(members, check)
    return Candidates(layouts, True, len(layouts), True, "enumeration")


def _without_families(puzzle: Puzzle, n: int, exact_bound: int, deadline: float,
                      rng: random.Random, backend: BackendName) -> Candidates:
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
