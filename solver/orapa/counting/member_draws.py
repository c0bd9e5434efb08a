"""Layouts drawn from families member by member, for the advisor's sample and the count's
estimate (`solver.orapa.counting.consistent_sample`, `solver.orapa.counting.estimate`).

Two ways, both gem by gem over a family's free gems:
- sequential importance sampling (`sis_draws`, `sequential_sample`): each free gem uniformly
  among the placements still compatible with those before it; a member drawn with
  probability P is worth 1 / P, which gives an unbiased count and, resampled by worth, a
  uniform sample. On double in the middle of a game such draws almost never end a member
  (ten free gems on a board crossed by waves: dead ends);
- probes (`probe_members`, `pack_member`): a packing search in random order to the first
  member (the gem with the fewest places left next, a branch dropped as soon as a gem left
  has none), cut after PROBE_STEPS placements. Not uniform, but it finds members where the
  draws find none, and it proves most empty families empty in a few milliseconds, so that a
  `partial` sample from a few families holds more than one layout.
"""
from __future__ import annotations

import bisect
import itertools
import math
import random
import time
from typing import Iterator

import numpy as np

from games.orapa.array_tracer import count_batch, layout_codes, trace_batch
from games.orapa.layout import Layout
from games.orapa.placements import Placement
from games.orapa.puzzle import ShotAnswer
from solver.orapa.search.path_family import PathFamily, placement_words, words


def holding(layouts: list[Layout], shots: list[ShotAnswer]) -> list[Layout]:
    """The layouts that give these shot answers (one batch trace): the exit always, the
    colour when the answer says one, the bounce count when it says one (RULINGS O9)."""
    if not shots or not layouts:
        return layouts
    codes = layout_codes(layouts)
    ports = [o.port for o in shots]
    exits, colors = trace_batch(codes, ports)
    want_exit = np.array([-1 if o.exit is None else o.exit for o in shots])
    want_color = np.array([o.color or 0 for o in shots])
    colour_said = np.array([o.color is not None for o in shots])
    ok = (exits == want_exit) & ((want_exit < 0) | ~colour_said | (colors == want_color))
    counted = [i for i, o in enumerate(shots) if o.bounces is not None]
    if counted:
        counts = count_batch(codes, [ports[i] for i in counted])
        want_count = np.array([shots[i].bounces for i in counted])
        ok[:, counted] &= counts == want_count
    ok = ok.all(axis=1)
    return [layout for layout, good in zip(layouts, ok.tolist()) if good]


def _free_tables(family: PathFamily) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per free gem: which of its placements the fixed gems and its avoided cells allow, and
    its placements' quarter and touch masks as 64-bit words."""
    used = words(family.used, 5)
    blocked = words(family.used | family.touch, 5)
    tables = []
    for gem, avoid in zip(family.free, family.avoid):
        cells, quarters, touches = placement_words(gem.shape, family.mirror)
        allowed = ~((cells & words(avoid, 2)).any(axis=1)
                    | (quarters & blocked).any(axis=1) | (touches & used).any(axis=1))
        tables.append((allowed, quarters, touches))
    return tables


def sequential_sample(found: list[PathFamily], n: int, rng: random.Random,
                      deadline: float | None, check: list[ShotAnswer] | None = None,
                      uniform: bool = False, max_draws: int | None = None
                      ) -> tuple[list[Layout], float]:
    """About n layouts drawn gem by gem, and an unbiased estimate of their number.

    A family is picked in proportion to its weight (`uniform`: with the same chance, for
    families too many to weigh), then each free gem uniformly among the
    placements still compatible with the gems placed before it; a draw that is not a member
    (visibility, cell answers, the `check` answers) or meets a dead end is dropped. A member
    drawn with probability P is worth 1 / P (sequential importance sampling): the estimate is
    the mean worth over all draws divided by the orders of identical gems, and the kept
    members are resampled in proportion to their worth, so that they stand for a uniform
    sample."""
    drawn: list[Layout] = []
    worth: list[float] = []
    tried, summed = 0, 0.0
    for layout, value in sis_draws(found, rng, deadline, check, max_draws, uniform=uniform):
        tried += 1
        if layout is not None:
            drawn.append(layout)
            worth.append(value)
            summed += value
            if len(drawn) >= 2 * n:
                break
    if not drawn:
        return [], 0.0
    picked = rng.choices(range(len(drawn)), weights=worth, k=min(n, len(drawn)))
    return [drawn[i] for i in picked], summed / tried


def sis_draws(found: list[PathFamily], rng: random.Random, deadline: float | None,
              check: list[ShotAnswer] | None = None, max_draws: int | None = None,
              uniform: bool = False) -> Iterator[tuple[Layout | None, float]]:
    """Sequential importance sampling over weighed families (`uniform`: unweighed ones, each
    family picked with the same chance): per draw, (the member, its worth 1 / P(drawn) over
    the orders of its identical gems) or (None, 0.0) for a draw that is not a member. The
    mean worth over all draws is an unbiased estimate of the number of members
    (`sequential_sample`, `solver.orapa.counting.estimate`)."""
    cumulative = list(range(1, len(found) + 1)) if uniform else list(
        itertools.accumulate(f.weight for f in found))
    total = cumulative[-1]
    tables: dict[int, list] = {}
    draws = 0
    while (max_draws is None or draws < max_draws) and (
            deadline is None or time.monotonic() < deadline):
        draws += 1
        index = bisect.bisect_right(cumulative, rng.randrange(total))
        family = found[index]
        if index not in tables:
            tables[index] = _free_tables(family)
        value = total / (1 if uniform else family.weight)
        used, touch = np.zeros(5, dtype="<u8"), np.zeros(5, dtype="<u8")
        chosen = []
        for (allowed, quarters, touches), options in zip(tables[index], family.options):
            ok = allowed & ~((quarters & (used | touch)).any(axis=1)
                             | (touches & used).any(axis=1))
            choices = np.flatnonzero(ok)
            if not len(choices):
                break
            pick = int(choices[rng.randrange(len(choices))])
            value *= len(choices)
            used |= quarters[pick]
            touch |= touches[pick]
            chosen.append(options[pick])
        else:
            layout = family._complete(chosen)
            if layout is not None and holding([layout], check or []):
                # an unordered member is drawn in every order of its identical gems
                yield layout, value / identical_orders(family.free)
                continue
        yield None, 0.0


def identical_orders(free: tuple) -> int:
    """In how many orders a set of free gems can be placed that give the same layout (the
    product of the factorials of the numbers of identical gems)."""
    result = 1
    for gem in set(free):
        result *= math.factorial(free.count(gem))
    return result


PROBE_STEPS = 400   # placements tried by one probe before it gives up


class PackingCut(Exception):
    """A packing search ran out of steps before it settled its family."""


# A free gem's placement as a probe reads it: quarters, the quarters another gem may then not
# cover (its own and those sharing an edge with it: the touch relation is symmetric), cells.
_Option = tuple[int, int, int, Placement]


def probe_members(found: list[PathFamily], n: int, rng: random.Random, deadline: float,
                  steps: int = PROBE_STEPS) -> list[Layout]:
    """Up to n members of the families (with repeats), each the first member met by a
    packing search (`pack_member`) cut after `steps` placements; the families are taken in
    turn at random, and one whose search ended without a member is not taken again. Stops at
    `deadline` (time.monotonic())."""
    options: dict[int, list[list[_Option]] | None] = {}
    left = list(range(len(found)))
    kept: list[Layout] = []
    while left and len(kept) < n and time.monotonic() < deadline:
        slot = rng.randrange(len(left))
        index = left[slot]
        if index not in options:
            options[index] = _free_options(found[index])
        try:
            layout = pack_member(found[index], rng, steps, options[index])
        except PackingCut:
            continue
        if layout is None:          # searched to the end: the family has no member
            left[slot] = left[-1]
            left.pop()
        else:
            kept.append(layout)
    return kept


def _free_options(family: PathFamily) -> list[list[_Option]] | None:
    """Per free gem, its placements that the fixed gems and its avoided cells allow; None
    when a gem has none (the family is empty)."""
    tables = []
    for k, options in enumerate(family.options):
        allowed = [(p.mask, p.mask | p.touch_mask, p.cell_mask, p)
                   for p in options if family._allowed(k, p)]
        if not allowed:
            return None
        tables.append(allowed)
    return tables


def pack_member(family: PathFamily, rng: random.Random, steps: int = PROBE_STEPS,
                options: list[list[_Option]] | None = None) -> Layout | None:
    """A member of the family, found by packing its free gems: a depth-first search that
    places next the gem with the fewest places left, tries them in random order and drops a
    branch as soon as a gem left has no place, or a cell answered with a colour that no gem
    covers can no longer get a gem of that colour. None when the family has no member;
    raises PackingCut after `steps` placements. (Double in a game: its ten or so free gems
    fill most of what the waves leave, and a search in a fixed order met dead ends deep
    down, tens of milliseconds a probe; this one settles most families in a few.)"""
    needed = family._coloured_cells()
    if needed is None:
        return None
    if options is None:
        options = _free_options(family)
    if options is None:
        return None
    chosen: list[Placement | None] = [None] * len(options)
    left = [steps]

    def extend(places: dict[int, list[_Option]], covered: int) -> Layout | None:
        if not places:
            return family._complete([p for p in chosen if p is not None])
        for cell, holders in needed:
            if not covered >> cell & 1 and not any(
                    o[2] >> cell & 1 for h in holders if h in places for o in places[h]):
                return None
        k = min(places, key=lambda h: len(places[h]))
        tried = list(places[k])
        rng.shuffle(tried)
        for _, block, cells, placement in tried:
            left[0] -= 1
            if left[0] < 0:
                raise PackingCut
            rest: dict[int, list[_Option]] = {}
            for h, mine in places.items():
                if h != k:
                    fitting = [o for o in mine if not o[0] & block]
                    if not fitting:
                        break
                    rest[h] = fitting
            else:
                chosen[k] = placement
                layout = extend(rest, covered | cells)
                if layout is not None:
                    return layout
        chosen[k] = None
        return None

    return extend(dict(enumerate(options)), 0)
