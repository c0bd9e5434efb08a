"""Brute-force enumeration of every legal layout of a small gem set, for checking the solver."""
from __future__ import annotations

from functools import lru_cache
from itertools import product

import numpy as np

from games.orapa.batch import layout_codes, trace_batch
from games.orapa.gems import Gem
from games.orapa.layout import Layout, PlacedGem, RuleOptions, violations
from games.orapa.placements import placements


@lru_cache(maxsize=8)
def all_layouts(gems: tuple[Gem, ...], rules: RuleOptions = RuleOptions()
                ) -> tuple[list[Layout], np.ndarray, np.ndarray]:
    """Every legal layout (each once, O6), with all 36 answers: (layouts, exits, colours)."""
    options = [placements(g.shape, rules.mirror) for g in gems]
    found: dict[Layout, None] = {}
    for combo in product(*options):
        used = 0
        clash = False
        for p in combo:
            if p.mask & used:
                clash = True
                break
            used |= p.mask
        if clash:
            continue
        layout = Layout([PlacedGem(g, p) for g, p in zip(gems, combo)])
        if not violations(layout, rules):
            found.setdefault(layout, None)
    layouts = list(found)
    exits, colors = trace_batch(layout_codes(layouts))
    return layouts, exits, colors
