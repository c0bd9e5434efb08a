"""Encoding a layout: one placement per gem and the placement rules of O3.

Variables, from the placements up:
- `placement[g][i]`: gem g sits at its i-th placement (exactly one per gem);
- `gem_quarter[g][q]`, `gem_cell[g][c]`: gem g covers quarter q / part of cell c;
- `occupied[q]`, `cell_occupied[c]`: some gem covers quarter q / part of cell c;
- `cell_color[c][colour]`: a gem of that colour covers part of cell c;
- `color_quarter[colour][q]`: a gem of that colour covers quarter q (the layout's identity, O6).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from games.orapa.board import CELLS, PORT_LINES, QUARTERS, quarter_neighbour
from games.orapa.gems import Gem
from games.orapa.layout import Layout, PlacedGem, RuleOptions
from games.orapa.placements import Placement, bits, placements
from solver.orapa.sat.cnf import Cnf

if TYPE_CHECKING:
    from solver.orapa.sat.families import Family


class LayoutVars:
    """The layout part of the model, with the variable maps the other encoders read."""

    def __init__(self, cnf: Cnf, gems: tuple[Gem, ...], rules: RuleOptions) -> None:
        self.cnf = cnf
        self.gems = gems
        self.rules = rules
        self.options: list[tuple[Placement, ...]] = [placements(g.shape, rules.mirror)
                                                     for g in gems]
        self.placement = [cnf.new_vars(len(opts)) for opts in self.options]
        self._placement_arrays = [np.array(v, dtype=np.int64) for v in self.placement]
        self._index = [{p.mask: i for i, p in enumerate(opts)} for opts in self.options]
        self._at: dict[tuple[Gem, int], int] = {}
        self.colors = sorted({g.color for g in gems})
        encode_placements(self)
        self.gem_quarter = encode_gem_quarters(self)
        self.gem_cell = encode_gem_cells(self)
        self.occupied = [cnf.define_or([self.gem_quarter[g][q] for g in range(len(gems))
                                        if self.gem_quarter[g][q]]) for q in range(QUARTERS)]
        self.cell_occupied = [cnf.define_or([self.gem_cell[g][c] for g in range(len(gems))
                                             if self.gem_cell[g][c]]) for c in range(CELLS)]
        self.cell_color = {color: [cnf.define_or([self.gem_cell[g][c] for g in self._of(color)
                                                  if self.gem_cell[g][c]]) for c in range(CELLS)]
                           for color in self.colors}
        self.color_quarter = {color: [cnf.define_or([self.gem_quarter[g][q] for g in self._of(color)
                                                     if self.gem_quarter[g][q]])
                                      for q in range(QUARTERS)]
                              for color in self.colors}
        encode_no_overlap(self)
        if rules.touching == "corner":
            encode_no_shared_edges(self)
        if rules.visibility:
            encode_visibility(self)
        encode_identical_gem_order(self)

    def _of(self, color: str) -> list[int]:
        return [g for g, gem in enumerate(self.gems) if gem.color == color]

    def decode(self, values: np.ndarray) -> Layout:
        """The layout a solver model describes (`values[var]` is the truth of `var`)."""
        placed = []
        for g, gem in enumerate(self.gems):
            index = int(np.argmax(values[self._placement_arrays[g]]))
            placed.append(PlacedGem(gem, self.options[g][index]))
        return Layout(placed)

    def layout_literals(self, layout: Layout) -> list[int]:
        """Literals that hold exactly for layouts equal to `layout` (O6): its coloured quarters."""
        return [self.color_quarter[color][q] for color, mask in layout.signature
                for q in bits(mask)]

    def blocking_clause(self, layout: Layout) -> list[int]:
        """A clause every layout but `layout` (O6) satisfies."""
        return [-lit for lit in self.layout_literals(layout)]

    def at_placement(self, gem: Gem, placement: Placement) -> int:
        """Literal: some gem of this kind sits at this placement."""
        key = (gem, placement.mask)
        if key not in self._at:
            copies = [g for g, other in enumerate(self.gems) if other == gem]
            index = self._index[copies[0]][placement.mask]
            self._at[key] = self.cnf.define_or([self.placement[g][index] for g in copies])
        return self._at[key]

    def family_clause(self, family: "Family") -> list[int]:
        """A clause that excludes exactly the layouts of a family (see solver.orapa.sat.families)."""
        return ([-self.at_placement(g.gem, g.placement) for g in family.touched]
                + [self.cell_occupied[c] for c in family.empty_path_cells()])


def encode_placements(lv: LayoutVars) -> None:
    """Each gem takes exactly one placement."""
    for vars_ in lv.placement:
        lv.cnf.add_exactly_one(vars_)


def encode_gem_quarters(lv: LayoutVars) -> list[list[int]]:
    """gem_quarter[g][q] <-> some chosen placement of g covers q (0 where none can)."""
    table = []
    for g, opts in enumerate(lv.options):
        covering: list[list[int]] = [[] for _ in range(QUARTERS)]
        for var, p in zip(lv.placement[g], opts):
            for q in bits(p.mask):
                covering[q].append(var)
        table.append([lv.cnf.define_or(lits) if lits else 0 for lits in covering])
    return table


def encode_gem_cells(lv: LayoutVars) -> list[list[int]]:
    """gem_cell[g][c] <-> gem g covers part of cell c (0 where it never can)."""
    table = []
    for g in range(len(lv.gems)):
        row = []
        for c in range(CELLS):
            lits = [lv.gem_quarter[g][4 * c + k] for k in range(4) if lv.gem_quarter[g][4 * c + k]]
            row.append(lv.cnf.define_or(lits) if lits else 0)
        table.append(row)
    return table


def encode_no_overlap(lv: LayoutVars) -> None:
    """At most one gem per quarter; under `touching corner`, at most one gem per cell (two
    gems in one cell would share its diagonal)."""
    n = len(lv.gems)
    if lv.rules.touching == "corner":
        for c in range(CELLS):
            lv.cnf.add_at_most_one([lv.gem_cell[g][c] for g in range(n) if lv.gem_cell[g][c]])
    else:
        for q in range(QUARTERS):
            lv.cnf.add_at_most_one([lv.gem_quarter[g][q] for g in range(n) if lv.gem_quarter[g][q]])


def encode_no_shared_edges(lv: LayoutVars) -> None:
    """Two different gems never cover the two quarters on either side of a cell side."""
    n = len(lv.gems)
    for q in range(QUARTERS):
        other = quarter_neighbour(q)
        if other < q:
            continue
        for g in range(n):
            a = lv.gem_quarter[g][q]
            if not a:
                continue
            for h in range(n):
                b = lv.gem_quarter[h][other]
                if h != g and b:
                    lv.cnf.add([-a, -b])


def encode_visibility(lv: LayoutVars) -> None:
    """Every gem is the first gem met by a straight look from some port."""
    cnf = lv.cnf
    seen_by: list[list[int]] = [[] for _ in lv.gems]
    for line in PORT_LINES:
        clear = 0  # literal: all cells before position i are empty (0 = trivially true)
        for i, cell in enumerate(line):
            for g in range(len(lv.gems)):
                if lv.gem_cell[g][cell]:
                    v = cnf.new_var()
                    cnf.implies([v], lv.gem_cell[g][cell])
                    if clear:
                        cnf.implies([v], clear)
                    seen_by[g].append(v)
            nxt = cnf.new_var()
            cnf.implies([nxt], -lv.cell_occupied[cell])
            if clear:
                cnf.implies([nxt], clear)
            clear = nxt
    for lits in seen_by:
        cnf.add(lits)


def encode_identical_gem_order(lv: LayoutVars) -> None:
    """Identical gems take placements in increasing order, so a layout is counted once."""
    cnf = lv.cnf
    for g in range(len(lv.gems)):
        for h in range(g + 1, len(lv.gems)):
            if lv.gems[g] != lv.gems[h] or any(lv.gems[k] == lv.gems[g] for k in range(g + 1, h)):
                continue
            # prefix[i] <-> gem g sits at one of its first i+1 placements
            prefix: list[int] = []
            for i, var in enumerate(lv.placement[g]):
                prefix.append(var if i == 0 else cnf.define_or([prefix[-1], var]))
            cnf.add([-lv.placement[h][0]])
            for i in range(1, len(lv.placement[h])):
                cnf.implies([lv.placement[h][i]], prefix[i - 1])
