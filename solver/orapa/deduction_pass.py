"""The pass over the wave search's families that rules out pairs by masks alone.

The families partition the consistent layouts, and a family can show a content only on its
fixed gems of that content, in its free gems' reach and, for `empty`, off its fixed gems. One
pass over the puzzle's families, reading those masks (no member search), proves impossible at
once every pair none of them could show (`rule_out_by_families`); `FamilyPass` does it in
parts, so the deduction map can try it briefly, do something else and take it up again.
"""
from __future__ import annotations

import time
from typing import Generator, Iterable

from games.errors import LimitReached
from games.orapa.answers import shown_by
from games.orapa.placements import Placement, bits, placements
from games.orapa.puzzle import Puzzle
from solver.orapa.deduction_families import blocked_by, free_reach
from solver.orapa.deduction_witnesses import ALL_CELLS, WitnessMap
from solver.orapa.search import frontier_compiled
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.search.search_setup import prepare


def rule_out_by_families(found: WitnessMap, puzzle: Puzzle, deadline: float) -> bool:
    """Prove impossible at once every pair not shown that no family of the wave search could
    show, reading masks only (no member search): the families partition the consistent
    layouts, and a family shows a content at most on its fixed gems of that content, in its
    free gems' reach (`free_reach`) and, for `empty`, off its fixed gems. When dozens of pairs
    are left that each take the wave search with the cell answer added a tenth of a second
    or more (every family empty, 20,000 to 100,000 of them per pair), one pass over the
    puzzle's own families settles them together. False (nothing proved) when the families
    are not all listed before `deadline`."""
    return FamilyPass(found, puzzle).run(deadline)


class FamilyPass:
    """`rule_out_by_families` in parts: `run` goes on where the last one stopped (between two
    steps of the compiled search), so that the pass can be tried briefly, something else
    tried, and the pass taken up again without losing what it did."""

    def __init__(self, found: WitnessMap, puzzle: Puzzle) -> None:
        self.found, self.puzzle = found, puzzle
        self.open_cells = {x: found.unshown_mask(x) for x in found.contents}
        self.deadline = [0.0]   # the compiled search's, moved by each `run`
        self.steps = (_compiled_steps(puzzle, self.open_cells, self.deadline)
                      if frontier_compiled.available(puzzle) else None)
        self.finished: bool | None = None   # True once it ruled out; False past a deadline

    def run(self, deadline: float, pause: float | None = None) -> bool:
        """Go on until the pass is over (True: the pairs no family could show are ruled out)
        or `deadline` (False: it cannot go on); with `pause`, stop after the step that
        passes it (False, and `run` may be called again)."""
        if self.finished is not None:
            return self.finished
        reach: dict[str, int] | None
        if self.steps is None:
            reach = _families_reach(self.puzzle, self.open_cells, deadline)
        else:
            self.deadline[0] = deadline
            try:
                while True:
                    next(self.steps)
                    if pause is not None and time.monotonic() > pause:
                        return False
            except StopIteration as over:
                reach = over.value
            except LimitReached:
                reach = None
        if reach is None:
            self.finished = False
            return False
        found = self.found
        found.impossible.update((c, x) for x in found.contents
                                for c in bits(found.unshown_mask(x) & ~reach[x]))
        self.finished = True
        return True


def _add_reach(reach: dict[str, int], open_cells: dict[str, int],
               fixed: Iterable[tuple[str, Placement]], free: Iterable[tuple[str, str, int]],
               mirror: bool) -> None:
    """Adds one family's cells to `reach`: its fixed gems' (content, placement), empty off
    them, and each free gem's (shape, content, cells to avoid) reach where `open_cells` still
    asks."""
    fixed_cells = used = touch = 0
    for content, p in fixed:
        fixed_cells |= p.cell_mask
        used |= p.mask
        touch |= p.touch_mask
        reach[content] |= p.cell_mask
    reach["empty"] |= ALL_CELLS & ~fixed_cells
    blocked = None
    for shape, content, avoid in free:
        if open_cells[content] & ~reach[content] & ~avoid:
            if blocked is None:
                blocked = blocked_by(used, touch)
            reach[content] |= free_reach(shape, mirror, avoid, *blocked)


def _families_reach(puzzle: Puzzle, open_cells: dict[str, int], deadline: float
                    ) -> dict[str, int] | None:
    """Per content, the cells some family could show it on, as far as `open_cells` asks
    (see `rule_out_by_families`); None past the deadline."""
    reach = dict.fromkeys(open_cells, 0)
    try:
        for family in frontier_families(puzzle, deadline):
            _add_reach(reach, open_cells,
                       ((shown_by(g.gem), g.placement) for g in family.fixed),
                       ((gem.shape, shown_by(gem), avoid)
                        for gem, avoid in zip(family.free, family.avoid)), family.mirror)
            if _covered(reach, open_cells):
                return reach
    except LimitReached:
        return None
    return reach


RAW_BATCH = 1024   # the compiled search's leaves read at a time by `_compiled_steps`


def _compiled_steps(puzzle: Puzzle, open_cells: dict[str, int], deadline: list[float]
                    ) -> Generator[None, None, dict[str, int]]:
    """`_families_reach` from the compiled search's leaves as it gives them (kinds left free,
    path cells, fixed (kind, placement) pairs), with no family object per leaf (three times
    faster on states of 70,000 families), a step of the search at a time: yields after each
    one (the caller may stop there and go on later), returns the reach; LimitReached past
    `deadline[0]` (read at each step, so that the caller can move it)."""
    setup = prepare(puzzle)
    reach = dict.fromkeys(open_cells, 0)
    if setup is None:
        return reach
    kernel, mirror = frontier_compiled._KERNEL, puzzle.rules.mirror
    assert kernel is not None   # the caller asked frontier_compiled.available
    shown = [shown_by(kind) for kind in setup.kinds]
    options = [placements(kind.shape, mirror) for kind in setup.kinds]
    search = frontier_compiled._start(puzzle, setup)
    while True:
        status, _, leaves = kernel.step(search, RAW_BATCH,
                                        frontier_compiled._kernel_deadline(deadline[0]), -1)
        for left, paths, placed in leaves:
            _add_reach(reach, open_cells,
                       ((shown[i], options[i][index]) for i, index in placed),
                       ((setup.kinds[i].shape, shown[i], paths | setup.forbidden[i])
                        for i, n in enumerate(left) if n), mirror)
        if status == 1 or _covered(reach, open_cells):
            return reach
        if status != 0:
            raise LimitReached("time limit reached while passing over the families")
        yield None


def _covered(reach: dict[str, int], open_cells: dict[str, int]) -> bool:
    """Does `reach` already take in every open cell? Then the rest of the families cannot
    rule anything out (the pass ends there: what it returns rules out nothing either)."""
    return all(not cells & ~reach[x] for x, cells in open_cells.items())
