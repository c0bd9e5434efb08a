"""Uniform random legal layouts, by rejection over placements.

Every gem takes a uniformly random placement; the draw is kept when the layout is legal (O3).
Each legal layout is drawn with the same probability: identical gems multiply every layout by
the same factor, so the distribution over layouts (O6) stays uniform.

Large sets (`double`, 14 gems) are almost never legal at random, so after `REJECTION_DRAWS`
failed draws the sampler starts from a layout found by randomised backtracking and runs a
Metropolis chain: move one random gem to a uniformly random placement, keep the move when the
layout stays legal. The proposal is symmetric, so the chain's stationary distribution is uniform
too; `MIXING_STEPS` moves per gem make it close to uniform in practice.

>>> import random
>>> from games.orapa.gems import gem_set
>>> layout = random_layout(gem_set("base"), rng=random.Random(1))
>>> len(layout.gems), violations(layout)
(5, [])
"""
from __future__ import annotations

import random

from games.errors import BadInput
from games.orapa.gems import Gem
from games.orapa.layout import Layout, PlacedGem, RuleOptions, all_visible, violations
from games.orapa.placements import Placement, placements

__all__ = ["random_layout", "violations"]

REJECTION_DRAWS = 20_000
MIXING_STEPS = 200


def random_layout(gems: tuple[Gem, ...] | list[Gem], rules: RuleOptions | None = None,
                  rng: random.Random | None = None) -> Layout:
    """A uniformly random legal layout of `gems` under `rules`."""
    rules = rules or RuleOptions()
    rng = rng or random.Random()
    options = [placements(g.shape, rules.mirror) for g in gems]
    chosen = _rejection_draw(options, rules, rng)
    if chosen is not None:
        return Layout([PlacedGem(g, p) for g, p in zip(gems, chosen)])
    chosen = _backtracking_start(options, rules, rng)
    for _ in range(MIXING_STEPS * len(gems)):
        i = rng.randrange(len(gems))
        proposal = rng.choice(options[i])
        others = chosen[:i] + chosen[i + 1:]
        if _fits(proposal, others, rules) and (
                not rules.visibility
                or all_visible([p.cell_mask for p in chosen[:i] + [proposal] + chosen[i + 1:]])):
            chosen[i] = proposal
    return Layout([PlacedGem(g, p) for g, p in zip(gems, chosen)])


def _rejection_draw(options: list[tuple[Placement, ...]], rules: RuleOptions,
                    rng: random.Random) -> list[Placement] | None:
    """Up to `REJECTION_DRAWS` draws of one uniform placement a gem; the first legal one.

    Each index is drawn as `rng.choice` draws it (`randrange`, or for a plain `random.Random`
    its own `getrandbits` loop inlined), so a seed gives the layouts it always gave; double's
    20,000 draws, which all fail, took some 125 ms a layout through `choice`."""
    tables = [(len(c), len(c).bit_length(), [(p.mask, p.touch_mask) for p in c])
              for c in options]
    corner = rules.touching == "corner"
    plain = type(rng) is random.Random
    getrandbits = rng.getrandbits
    for _ in range(REJECTION_DRAWS):
        picks = []
        used = blocked = 0
        for n, bits, masks in tables:
            if plain:
                i = getrandbits(bits)
                while i >= n:
                    i = getrandbits(bits)
            else:
                i = rng.randrange(n)
            mask, touch = masks[i]
            if mask & used or (corner and mask & blocked):
                break
            picks.append(i)
            used |= mask
            blocked |= touch
        else:
            chosen = [c[i] for c, i in zip(options, picks)]
            if not rules.visibility or all_visible([p.cell_mask for p in chosen]):
                return chosen
    return None


def _fits(p: Placement, others: list[Placement], rules: RuleOptions) -> bool:
    for q in others:
        if p.mask & q.mask or (rules.touching == "corner" and p.mask & q.touch_mask):
            return False
    return True


def _backtracking_start(options: list[tuple[Placement, ...]], rules: RuleOptions,
                        rng: random.Random) -> list[Placement]:
    """Some legal layout, by depth-first search over shuffled placements (largest gems first)."""
    for _ in range(RESTARTS):
        found = _backtrack_once(options, rules, rng, budget=20_000)
        if found is not None:
            return found
    raise BadInput(f"no legal layout found for {len(options)} gems")


RESTARTS = 50


def _backtrack_once(options: list[tuple[Placement, ...]], rules: RuleOptions,
                    rng: random.Random, budget: int) -> list[Placement] | None:
    """One randomised depth-first search with a step budget: None when the budget runs out."""
    order = sorted(range(len(options)), key=lambda i: -bin(options[i][0].mask).count("1"))
    chosen: dict[int, Placement] = {}
    remaining = [budget]

    # Adding a gem can only hide others, so every partial layout must already be visible.
    def place(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        candidates = list(options[i])
        rng.shuffle(candidates)
        for p in candidates:
            remaining[0] -= 1
            if remaining[0] < 0:
                return False
            if _fits(p, list(chosen.values()), rules) and (
                    not rules.visibility
                    or all_visible([q.cell_mask for q in chosen.values()] + [p.cell_mask])):
                chosen[i] = p
                if place(k + 1):
                    return True
                del chosen[i]
        return False

    if not place(0):
        return None
    return [chosen[i] for i in range(len(options))]
