"""The path family: the layouts that share one leaf of a wave search, and the placement tables
both searches and the sampler read.

A leaf fixes the gems the waves touch and the cells they cross; a `PathFamily` holds them and
the free gems, which may sit anywhere off the paths where the layout stays legal (O3), visible
and true to the cell answers. Its weight, the number of layouts in it, is the product over its
free gems of their allowed placements (`assign_weights`).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

import numpy as np

from games.errors import LimitReached
from games.orapa.answers import shown_by
from games.orapa.board import CELLS
from games.orapa.gems import Gem
from games.orapa.layout import Layout, PlacedGem, all_visible
from games.orapa.placements import Placement, placements
from games.orapa.puzzle import CellAnswer

_CHECK_EVERY = 2048  # members listed between two looks at the clock


def words(value: int, count: int) -> np.ndarray:
    """A bit mask as `count` little-endian 64-bit words."""
    return np.frombuffer(value.to_bytes(8 * count, "little"), dtype="<u8")


@lru_cache(maxsize=None)
def placement_words(shape: str, mirror: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cell masks (P, 2), quarter masks (P, 5) and touch masks (P, 5) as 64-bit words."""
    options = placements(shape, mirror)
    return (np.array([words(p.cell_mask, 2) for p in options]),
            np.array([words(p.mask, 5) for p in options]),
            np.array([words(p.touch_mask, 5) for p in options]))


def ruled_out(gem: Gem, cell_answers: tuple[CellAnswer, ...] | list[CellAnswer]) -> int:
    """Bit mask of the answered cells this gem may not cover: their answer is not what it
    shows (its colour, or `absorbed` for black)."""
    shown = shown_by(gem)
    mask = 0
    for a in cell_answers:
        if a.content != shown:
            mask |= 1 << a.cell
    return mask


@dataclass
class PathFamily:
    """Fixed gems, the cells the waves cross, and the free gems (which avoid those cells)."""

    fixed: tuple[PlacedGem, ...]
    free: tuple[Gem, ...]                      # sorted: identical gems are neighbours
    avoid: tuple[int, ...]                     # per free gem: cells it must not cover
    cell_answers: tuple[CellAnswer, ...]
    visibility: bool
    mirror: bool
    weight: int = -1                           # size of the product proposal (see draw)

    def __post_init__(self) -> None:
        self.used = self.touch = 0
        for g in self.fixed:
            self.used |= g.placement.mask
            self.touch |= g.placement.touch_mask
        self.options = [placements(g.shape, self.mirror) for g in self.free]

    @property
    def key(self) -> tuple:
        """What tells two families of one puzzle apart: their fixed gems (the leaves of a
        search partition the layouts, so two families with the same fixed gems are one)."""
        return tuple(sorted((g.gem, g.placement.mask) for g in self.fixed))

    def _allowed(self, k: int, p: Placement) -> bool:
        return not (p.cell_mask & self.avoid[k] or p.mask & (self.used | self.touch)
                    or p.touch_mask & self.used)

    def _complete(self, chosen: list[Placement]) -> Layout | None:
        if self.visibility and not all_visible(
                [g.placement.cell_mask for g in self.fixed] + [p.cell_mask for p in chosen]):
            return None
        placed = list(self.fixed) + [PlacedGem(g, p) for g, p in zip(self.free, chosen)]
        layout = Layout(sorted(placed, key=lambda g: g.gem))  # the gem set's order, as the model's
        return layout if all(a.holds(layout) for a in self.cell_answers) else None

    def draw(self, rng: random.Random) -> Layout | None:
        """One proposal: each free gem uniformly among its allowed placements (by rejection
        from all its placements); a member, or None when the draw is rejected. Every member
        is proposed with probability 1 / weight (identical free gems are kept only in
        increasing placement order, so each member has one accepted draw)."""
        chosen: list[Placement] = []
        used = touch = 0
        previous = -1
        for k, options in enumerate(self.options):
            while True:
                i = rng.randrange(len(options))
                if self._allowed(k, options[i]):
                    break
            if k and self.free[k] == self.free[k - 1] and i <= previous:
                return None
            p = options[i]
            if p.mask & (used | touch) or p.touch_mask & used:
                return None
            chosen.append(p)
            used |= p.mask
            touch |= p.touch_mask
            previous = i
        return self._complete(chosen)

    def _coloured_cells(self) -> list[tuple[int, list[int]]] | None:
        """Cells answered with a colour that no fixed gem covers, each with the free gems
        that could show it (in order); None when one has no such gem (no member at all)."""
        fixed_cells = 0
        for g in self.fixed:
            fixed_cells |= g.placement.cell_mask
        needed = []
        for a in self.cell_answers:
            if a.content == "empty" or fixed_cells >> a.cell & 1:
                continue
            color = "black" if a.content == "absorbed" else a.content
            holders = [k for k, gem in enumerate(self.free) if gem.color == color]
            if not holders:
                return None
            needed.append((a.cell, holders))
        return needed

    def members(self, deadline: float | None = None) -> Iterator[Layout]:
        """Every member, once each. A cell answered with a colour must be covered by a free
        gem of that colour: a lone such gem only takes placements over the cell, such gems
        are placed first, and a branch is cut once the last gem that could cover the cell is
        placed elsewhere. Raises LimitReached past `deadline` (time.monotonic())."""
        needed = self._coloured_cells()
        if needed is None:
            return
        allowed = [[i for i, p in enumerate(options) if self._allowed(k, p)]
                   for k, options in enumerate(self.options)]
        holders_of_any = {h for _, holders in needed for h in holders}
        # identical gems share a colour, so they stay neighbours in this order
        order = sorted(range(len(self.free)), key=lambda k: (k not in holders_of_any, k))
        level = {k: j for j, k in enumerate(order)}
        due: list[list[tuple[int, list[int]]]] = [[] for _ in range(len(self.free) + 1)]
        for cell, holders in needed:
            if len(holders) == 1:
                k = holders[0]
                allowed[k] = [i for i in allowed[k] if self.options[k][i].cell_mask >> cell & 1]
            levels = [level[h] for h in holders]
            due[max(levels) + 1].append((cell, levels))
        chosen: list[Placement] = []      # by level
        steps = [0]

        def extend(j: int, used: int, touch: int, previous: int) -> Iterator[Layout]:
            steps[0] += 1
            if deadline is not None and steps[0] % _CHECK_EVERY == 0 \
                    and time.monotonic() > deadline:
                raise LimitReached("time limit reached while listing a family")
            for cell, levels in due[j]:
                if not any(chosen[h].cell_mask >> cell & 1 for h in levels):
                    return
            if j == len(order):
                layout = self._complete([chosen[level[k]] for k in range(len(order))])
                if layout is not None:
                    yield layout
                return
            k = order[j]
            same = j and self.free[k] == self.free[order[j - 1]]
            for i in allowed[k]:
                p = self.options[k][i]
                if (same and i <= previous) or p.mask & (used | touch) or p.touch_mask & used:
                    continue
                chosen.append(p)
                yield from extend(j + 1, used | p.mask, touch | p.touch_mask, i)
                chosen.pop()

        yield from extend(0, 0, 0, -1)


def assign_weights(families: list[PathFamily]) -> None:
    """Set every family's weight: the product over its free gems of the number of allowed
    placements (vectorised over the families, one gem shape at a time)."""
    for f in families:
        f.weight = 1
    slots: dict[tuple[str, bool], list[tuple[PathFamily, int]]] = {}
    for f in families:
        for gem, avoid in zip(f.free, f.avoid):
            slots.setdefault((gem.shape, f.mirror), []).append((f, avoid))
    for (shape, mirror), items in slots.items():
        cells, quarters, touches = placement_words(shape, mirror)
        avoids = np.frombuffer(b"".join(a.to_bytes(16, "little") for _, a in items),
                               dtype="<u8").reshape(-1, 2)
        blocked = np.frombuffer(b"".join((f.used | f.touch).to_bytes(40, "little")
                                         for f, _ in items), dtype="<u8").reshape(-1, 5)
        used = np.frombuffer(b"".join(f.used.to_bytes(40, "little") for f, _ in items),
                             dtype="<u8").reshape(-1, 5)
        for start in range(0, len(items), 512):
            part = slice(start, start + 512)
            clash = ((cells[None] & avoids[part, None]).any(axis=2)
                     | (quarters[None] & blocked[part, None]).any(axis=2)
                     | (touches[None] & used[part, None]).any(axis=2))
            counts = clash.shape[1] - np.count_nonzero(clash, axis=1)
            for (f, _), n in zip(items[part], counts.tolist()):
                f.weight *= n


@lru_cache(maxsize=None)
def by_cell_entries(shape: str, mirror: bool
             ) -> tuple[tuple[tuple[Placement, int, int, int, tuple[tuple[int, int], ...]], ...],
                        ...]:
    """For every cell, the placements of a shape that cover part of it, each with its quarter,
    touch and cell masks and its (cell, quarter pattern) pairs, unpacked once for the search."""
    found: list[list] = [[] for _ in range(CELLS)]
    for p in placements(shape, mirror):
        parts = tuple((c, (p.mask >> 4 * c) & 15) for c in range(CELLS) if p.cell_mask >> c & 1)
        entry = (p, p.mask, p.touch_mask, p.cell_mask, parts)
        for c, _ in parts:
            found[c].append(entry)
    return tuple(tuple(x) for x in found)
