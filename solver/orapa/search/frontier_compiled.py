"""The compiled frontier search (`solver/orapa/search/_frontier.c`): inputs packed, leaves unpacked.

`solver.orapa.search.frontier_search.python_frontier_families` is the reference: the C code searches
the same nodes in the same order and gives the same families (the tests compare them). The
extension is optional (built when a C compiler is there); ORAPA_FRONTIER=python in the
environment asks for the Python search.
"""
from __future__ import annotations

import os
import time
from functools import lru_cache
from types import ModuleType
from typing import Callable, Iterator

from games.errors import LimitReached
from games.orapa.answers import shown_by
from games.orapa.board import CELLS, ENTRY, EXIT_PORT, NEIGHBOUR
from games.orapa.layout import PlacedGem
from games.orapa.placements import placements
from games.orapa.puzzle import Puzzle
from games.orapa.waves import ROUTE
from solver.orapa.search.search_setup import family_of, prepare
from solver.orapa.search.sight import sight_lines
from solver.orapa.search.path_family import PathFamily

_MAX_KINDS = 16       # the C search's limits (_frontier.c)
_MAX_GEMS = 64
_MAX_WAVES = 4096
_MAX_COUNT = 0xFFFF   # a bounce count travels in two bytes
BATCH = 64            # leaves asked of the C search at a time


def _load() -> ModuleType | None:
    if os.environ.get("ORAPA_FRONTIER", "").lower() == "python":
        return None
    try:
        from solver.orapa.search import _frontier  # type: ignore[attr-defined]  # compiled: no stub
    except ImportError:
        return None
    return _frontier


_KERNEL = _load()


def available(puzzle: Puzzle) -> bool:
    """Can the compiled search take this puzzle (built and within its fixed limits)? Every
    answer kind (O9: colours, bounce counts or both) is followed by it."""
    return (_KERNEL is not None and len(set(puzzle.gems)) <= _MAX_KINDS
            and len(puzzle.gems) <= _MAX_GEMS and len(puzzle.observations) <= _MAX_WAVES
            and all((b := getattr(o, "bounces", None)) is None or 0 <= b <= _MAX_COUNT
                    for o in puzzle.observations))


def _signed(values: list[int]) -> bytes:
    return bytes(v & 0xFF for v in values)


@lru_cache(maxsize=1)
def _tables() -> bytes:
    """Neighbours, exit ports and the routing (out direction), as _frontier.c reads them."""
    return (_signed([n for row in NEIGHBOUR for n in row])
            + _signed([e for row in EXIT_PORT for e in row])
            + bytes(ROUTE[m][d][0] for m in range(16) for d in range(4)))


@lru_cache(maxsize=None)
def _placement_bytes(shape: str, mirror: bool) -> bytes:
    """Every placement of a shape: quarter mask, touch mask, cell mask, (cell, pattern) parts
    and sight lines."""
    out = bytearray()
    for p in placements(shape, mirror):
        parts = [c for c in range(CELLS) if p.cell_mask >> c & 1]
        out += p.mask.to_bytes(40, "little") + p.touch_mask.to_bytes(40, "little")
        out += p.cell_mask.to_bytes(16, "little") + bytes([len(parts)])
        for c in parts:
            out += bytes([c, (p.mask >> 4 * c) & 15])
        lines = sight_lines(p.cell_mask)
        out += bytes([len(lines)]) + b"".join(m.to_bytes(16, "little") for m in lines)
    return bytes(out)


MOST_NODES = (1 << 63) - 1   # the kernel's node budget is a C long long: a larger one is none


def _kernel_deadline(deadline: float | None) -> float:
    """The deadline (a `time.monotonic()` reading) on the kernel's clock, CLOCK_MONOTONIC, or
    -1 for none. `time.monotonic` may be another clock: the benchmarks count CPU time with it."""
    if deadline is None:
        return -1.0
    return time.clock_gettime(time.CLOCK_MONOTONIC) + max(0.0, deadline - time.monotonic())


def _start(puzzle: Puzzle, setup, lazy: bool = False, seed: int = 0,
           graded: bool = False):
    """The compiled search started on the prepared puzzle: its gems, waves and masks packed as
    the kernel reads them (also used by `solver.orapa.counting.family_counts`, which counts its
    leaves). `lazy`: the search with lazy pinning (`_lazy.c`), whose leaves only counting reads.
    `seed`: nonzero to search each node's children in a shuffled order (plain search only).
    `graded`: without the cover cut (see `frontier_search.frontier_families`)."""
    mirror = puzzle.rules.mirror
    kinds = bytearray()
    for i, _ in enumerate(setup.kinds):
        kinds += bytes([setup.counts[i], setup.bits[i], int(setup.black[i])])
        kinds += setup.forbidden[i].to_bytes(16, "little")
    waves = bytearray()
    for o, met in zip(setup.shots, setup.placeable):
        cell, direction = ENTRY[o.port]
        exit_ = -1 if o.exit is None else o.exit
        waves += bytes([o.port, cell, direction, exit_ & 0xFF, o.color or 0])
        # flags: 1 the colour is not said (a bounce-only answer), 2 a bounce count is (O9)
        flags = int(o.color is None) | 2 * int(o.bounces is not None)
        waves += sum(1 << i for i in met).to_bytes(4, "little") + bytes([flags])
        waves += (o.bounces or 0).to_bytes(2, "little")
    masks = (setup.answered.to_bytes(16, "little") + setup.empty0.to_bytes(16, "little")
             + bytes([setup.met_by_all, puzzle.rules.visibility, not graded]))
    assert _KERNEL is not None   # callers ask available() first
    tables = (_tables(), bytes(kinds),
              tuple(_placement_bytes(k.shape, mirror) for k in setup.kinds), bytes(waves), masks)
    if lazy:
        return _KERNEL.lazy_start(*tables)
    return _KERNEL.start(*tables, seed & ((1 << 64) - 1)) if seed else _KERNEL.start(*tables)


def families(puzzle: Puzzle, deadline: float | None = None, nodes: list[int] | None = None,
             max_nodes: int | None = None, seed: int = 0,
             graded: bool = False, batch: int = BATCH,
             avoid: dict[str, int] | None = None,
             target: tuple[str, Callable[[], int]] | None = None) -> Iterator[PathFamily]:
    """`frontier_families` by the compiled search (see `available`); a nonzero `seed`
    shuffles each node's children (a restart down other branches). The C search hands over
    `batch` leaves a step: 1 gives each family as soon as it is reached. `avoid`: per
    content, cells no gem showing it may cover, known to hold in every consistent layout
    (pairs the deduction map proved impossible): the same layouts, found with fewer nodes.
    `target`: (content, cells), only the branches where a gem showing the content covers,
    or may still cover, one of the cells `cells()` gives before each step (a mask that may
    shrink as the caller learns: a family left out has no member showing the content in
    a cell that was asked when it was left out)."""
    if nodes is None:
        nodes = [0]
    search = PausedSearch(puzzle, avoid, target, seed, graded)
    yield from search.families(deadline, None if max_nodes is None else max_nodes - nodes[0],
                               batch, nodes)


class PausedSearch:
    """The compiled search (as `families`), which a limit only pauses: `families` may be
    called again, with more time or nodes, and goes on from where the last call stopped (the
    kernel keeps the node it was at). The deduction map's groups are taken up again so. A
    kernel built before that (no `PAUSES`) drops its place at a limit: the search is then
    `over` with families left out, and its caller must not take it for a proof."""

    def __init__(self, puzzle: Puzzle, avoid: dict[str, int] | None = None,
                 target: tuple[str, Callable[[], int]] | None = None, seed: int = 0,
                 graded: bool = False) -> None:
        assert _KERNEL is not None
        self.over = False   # every family handed over
        self.nodes = 0      # the search's nodes so far
        self.target = target
        setup = self.setup = prepare(puzzle, both_ends=not graded)
        self.kinds = 0 if target is None or setup is None else sum(
            1 << i for i, kind in enumerate(setup.kinds) if shown_by(kind) == target[0])
        if setup is None or (target is not None and not self.kinds):
            self.over = True   # no layout at all, or no gem shows that content
            return
        if avoid:
            for i, kind in enumerate(setup.kinds):
                setup.forbidden[i] |= avoid.get(shown_by(kind), 0)
        self.rules = puzzle.rules
        self.search = _start(puzzle, setup, seed=seed, graded=graded)
        self.options = [placements(k.shape, puzzle.rules.mirror) for k in setup.kinds]
        self.gems: dict[tuple[int, int], PlacedGem] = {}   # each gem at each placement once

    def _placed_gem(self, i: int, index: int) -> PlacedGem:
        gem = self.gems.get((i, index))
        if gem is None:
            assert self.setup is not None
            gem = self.gems[i, index] = PlacedGem(self.setup.kinds[i], self.options[i][index])
        return gem

    def families(self, deadline: float | None = None, max_nodes: int | None = None,
                 batch: int = BATCH, nodes: list[int] | None = None) -> Iterator[PathFamily]:
        """The families from where the search stopped, until it is over (`over`), or
        LimitReached past `deadline` or `max_nodes` more nodes (call again to go on);
        `nodes[0]` counts the nodes made."""
        if self.over:
            return
        assert _KERNEL is not None and self.setup is not None
        budget = -1 if max_nodes is None else min(self.nodes + max(0, max_nodes), MOST_NODES)
        while True:
            if self.target is not None:
                _KERNEL.set_target(self.search, self.kinds,
                                   self.target[1]().to_bytes(16, "little"))
            status, work, leaves = _KERNEL.step(self.search, batch, _kernel_deadline(deadline),
                                                budget)
            self.nodes += work
            if nodes is not None:
                nodes[0] += work
            for left, paths, placed in leaves:
                yield family_of(self.setup, self.rules,
                                tuple(self._placed_gem(i, index) for i, index in placed),
                                left, paths)
            if status == 1:
                self.over = True
                return
            if status in (2, 3) and not getattr(_KERNEL, "PAUSES", 0):
                self.over = True   # (a kernel built before pauses drops its place: no more)
            if status == 2:
                raise LimitReached("time limit reached while listing families")
            if status == 3:
                raise LimitReached(f"more than {max_nodes} search nodes")


def lazy_leaves(puzzle: Puzzle, deadline: float | None = None, nodes: list[int] | None = None
                ) -> Iterator[tuple[tuple[int, ...], int, tuple[tuple[int, int], ...]]]:
    """The leaves of the lazy frontier search (`_lazy.c`), decoded as
    `solver.orapa.search.lazy_search.python_lazy_leaves` gives them: (gems left by kind, path
    cells, ((kind, placement set), ...)). Counting reads the packed leaves directly; this is
    for the tests."""
    assert _KERNEL is not None
    setup = prepare(puzzle)
    if setup is None:
        return
    if nodes is None:
        nodes = [0]
    search = _start(puzzle, setup, lazy=True)
    nk = len(setup.kinds)
    while True:
        status, work, blob, _ = _KERNEL.lazy_step(search, BATCH, _kernel_deadline(deadline), -1)
        nodes[0] += work
        at = 0
        while at < len(blob):
            n = blob[at]
            left = tuple(blob[at + 1:at + 1 + nk])
            paths = int.from_bytes(blob[at + 1 + nk:at + 17 + nk], "little")
            at += 17 + nk
            touched = []
            for _ in range(n):
                touched.append((blob[at], int.from_bytes(blob[at + 1:at + 41], "little")))
                at += 41
            yield left, paths, tuple(touched)
        if status == 1:
            return
        if status == 2:
            raise LimitReached("time limit reached while listing families")
