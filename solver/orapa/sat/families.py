"""Families of layouts that share every observed wave path.

A wave's answer depends only on the cells it enters. Given one consistent layout, the gems that
no observed wave touches can move to any placement off the waves' paths without changing a
single shot answer. Those layouts form a family; families partition the consistent layouts, so
the solver blocks a whole family with one clause (the touched gems at their placements, every
other cell on a path empty) and lists its members as the wave search lists its own families
(`solver.orapa.search.wave_search.PathFamily`), checking each for legality and for the cell answers, which
moved gems can change. This is what makes enumeration fast when a few shots
leave most of the mine unexplored.

Used under `touching corner` only: there, a cell holds at most one gem, so the clause above
describes the family exactly.
"""
from __future__ import annotations

from typing import Iterator

from games.orapa.board import CELLS
from games.orapa.layout import Layout
from games.orapa.puzzle import CellAnswer, Observation, ShotAnswer
from games.orapa.waves import trace_wave
from solver.orapa.search.path_family import PathFamily, ruled_out


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
        self.cell_answers = tuple(o for o in observations if isinstance(o, CellAnswer))
        self.touched_cells = 0
        for g in self.touched:
            self.touched_cells |= g.placement.cell_mask
        self.path_family = PathFamily(
            tuple(self.touched), tuple(self.free),
            tuple(self.paths | ruled_out(gem, self.cell_answers) for gem in self.free),
            self.cell_answers, visibility, mirror)

    def empty_path_cells(self) -> list[int]:
        """Cells on a path that no touched gem covers: empty in every member."""
        rest = self.paths & ~self.touched_cells
        return [c for c in range(CELLS) if rest >> c & 1]

    def members(self, deadline: float | None = None) -> Iterator[Layout]:
        """Every legal member that gives the cell answers, each once (listed as the wave
        search lists its families; LimitReached past `deadline`)."""
        return self.path_family.members(deadline)
