"""Exact counts of the layouts consistent with a puzzle, without listing them.

The frontier search (`solver.orapa.search.frontier_search`) splits the consistent layouts into
families: the gems the observed waves touch are fixed, the others are free anywhere off the
waves' paths where the layout stays legal, visible and true to the cell answers. A family can
hold billions of members (at the start of a game it is every legal layout), but counting them
needs no list: the compiled kernel (`solver/orapa/counting/_counting.c`) places the free gems one by one
over bit sets of the placements still compatible, and counts the last gem's placements that
complete a member with one popcount (visibility included, exactly). `python_family_count` is
the plain reference it is tested against, and what runs without a C compiler. Up to 10 gems
the families come from the search with lazy pinning (`solver.orapa.search.lazy_search`: the
touched gems keep sets of placements, which the kernel starts them from), far fewer of them.

With `marginals=True` the count also says, for every cell and gem colour, in how many
consistent layouts that colour covers the cell: a content is possible in a cell exactly when
its count is above zero (the exact deduction map, `solver.orapa.deductions`), and the ratio to
the total is the cell's probability.

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.puzzle import puzzle_from_layout
>>> from games.orapa.random_layouts import random_layout
>>> mine = random_layout(gem_set("base"), rng=random.Random(5))
>>> puzzle = puzzle_from_layout(mine, gem_set("base"), RuleOptions(), ports=range(0, 36, 3))
>>> result = count_layouts(puzzle)
>>> result.exact and result.count >= 1
True
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Iterator

from games.errors import LimitReached
from games.orapa.answers import shown_by
from games.orapa.board import CELLS, PORT_LINES
from games.orapa.gems import Gem
from games.orapa.layout import all_visible
from games.orapa.placements import Placement, placements
from games.orapa.puzzle import Puzzle
from solver.orapa.search import frontier_compiled
from solver.orapa.search.frontier_compiled import MOST_NODES
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.search.search_setup import SearchSetup, prepare
from solver.orapa.search.path_family import PathFamily


def _load() -> ModuleType | None:
    if os.environ.get("ORAPA_COUNTING", "").lower() == "python":
        return None
    try:
        from solver.orapa.counting import _counting  # type: ignore[attr-defined]  # compiled: no stub
    except ImportError:
        return None
    return _counting


_KERNEL = _load()
_MAX_PLACEMENTS = 320   # the kernel's sets (_counting.c, NW words)


@dataclass
class LayoutCount:
    """How many layouts are consistent, and (when asked) how many cover each cell with each
    colour. `exact` False: the count stopped at its budget, `count` is what was counted."""

    count: int
    exact: bool
    families: int = 0
    nodes: int = 0
    by_cell: list[dict[str, int]] | None = None   # per cell: colour -> layouts covering it

    def possible(self, cell: int) -> set[str]:
        """The contents `cell` has in some consistent layout (`empty`, a colour, `absorbed`
        for the black gem); needs the marginals."""
        assert self.by_cell is not None
        covered = self.by_cell[cell]
        found = {("absorbed" if colour == "black" else colour) for colour, n in covered.items()
                 if n}
        if sum(covered.values()) < self.count:
            found.add("empty")
        return found


@lru_cache(maxsize=None)
def _index(shape: str, mirror: bool) -> dict[int, int]:
    """Placement (by its quarter mask) -> its index in `placements(shape, mirror)`."""
    return {p.mask: i for i, p in enumerate(placements(shape, mirror))}


@lru_cache(maxsize=None)
def _lines() -> bytes:
    return b"".join(bytes([len(line), *line]) for line in PORT_LINES)


@lru_cache(maxsize=None)
def _shape_bytes(shape: str, mirror: bool) -> bytes:
    out = bytearray()
    for p in placements(shape, mirror):
        out += p.mask.to_bytes(40, "little") + p.touch_mask.to_bytes(40, "little")
        out += p.cell_mask.to_bytes(16, "little")
    return bytes(out)


_local = threading.local()


def _context(kinds: tuple[Gem, ...], mirror: bool):
    """This thread's kernel tables for these gem kinds (built once: compatibility of every
    pair of placements, sight lines, cell covers). One per thread: a context also adds up the
    marginals of the count in progress, which a second thread's count would mix into."""
    assert _KERNEL is not None
    cache = getattr(_local, "contexts", None)
    if cache is None:
        cache = _local.contexts = {}
    key = (kinds, mirror)
    if key not in cache:
        if len(cache) >= 16:
            cache.pop(next(iter(cache)))
        cache[key] = _KERNEL.Context(_lines(),
                                     tuple(_shape_bytes(k.shape, mirror) for k in kinds))
    return cache[key]


def kernel_applies(gems: tuple[Gem, ...], mirror: bool) -> bool:
    """Can the compiled kernel count families of this gem set?"""
    kinds = set(gems)
    return (_KERNEL is not None and len(kinds) <= 16 and len(gems) <= 64
            and all(len(placements(k.shape, mirror)) <= _MAX_PLACEMENTS for k in kinds))


def _required(family: PathFamily) -> list[tuple[int, list[int]]]:
    """Answered cells with a gem that no fixed gem covers, each with the free gems (by
    position) that may cover it."""
    fixed_cells = 0
    for g in family.fixed:
        fixed_cells |= g.placement.cell_mask
    return [(a.cell, [k for k, gem in enumerate(family.free) if shown_by(gem) == a.content])
            for a in family.cell_answers
            if a.content != "empty" and not fixed_cells >> a.cell & 1]


def kernel_family_count(family: PathFamily, kinds: tuple[Gem, ...], marginals: bool,
                        deadline: float | None, budget: int | None) -> tuple[int, int, int]:
    """(status, count, nodes) of one family by the kernel: status 1 counted, 2 out of time,
    3 out of nodes. Marginals go into the kernel's context (see `count_layouts`)."""
    kind_of = {k: i for i, k in enumerate(kinds)}
    fixed = bytearray()
    for g in family.fixed:
        index = _index(g.gem.shape, family.mirror)[g.placement.mask]
        fixed += bytes([kind_of[g.gem], index & 0xFF, index >> 8])
    free = bytearray()
    for gem, avoid in zip(family.free, family.avoid):
        free += bytes([kind_of[gem]]) + avoid.to_bytes(16, "little")
    required = bytearray()
    for cell, holders in _required(family):
        required += bytes([cell]) + sum(1 << k for k in holders).to_bytes(8, "little")
    ctx = _context(kinds, family.mirror)
    return ctx.count(bytes(fixed), bytes(free), bytes(required), family.visibility,
                     marginals, _kernel_deadline(deadline), -1 if budget is None else budget)


def count_family_marginals(family: PathFamily, gems: tuple[Gem, ...],
                           deadline: float | None = None) -> LayoutCount:
    """One family's members counted by the kernel, with their marginals by cell and colour
    (`gems`: the puzzle's whole set, which the kernel's tables are built for); not exact,
    and without marginals, when stopped at `deadline`."""
    kinds = tuple(sorted(set(gems)))
    ctx = _context(kinds, family.mirror)
    ctx.reset()
    status, count, nodes = kernel_family_count(family, kinds, True, deadline, None)
    if status != 1:
        return LayoutCount(count, False, 0, nodes)
    _, rows = ctx.marginals()
    return LayoutCount(count, True, 1, nodes,
                       by_cell=[_by_colour({k: n for k, n in zip(kinds, row) if n})
                                for row in rows])


def _kernel_deadline(deadline: float | None) -> float:
    """A `time.monotonic()` deadline on the kernel's clock (CLOCK_MONOTONIC), -1 for none."""
    if deadline is None:
        return -1.0
    return time.clock_gettime(time.CLOCK_MONOTONIC) + max(0.0, deadline - time.monotonic())


def python_family_count(family: PathFamily, by_cell: list[dict[Gem, int]] | None = None,
                        deadline: float | None = None) -> int:
    """A family's members counted one by one (the kernel's reference): free gems placed in
    order over compatible placements, identical ones in increasing order, each complete tuple
    checked for visibility and the cell answers. Adds the members covering each cell, by gem,
    into `by_cell` when given."""
    free = family.free
    options = [[p for p in placements(g.shape, family.mirror) if family._allowed(k, p)]
               for k, g in enumerate(free)]
    required = _required(family)
    fixed_masks = [g.placement.cell_mask for g in family.fixed]
    chosen: list[tuple[int, Placement]] = []
    steps = [0]

    def extend(k: int, used: int, touch: int, previous: int) -> int:
        steps[0] += 1
        if deadline is not None and steps[0] % 2048 == 0 and time.monotonic() > deadline:
            raise LimitReached("time limit reached while counting a family")
        if k == len(free):
            if family.visibility and not all_visible(fixed_masks + [p.cell_mask for _, p in chosen]):
                return 0
            # a required cell must be covered by a gem that shows its answer
            for cell, holders in required:
                if not any(chosen[h][1].cell_mask >> cell & 1 for h in holders):
                    return 0
            if by_cell is not None:
                for j, p in chosen:
                    for c in range(CELLS):
                        if p.cell_mask >> c & 1:
                            by_cell[c][free[j]] = by_cell[c].get(free[j], 0) + 1
            return 1
        same = k and free[k] == free[k - 1]
        total = 0
        for i, p in enumerate(options[k]):
            if (same and i <= previous) or p.mask & (used | touch) or p.touch_mask & used:
                continue
            chosen.append((k, p))
            total += extend(k + 1, used | p.mask, touch | p.touch_mask, i)
            chosen.pop()
        return total

    count = extend(0, 0, 0, -1)
    if by_cell is not None and count:
        for g in family.fixed:
            for c in range(CELLS):
                if g.placement.cell_mask >> c & 1:
                    by_cell[c][g.gem] = by_cell[c].get(g.gem, 0) + count
    return count


def count_layouts(puzzle: Puzzle, deadline: float | None = None, max_nodes: int | None = None,
                  marginals: bool = False, search_nodes: int | None = None) -> LayoutCount:
    """The exact number of layouts consistent with the puzzle (rule `touching corner`), summed
    over the frontier search's families; with `marginals`, also per cell and colour. Past
    `deadline` (time.monotonic()), `max_nodes` counting nodes or (compiled search only)
    `search_nodes` nodes of the search for the families it stops and returns what it
    counted with `exact` False (a lower bound, without marginals)."""
    kinds = tuple(sorted(set(puzzle.gems)))
    mirror = puzzle.rules.mirror
    by_gem: list[dict[Gem, int]] = [{} for _ in range(CELLS)]
    total = families = nodes = 0
    compiled = kernel_applies(puzzle.gems, mirror) and frontier_compiled.available(puzzle)
    ctx = _context(kinds, mirror) if compiled else None
    try:
        if compiled:
            assert ctx is not None
            ctx.reset()
            for status, n, work, done in _count_leaves(puzzle, ctx, marginals, deadline,
                                                       max_nodes, search_nodes):
                total += n
                nodes += work
                families += done
                if status != 1:
                    return LayoutCount(total, False, families, nodes)
        elif kernel_applies(puzzle.gems, mirror):
            # the Python frontier search (bounce answers), each family counted compiled
            ctx = _context(kinds, mirror)
            ctx.reset()
            for family in frontier_families(puzzle, deadline):
                budget = None if max_nodes is None else max(0, max_nodes - nodes)
                status, n, work = kernel_family_count(family, kinds, marginals, deadline, budget)
                total += n
                nodes += work
                if status != 1:
                    return LayoutCount(total, False, families, nodes)
                families += 1
        else:
            for family in frontier_families(puzzle, deadline):
                total += python_family_count(family, by_gem if marginals else None, deadline)
                families += 1
    except LimitReached:
        return LayoutCount(total, False, families, nodes)
    result = LayoutCount(total, True, families, nodes)
    if marginals:
        if ctx is not None:
            _, rows = ctx.marginals()
            by_gem = [{k: n for k, n in zip(kinds, row) if n} for row in rows]
        result.by_cell = [_by_colour(row) for row in by_gem]
    return result


def _count_leaves(puzzle: Puzzle, ctx, marginals: bool, deadline: float | None,
                  max_nodes: int | None, search_nodes: int | None = None
                  ) -> Iterator[tuple[int, int, int, int]]:
    """The compiled frontier search's leaves handed to the counting kernel batch by batch (no
    Python family object each: at 13 microseconds a family that was most of the time on
    states of millions of families). Yields (status, count, nodes, families counted); a
    search stopped by the clock raises LimitReached, one past `search_nodes` yields status
    3 last."""
    kernel = frontier_compiled._KERNEL
    assert kernel is not None   # the caller checked frontier_compiled.available
    lazy = LAZY and lazy_applies(puzzle)
    search = _start_search(puzzle, lazy)
    if search is None:
        return
    setup, handle = search
    forbidden, answers = kernel_inputs(setup)
    used = 0
    most = -1 if search_nodes is None else min(search_nodes, MOST_NODES)
    while True:
        if lazy:
            status, _, leaves, _ = kernel.lazy_step(handle, _BATCH, _kernel_deadline(deadline),
                                                    most)
            tally = ctx.count_lazy
        else:
            status, _, leaves = kernel.step(handle, _BATCH, _kernel_deadline(deadline), most)
            tally = ctx.count_leaves
        if leaves:
            budget = -1 if max_nodes is None else max(0, max_nodes - used)
            counted = tally(leaves, forbidden, answers, puzzle.rules.visibility,
                            marginals, _kernel_deadline(deadline), budget)
            used += counted[2]
            yield counted
            if counted[0] != 1:
                return
        if status == 1:
            return
        if status == 2:
            raise LimitReached("time limit reached while counting layouts")
        if status == 3:
            yield 3, 0, 0, 0
            return


_BATCH = 4096   # leaves of the frontier search counted per kernel call


def kernel_inputs(setup: SearchSetup) -> tuple[bytes, bytes]:
    """What the counting kernel takes of a compiled search's setup, besides its leaves: the
    cells each gem kind must avoid (16 bytes a kind) and the answered cells some gem must
    cover (the cell, then a 16-bit mask of the kinds that show its content)."""
    forbidden = b"".join(f.to_bytes(16, "little") for f in setup.forbidden)
    answers = bytearray()
    for a in setup.cells:
        if a.content != "empty":
            shows = sum(1 << i for i, k in enumerate(setup.kinds) if shown_by(k) == a.content)
            answers += bytes([a.cell, shows & 0xFF, shows >> 8])
    return forbidden, bytes(answers)


def _start_search(puzzle: Puzzle, lazy: bool = False):
    """The compiled frontier search started on the puzzle (as
    `solver.orapa.search.frontier_compiled.families` starts it; that function builds a Python family
    per leaf, which counting does without), with lazy pinning when asked; None when an answer
    rules out every layout."""
    setup = prepare(puzzle)
    if setup is None:
        return None
    return setup, frontier_compiled._start(puzzle, setup, lazy)


LAZY = os.environ.get("ORAPA_LAZY", "1") != "0"   # count the lazy search's leaves (_lazy.c)
# The lazy search takes up to 16 gems (_lazy.c, MAXI), but past 10 it is slower than the plain
# one: with 14 gems (double, 24 answers) 0.3 s became more than 10 s on some states, the plain
# search's cuts on fixed gems (touching, sight lines) pruning far more there.
_LAZY_MAX_GEMS = 10


def lazy_applies(puzzle: Puzzle) -> bool:
    """Can the lazy frontier search take the puzzle: built, few enough gems (every kind's
    placements fit the kernel's sets: `kernel_applies`)?"""
    kernel = frontier_compiled._KERNEL
    return (kernel is not None and hasattr(kernel, "lazy_start")
            and len(puzzle.gems) <= _LAZY_MAX_GEMS)


def _by_colour(row: dict[Gem, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for gem, n in row.items():
        out[gem.color] = out.get(gem.color, 0) + n
    return out
