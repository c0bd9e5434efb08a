"""Uniform random legal layouts, by rejection over placements.

Every gem takes a uniformly random placement; the draw is kept when the layout is legal (O3).
Each legal layout is drawn with the same probability: identical gems multiply every layout by
the same factor, so the distribution over layouts (O6) stays uniform.

>>> import random
>>> from games.orapa.gems import gem_set
>>> layout = random_layout(gem_set("base"), rng=random.Random(1))
>>> len(layout.gems), violations(layout)
(5, [])
"""
from __future__ import annotations

import random

from games.errors import BadInput
from games.orapa.board import PORT_LINES
from games.orapa.gems import Gem
from games.orapa.layout import Layout, PlacedGem, RuleOptions, violations
from games.orapa.placements import placements

__all__ = ["random_layout", "violations"]

_MAX_DRAWS = 1_000_000


def _visible_all(cell_masks: list[int]) -> bool:
    seen = 0
    full = (1 << len(cell_masks)) - 1
    for line in PORT_LINES:
        for cell in line:
            hit = 0
            for i, mask in enumerate(cell_masks):
                if mask >> cell & 1:
                    hit |= 1 << i
            if hit:
                seen |= hit
                break
        if seen == full:
            return True
    return seen == full


def random_layout(gems: tuple[Gem, ...] | list[Gem], rules: RuleOptions | None = None,
                  rng: random.Random | None = None) -> Layout:
    """A uniformly random legal layout of `gems` under `rules`."""
    rules = rules or RuleOptions()
    rng = rng or random.Random()
    options = [placements(g.shape, rules.mirror) for g in gems]
    for _ in range(_MAX_DRAWS):
        chosen = []
        used = 0
        blocked = 0
        for choices in options:
            p = rng.choice(choices)
            if p.mask & used or (rules.touching == "corner" and p.mask & blocked):
                break
            chosen.append(p)
            used |= p.mask
            blocked |= p.touch_mask
        else:
            if not rules.visibility or _visible_all([p.cell_mask for p in chosen]):
                return Layout([PlacedGem(g, p) for g, p in zip(gems, chosen)])
    raise BadInput(f"no legal layout found for {len(gems)} gems after {_MAX_DRAWS} draws")
