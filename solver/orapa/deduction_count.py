"""The exact count with its marginals, in parts: the deduction map's count taken up again.

The deduction map tries the count several times (briefly first, then longer when the pairs
look costly, then again after other steps), and `solver.orapa.counting.exact.exact_possible`
starts over each time: on full states of 6 answers whose count takes 1.3 to 3 s of CPU, tries
of 0.1, 1.3 and 1.4 s each failed where the three together would have finished. `PausedCount`
keeps the compiled search and the sums between tries: `run` goes on from the last batch of
leaves counted. The compiled search stops cleanly only when it has handed over a batch of
leaves (at a time limit it drops the node it was expanding), so it is given the map's own
deadline and the pause is checked between small batches; the counting kernel is given the
pause, and a batch it did not finish is counted again at the next try.
"""
from __future__ import annotations

import time
from typing import Any, Generator

from games.orapa.board import CELLS
from games.orapa.puzzle import Puzzle
from solver.orapa.counting import family_counts
from solver.orapa.counting.family_counts import LayoutCount
from solver.orapa.search import frontier_compiled

FIRST_BATCH = 64      # leaves handed over by the compiled search per step, at first:
STEP_SECONDS = 0.01   # the batch doubles while a step (search and count) takes less than
LAST_BATCH = 4096     # this, up to this many leaves (the count's own batch)

Possible = tuple[dict[int, set[str]], int]   # per cell, its possible contents; the count


class PausedCount:
    """The exact count of the puzzle's consistent layouts with marginals, run in parts (see
    the module's docstring). Made by `start`, which declines where counting does not apply
    or reads its answer from elsewhere (the empty board)."""

    def __init__(self, puzzle: Puzzle, kernel_search: tuple[Any, Any], lazy: bool) -> None:
        self.puzzle, self.lazy = puzzle, lazy
        self.kinds = tuple(sorted(set(puzzle.gems)))
        mirror = puzzle.rules.mirror
        # the thread's tables (built once per gem set: 10 to 20 ms); other counts clear its
        # sums too, but each batch here is cleared, counted and read in one go
        self.context = family_counts._context(self.kinds, mirror)
        self.total = 0
        self.by_cell = [[0] * len(self.kinds) for _ in range(CELLS)]   # members, by kind
        self.pause = self.deadline = -1.0   # the kernels' limits, moved by each `run`
        self.pending: tuple[int, bytes] | None = None   # a batch of leaves still to count
        self.steps = self._steps(kernel_search[0], kernel_search[1], lazy)
        self.result: Possible | None = None
        self.finished = False   # True once counted, or once a kernel ran out of time
        self.seconds = 0.0      # spent counting so far
        self.nodes = self.leaves = 0   # the lazy search's so far

    @classmethod
    def start(cls, puzzle: Puzzle) -> PausedCount | None:
        """A count in parts of the puzzle, or None where it does not apply: rule `touching
        any`, no compiled kernels, or the empty board (read from disk, or not counted at all:
        `solver.orapa.counting.exact`)."""
        if (puzzle.rules.touching != "corner" or not puzzle.observations
                or not family_counts.kernel_applies(puzzle.gems, puzzle.rules.mirror)
                or not frontier_compiled.available(puzzle)):
            return None
        lazy = family_counts.LAZY and family_counts.lazy_applies(puzzle)
        search = family_counts._start_search(puzzle, lazy)
        if search is None:   # an answer rules out every layout
            return None
        return cls(puzzle, search, lazy)

    @classmethod
    def plain(cls, count: PausedCount) -> PausedCount | None:
        """The same count over the plain search's families, beside a count over the lazy
        search's leaves (None when `count` is not one): each search is the faster one on
        some states (full mine 1 of 50 at 6 answers: 0.2 s of CPU by the families, 1.9 s by
        the lazy leaves; mine 34: 2.1 s against 0.65 s)."""
        if not count.lazy:
            return None
        search = family_counts._start_search(count.puzzle, False)
        return None if search is None else cls(count.puzzle, search, False)

    def run(self, pause: float, deadline: float | None) -> Possible | None:
        """Count on until the step that passes `pause` (`time.monotonic()`; none when it is
        already past) or the end: the possible contents and the count when the count is
        over, else None (`run` may be called again, until `finished`). A kernel past
        `deadline` ends the count for good."""
        if self.finished or time.monotonic() > pause:
            return self.result
        self.pause, self.deadline = pause, -1.0 if deadline is None else deadline
        start = time.monotonic()
        try:
            while True:
                next(self.steps)
                if time.monotonic() > pause:
                    break
        except StopIteration as over:
            self.finished = True
            if over.value:
                self.result = self._possible()
        self.seconds += time.monotonic() - start
        return self.result

    def nodes_per_leaf(self) -> float:
        """The lazy search's nodes per leaf handed over so far (its nodes when none): high
        where its leaves are sparse, and the plain search's cuts may prune more."""
        return self.nodes / max(1, self.leaves)

    def _steps(self, setup: Any, handle: Any, lazy: bool) -> Generator[None, None, bool]:
        """The count a batch of leaves at a time (yields after each); returns True when it
        is exact, False when the search ran out of time. A batch whose count runs past the
        pause (one leaf can hold billions of members: 10 s of counting on full mine 14 of 50
        at 6 answers) is counted again from its start at the next `run`, the rest kept: each
        batch is counted on its own (the kernel's sums cleared) and its sums added here."""
        kernel, puzzle = frontier_compiled._KERNEL, self.puzzle
        assert kernel is not None
        forbidden, answers = family_counts.kernel_inputs(setup)
        tally = self.context.count_lazy if lazy else self.context.count_leaves
        batch = FIRST_BATCH
        while True:
            began = time.monotonic()
            if self.pending is None:
                # the search stops cleanly only with a batch handed over: the map's deadline
                clock = family_counts._kernel_deadline(self._deadline())
                if lazy:
                    status, nodes, leaves, handed = kernel.lazy_step(handle, batch, clock, -1)
                    self.nodes, self.leaves = self.nodes + nodes, self.leaves + handed
                else:
                    status, _, leaves = kernel.step(handle, batch, clock, -1)
                if status not in (0, 1):
                    return False
                self.pending = status, leaves
            status, leaves = self.pending
            if leaves:
                self.context.reset()
                counted = tally(leaves, forbidden, answers, puzzle.rules.visibility,
                                True, family_counts._kernel_deadline(self.pause), -1)
                if counted[0] != 1:
                    yield None   # past the pause: this batch again at the next run
                    continue
                self._add(self.context.marginals())
            self.pending = None
            if status == 1:
                return True
            if time.monotonic() - began < STEP_SECONDS:
                batch = min(LAST_BATCH, 2 * batch)
            yield None

    def _add(self, sums: tuple[int, list[list[int]]]) -> None:
        """Adds one batch's count and sums by cell and kind to the count's."""
        total, rows = sums
        self.total += total
        for mine, theirs in zip(self.by_cell, rows):
            for kind, n in enumerate(theirs):
                mine[kind] += n

    def _deadline(self) -> float | None:
        return None if self.deadline < 0 else self.deadline

    def _possible(self) -> Possible:
        """The map and the count from the kernel's sums."""
        if self.total == 0:
            return {c: set() for c in range(CELLS)}, 0
        counted = LayoutCount(self.total, True, by_cell=[
            family_counts._by_colour({k: n for k, n in zip(self.kinds, row) if n})
            for row in self.by_cell])
        return {c: counted.possible(c) for c in range(CELLS)}, self.total
