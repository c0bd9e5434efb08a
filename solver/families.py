"""Families of layouts that share every observed wave path.

A wave's answer depends only on the cells it enters. Given one consistent layout, the gems that
no observed wave touches can move to any placement off the waves' paths without changing a
single shot answer. Those layouts form a family; families partition the consistent layouts, so
the solver blocks a whole family with one clause (the touched gems at their placements, every
other cell on a path empty) and lists its members here, checking each for legality and for the
cell answers, which moved gems can change. This is what makes enumeration fast when a few shots
leave most of the mine unexplored.

Used under `touching corner` only: there, a cell holds at most one gem, so the clause above
describes the family exactly.
"""
from __future__ import annotations

from typing import Iterator

from games.orapa.board import CELLS
from games.orapa.gems import Gem
from games.orapa.layout import Layout, PlacedGem, all_visible
from games.orapa.placements import Placement, placements
from games.orapa.puzzle import CellAnswer, Observation, ShotAnswer
from games.orapa.waves import trace_wave


def path_cells(layout: Layout, observations: tuple[Observation, ...] | list[Observation]) -> int:
    """Bit mask of the cells entered by the observed waves."""
    mask = 0
    for obs in observations:
        if isinstance(obs, ShotAnswer):
            for cell, *_ in trace_wave(layout, obs.port).steps:
                mask |= 1 << cell
    return mask


class Family:
    """The layouts that keep `layout`'s touched gems and keep every other gem off the paths."""

    def __init__(self, layout: Layout, observations: list[Observation], mirror: bool,
                 visibility: bool) -> None:
        self.paths = path_cells(layout, observations)
        self.touched = [g for g in layout.gems if g.placement.cell_mask & self.paths]
        self.free = sorted((g.gem for g in layout.gems if not g.placement.cell_mask & self.paths))
        self.cell_answers = [o for o in observations if isinstance(o, CellAnswer)]
        self.visibility = visibility
        used = touch = self.touched_cells = 0
        for g in self.touched:
            used |= g.placement.mask
            touch |= g.placement.touch_mask
            self.touched_cells |= g.placement.cell_mask
        blocked_cells = self.paths
        self._candidates = [
            [p for p in placements(gem.shape, mirror)
             if not p.cell_mask & blocked_cells and not p.mask & (used | touch)
             and self._fits_cell_answers(gem, p)]
            for gem in self.free]
        self._require_answered_colours()

    def _fits_cell_answers(self, gem: Gem, p: Placement) -> bool:
        """A placement may cover an asked cell only if the answer there is this gem's colour."""
        shown = "absorbed" if gem.color == "black" else gem.color
        return all(not p.cell_mask >> a.cell & 1 or a.content == shown for a in self.cell_answers)

    def _require_answered_colours(self) -> None:
        """A cell answered with a colour no touched gem covers must be covered by a free gem of
        that colour; when only one free gem has the colour, only its placements over the cell
        remain."""
        for answer in self.cell_answers:
            if answer.content == "empty" or any(
                    g.placement.cell_mask >> answer.cell & 1 for g in self.touched):
                continue
            color = "black" if answer.content == "absorbed" else answer.content
            holders = [k for k, gem in enumerate(self.free) if gem.color == color]
            if len(holders) == 1:
                k = holders[0]
                self._candidates[k] = [p for p in self._candidates[k]
                                       if p.cell_mask >> answer.cell & 1]

    def empty_path_cells(self) -> list[int]:
        """Cells on a path that no touched gem covers: empty in every member."""
        rest = self.paths & ~self.touched_cells
        return [c for c in range(CELLS) if rest >> c & 1]

    def members(self) -> Iterator[Layout]:
        """Every legal member that gives the cell answers, each once."""
        chosen: list[Placement] = []
        fixed_cells = [g.placement.cell_mask for g in self.touched]

        def extend(k: int, used: int, touch: int, start: int) -> Iterator[Layout]:
            if k == len(self.free):
                if self.visibility and not all_visible(fixed_cells + [p.cell_mask for p in chosen]):
                    return
                layout = Layout(list(self.touched)
                                + [PlacedGem(g, p) for g, p in zip(self.free, chosen)])
                if all(a.holds(layout) for a in self.cell_answers):
                    yield layout
                return
            # identical free gems take placements in increasing order: each layout once
            same_as_previous = k > 0 and self.free[k] == self.free[k - 1]
            candidates = self._candidates[k]
            for i in range(start if same_as_previous else 0, len(candidates)):
                p = candidates[i]
                if p.mask & (used | touch):
                    continue
                chosen.append(p)
                nxt = k + 1
                next_start = i + 1 if nxt < len(self.free) and self.free[nxt] == self.free[k] else 0
                yield from extend(nxt, used | p.mask, touch | p.touch_mask, next_start)
                chosen.pop()

        yield from extend(0, 0, 0, 0)
