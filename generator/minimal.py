"""Minimal clue sets: drop shots while the answer stays unique.

Shots are tried in a random order (from the generator's seeded stream); a shot is dropped when
the puzzle without it still has one consistent layout. Uniqueness only gets harder to keep as
shots go, so every shot that could not be dropped is still needed at the end: the clue set is
irreducible (dropping any one of its shots makes the puzzle ambiguous). The kept observations
stay in their original order. Paths are reversible (O4): a shot from P leaving at Q answers the
shot from Q too, so while its reverse shot is still kept a shot is dropped without a check.

Two ways to check uniqueness, both exact, with the known solution excluded:
- The wave search (`solver.orapa.search.wave_search`), wherever it applies (rule `touching corner`, at
  most `WAVE_SEARCH_MAX_GEMS` gems): `generator.wave_minimal` predicts the whole removal from
  the twins it knows and proves the prediction with one search (same result as one check per
  shot, a fraction of the work). Its work is counted in search nodes, which depend only on the
  puzzle, so a per-search node budget is reproducible: a layout whose minimisation exceeds it
  is given up (`TooHard`). The puzzle's difficulty is the nodes of the final proof (the clue
  set has one solution).
- Otherwise the SAT model, one check per shot, in a fresh solver holding the layout clauses
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

import numpy as np

from games.orapa.board import PORTS
from games.orapa.gems import Gem
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import Observation, Puzzle, ShotAnswer
from solver.orapa.sat.backends import SatBackend
from solver.orapa.sat.cnf import Cnf
from solver.orapa.consistent import ModelSession, session_for, wave_search_applies
from solver.orapa.sat.model import OrapaModel
from generator.wave_minimal import NODE_BUDGET, TooHard, minimise_by_waves, wave_twin

SMALL = 14                 # shots left when the SAT checks move to a fresh model
CONFLICT_BUDGET = 3000     # per SAT check in the fresh model
__all__ = ["NODE_BUDGET", "TooHard", "minimise", "is_irreducible", "check", "wave_twin"]


@dataclass
class Check:
    """One uniqueness check: the twin found (None when unique), the observations the proof
    used (when unique) and the SAT conflicts it took."""

    twin: Layout | None
    used: set[int]
    conflicts: int


class _Template:
    """A model with all 36 shots encoded, and where each shot's clauses sit in it."""

    def __init__(self, gems: tuple[Gem, ...], rules: RuleOptions) -> None:
        self.model = OrapaModel(gems, rules)
        cnf = self.model.cnf
        self.true = cnf.true
        self.layout_end = (len(cnf.clauses), len(cnf.at_most_one))
        self.ranges: list[tuple[int, int, int, int]] = []
        for port in range(PORTS):
            start = (len(cnf.clauses), len(cnf.at_most_one))
            self.model.shot(port)
            self.ranges.append((*start, len(cnf.clauses), len(cnf.at_most_one)))


_TEMPLATES: dict[tuple[tuple[Gem, ...], RuleOptions], _Template] = {}


class SmallSession:
    """A fresh solver over the layout clauses and the given shots only, with the interface
    `check` needs (model, backend, query, retire)."""

    def __init__(self, gems: tuple[Gem, ...], rules: RuleOptions, ports: set[int]) -> None:
        key = (tuple(sorted(gems)), rules)
        if key not in _TEMPLATES:
            _TEMPLATES[key] = _Template(*key)
        template = _TEMPLATES[key]
        self.model = template.model
        whole = self.model.cnf
        clause_end, group_end = template.layout_end
        self.cnf = Cnf()
        self.cnf.top = whole.top
        self.cnf.clauses = whole.clauses[:clause_end] + [[template.true]]
        self.cnf.exactly_one = list(whole.exactly_one)
        self.cnf.at_most_one = whole.at_most_one[:group_end]
        for port in sorted(ports):
            c0, g0, c1, g1 = template.ranges[port]
            self.cnf.clauses += whole.clauses[c0:c1]
            self.cnf.at_most_one += whole.at_most_one[g0:g1]
        self.backend = SatBackend(self.cnf)

    def query(self) -> int:
        return self.cnf.new_var()

    def retire(self, activation: int) -> None:
        self.backend.add_clause([-activation])


def reverse_shot(obs: Observation) -> ShotAnswer | None:
    """The answer the shot from `obs`'s exit must give (None for cells, absorbed shots and
    shots that come back to their own port)."""
    if not isinstance(obs, ShotAnswer) or obs.exit is None or obs.exit == obs.port:
        return None
    return ShotAnswer(obs.exit, obs.port, obs.color, obs.bounces)


def _solve(session: ModelSession | SmallSession, assumptions: list[int],
           budget: int | None) -> np.ndarray | None:
    """The truth of every variable in a model under the assumptions, or None when there is
    none; raises TooHard past the conflict budget when one is given."""
    backend = session.backend
    if budget is None:
        return backend.values if backend.solve(assumptions) else None
    backend.sync()
    backend.solver.conf_budget(budget)
    status = backend.solver.solve_limited(assumptions=assumptions)
    if status is None:
        raise TooHard(f"a uniqueness check needed more than {budget} conflicts")
    if not status:
        return None
    return np.concatenate(([False], np.asarray(backend.solver.get_model()) > 0))


def check(session: ModelSession | SmallSession, observations: dict[int, Observation],
          solution: Layout, budget: int | None = None, extra: tuple[int, ...] = (),
          cores: bool = False) -> Check:
    """Is `solution` the only layout consistent with the observations (and the `extra`
    literals)? With `cores`, a unique answer names the observations its proof used (the
    solver's failed assumptions; they depend on the solver's history), else all of them."""
    backend, model = session.backend, session.model
    owners: dict[int, set[int]] = {}
    for i, obs in observations.items():
        for posed in (obs, reverse_shot(obs)):
            if posed is not None:
                for lit in model.observation_literals(posed):
                    owners.setdefault(lit, set()).add(i)
    before = backend.stats().get("conflicts", 0)
    activation = session.query()
    spurious = False
    try:
        backend.add_clause([-activation] + model.layout.blocking_clause(solution))
        assumptions = list(owners) + list(extra) + [activation]
        while (values := _solve(session, assumptions, budget)) is not None:
            layout = model.layout.decode(values)
            if all(obs.holds(layout) for obs in observations.values()):
                return Check(layout, set(), backend.stats()["conflicts"] - before)
            spurious = True                 # a closed loop faked an answer: block it
            backend.add_clause([-activation] + model.layout.blocking_clause(layout))
        used = set(observations) if spurious or not cores else set().union(
            *(owners.get(lit, set()) for lit in backend.core()))
        return Check(None, used or set(observations), backend.stats()["conflicts"] - before)
    finally:
        session.retire(activation)


@dataclass
class Minimised:
    """A minimal puzzle and the solver's work that rates it: `work` in `measure` units (the
    wave search's nodes proving the clue set unique, or the SAT conflicts of every check made
    in the fresh solver); with the wave search, also its searches and their nodes in all."""

    puzzle: Puzzle
    work: int
    measure: str
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
    session: ModelSession | SmallSession = session_for(puzzle.gems, puzzle.rules)
    kept: dict[int, Observation] = dict(enumerate(puzzle.observations))
    first = check(session, kept, solution)
    if first.twin is not None:
        raise ValueError("minimise: the puzzle is not unique")
    kept = {i: kept[i] for i in first.used}
    work = 0
    order = sorted(kept)
    rng.shuffle(order)
    budget: int | None = None
    fresh: SmallSession | None = None
    try:
        for i in order:
            if i not in kept:
                continue
            if fresh is None and len(kept) <= SMALL:
                ports = {o.port for o in kept.values() if isinstance(o, ShotAnswer)}
                ports |= {o.exit for o in kept.values()
                          if isinstance(o, ShotAnswer) and o.exit is not None}
                fresh = session = SmallSession(puzzle.gems, puzzle.rules, ports)
                budget = CONFLICT_BUDGET
            obs = kept.pop(i)
            reverse = reverse_shot(obs)
            if reverse is not None and reverse in kept.values():
                continue
            result = check(session, kept, solution, budget, cores=fresh is not None)
            if fresh is not None:
                work += result.conflicts
            if result.twin is not None:
                kept[i] = obs
            else:
                kept = {j: kept[j] for j in result.used}
    finally:
        if fresh is not None:
            fresh.backend.close()
    return Minimised(puzzle.with_observations([kept[j] for j in sorted(kept)]), work,
                     "conflicts")


def is_irreducible(puzzle: Puzzle, solution: Layout) -> bool:
    """Does dropping any single observation leave another consistent layout?"""
    session = session_for(puzzle.gems, puzzle.rules)
    observations = dict(enumerate(puzzle.observations))
    for i in observations:
        rest = {j: obs for j, obs in observations.items() if j != i}
        if check(session, rest, solution).twin is None:
            return False
    return True
