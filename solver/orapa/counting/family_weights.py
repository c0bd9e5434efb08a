"""The product-proposal weights of many families at once, for the advisor's sample.

A family's weight (`PathFamily.weight`, see `solver.orapa.search.path_family.assign_weights`) is
the product over its free gems of the placements each may take on its own: off the cells it
must avoid, not overlapping or edge-touching a fixed gem. `assign_weights` tests every
placement against the family's whole used and touch masks (twelve 64-bit words a placement);
early in a `full` game a state has 6,000 to 20,000 families and that took about a second, so
the advisor gave up weighing past 5,000 families and drew gem by gem with the families
unweighed, a sample with far fewer distinct layouts (docs/advisor.md, issue 31).

Here the clash with the fixed gems is split gem by gem: whether a placement of a shape clashes
with one fixed placement is looked up once (a row of booleans over the shape's placements,
cached), a family's clash is the OR of its fixed gems' rows, and only the avoided cells (two
words a placement) are tested per free gem. Same weights, several times faster.

`weighed_until` and `weighed_prefix` weigh a long list in chunks between looks at the clock,
so that weighing never eats a decision's budget.
"""
from __future__ import annotations

import time

import numpy as np

from solver.orapa.search.path_family import PathFamily, placement_words

_LOW = (1 << 64) - 1


def _clash_table(shape: str, mirror: bool, fixed: list[tuple[int, int]]
                 ) -> tuple[np.ndarray, np.ndarray]:
    """(rows, index): bool rows over the placements of `shape`, one per fixed placement
    (quarter mask, touch mask) seen so far, true where a placement overlaps or edge-touches
    it; `index[i]` is the row of `fixed[i]`, and row 0 (padding) rules out none. Rows are
    kept between calls (a game's states share most fixed placements)."""
    known, rows = _TABLES.get((shape, mirror), ({}, None))
    if rows is None or len(known) > _MOST_ROWS:
        _, quarters, _ = placement_words(shape, mirror)
        known, rows = {}, np.zeros((1, len(quarters)), dtype=bool)
    new = [key for key in dict.fromkeys(fixed) if key not in known]
    if new:
        _, quarters, touches = placement_words(shape, mirror)
        masks = np.array([_words(m) for m, _ in new], dtype=np.uint64)
        blocked = np.array([_words(m | t) for m, t in new], dtype=np.uint64)
        clash = ((quarters[None] & blocked[:, None]).any(axis=2)
                 | (touches[None] & masks[:, None]).any(axis=2))
        known = dict(known)   # a copy: another thread may be reading the one cached
        for key in new:
            known[key] = len(known) + 1
        rows = np.vstack([rows, clash])
    _TABLES[(shape, mirror)] = (known, rows)
    return rows, np.array([known[key] for key in fixed] + [0], dtype=np.int64)


_TABLES: dict[tuple[str, bool], tuple[dict[tuple[int, int], int], np.ndarray | None]] = {}
_MOST_ROWS = 50_000   # fixed placements remembered per shape (some 15 MB), then started again


def _words(value: int) -> tuple[int, ...]:
    return tuple((value >> (64 * k)) & _LOW for k in range(5))


def weigh_families(families: list[PathFamily]) -> None:
    """Set every family's weight, as `assign_weights` does (the same numbers): per free
    gem, its shape's placements less those its fixed gems' rows and its avoided cells rule
    out, all families of a shape in one numpy step."""
    gid: dict[tuple[int, int], int] = {}
    fixed_ids: list[list[int]] = []
    avoid_id: dict[int, int] = {}
    slots: dict[tuple[str, bool], tuple[list[int], list[int]]] = {}
    for i, f in enumerate(families):
        f.weight = 1
        fixed_ids.append([gid.setdefault((g.placement.mask, g.placement.touch_mask), len(gid))
                          for g in f.fixed])
        for gem, avoid in zip(f.free, f.avoid):
            owners, avoids = slots.setdefault((gem.shape, f.mirror), ([], []))
            owners.append(i)
            avoids.append(avoid_id.setdefault(avoid, len(avoid_id)))
    if not slots:
        return
    width = max(1, max(len(ids) for ids in fixed_ids))
    padded = np.full((len(families), width), len(gid), dtype=np.int64)
    for r, ids in enumerate(fixed_ids):
        padded[r, :len(ids)] = ids
    avoid_words = np.array([(a & _LOW, a >> 64) for a in avoid_id], dtype=np.uint64)
    fixed = list(gid)
    weights = [1] * len(families)
    for (shape, mirror), (owners, avoids) in slots.items():
        cells = placement_words(shape, mirror)[0]
        table, mapped = _clash_table(shape, mirror, fixed)
        by_fixed = table[mapped]   # row len(fixed), the padding, rules out none
        by_avoid = np.asarray((cells[None] & avoid_words[:, None]).any(axis=2))
        rows = np.array(owners, dtype=np.int64)
        columns = np.array(avoids, dtype=np.int64)
        counts = np.empty(len(rows), dtype=np.int64)
        for start in range(0, len(rows), _CHUNK):
            part = slice(start, start + _CHUNK)
            clash = by_avoid[columns[part]] | by_fixed[padded[rows[part]]].any(axis=1)
            counts[part] = clash.shape[1] - np.count_nonzero(clash, axis=1)
        for i, n in zip(owners, counts.tolist()):
            weights[i] *= n
    for f, w in zip(families, weights):
        f.weight = w


_CHUNK = 2048   # free gems weighed per numpy step (memory: chunk x fixed gems x placements)


WEIGH_AT_MOST = 5_000   # the count's estimate (`estimate.py`) weighs up to this many, untimed


def weighed(found: list[PathFamily]) -> list[PathFamily]:
    """The families with their weights set, empty ones dropped."""
    weigh_families(found)
    return [f for f in found if f.weight]


def weighed_until(found: list[PathFamily], deadline: float) -> list[PathFamily] | None:
    """`weighed`, or None (every family left unweighed, so the sampler draws them each with
    the same chance) when `deadline` (time.monotonic()) passes first: weighing takes some
    6 us a family on full, more on a busy machine, and the clock is read between chunks."""
    kept = weighed_prefix(found, deadline)
    if any(f.weight < 0 for f in found):
        for family in found:
            family.weight = -1
        return None
    return kept


def weighed_prefix(found: list[PathFamily], deadline: float) -> list[PathFamily]:
    """The non-empty families among those weighed, in chunks, before `deadline`
    (time.monotonic()); the first chunk always is."""
    for begin in range(0, len(found), WEIGH_CHUNK):
        if begin and time.monotonic() > deadline:
            break
        weigh_families(found[begin:begin + WEIGH_CHUNK])
    return [f for f in found if f.weight > 0]


WEIGH_CHUNK = 2_000   # families weighed between two looks at the clock (about 15 ms)
