"""Consistent layouts by local search, for double in the middle of a game.

There neither of the exact ways finds a layout in a second or two: the direct search's first
families are nearly all empty (its listing takes tens of millions of nodes), and the model's
first SAT call takes from a tenth of a second to more than ten. A local search often does:
start from a random legal layout, and move one gem at a time to wherever the observed
answers disagree the least. Each step draws SHORTLIST legal moves (one gem to a random
placement that fits among the others), traces them all at once and keeps the one with the
fewest disagreements (a shot's exit counts 1, its colour or bounce count 0.5, a cell answer
1); a worse one is kept with probability exp(-worse / TEMPERATURE), so that the search leaves
a plateau, and it starts afresh after PATIENCE steps without a new best. What it finds is
checked answer by answer. Measured on 9 double states of 3 to 12 answers, 1 s each: one to
three layouts on 4 of the 5 states of 3 and 6 answers, none from 9 answers on.

The layouts found are not a sample of anything: the advisor takes their families and probes
them for members (`member_draws.probe_members`), a `partial` sample.
"""
from __future__ import annotations

import math
import random
import time

import numpy as np

from games.orapa.array_tracer import count_batch, layout_codes, trace_batch
from games.orapa.layout import Layout, PlacedGem, all_visible
from games.orapa.placements import Placement, placements
from games.orapa.puzzle import CellAnswer, Puzzle, ShotAnswer
from games.orapa.random_layouts import random_layout

SHORTLIST = 24      # moves drawn and traced per step
TEMPERATURE = 0.3   # a move worse by d is kept with probability exp(-d / TEMPERATURE)
PATIENCE = 3000     # steps without a new best before a fresh start


class _Disagreements:
    """How many of a puzzle's answers each of a batch of layouts fails to give."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.shots = [o for o in puzzle.observations if isinstance(o, ShotAnswer)]
        self.cells = [o for o in puzzle.observations if isinstance(o, CellAnswer)]
        self.ports = [o.port for o in self.shots]
        self.exit = np.array([-1 if o.exit is None else o.exit for o in self.shots])
        self.color = np.array([o.color or 0 for o in self.shots])
        self.said = np.array([o.color is not None for o in self.shots], dtype=bool)
        self.counted = [i for i, o in enumerate(self.shots) if o.bounces is not None]
        self.bounces = np.array([self.shots[i].bounces for i in self.counted])

    def __call__(self, layouts: list[Layout]) -> np.ndarray:
        found = np.zeros(len(layouts))
        if self.shots:
            codes = layout_codes(layouts)
            exits, colors = trace_batch(codes, self.ports)
            found += (exits != self.exit).sum(axis=1)
            found += 0.5 * ((self.exit >= 0) & self.said & (colors != self.color)).sum(axis=1)
            if self.counted:
                counts = count_batch(codes, [self.ports[i] for i in self.counted])
                found += 0.5 * (counts != self.bounces).sum(axis=1)
        for answer in self.cells:
            found += np.array([not answer.holds(layout) for layout in layouts])
        return found


def local_search(puzzle: Puzzle, rng: random.Random, deadline: float, most: int = 50
                 ) -> list[Layout]:
    """Distinct consistent layouts found by local search before `deadline`
    (time.monotonic()), at most `most`; under `touching corner` only."""
    if puzzle.rules.touching != "corner" or not puzzle.observations:
        return []
    disagreements = _Disagreements(puzzle)
    found: list[Layout] = []
    while time.monotonic() < deadline and len(found) < most:
        layout = _descend(puzzle, disagreements, rng, deadline)
        if layout is not None and layout not in found \
                and all(o.holds(layout) for o in puzzle.observations):
            found.append(layout)
    return found


def _descend(puzzle: Puzzle, disagreements: _Disagreements, rng: random.Random,
             deadline: float) -> Layout | None:
    """One run from a random legal layout: a layout that gives every answer, or None."""
    rules = puzzle.rules
    start = random_layout(puzzle.gems, rules, rng)
    kinds = [g.gem for g in start.gems]
    chosen = [g.placement for g in start.gems]
    options = [placements(k.shape, rules.mirror) for k in kinds]
    current = best = float(disagreements([start])[0])
    since = 0
    while current > 0 and since < PATIENCE and time.monotonic() < deadline:
        moves = [m for m in (_move(chosen, options, rng, rules.visibility)
                             for _ in range(SHORTLIST)) if m is not None]
        if not moves:
            since += 1
            continue
        layouts = [Layout([PlacedGem(k, q if j == i else p)
                           for j, (k, p) in enumerate(zip(kinds, chosen))]) for i, q in moves]
        scores = disagreements(layouts)
        low = scores.min()
        pick = rng.choice(np.flatnonzero(scores == low).tolist())
        if low <= current or rng.random() < math.exp(-(low - current) / TEMPERATURE):
            i, q = moves[pick]
            chosen[i] = q
            current = float(low)
            if current == 0:
                return layouts[pick]
        if current < best:
            best, since = current, 0
        else:
            since += 1
    return None


def _move(chosen: list[Placement], options: list[tuple[Placement, ...]], rng: random.Random,
          visibility: bool) -> tuple[int, Placement] | None:
    """One gem to a random placement, when it fits among the others (touching corner: no
    shared quarter, no touching) and every gem stays visible under the visibility rule."""
    i = rng.randrange(len(chosen))
    q = rng.choice(options[i])
    others = chosen[:i] + chosen[i + 1:]
    for p in others:
        if q.mask & p.mask or q.mask & p.touch_mask:
            return None
    if visibility and not all_visible([p.cell_mask for p in others] + [q.cell_mask]):
        return None
    return i, q
