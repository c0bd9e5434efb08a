"""Minimal clue sets by the wave search: the greedy removal, predicted and then proven.

The greedy removal (`generator.minimal`) walks through the observations in a random order and
drops one whenever the puzzle without it is still unique. Its result depends only on that order
and on the true answers to "is this subset unique?", so any exact way to get them gives the
same puzzle, and most of them can be had without a search:

- A *twin* is a legal layout other than the solution; it is kept as the bit mask of the
  observations it breaks (does not give). A subset of observations holding none of those a
  twin breaks is not unique: no search needed. Twins come from two places: every layout that moves one gem
  of the solution (`generator.neighbours`, traced in one batch; they explain most needed
  shots), and every twin a search finds.
- *Prediction*: walk along the order, keeping an observation when a known twin gives every
  other observation still kept (dropping it would leave that twin) and dropping it otherwise.
  Then one search of the predicted clue set settles it. Unique: every prediction was right
  (each dropped step's subset contains the predicted set, so it is unique too; each kept one
  has its twin), and this is the greedy removal's result. Not unique: the twin found is added
  and the walk made again. A walk never predicts a set a known twin gives (the last
  observation that twin breaks would have been kept), so every round finds a new twin or ends.
  On base puzzles, 2.4 searches per puzzle on average, the last one the proof.

Answers are reversible (O4: a wave from P leaving at Q means the wave from Q leaves at P with
the same colour), so a twin breaks a shot exactly when it breaks its reverse, and a shot whose
reverse is still kept is always dropped, as the greedy removal does.

The subsets are searched in the puzzle's order, so the proof of the final clue set, whose
search nodes rate the puzzle's difficulty, is exactly the search the generator always made.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from games.orapa.layout import Layout
from games.orapa.puzzle import Observation, Puzzle, ShotAnswer
from games.orapa.waves import trace_counts
from generator.neighbours import moved_gem_twins
from solver.orapa.uniqueness import NODE_BUDGET, second_layout

__all__ = ["NODE_BUDGET", "broken", "witness", "predict", "WaveMinimised", "minimise_by_waves"]


def broken(observations: tuple[Observation, ...], layout: Layout) -> int:
    """Bit mask of the observations `layout` does not give (one trace of all 36 shots)."""
    answers = trace_counts(layout, None)
    mask = 0
    for i, obs in enumerate(observations):
        if isinstance(obs, ShotAnswer):
            exit_port, color, bounces = answers[obs.port]
            holds = exit_port < 0 if obs.exit is None else (
                exit_port == obs.exit and obs.color in (None, color)
                and obs.bounces in (None, bounces))
        else:
            holds = obs.holds(layout)
        if not holds:
            mask |= 1 << i
    return mask


def witness(twins: list[int], subset: int) -> bool:
    """Does a known twin give every observation of `subset`?"""
    return any(not breaks & subset for breaks in twins)


def predict(twins: list[int], order: list[int], count: int) -> int:
    """The greedy removal's result as far as the known twins tell (see the module's notes)."""
    kept = (1 << count) - 1
    for i in order:
        rest = kept & ~(1 << i)
        if not witness(twins, rest):
            kept = rest
    return kept


@dataclass
class WaveMinimised:
    """The kept observations (puzzle order), the nodes of the wave search's proof that they
    are unique, and the work: searches made and their nodes in all."""

    observations: list[Observation]
    proof_nodes: int
    searches: int
    nodes: int


def minimise_by_waves(puzzle: Puzzle, solution: Layout, rng: random.Random) -> WaveMinimised:
    """The greedy removal in a random order from `rng` (the puzzle must be unique). Raises
    TooHard (`solver.orapa.uniqueness`) when a search needs more than NODE_BUDGET nodes."""
    observations = puzzle.observations
    order = list(range(len(observations)))
    rng.shuffle(order)
    twins = [breaks for breaks, _ in moved_gem_twins(puzzle, solution)]
    searches = total = 0
    while True:
        guess = predict(twins, order, len(observations))
        kept = [obs for i, obs in enumerate(observations) if guess >> i & 1]
        searches += 1
        found = second_layout(puzzle.with_observations(kept), solution, engine="waves")
        total += found.work
        if found.layout is None:
            return WaveMinimised(kept, found.work, searches, total)
        breaks = broken(observations, found.layout)
        if not breaks:
            raise ValueError("minimise: the puzzle is not unique")
        twins.append(breaks)
