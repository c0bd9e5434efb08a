"""Layouts one gem away from a solution, and which answers each of them breaks.

The greedy removal (`generator.wave_minimal`) keeps a shot when some other layout gives every
answer still kept but that one. Very often that layout is the solution with one gem moved, so
the legal one-gem moves are listed up front: all of them traced together by the batch tracer
(`games.orapa.array_tracer`), each reduced to the bit mask of the observations it breaks, and
only the minimal masks kept (a layout breaking a superset of another's answers is never the
one that shows a shot is needed).

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.random_layouts import random_layout
>>> from games.orapa.puzzle import puzzle_from_layout
>>> mine = random_layout(gem_set("base"), rng=random.Random(3))
>>> found = moved_gem_twins(puzzle_from_layout(mine, gem_set("base"), RuleOptions()), mine)
>>> all(0 < breaks < 1 << 36 for breaks, _ in found) and len(found) > 0
True
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from games.orapa.array_tracer import count_batch, trace_batch
from games.orapa.layout import Layout, PlacedGem, all_visible
from games.orapa.placements import Placement, placements
from games.orapa.puzzle import Puzzle, ShotAnswer


@lru_cache(maxsize=None)
def _quarter_table(shape: str, mirror: bool) -> np.ndarray:
    """(placements, 320) booleans: the quarters each placement of the shape covers."""
    return np.stack([p.quarters for p in placements(shape, mirror)])


def _candidates(solution: Layout, mirror: bool) -> tuple[np.ndarray, list[tuple[int, Placement]]]:
    """Quarter codes of every layout that moves one gem to a placement clear of the others
    (no shared quarter, no shared edge: legal under either touching rule; under `touching any`
    the moves to an edge of another gem are left out, which costs only speed), with (gem
    index, new placement) for each."""
    codes = np.frombuffer(solution.quarter_bytes, dtype=np.uint8)
    blocks, moves = [], []
    for g, placed in enumerate(solution.gems):
        used = touch = 0
        for h, other in enumerate(solution.gems):
            if h != g:
                used |= other.placement.mask
                touch |= other.placement.touch_mask
        options = placements(placed.gem.shape, mirror)
        ok = [k for k, p in enumerate(options) if p.mask != placed.placement.mask
              and not (p.mask & (used | touch) or p.touch_mask & used)]
        if not ok:
            continue
        code = codes[placed.placement.quarters][0]
        base = codes.copy()
        base[placed.placement.quarters] = 0
        block = np.repeat(base[None], len(ok), axis=0)
        block[_quarter_table(placed.gem.shape, mirror)[ok]] = code
        blocks.append(block)
        moves += [(g, options[k]) for k in ok]
    if not blocks:
        return np.zeros((0, codes.size), dtype=np.uint8), []
    return np.concatenate(blocks), moves


def _broken_shots(puzzle: Puzzle, codes: np.ndarray) -> np.ndarray:
    """(layouts, observations) booleans: which shot answers each layout does not give (cell
    answers are left False here)."""
    exits, colors = trace_batch(codes)
    counted = any(isinstance(o, ShotAnswer) and o.bounces is not None
                  for o in puzzle.observations)
    counts = count_batch(codes) if counted else None
    broken = np.zeros((codes.shape[0], len(puzzle.observations)), dtype=bool)
    for i, obs in enumerate(puzzle.observations):
        if isinstance(obs, ShotAnswer):
            if obs.exit is None:
                broken[:, i] = exits[:, obs.port] >= 0
                continue
            broken[:, i] = exits[:, obs.port] != obs.exit
            if obs.color is not None:
                broken[:, i] |= colors[:, obs.port] != obs.color
            if obs.bounces is not None and counts is not None:
                broken[:, i] |= counts[:, obs.port] != obs.bounces
    return broken


def moved_gem_twins(puzzle: Puzzle, solution: Layout) -> list[tuple[int, Layout]]:
    """Legal layouts that differ from `solution` in one gem's placement, each with the bit
    mask of the puzzle's observations it breaks; only minimal masks, fewest bits first."""
    codes, moves = _candidates(solution, puzzle.rules.mirror)
    if not moves:
        return []
    broken = _broken_shots(puzzle, codes)
    packed = np.packbits(broken, axis=1, bitorder="little")
    masks = [int.from_bytes(row.tobytes(), "little") for row in packed]
    cells = [(i, obs) for i, obs in enumerate(puzzle.observations)
             if not isinstance(obs, ShotAnswer)]
    found: list[tuple[int, Layout]] = []
    for k in sorted(range(len(moves)), key=lambda k: masks[k].bit_count()):
        mask = masks[k]
        if any(not kept & ~mask for kept, _ in found):
            continue
        g, placement = moves[k]
        gems = list(solution.gems)
        gems[g] = PlacedGem(gems[g].gem, placement)
        if puzzle.rules.visibility and not all_visible([p.placement.cell_mask for p in gems]):
            continue
        layout = Layout(gems)
        for i, obs in cells:
            if not obs.holds(layout):
                mask |= 1 << i
        found.append((mask, layout))
    if cells:       # cell answers added bits after the sort: keep the minimal masks only
        found = [(mask, layout) for mask, layout in found
                 if not any(other != mask and not other & ~mask for other, _ in found)]
    return found
