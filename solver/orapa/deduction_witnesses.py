"""Witnesses of the deduction map: consistent layouts, and the cheap moves between them.

A witness is a consistent layout; it shows a content in every cell at once. `WitnessMap` keeps
what the witnesses have shown (per content, a mask of cells) and what was proved impossible.
`walk` goes from one witness to the layouts one gem's move away that show something new,
without a solver: a gem off the waves' paths moved to a placement off them leaves every shot
answer as it was, so only the cell answers, the placement rules and visibility need checking.
"""
from __future__ import annotations

import time
from functools import lru_cache
from typing import TYPE_CHECKING

from games.orapa.answers import cell_contents, shown_by
from games.orapa.board import CELLS, PORT_LINES
from games.orapa.layout import Layout, PlacedGem
from games.orapa.placements import Placement, bits, placements
from games.orapa.puzzle import CellAnswer, Puzzle

if TYPE_CHECKING:
    from solver.orapa.deduction_count import PausedCount

ALL_CELLS = (1 << CELLS) - 1


class WitnessMap:
    """The map being proved: what witnesses have shown, and the layouts they were."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.contents = cell_contents(puzzle.gems)
        self.possible: dict[int, set[str]] = {c: set() for c in range(CELLS)}
        self.shown: dict[str, int] = {x: 0 for x in self.contents}   # cells, as a mask
        self.seen: set[Layout] = set()
        self.impossible: set[tuple[int, str]] = set()   # proved so
        self.counted: int | None = None   # the exact count, when the counts gave the map
        self.count_failed = 0.0   # the longest count's seconds that did not finish
        self.count: PausedCount | None = None   # the count in parts, where it applies
        self.plain_count: PausedCount | None = None   # the same by the plain search, beside
        self.count_allowance: float | None = None   # the seconds the count may have in all
        # per (cell, content, search order), the longest a pair's wave search ran out of:
        # asking again with no more is lost time (its budget is in search nodes)
        self.tried: dict[tuple[int, str, int], float] = {}

    def mark(self, layout: Layout, cells: int = ALL_CELLS) -> bool:
        """A consistent layout: every cell can show what it shows there (only the `cells`
        it may show something new in are looked at). Whether it showed something new."""
        self.seen.add(layout)
        new = False
        for cell in bits(cells):
            content = layout.cell_content(cell)
            if content not in self.possible[cell]:
                self.possible[cell].add(content)
                self.shown[content] |= 1 << cell
                new = True
        return new

    def unshown_mask(self, content: str) -> int:
        """The cells where `content` is neither shown nor proved impossible."""
        return ALL_CELLS & ~self.shown[content] & ~sum(
            1 << c for c, x in self.impossible if x == content)

    def unshown(self) -> list[tuple[int, str]]:
        """The pairs neither shown nor proved impossible."""
        return [(c, x) for c in range(CELLS) for x in self.contents
                if x not in self.possible[c] and (c, x) not in self.impossible]


def out_of_reach(found: WitnessMap, puzzle: Puzzle) -> None:
    """Prove impossible, from the placement tables alone, the pairs no gem can show: a gem
    never covers a cell answered with another content, and the only gem showing a content
    covers every cell answered with it, so a content is impossible wherever no placement
    meeting both reaches (`H1 = blue` keeps the one blue gem near H1: the wave search takes a
    second or more to find that each far cell has no family showing blue there). Under
    `touching corner` only (a cell then holds one gem)."""
    if puzzle.rules.touching != "corner":
        return
    answers = [o for o in puzzle.observations if isinstance(o, CellAnswer)]
    reach = {x: 0 for x in found.contents}
    for gem in set(puzzle.gems):
        shown = shown_by(gem)
        alone = sum(shown_by(g) == shown for g in puzzle.gems) == 1
        off = on = 0
        for answer in answers:
            if answer.content != shown:
                off |= 1 << answer.cell
            elif alone:
                on |= 1 << answer.cell
        for p, _ in _options(gem.shape, puzzle.rules.mirror):
            if not p.cell_mask & off and p.cell_mask & on == on:
                reach[shown] |= p.cell_mask
    for content, cells in reach.items():
        if content != "empty":
            found.impossible.update((c, content)
                                    for c in bits(~cells & found.unshown_mask(content)))


@lru_cache(maxsize=None)
def _options(shape: str, mirror: bool) -> tuple[tuple[Placement, tuple[int, ...]], ...]:
    """A shape's placements, each with the cells it covers."""
    return tuple((p, tuple(bits(p.cell_mask))) for p in placements(shape, mirror))


def _moves(found: WitnessMap, layout: Layout, puzzle: Puzzle) -> list[Layout]:
    """The consistent layouts one gem's move away from `layout` that show something new.

    Only moves off the layout's wave paths, of gems off them: every shot answer stays as it
    was (the waves enter the same cells), so only the cell answers and visibility are
    checked, and only for a move whose cells would show a content not shown there yet (most
    are skipped by that alone). Under `touching corner` only (a cell then holds one gem, so
    a move changes only its own cells)."""
    from solver.orapa.sat.families import path_cells
    rules, shown_at = puzzle.rules, found.shown
    paths = path_cells(layout, puzzle.observations)
    # per content, the cells answered with another one: a move may cover none of them with
    # its colour, nor leave one empty (the cells it does not touch keep their answers)
    answered = [(o.cell, o.content) for o in puzzle.observations if isinstance(o, CellAnswer)]
    other = {x: sum(1 << c for c, y in answered if y != x) for x in found.contents}
    gems = list(layout.gems)
    owner = [-1] * CELLS
    for i, placed in enumerate(gems):
        for c in bits(placed.placement.cell_mask):
            owner[c] = i
    added = []
    for i, placed in enumerate(gems):
        old = placed.placement.cell_mask
        if old & paths:
            continue
        used = touch = 0
        for j, other_gem in enumerate(gems):
            if j != i:
                used |= other_gem.placement.mask
                touch |= other_gem.placement.touch_mask
        shown = shown_by(placed.gem)
        base = None   # the owners without this gem, made once it is needed
        for p, cells in _options(placed.gem.shape, rules.mirror):
            if p.cell_mask & paths or p.mask & (used | touch) or p.touch_mask & used \
                    or p.mask == placed.placement.mask:
                continue
            vacated = old & ~p.cell_mask
            if not (p.cell_mask & ~shown_at[shown] or vacated & ~shown_at["empty"]):
                continue   # nothing new
            if p.cell_mask & other.get(shown, 0) or vacated & other.get("empty", 0):
                continue   # a cell answer would change
            if rules.visibility:
                if base is None:
                    base = [-1 if o == i else o for o in owner]
                moved = base.copy()
                for c in cells:
                    moved[c] = i
                if not _visible(moved, len(gems)):
                    continue
            candidate = Layout(gems[:i] + [PlacedGem(placed.gem, p)] + gems[i + 1:])
            found.mark(candidate, old | p.cell_mask)
            added.append(candidate)
    return added


def _visible(owner: list[int], count: int) -> bool:
    """Is every gem the first one met along some port's line (O3)?"""
    seen = 0
    everyone = (1 << count) - 1
    for line in PORT_LINES:
        for cell in line:
            if owner[cell] >= 0:
                seen |= 1 << owner[cell]
                break
        if seen == everyone:
            return True
    return False


def walk(found: WitnessMap, start: Layout, puzzle: Puzzle, deadline: float | None) -> None:
    """Mark `start` and, when it showed something new, every layout reached from it by
    moves that show something new (`time.monotonic()` past `deadline`: stop)."""
    if not found.mark(start) or puzzle.rules.touching != "corner":
        return
    queue = [start]
    while queue:
        if deadline is not None and time.monotonic() > deadline:
            return
        queue += _moves(found, queue.pop(), puzzle)
