"""Families known to hold layouts, for double in the middle of a game.

There the direct search seldom lists every family in time, and the model's first SAT call
takes from a tenth of a second to more than ten. But the families the direct search did list
in its time hold members more often than the draws show: their ten or so free gems must fill
most of what the waves leave, so that a random draw, or a search that places the gems in a
fixed order, nearly always dead-ends. A packing search (`member_draws.pack_member`: the gem
with the fewest places left next, a branch dropped as soon as a gem left has no place)
settles most of them in a few milliseconds: it finds a member, or proves there is none.

`families_with_members` packs the listed families in random order and keeps those with a
member. When none of them has one (or the listing found no family at all), the direct search
is stuck in a branch that holds no layout; it is then run again, for a short slice each
time, on the puzzle with a few made-up answers (`cube_families`: random contents for cells
the shots enter first, so that each run starts down another branch, as a SAT solver's
restart does), and the families it lists there are packed in turn: a member of such a
family gives every real answer too. When that finds none either, a local search
(`local_search`) looks for layouts, and their families are kept. The same restarts are the
advisor's last resort on any gem set when nothing else found a layout
(`restarted_layouts`). Both are only ways to find
layouts: the advisor then probes the families kept (and those the model adds) for members,
a `partial` sample that is diverse but not uniform.
"""
from __future__ import annotations

import random
import time

from games.errors import LimitReached
from games.orapa.board import ENTRY
from games.orapa.layout import Layout
from games.orapa.puzzle import ABSORBED, CellAnswer, Observation, Puzzle, ShotAnswer
from solver.orapa.counting.local_search import local_search
from solver.orapa.counting.member_draws import PackingCut, pack_member, probe_members
from solver.orapa.sat.families import Family
from solver.orapa.search import frontier_compiled
from solver.orapa.search.path_family import PathFamily

PACK_STEPS = 300       # placements one family's packing may try before it is left unsettled
ENOUGH_FAMILIES = 64   # families with a member worth finding before the time is up
CHECK_EVERY = 16       # families packed between two looks at the clock
CUBE_SHARE = 0.5       # of the time left after the listed families: the runs on made-up answers
CUBE_SECONDS = 0.05    # one such run's slice of the direct search
CUBE_CELLS = 2         # cells given made-up answers in one run
EMPTY_WEIGHT = 5       # ... each `empty` that many times as likely as a given colour


def families_with_members(puzzle: Puzzle, listed: list[PathFamily], rng: random.Random,
                          deadline: float) -> list[PathFamily]:
    """Families each known to hold a consistent layout, found before `deadline`
    (time.monotonic()): those of `listed` (the direct search's families, perhaps not all of
    them) whose packing finds a member, in random order, at most ENOUGH_FAMILIES; when
    there is none, those the restarts on made-up answers find (`cube_families`, half the
    time left); failing that, the families of the layouts a local search finds."""
    kept = packed_families(listed, rng, deadline)
    if kept or time.monotonic() >= deadline:
        return kept
    kept = cube_families(puzzle, rng, time.monotonic() + CUBE_SHARE * max(
        0.0, deadline - time.monotonic()))
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


def cube_families(puzzle: Puzzle, rng: random.Random, deadline: float,
                  most: int = ENOUGH_FAMILIES) -> list[PathFamily]:
    """Families with a member of the puzzle with made-up answers added (CUBE_CELLS cells the
    shots enter first, each `empty` or a colour of the gem set at random), listed by the
    compiled direct search for CUBE_SECONDS at a time and packed, until `deadline`
    (time.monotonic()) or `most` of them. Each member gives every answer of `puzzle`: the
    made-up answers only narrow it."""
    if not frontier_compiled.available(puzzle):
        return []
    asked = {o.cell for o in puzzle.observations if isinstance(o, CellAnswer)}
    cells = sorted({ENTRY[o.port][0] for o in puzzle.observations
                    if isinstance(o, ShotAnswer)} - asked)
    contents = ["empty"] * EMPTY_WEIGHT + sorted(
        {ABSORBED if g.color == "black" else g.color for g in puzzle.gems})
    kept: list[PathFamily] = []
    while cells and len(kept) < most and time.monotonic() < deadline:
        made_up: list[Observation] = [CellAnswer(c, rng.choice(contents))
                   for c in rng.sample(cells, min(CUBE_CELLS, len(cells)))]
        narrowed = puzzle.with_observations(list(puzzle.observations) + made_up)
        listed: list[PathFamily] = []
        try:
            for family in frontier_compiled.families(
                    narrowed, min(deadline, time.monotonic() + CUBE_SECONDS)):
                listed.append(family)
        except LimitReached:
            pass
        kept += packed_families(listed, rng, deadline, most - len(kept))
    return kept


RESTART_SHARE = 0.7   # of a last resort's time, to find families; the probes have the rest
RESTART_AT_LEAST = 0.1   # seconds a last resort gets however late (full's stuck state of 6
# answers: its first family with a member came after 0.05 to 0.1 s of restarts)


def restarted_layouts(puzzle: Puzzle, n: int, rng: random.Random, deadline: float
                      ) -> list[Layout]:
    """The advisor's last resort when its sampling found no layout (full's stuck states: the
    direct search's first 2,000 families all empty, the model's first call 1.7 s): up to n
    members (repeats included, not uniform) of the families that runs on made-up answers
    find (`cube_families`), probed until `deadline` (time.monotonic()), or RESTART_AT_LEAST
    seconds at least. Under `touching corner` only; empty when none is found in time."""
    if puzzle.rules.touching != "corner" or not puzzle.observations:
        return []
    deadline = max(deadline, time.monotonic() + RESTART_AT_LEAST)
    found = cube_families(puzzle, rng, time.monotonic() + RESTART_SHARE * max(
        0.0, deadline - time.monotonic()))
    return probe_members(found, n, rng, deadline)
