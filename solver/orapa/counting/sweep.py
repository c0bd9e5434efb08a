"""Exact counts by a column sweep: families too large for the counting kernel's search.

The kernel (`solver.orapa.counting.family_counts`) places a family's free gems one by one, so
its work grows with the product of their placements: a family of 10^10 layouts takes seconds,
full's empty board (about 10^14) days. This count merges work instead. The board is swept
column by column (10 columns); every placement is decided at its leftmost column, and what the
columns still to come need of the past is a small *boundary*:

- how many gems of each slot are still to place (identical gems as a number: O6, each layout
  once);
- the quarters taken in the columns to come (and the east quarters of the column just closed:
  a gem starting next may not share that edge), and the placements still reaching right, each
  with whether a port already sees it (O3);
- for the left ports, the rows that already hold a gem; the top and bottom ports of a column
  are settled when the column closes (every gem covering it is then known);
- for the right ports, per gem not yet seen, the rows in which it is still the last gem (a
  later gem in that row takes the row away; a gem left with none can never be seen and ends
  the boundary; at the end each gem still unseen is seen from the right).

A cell answered with a colour is checked when its column closes; forbidden cells are simply
missing from the slots' candidates. Boundaries reached from different left parts are merged,
so the work grows with the number of distinct boundaries, not of layouts. With marginals, a
backward pass over the same steps gives, per placement, the layouts holding it (forward count
of the boundary before times backward count after), spread over cells by gem.

The steps here are the reference; `_sweep.c` runs the same steps compiled when it is built.
`solver.orapa.counting.sweep_family` turns the searches' families into sweep problems. The
sweep is exact but, measured, slower than the kernel on every family tried (base's empty
board 100 s against 6 s: docs/solver.md 6a), so `count_layouts` does not call it.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from functools import lru_cache, partial
from types import ModuleType
from typing import Callable, Iterator

from games.errors import LimitReached
from games.orapa.board import CELLS, COLUMNS, ROWS
from games.orapa.gems import Gem
from games.orapa.placements import placements

State = tuple[tuple[int, ...], int, int, tuple[tuple[int, int], ...], tuple[int, ...]]
Step = Callable[[State], list[tuple[State, tuple[int, ...]]]]


@dataclass(frozen=True)
class Slot:
    """Gems of one kind that share their candidates (indexes into `placements(shape,
    mirror)`): a fixed gem is a slot of one candidate, identical free gems one slot of
    `copies`."""

    gem: Gem
    candidates: tuple[int, ...]
    copies: int = 1


@dataclass(frozen=True)
class SweepProblem:
    """What the sweep counts: every way to place all slots' gems at their candidates,
    pairwise without overlap or shared edge, each gem seen from a port when `visibility`,
    and every cell of `required` covered by a gem that shows its content (a colour, or
    `absorbed` for black)."""

    slots: tuple[Slot, ...]
    required: tuple[tuple[int, str], ...]
    visibility: bool
    mirror: bool


def shown(gem: Gem) -> str:
    """What a cell question answers over this gem."""
    return "absorbed" if gem.color == "black" else gem.color


@lru_cache(maxsize=None)
def _relevant(column: int) -> int:
    """The quarters a placement starting at `column` may meet: every quarter of this column
    and the next, and the east quarters of the column before (a shared edge)."""
    mask = 0
    for cell in range(CELLS):
        x = cell % COLUMNS
        if x >= column:
            mask |= 15 << 4 * cell
        elif x == column - 1:
            mask |= 2 << 4 * cell
    return mask


@dataclass(frozen=True)
class _Shape:
    """One placement as the sweep reads it."""

    gem: Gem
    mask: int
    touch: int
    left: int                           # leftmost column
    right: int                          # rightmost column
    rows: tuple[int, ...]               # per column: the rows it covers there (a mask)
    cells: int


def _shape(gem: Gem, index: int, mirror: bool) -> _Shape:
    p = placements(gem.shape, mirror)[index]
    rows = [0] * COLUMNS
    for cell in range(CELLS):
        if p.cell_mask >> cell & 1:
            rows[cell % COLUMNS] |= 1 << cell // COLUMNS
    columns = [x for x in range(COLUMNS) if rows[x]]
    return _Shape(gem, p.mask, p.touch_mask, columns[0], columns[-1], tuple(rows), p.cell_mask)


class _Sweep:
    """The steps of one problem: per column, one step per slot (which of its gems start in
    this column), then the column's closing."""

    def __init__(self, problem: SweepProblem) -> None:
        self.problem = problem
        self.shapes: list[_Shape] = []
        ids: dict[tuple[Gem, int], int] = {}
        # a gem may not cover a cell answered with what it does not show: then a coloured
        # answer is kept exactly when its cell is covered at all
        wrong: dict[str, int] = {}
        for cell, content in problem.required:
            for slot in problem.slots:
                if shown(slot.gem) != content:
                    wrong[shown(slot.gem)] = wrong.get(shown(slot.gem), 0) | 1 << cell
        # per slot and column: the placement ids starting there, in placement order
        self.starts: list[list[list[int]]] = []
        self.last_start: list[int] = []
        for slot in problem.slots:
            by_column: list[list[int]] = [[] for _ in range(COLUMNS)]
            for index in sorted(set(slot.candidates)):
                key = (slot.gem, index)
                if key not in ids:
                    ids[key] = len(self.shapes)
                    self.shapes.append(_shape(slot.gem, index, problem.mirror))
                pid = ids[key]
                if not self.shapes[pid].cells & wrong.get(shown(slot.gem), 0):
                    by_column[self.shapes[pid].left].append(pid)
            self.starts.append(by_column)
            self.last_start.append(max((x for x in range(COLUMNS) if by_column[x]), default=-1))
        self.required = [0] * COLUMNS   # per column: the rows a gem must cover
        for cell, _ in problem.required:
            self.required[cell % COLUMNS] |= 1 << cell // COLUMNS

    def start(self) -> State:
        return (tuple(slot.copies for slot in self.problem.slots), 0, 0, (), ())

    def steps(self) -> list[Step]:
        out: list[Step] = []
        for x in range(COLUMNS):
            for s in range(len(self.problem.slots)):
                out.append(partial(self.place, x=x, s=s))
            out.append(partial(self.close, x=x))
        return out

    def place(self, state: State, x: int, s: int) -> list[tuple[State, tuple[int, ...]]]:
        """Every choice of slot s's gems starting in column x (none included); a gem placed
        is not seen yet."""
        left_to_place, used, rows_held, unseen, gone = state
        n = left_to_place[s]
        if n == 0:
            return [(state, ())]
        options = self.starts[s][x]
        out: list[tuple[State, tuple[int, ...]]] = []
        last_chance = self.last_start[s] <= x
        shapes = self.shapes
        visibility = self.problem.visibility

        def choose(i: int, taken: tuple[int, ...], used: int) -> None:
            if not (last_chance and len(taken) < n):
                counts = list(left_to_place)
                counts[s] -= len(taken)
                waiting = unseen
                if taken and visibility:
                    waiting = tuple(sorted(unseen + tuple((pid, 0) for pid in taken)))
                out.append(((tuple(counts), used, rows_held, waiting, gone), taken))
            if len(taken) == n:
                return
            for j in range(i, len(options)):
                shape = shapes[options[j]]
                if shape.mask & used or shape.touch & used:
                    continue
                choose(j + 1, taken + (options[j],), used | shape.mask)

        choose(0, (), used)
        return out

    def close(self, state: State, x: int) -> list[tuple[State, tuple[int, ...]]]:
        """Column x is complete: check its answered cells, settle its top, bottom and left
        ports and the rows' last gems, and retire the placements that end here. Gems seen
        are kept only in the quarters taken (`used`): nothing else of them matters later."""
        left_to_place, used, rows_held, unseen, gone = state
        covered = 0
        for y in range(ROWS):
            if used >> 4 * (y * COLUMNS + x) & 15:
                covered |= 1 << y
        if self.required[x] & ~covered:
            return []
        used &= _relevant(x + 1)
        if not self.problem.visibility:
            return [((left_to_place, used, 0, (), ()), ())]
        seen = 0
        if covered:
            top = covered & -covered
            bottom = 1 << covered.bit_length() - 1
            first = covered & ~rows_held                 # rows whose left port meets it
            seen_rows = top | bottom | first
            for i, (pid, _) in enumerate(unseen):
                if self.shapes[pid].rows[x] & seen_rows:
                    seen |= 1 << i
            rows_held |= covered
            gone = tuple(r & ~covered for r in gone)
            if 0 in gone:
                return []
        new_gone = list(gone)
        waiting: list[tuple[int, int]] = []
        for i, (pid, last_rows) in enumerate(unseen):
            if seen >> i & 1:
                continue
            shape = self.shapes[pid]
            last_rows = (last_rows & ~covered) | shape.rows[x]
            if shape.right > x:
                waiting.append((pid, last_rows))
            elif not last_rows:
                return []
            else:
                new_gone.append(last_rows)
        return [((left_to_place, used, rows_held, tuple(waiting), tuple(sorted(new_gone))),
                 ())]


def _advance(step: Step, layer: dict[State, int], deadline: float | None) -> dict[State, int]:
    out: dict[State, int] = {}
    for n, (state, weight) in enumerate(layer.items()):
        if deadline is not None and n % 1024 == 0 and time.monotonic() > deadline:
            raise LimitReached("time limit reached while sweeping a family")
        for following, _ in step(state):
            out[following] = out.get(following, 0) + weight
    return out


def _load() -> ModuleType | None:
    if os.environ.get("ORAPA_COUNTING", "").lower() == "python":
        return None
    try:
        from solver.orapa.counting import _sweep  # type: ignore[attr-defined]  # compiled: no stub
    except ImportError:
        return None
    return _sweep


_KERNEL = _load()


def sweep_count(problem: SweepProblem, marginals: bool = False, deadline: float | None = None,
                max_states: int | None = None) -> tuple[int, list[dict[Gem, int]] | None]:
    """The number of placements of the problem's gems (see `SweepProblem`), and with
    `marginals` per cell the number of them in which each gem kind covers it. Compiled
    (`_sweep.c`) when built, else the Python steps. Raises LimitReached past `deadline`
    (time.monotonic()) or when a step reaches more than `max_states` boundaries."""
    sweep = _Sweep(problem)
    if _KERNEL is not None and len(problem.slots) <= 16 and sum(
            slot.copies for slot in problem.slots) <= 16:
        status, total, held = _KERNEL.count(*_blobs(sweep), problem.visibility, marginals,
                                            _clock(deadline),
                                            -1 if max_states is None else max_states)
        if status == 2:
            raise LimitReached("time limit reached while sweeping a family")
        if status == 3:
            raise LimitReached(f"more than {max_states} boundaries in a sweep")
    else:
        total, held = _python_count(sweep, marginals, deadline, max_states)
    if not marginals:
        return total, None
    by_cell: list[dict[Gem, int]] = [{} for _ in range(CELLS)]
    for shape, n in zip(sweep.shapes, held or []):
        if n:
            for cell in _cells(shape.cells):
                by_cell[cell][shape.gem] = by_cell[cell].get(shape.gem, 0) + n
    return total, by_cell


def _clock(deadline: float | None) -> float:
    """A `time.monotonic()` deadline on the compiled sweep's clock (CLOCK_MONOTONIC)."""
    if deadline is None:
        return -1.0
    return time.clock_gettime(time.CLOCK_MONOTONIC) + max(0.0, deadline - time.monotonic())


def _blobs(sweep: _Sweep) -> tuple[bytes, bytes, bytes]:
    """The problem as `_sweep.count` reads it: placements, slots, required rows."""
    shapes = b"".join(s.mask.to_bytes(40, "little") + s.touch.to_bytes(40, "little")
                      + bytes([s.left, s.right, *s.rows]) for s in sweep.shapes)
    slots = bytearray()
    for slot, by_column in zip(sweep.problem.slots, sweep.starts):
        slots.append(slot.copies)
        for pids in by_column:
            slots += len(pids).to_bytes(2, "little")
            for pid in pids:
                slots += pid.to_bytes(2, "little")
    return shapes, bytes(slots), bytes(sweep.required)


def _python_count(sweep: _Sweep, marginals: bool, deadline: float | None,
                  max_states: int | None) -> tuple[int, list[int] | None]:
    """The count, and per placement id the layouts holding it (with `marginals`)."""
    steps = sweep.steps()
    layers = [{sweep.start(): 1}]
    for step in steps:
        following = _advance(step, layers[-1], deadline)
        if max_states is not None and len(following) > max_states:
            raise LimitReached(f"more than {max_states} boundaries in a sweep")
        if marginals:
            layers.append(following)
        else:
            layers = [following]
        if not following:
            break
    total = sum(layers[-1].values()) if len(layers[-1]) else 0
    held = [0] * len(sweep.shapes)
    if not total or not marginals or len(layers) < len(steps) + 1:
        return total, (held if marginals else None)
    after = {state: 1 for state in layers[-1]}
    for step, layer in zip(reversed(steps), reversed(layers[:-1])):
        before: dict[State, int] = {}
        for state, weight in layer.items():
            ways = 0
            for reached, taken in step(state):
                completions = after.get(reached, 0)
                ways += completions
                for pid in taken:
                    held[pid] += weight * completions
            if ways:
                before[state] = ways
        after = before
    return total, held


def _cells(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
