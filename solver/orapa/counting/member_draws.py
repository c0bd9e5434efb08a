"""Layouts drawn from families member by member, for the advisor's sample and the count's
estimate (`solver.orapa.counting.consistent_sample`, `solver.orapa.counting.estimate`).

Two ways, both gem by gem over a family's free gems:
- sequential importance sampling (`sis_draws`, `sequential_sample`): each free gem uniformly
  among the placements still compatible with those before it; a member drawn with
  probability P is worth 1 / P, which gives an unbiased count and, resampled by worth, a
  uniform sample. On double in the middle of a game such draws almost never end a member
  (ten free gems on a board crossed by waves: dead ends);
- probes (`probe_members`): a depth-first search in random order to the first member, cut
  after PROBE_STEPS placements. Not uniform, but it finds members where the draws find none,
  so that a `partial` sample from the model's few families holds more than one layout.
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


def sequential_sample(found: list[PathFamily], n: int, rng: random.Random, deadline: float,
                      check: list[ShotAnswer] | None = None, uniform: bool = False
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
    for layout, value in sis_draws(found, rng, deadline, check, uniform=uniform):
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
                yield layout, value / _orders(family.free)
                continue
        yield None, 0.0


def _orders(free: tuple) -> int:
    """In how many orders a set of free gems can be placed that give the same layout (the
    product of the factorials of the numbers of identical gems)."""
    result = 1
    for gem in set(free):
        result *= math.factorial(free.count(gem))
    return result


PROBE_STEPS = 400   # placements tried by one probe before it gives up


class _GiveUp(Exception):
    """A probe ran out of steps."""


def probe_members(found: list[PathFamily], n: int, rng: random.Random, deadline: float,
                  steps: int = PROBE_STEPS) -> list[Layout]:
    """Up to n members of the families (with repeats), each the first member met by a
    depth-first search that tries the free gems' compatible placements in random order
    (the gem with the fewest allowed placements first), cut after `steps` placements; the
    families are taken in turn at random. Stops at `deadline` (time.monotonic())."""
    tables: dict[int, list] = {}
    kept: list[Layout] = []
    while found and len(kept) < n and time.monotonic() < deadline:
        index = rng.randrange(len(found))
        if index not in tables:
            tables[index] = _free_tables(found[index])
        layout = _probe(found[index], tables[index], rng, steps)
        if layout is not None:
            kept.append(layout)
    return kept


def _probe(family: PathFamily, tables: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
           rng: random.Random, steps: int) -> Layout | None:
    """One probe of `probe_members`: a member, or None when the steps ran out first."""
    order = sorted(range(len(tables)), key=lambda k: int(tables[k][0].sum()))
    chosen: list[Placement | None] = [None] * len(tables)
    left = [steps]

    def extend(j: int, used: np.ndarray, touch: np.ndarray) -> Layout | None:
        if j == len(order):
            return family._complete([p for p in chosen if p is not None])
        k = order[j]
        allowed, quarters, touches = tables[k]
        ok = allowed & ~((quarters & (used | touch)).any(axis=1) | (touches & used).any(axis=1))
        choices = np.flatnonzero(ok).tolist()
        rng.shuffle(choices)
        for pick in choices:
            left[0] -= 1
            if left[0] < 0:
                raise _GiveUp
            chosen[k] = family.options[k][pick]
            layout = extend(j + 1, used | quarters[pick], touch | touches[pick])
            if layout is not None:
                return layout
        chosen[k] = None
        return None

    try:
        return extend(0, np.zeros(5, dtype="<u8"), np.zeros(5, dtype="<u8"))
    except _GiveUp:
        return None
