"""Families known to hold layouts, for double in the middle of a game.

There the direct search seldom lists every family in time, and the model's first SAT call
takes from a tenth of a second to more than ten. But the families the direct search did list
in its time hold members more often than the draws show: their ten or so free gems must fill
most of what the waves leave, so that a random draw, or a search that places the gems in a
fixed order, nearly always dead-ends. A packing search (`member_draws.pack_member`: the gem
with the fewest places left next, a branch dropped as soon as a gem left has no place)
settles most of them in a few milliseconds: it finds a member, or proves there is none.

`families_with_members` packs the listed families in random order and keeps those with a
member, for half its time at most. The direct search often sits in a branch that holds no
layout, or few: its first families (or none at all in millions of nodes, on some states of 9
and 12 answers) all come from the first choices it made near the root. So the search is
then run again from the root, many times, each run for RESTART_NODES nodes with the children
of every node in another random order (`restart_families`, a seeded run of the direct
search: a restart, as a SAT solver's), and the first families of each run are packed in
turn. When that finds none either, a local search (`local_search`) looks for layouts, and
their families are kept. The same restarts are the advisor's last resort on any gem set
when nothing else found a layout (`restarted_layouts`). Both are only ways to find layouts:
the advisor then probes the families kept (and those the model adds) for members, a
`partial` sample that is diverse but not uniform.

(Before the seeded runs, a restart was the same search on the puzzle with two made-up cell
answers; on bench_midgame's 40 double states of 3 to 12 answers, 0.3 s of either found
families with members on 31 states (1,009 families) with those, on all 40 (2,087) with
these.)
"""
from __future__ import annotations

import random
import time

from games.errors import LimitReached
from games.orapa.layout import Layout
from games.orapa.puzzle import Puzzle
from solver.orapa.counting.local_search import local_search
from solver.orapa.counting.member_draws import PackingCut, pack_member, probe_members
from solver.orapa.sat.families import Family
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.search.path_family import PathFamily

PACK_STEPS = 300       # placements one family's packing may try before it is left unsettled
ENOUGH_FAMILIES = 64   # families with a member worth finding before the time is up
CHECK_EVERY = 16       # families packed between two looks at the clock
LISTED_SHARE = 0.5     # of the time: the most the listed families' packing may take
RESTART_SHARE_OF_REST = 0.7   # of the time left then: the restarts (then the local search)
RESTART_NODES = 30_000   # nodes of one restart (about 5 ms compiled)
RESTART_FAMILIES = 64    # families of one restart packed: further ones share its first choices


def families_with_members(puzzle: Puzzle, listed: list[PathFamily], rng: random.Random,
                          deadline: float) -> list[PathFamily]:
    """Families each known to hold a consistent layout, found before `deadline`
    (time.monotonic()), at most ENOUGH_FAMILIES: those of `listed` (the direct search's
    families, perhaps not all of them) whose packing finds a member, in random order, for
    LISTED_SHARE of the time at most; then those the seeded restarts find
    (`restart_families`), each family once; when there is none, the families of the
    layouts a local search finds."""
    now = time.monotonic()
    kept = packed_families(listed, rng, now + LISTED_SHARE * max(0.0, deadline - now),
                           ENOUGH_FAMILIES)
    if len(kept) < ENOUGH_FAMILIES and time.monotonic() < deadline:
        kept += restart_families(puzzle, rng, time.monotonic() + RESTART_SHARE_OF_REST * max(
            0.0, deadline - time.monotonic()), ENOUGH_FAMILIES - len(kept),
            {f.key for f in kept})
    if kept or time.monotonic() >= deadline:
        return kept
    observations = list(puzzle.observations)
    return [Family(layout, observations, puzzle.rules.mirror, puzzle.rules.visibility
                   ).path_family for layout in local_search(puzzle, rng, deadline)]


def packed_families(listed: list[PathFamily], rng: random.Random, deadline: float,
                    most: int = ENOUGH_FAMILIES) -> list[PathFamily]:
    """Up to `most` of the families, taken in random order, in which a packing search of
    PACK_STEPS placements finds a member before `deadline` (time.monotonic())."""
    order = list(range(len(listed)))
    rng.shuffle(order)
    kept: list[PathFamily] = []
    for done, index in enumerate(order):
        if done % CHECK_EVERY == 0 and time.monotonic() >= deadline:
            break
        try:
            if pack_member(listed[index], rng, PACK_STEPS) is not None:
                kept.append(listed[index])
                if len(kept) >= most:
                    break
        except PackingCut:
            continue
    return kept


def restart_families(puzzle: Puzzle, rng: random.Random, deadline: float,
                     most: int = ENOUGH_FAMILIES, known: set[tuple] | None = None
                     ) -> list[PathFamily]:
    """Families with a member, found by running the direct search again and again from the
    root, each run with its own seed (the children of every node in a random order) for
    RESTART_NODES nodes, its first RESTART_FAMILIES families packed; until `deadline`
    (time.monotonic()) or `most` of them. Each family once, and none whose key (its fixed
    gems) is in `known`. Under `touching corner` only."""
    if puzzle.rules.touching != "corner":
        return []
    seen = set() if known is None else set(known)
    kept: list[PathFamily] = []
    while len(kept) < most and time.monotonic() < deadline:
        listed: list[PathFamily] = []
        try:
            for family in frontier_families(puzzle, deadline, [0], RESTART_NODES,
                                             rng.getrandbits(64) | 1):
                listed.append(family)
                if len(listed) >= RESTART_FAMILIES:
                    break
        except LimitReached:
            pass
        fresh = []
        for family in listed:
            key = family.key
            if key not in seen:
                seen.add(key)
                fresh.append(family)
        kept += packed_families(fresh, rng, deadline, most - len(kept))
    return kept


RESORT_SHARE = 0.7   # of a last resort's time, to find families; the probes have the rest
RESTART_AT_LEAST = 0.1   # seconds a last resort gets however late (full's stuck state of 6
# answers: its first family with a member came after 0.05 to 0.1 s of restarts)


def restarted_layouts(puzzle: Puzzle, n: int, rng: random.Random, deadline: float
                      ) -> list[Layout]:
    """The advisor's last resort when its sampling found no layout (full's stuck states: the
    direct search's first 2,000 families all empty, the model's first call 1.7 s): up to n
    members (repeats included, not uniform) of the families that seeded restarts of the
    direct search find (`restart_families`), probed until `deadline` (time.monotonic()), or
    RESTART_AT_LEAST seconds at least. Under `touching corner` only; empty when none is
    found in time."""
    if puzzle.rules.touching != "corner" or not puzzle.observations:
        return []
    deadline = max(deadline, time.monotonic() + RESTART_AT_LEAST)
    found = restart_families(puzzle, rng, time.monotonic() + RESORT_SHARE * max(
        0.0, deadline - time.monotonic()))
    return probe_members(found, n, rng, deadline)
