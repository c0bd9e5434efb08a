"""Brute-force enumeration of every legal layout of a small gem set, for checking the solver.

Plain nested loops over placements with the placement rules checked on masks; identical gems
take placements in increasing order so each layout (O6) appears once. Quarter codes for the
tracer are built with numpy, so the whole answer table comes from the batch tracer.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product

import numpy as np

from games.orapa.array_tracer import trace_batch
from games.orapa.colors import GEM_COLOR_BITS
from games.orapa.gems import Gem
from games.orapa.layout import ABSORBS, OCCUPIED, Layout, PlacedGem, RuleOptions, all_visible
from games.orapa.placements import Placement, placements


class BruteForce:
    """Every legal layout of `gems` with its 36 answers and its 80 cell contents."""

    def __init__(self, gems: tuple[Gem, ...], rules: RuleOptions) -> None:
        self.gems, self.rules = gems, rules
        options = [placements(g.shape, rules.mirror) for g in gems]
        index_sets = product(*[range(len(o)) for o in options])
        rows: list[tuple[int, ...]] = []
        for combo in index_sets:
            if any(gems[i] == gems[i + 1] and combo[i] >= combo[i + 1] for i in range(len(gems) - 1)):
                continue
            chosen = [options[g][i] for g, i in enumerate(combo)]
            if self._legal(chosen):
                rows.append(combo)
        self.options = options
        self.rows = np.array(rows, dtype=np.int64)
        codes = np.zeros((len(rows), 320), dtype=np.uint8)
        for g, gem in enumerate(gems):
            code = OCCUPIED | GEM_COLOR_BITS[gem.color] | (ABSORBS if gem.color == "black" else 0)
            table = np.array([p.quarters for p in options[g]], dtype=np.uint8) * code
            codes |= table[self.rows[:, g]]
        self.codes = codes
        self.exits, self.colors = trace_batch(codes)

    def _legal(self, chosen: list[Placement]) -> bool:
        for i, a in enumerate(chosen):
            for b in chosen[i + 1:]:
                if a.mask & b.mask:
                    return False
                if self.rules.touching == "corner" and a.mask & b.touch_mask:
                    return False
        return not self.rules.visibility or all_visible([p.cell_mask for p in chosen])

    @property
    def bounces(self) -> np.ndarray:
        """(layouts, 36) bounce counts (RULINGS O9), traced once when first asked for."""
        if not hasattr(self, "_bounces"):
            from games.orapa.waves import trace_counts
            self._bounces = np.array([[b for _, _, b in trace_counts(self.layout(i))]
                                      for i in range(len(self))], dtype=np.int64)
        return self._bounces

    def __len__(self) -> int:
        return len(self.rows)

    def layout(self, i: int) -> Layout:
        return Layout([PlacedGem(g, self.options[k][int(self.rows[i, k])])
                       for k, g in enumerate(self.gems)])


@lru_cache(maxsize=8)
def brute_force(gems: tuple[Gem, ...], rules: RuleOptions = RuleOptions()) -> BruteForce:
    return BruteForce(gems, rules)
