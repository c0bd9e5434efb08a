"""Minimal clue sets: drop shots while the answer stays unique.

Shots are tried in a random order (from the generator's seeded stream); a shot is dropped when
the puzzle without it still has one consistent layout. Uniqueness only gets harder to keep as
shots go, so every shot that could not be dropped is still needed at the end: the clue set is
irreducible (dropping any one of its shots makes the puzzle ambiguous). The kept observations
stay in their original order. Paths are reversible (O4): a shot from P leaving at Q answers the
shot from Q too, so while its reverse shot is still kept a shot is dropped without a check.

Two ways to check uniqueness, both exact, with the known solution excluded:
- The wave search (`solver.orapa.uniqueness.second_layout`), wherever it applies (rule
  `touching corner`, at most `WAVE_SEARCH_MAX_GEMS` gems): `generator.wave_minimal` predicts the whole removal from
  the twins it knows and proves the prediction with one search (same result as one check per
  shot, a fraction of the work). Its work is counted in search nodes, which depend only on the
  puzzle, so a per-search node budget is reproducible: a layout whose minimisation exceeds it
  is given up (`TooHard`). The puzzle's difficulty is the nodes of the final proof (the clue
  set has one solution).
- Otherwise the SAT model (`solver.orapa.uniqueness.ClueChecks`), one check per shot, in a
  fresh solver holding the layout clauses
  and the puzzle's shots only below `SMALL` shots (copied from a per-process template,
  `SmallSession`: propagation is several times cheaper there), with a per-check conflict
  budget. Every shot is posed together with its reverse (the model's reversibility lemmas link
  the two shots' variables). In the fresh solver, an unsatisfiable call's failed assumptions
  name the shots its proof used and the rest go at once (unless the call blocked a spurious
  model, which the proof may rely on). The difficulty is the conflicts of every check made in
  the fresh solver.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from games.orapa.layout import Layout
from games.orapa.puzzle import Observation, Puzzle
from generator.wave_minimal import minimise_by_waves
from solver.orapa.uniqueness import (NODE_BUDGET, ClueChecks, Measure, TooHard, droppable,
                                     reverse_shot, wave_search_applies)

SMALL = 14                 # shots left when the SAT checks move to a fresh model
CONFLICT_BUDGET = 3000     # per SAT check in the fresh model
__all__ = ["NODE_BUDGET", "TooHard", "minimise", "is_irreducible"]


@dataclass
class Minimised:
    """A minimal puzzle and the solver's work that rates it: `work` in `measure` units (the
    wave search's nodes proving the clue set unique, or the SAT conflicts of every check made
    in the fresh solver); with the wave search, also its searches and their nodes in all."""

    puzzle: Puzzle
    work: int
    measure: Measure
    searches: int = 0
    search_nodes: int = 0


def minimise(puzzle: Puzzle, solution: Layout, rng: random.Random) -> Minimised:
    """An irreducible subset of the puzzle's observations that still forces `solution`.

    The puzzle must be unique to begin with; raises TooHard past a check's budget."""
    if wave_search_applies(puzzle.gems, puzzle.rules):
        return _minimise_by_waves(puzzle, solution, rng)
    return _minimise_by_sat(puzzle, solution, rng)


def _minimise_by_waves(puzzle: Puzzle, solution: Layout, rng: random.Random) -> Minimised:
    found = minimise_by_waves(puzzle, solution, rng)
    return Minimised(puzzle.with_observations(found.observations), found.proof_nodes, "nodes",
                     found.searches, found.nodes)


def _minimise_by_sat(puzzle: Puzzle, solution: Layout, rng: random.Random) -> Minimised:
    kept: dict[int, Observation] = dict(enumerate(puzzle.observations))
    work = 0
    with ClueChecks(puzzle, solution) as checks:
        first = checks.twin(kept)
        if not first.unique:
            raise ValueError("minimise: the puzzle is not unique")
        kept = {i: kept[i] for i in first.used}
        order = sorted(kept)
        rng.shuffle(order)
        for i in order:
            if i not in kept:
                continue
            if not checks.narrowed and len(kept) <= SMALL:
                checks.narrow(kept)
            obs = kept.pop(i)
            reverse = reverse_shot(obs)
            if reverse is not None and reverse in kept.values():
                continue
            if checks.narrowed:
                result = checks.twin(kept, CONFLICT_BUDGET, cores=True)
                work += result.work
            else:
                result = checks.twin(kept)
            if not result.unique:
                kept[i] = obs
            else:
                kept = {j: kept[j] for j in result.used}
    return Minimised(puzzle.with_observations([kept[j] for j in sorted(kept)]), work,
                     "conflicts")


def is_irreducible(puzzle: Puzzle, solution: Layout) -> bool:
    """Does dropping any single observation leave another consistent layout?"""
    return not droppable(puzzle, solution)
