"""Families of consistent layouts, found by a direct search along the observed waves.

A shot's answer depends only on the cells its wave enters. The search follows every observed
wave from its port, cell by cell; at a cell no earlier decision covers, it branches: the cell is
empty, or one of the gems not placed yet covers it at some placement (compatible with what is
placed, with the cells known empty and with the cell answers). A branch dies as soon as its
colour leaves the observed colour, or it is absorbed, exits or ends wrongly. A leaf fixes the
gems the waves touch ("fixed") and the cells they cross (the paths); the other gems ("free")
may sit anywhere off the paths where the layout is legal, visible and gives the cell answers.

Every consistent layout lies in exactly one leaf (follow its own cell contents), so the leaves'
families partition the consistent layouts, like `solver.families` does with SAT calls, but
without a solver: much faster when the families number hundreds. Rule `touching corner` only
(there a cell holds at most one gem, so a cell's content is one gem's).

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.sampling import random_layout
>>> from games.orapa.puzzle import puzzle_from_layout
>>> mine = random_layout(gem_set("base"), rng=random.Random(2))
>>> puzzle = puzzle_from_layout(mine, gem_set("base"), RuleOptions(), ports=range(0, 36, 2))
>>> mine in [m for f in search_families(puzzle) for m in f.members()]
True
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from games.errors import LimitReached
from games.orapa.board import CELLS, ENTRY, EXIT_PORT, NEIGHBOUR
from games.orapa.colors import GEM_COLOR_BITS
from games.orapa.gems import Gem
from games.orapa.layout import Layout, PlacedGem, all_visible
from games.orapa.placements import Placement, placements
from games.orapa.puzzle import CellAnswer, Puzzle, ShotAnswer
from games.orapa.waves import ROUTE

_CHECK_EVERY = 2048  # search nodes between two looks at the clock


@dataclass
class PathFamily:
    """Fixed gems, the cells the waves cross, and where each free gem may go."""

    fixed: tuple[PlacedGem, ...]
    free: tuple[Gem, ...]                      # sorted: identical gems are neighbours
    candidates: tuple[tuple[Placement, ...], ...]
    cell_answers: tuple[CellAnswer, ...]
    visibility: bool

    @property
    def weight(self) -> int:
        """Size of the product proposal: every member is proposed exactly once in it."""
        return math.prod(len(c) for c in self.candidates)

    def _complete(self, chosen: list[Placement]) -> Layout | None:
        if self.visibility and not all_visible(
                [g.placement.cell_mask for g in self.fixed] + [p.cell_mask for p in chosen]):
            return None
        layout = Layout(list(self.fixed) + [PlacedGem(g, p) for g, p in zip(self.free, chosen)])
        return layout if all(a.holds(layout) for a in self.cell_answers) else None

    def draw(self, rng: random.Random) -> Layout | None:
        """One uniform proposal: a member, or None when rejected. Identical free gems are
        accepted only in increasing candidate order, so each member has one accepted draw."""
        chosen: list[Placement] = []
        used = touch = 0
        previous = -1
        for k, options in enumerate(self.candidates):
            i = rng.randrange(len(options))
            if k and self.free[k] == self.free[k - 1] and i <= previous:
                return None
            p = options[i]
            if p.mask & (used | touch):
                return None
            chosen.append(p)
            used |= p.mask
            touch |= p.touch_mask
            previous = i
        return self._complete(chosen)

    def members(self) -> Iterator[Layout]:
        """Every member, once each."""
        chosen: list[Placement] = []

        def extend(k: int, used: int, touch: int, start: int) -> Iterator[Layout]:
            if k == len(self.free):
                layout = self._complete(chosen)
                if layout is not None:
                    yield layout
                return
            options = self.candidates[k]
            first = start if k and self.free[k] == self.free[k - 1] else 0
            for i in range(first, len(options)):
                p = options[i]
                if p.mask & (used | touch):
                    continue
                chosen.append(p)
                yield from extend(k + 1, used | p.mask, touch | p.touch_mask, i + 1)
                chosen.pop()

        yield from extend(0, 0, 0, 0)


@lru_cache(maxsize=None)
def _by_cell(shape: str, mirror: bool) -> tuple[tuple[Placement, ...], ...]:
    """For every cell, the placements of a shape that cover part of it."""
    found: list[list[Placement]] = [[] for _ in range(CELLS)]
    for p in placements(shape, mirror):
        for c in range(CELLS):
            if p.cell_mask >> c & 1:
                found[c].append(p)
    return tuple(tuple(x) for x in found)


def _branching(shot: ShotAnswer, kinds: list[Gem]) -> tuple[int, int]:
    """Search order: waves that fewer gems can meet first (they mostly mark cells empty)."""
    if shot.exit is None:
        return len(kinds) + 1, 0
    allowed = sum(1 for k in kinds if k.color != "black"
                  and not GEM_COLOR_BITS[k.color] & ~(shot.color or 0))
    return allowed, bin(shot.color or 0).count("1")


def search_families(puzzle: Puzzle, deadline: float | None = None) -> Iterator[PathFamily]:
    """Every family of layouts consistent with the puzzle (weight > 0), lazily; raises
    LimitReached past `deadline` (time.monotonic() seconds)."""
    if puzzle.rules.touching != "corner":
        raise ValueError("search_families needs rule touching=corner")
    mirror = puzzle.rules.mirror
    kinds = sorted(set(puzzle.gems))
    counts = tuple(puzzle.gems.count(k) for k in kinds)
    bits = [GEM_COLOR_BITS[k.color] for k in kinds]
    black = [k.color == "black" for k in kinds]
    by_cell = [_by_cell(k.shape, mirror) for k in kinds]
    shots = sorted((o for o in puzzle.observations if isinstance(o, ShotAnswer)),
                   key=lambda o: _branching(o, kinds))
    cells = tuple(o for o in puzzle.observations if isinstance(o, CellAnswer))
    empty0 = answered = 0
    forbidden = [0] * len(kinds)  # per kind: cells whose answer rules that gem out
    for a in cells:
        if a.content == "empty":
            empty0 |= 1 << a.cell
        else:
            answered |= 1 << a.cell
        for i, k in enumerate(kinds):
            content = "absorbed" if k.color == "black" else k.color
            if a.content != content:
                forbidden[i] |= 1 << a.cell
    nodes = [0]

    def cell_info(placed: tuple[tuple[int, Placement], ...], cell: int
                  ) -> tuple[int, int, bool] | None:
        for i, p in placed:
            if p.cell_mask >> cell & 1:
                return (p.mask >> 4 * cell) & 15, bits[i], black[i]
        return None

    def leaf(placed: tuple[tuple[int, Placement], ...], left: tuple[int, ...], used: int,
             touch: int, paths: int) -> PathFamily | None:
        free: list[Gem] = []
        options: list[tuple[Placement, ...]] = []
        for i, n in enumerate(left):
            allowed = tuple(p for p in placements(kinds[i].shape, mirror)
                            if not p.cell_mask & (paths | forbidden[i])
                            and not p.mask & (used | touch) and not p.touch_mask & used)
            free += [kinds[i]] * n
            options += [allowed] * n
        if any(not o for o in options):
            return None
        fixed = tuple(PlacedGem(kinds[i], p) for i, p in placed)
        return PathFamily(fixed, tuple(free), tuple(options), cells, puzzle.rules.visibility)

    def walk(s: int, cell: int, d: int, color: int, placed: tuple[tuple[int, Placement], ...],
             left: tuple[int, ...], used: int, touch: int, empty: int, paths: int, owned: int
             ) -> Iterator[PathFamily]:
        nodes[0] += 1
        if nodes[0] % _CHECK_EVERY == 0 and deadline is not None \
                and time.monotonic() > deadline:
            raise LimitReached("time limit reached while listing families")
        if s == len(shots):
            family = leaf(placed, left, used, touch, paths)
            if family is not None:
                yield family
            return
        target = shots[s]
        if cell < 0:  # a new wave
            cell, d = ENTRY[target.port]
            color = 0
        while True:
            info = cell_info(placed, cell) if owned >> cell & 1 else None
            if info is None and not empty >> cell & 1:
                break  # undecided: branch below
            paths |= 1 << cell
            if info is not None:
                occupancy, gem_bits, absorbs = info
                d = ROUTE[occupancy][d][0]
                color |= gem_bits
                if absorbs:
                    if target.exit is None:
                        yield from walk(s + 1, -1, 0, 0, placed, left, used, touch, empty, paths,
                                        owned)
                    return
                if target.exit is not None and color & ~(target.color or 0):
                    return
            nxt = NEIGHBOUR[cell][d]
            if nxt < 0:
                if target.exit == EXIT_PORT[cell][d] and color == target.color:
                    yield from walk(s + 1, -1, 0, 0, placed, left, used, touch, empty, paths,
                                    owned)
                return
            cell = nxt
        bit = 1 << cell
        if target.exit is not None:
            reachable = 0
            for i, _ in placed:
                reachable |= bits[i]
            for i, n in enumerate(left):
                if n:
                    reachable |= bits[i]
            if (target.color or 0) & ~color & ~reachable:
                return  # a colour the wave still needs is on no gem left
        if not answered & bit:
            yield from walk(s, cell, d, color, placed, left, used, touch, empty | bit, paths,
                            owned)
        for i, n in enumerate(left):
            if not n or (target.exit is not None
                         and (black[i] or bits[i] & ~(target.color or 0))):
                continue
            rest = left[:i] + (n - 1,) + left[i + 1:]
            for p in by_cell[i][cell]:
                if p.mask & (used | touch) or p.touch_mask & used \
                        or p.cell_mask & (empty | forbidden[i]):
                    continue
                yield from walk(s, cell, d, color, placed + ((i, p),), rest, used | p.mask,
                                touch | p.touch_mask, empty, paths, owned | p.cell_mask)

    yield from walk(0, -1, 0, 0, (), counts, 0, 0, empty0, 0, 0)
