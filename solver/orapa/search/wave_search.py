"""Families of consistent layouts, found by a direct search along the observed waves.

A shot's answer depends only on the cells its wave enters. The search follows every observed
wave from its port, cell by cell; at a cell no earlier decision covers, it branches: the cell is
empty, or one of the gems not placed yet covers it at some placement (compatible with what is
placed, with the cells known empty and with the cell answers). A branch dies as soon as its
colour leaves the observed colour, it has met more gem faces than an observed bounce count
(RULINGS O9) allows, or it is absorbed, exits or ends wrongly. A leaf fixes the
gems the waves touch ("fixed") and the cells they cross (the paths); the other gems ("free")
may sit anywhere off the paths where the layout is legal, visible and gives the cell answers.
Waves are followed one at a time, next always the one the fewest unplaced gems could meet (ties:
fewer gem kinds, fewer colours), so waves that only placed gems can meet are checked at once.

Every consistent layout lies in exactly one leaf (follow its own cell contents), so the leaves'
families partition the consistent layouts, like `solver.orapa.families` does with SAT calls, but
without a solver: much faster when the families number hundreds. Rule `touching corner` only
(there a cell holds at most one gem, so a cell's content is one gem's). Used by
`ConsistentLayouts` (the solver's first engine), the generator's uniqueness checks and the
advisor's candidates and sampler.

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.sampling import random_layout
>>> from games.orapa.puzzle import puzzle_from_layout
>>> mine = random_layout(gem_set("base"), rng=random.Random(2))
>>> puzzle = puzzle_from_layout(mine, gem_set("base"), RuleOptions(), ports=range(0, 36, 2))
>>> found = list(search_families(puzzle))
>>> assign_weights(found)
>>> mine in [m for f in found for m in f.members()]
True
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

import numpy as np

from games.errors import LimitReached
from games.orapa.board import CELLS, ENTRY, EXIT_PORT, NEIGHBOUR
from games.orapa.colors import GEM_COLOR_BITS
from games.orapa.gems import Gem
from games.orapa.layout import Layout, PlacedGem, all_visible
from games.orapa.placements import Placement, placements
from games.orapa.puzzle import CellAnswer, Puzzle, ShotAnswer
from games.orapa.waves import ROUTE

_CHECK_EVERY = 2048  # search nodes between two looks at the clock
_UNDO = object()    # on the search stack: take the last placement back


def _words(value: int, count: int) -> np.ndarray:
    """A bit mask as `count` little-endian 64-bit words."""
    return np.frombuffer(value.to_bytes(8 * count, "little"), dtype="<u8")


@lru_cache(maxsize=None)
def _placement_words(shape: str, mirror: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cell masks (P, 2), quarter masks (P, 5) and touch masks (P, 5) as 64-bit words."""
    options = placements(shape, mirror)
    return (np.array([_words(p.cell_mask, 2) for p in options]),
            np.array([_words(p.mask, 5) for p in options]),
            np.array([_words(p.touch_mask, 5) for p in options]))


def ruled_out(gem: Gem, cell_answers: tuple[CellAnswer, ...] | list[CellAnswer]) -> int:
    """Bit mask of the answered cells this gem may not cover: their answer is not what it
    shows (its colour, or `absorbed` for black)."""
    shown = "absorbed" if gem.color == "black" else gem.color
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
        cells, quarters, touches = _placement_words(shape, mirror)
        avoid = np.frombuffer(b"".join(a.to_bytes(16, "little") for _, a in items),
                              dtype="<u8").reshape(-1, 2)
        blocked = np.frombuffer(b"".join((f.used | f.touch).to_bytes(40, "little")
                                         for f, _ in items), dtype="<u8").reshape(-1, 5)
        used = np.frombuffer(b"".join(f.used.to_bytes(40, "little") for f, _ in items),
                             dtype="<u8").reshape(-1, 5)
        for start in range(0, len(items), 512):
            part = slice(start, start + 512)
            clash = ((cells[None] & avoid[part, None]).any(axis=2)
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


def _branching(shot: ShotAnswer, kinds: list[Gem]) -> tuple[int, int]:
    """Static search order, the tie-break of the dynamic one: waves that fewer gem kinds can
    meet first (they mostly mark cells empty)."""
    if shot.exit is None:
        return len(kinds) + 1, 0
    seen = 15 if shot.color is None else shot.color   # a bounce count says no colour
    allowed = sum(1 for k in kinds if k.color != "black"
                  and not GEM_COLOR_BITS[k.color] & ~seen)
    if shot.bounces is not None:   # few faces met: most of the path is known empty
        return allowed, shot.bounces
    return allowed, bin(seen).count("1")


def search_families(puzzle: Puzzle, deadline: float | None = None,
                    nodes: list[int] | None = None, max_nodes: int | None = None,
                    last: Layout | None = None) -> Iterator[PathFamily]:
    """Every family of layouts consistent with the puzzle, lazily (some may be empty; weights
    are set by `assign_weights`); raises LimitReached past `deadline` (time.monotonic()).
    `nodes`, a one-element list, gets the number of search nodes added to it (the search's
    work, deterministic: the generator rates difficulty by it); LimitReached also comes once
    it exceeds `max_nodes`. At every branch, what `last` (a known layout) holds there is
    tried last, so a search for a layout other than `last` meets one sooner (the families and
    the nodes of a complete search are the same in any order)."""
    from solver.orapa.search_setup import family_of, prepare   # it imports PathFamily
    setup = prepare(puzzle)
    if setup is None:
        return   # an answer rules out every layout at once
    mirror = puzzle.rules.mirror
    kinds, counts, bits, black = setup.kinds, setup.counts, setup.bits, setup.black
    cells, forbidden = setup.cells, setup.forbidden
    empty0, answered = setup.empty0, setup.answered
    by_cell = [by_cell_entries(k.shape, mirror) for k in kinds]
    order = sorted(range(len(setup.shots)), key=lambda t: _branching(setup.shots[t], kinds))
    shots = [setup.shots[t] for t in order]
    # per wave: the kinds it may place (an exit forbids black and colours it did not show)
    placeable = [setup.placeable[t] for t in order]
    if nodes is None:
        nodes = [0]
    grid: list[tuple[int, int, bool] | None] = [None] * CELLS  # what covers each cell
    known: list[tuple[int, int] | None] = [None] * CELLS  # what `last` has there: kind, quarters
    if last is not None:
        for g in last.gems:
            if g.gem in kinds:
                for c in range(CELLS):
                    if g.placement.cell_mask >> c & 1:
                        known[c] = (kinds.index(g.gem), g.placement.mask)
    placed: list[tuple[int, Placement]] = []
    next_wave: dict[tuple[int, tuple[int, ...]], int] = {}
    check_every = _CHECK_EVERY

    def following(done: int, left: tuple[int, ...]) -> int:
        """The next wave to follow: the one fewest gems not placed yet could meet (a wave
        only placed gems can meet is a plain check); -1 when every wave is done."""
        key = (done, left)
        best = next_wave.get(key)
        if best is None:
            best, fewest = -1, len(puzzle.gems) + 1
            for t, kinds_hit in enumerate(placeable):
                if not done >> t & 1:
                    count = sum(left[i] for i in kinds_hit)
                    if count < fewest:
                        best, fewest = t, count
            next_wave[key] = best
        return best

    def leaf(left: tuple[int, ...], paths: int) -> PathFamily:
        fixed = tuple(PlacedGem(kinds[i], p) for i, p in placed)
        return family_of(setup, puzzle.rules, fixed, left, paths)

    # An explicit depth-first stack (no generator chain for a family to climb back through):
    # a node is (wave, waves done, cell, direction, colour so far, faces met so far, gems
    # left, quarters used, quarters touched, cells known empty, path cells, the placement that
    # leads to it or None); _UNDO marks where a placement's subtree ends.
    no_count = 1 << 30   # the bound of a wave whose answer has no bounce count
    stack: list = [(following(0, counts), 0, -1, 0, 0, 0, counts, 0, 0, empty0, 0, None)]
    undo: list[tuple[tuple[int, int], ...]] = []
    while stack:
        node = stack.pop()
        if node is _UNDO:
            placed.pop()
            for c, _ in undo.pop():
                grid[c] = None
            continue
        s, done, cell, d, color, met, left, used, touch, empty, paths, move = node
        if move is not None:
            i, p, parts = move
            content = (bits[i], black[i])
            for c, pattern in parts:
                grid[c] = (pattern, *content)
            placed.append((i, p))
            undo.append(parts)
            stack.append(_UNDO)
        nodes[0] += 1
        if nodes[0] % check_every == 0:
            if deadline is not None and time.monotonic() > deadline:
                raise LimitReached("time limit reached while listing families")
            if max_nodes is not None and nodes[0] > max_nodes:
                raise LimitReached(f"more than {max_nodes} search nodes")
        if s < 0:
            yield leaf(left, paths)
            continue
        target = shots[s]
        exit_ = target.exit
        # a bounce-only answer says nothing of the colour: any colour will do
        wanted = 15 if target.color is None else target.color
        any_colour = target.color is None
        most = no_count if target.bounces is None else target.bounces
        if cell < 0:  # a new wave
            cell, d = ENTRY[target.port]
            color = met = 0
        while True:
            info = grid[cell]
            if info is None and not empty >> cell & 1:
                break  # undecided: branch below
            paths |= 1 << cell
            if info is not None:
                occupancy, gem_bits, absorbs = info
                d = ROUTE[occupancy][d][0]
                color |= gem_bits
                if absorbs:
                    if exit_ is None:
                        stack.append((following(done | 1 << s, left), done | 1 << s, -1, 0, 0,
                                      0, left, used, touch, empty, paths, None))
                    cell = -1
                    break
                met += 1    # every entry into a covered cell meets one face (O4, O9)
                if exit_ is not None and (color & ~wanted or met > most):
                    cell = -1
                    break
            nxt = NEIGHBOUR[cell][d]
            if nxt < 0:
                if exit_ == EXIT_PORT[cell][d] and (any_colour or color == target.color) \
                        and (target.bounces is None or met == target.bounces):
                    stack.append((following(done | 1 << s, left), done | 1 << s, -1, 0, 0,
                                  0, left, used, touch, empty, paths, None))
                cell = -1
                break
            cell = nxt
        if cell < 0:
            continue
        bit = 1 << cell
        # children in reverse of the order they are searched
        children = []
        if not answered & bit:
            children.append((s, done, cell, d, color, met, left, used, touch, empty | bit,
                             paths, None))
        known_here = known[cell]
        # the child that agrees with `last`: the empty cell (first child) or a placement
        first_known = 0 if children and known_here is None and last is not None else -1
        blocked = used | touch
        for i in placeable[s]:
            n = left[i]
            if not n:
                continue
            rest = left[:i] + (n - 1,) + left[i + 1:]
            off = empty | forbidden[i]
            for p, mask, touch_mask, cell_mask, parts in by_cell[i][cell]:
                if mask & blocked or touch_mask & used or cell_mask & off:
                    continue
                if known_here is not None and known_here == (i, mask):
                    first_known = len(children)
                children.append((s, done, cell, d, color, met, rest, used | mask,
                                 touch | touch_mask, empty, paths, (i, p, parts)))
        if first_known >= 0 and first_known < len(children):
            children.insert(0, children.pop(first_known))
        children.reverse()
        stack += children
