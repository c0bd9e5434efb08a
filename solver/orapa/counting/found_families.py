"""Families known to hold layouts, for double in the middle of a game.

There the direct search seldom lists every family in time, and the model's first SAT call
takes from a tenth of a second to more than ten. But the families the direct search did list
in its time hold members more often than the draws show: their ten or so free gems must fill
most of what the waves leave, so that a random draw, or a search that places the gems in a
fixed order, nearly always dead-ends. A packing search (`member_draws.pack_member`: the gem
with the fewest places left next, a branch dropped as soon as a gem left has no place)
settles most of them in a few milliseconds: it finds a member, or proves there is none.

`families_with_members` packs the listed families in random order and keeps those with a
member; when none of them has one (or the listing found no family at all), a local search
(`local_search`) looks for layouts, and their families are kept. Both are only ways to find
layouts: the advisor then probes the families kept (and those the model adds) for members,
a `partial` sample that is diverse but not uniform.
"""
from __future__ import annotations

import random
import time

from games.orapa.puzzle import Puzzle
from solver.orapa.counting.local_search import local_search
from solver.orapa.counting.member_draws import PackingCut, pack_member
from solver.orapa.sat.families import Family
from solver.orapa.search.path_family import PathFamily

PACK_STEPS = 300       # placements one family's packing may try before it is left unsettled
ENOUGH_FAMILIES = 64   # families with a member worth finding before the time is up
CHECK_EVERY = 16       # families packed between two looks at the clock


def families_with_members(puzzle: Puzzle, listed: list[PathFamily], rng: random.Random,
                          deadline: float) -> list[PathFamily]:
    """Families each known to hold a consistent layout, found before `deadline`
    (time.monotonic()): those of `listed` (the direct search's families, perhaps not all of
    them) whose packing finds a member, in random order, at most ENOUGH_FAMILIES; when
    there is none, the families of the layouts a local search finds."""
    kept = packed_families(listed, rng, deadline)
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
