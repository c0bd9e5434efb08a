"""Uniqueness checks on the SAT model: is a known layout the only one giving some answers?

The public questions are asked through `solver.orapa.uniqueness`; this module holds the model's
side of them. A check poses the answers as assumptions beside a clause that excludes the known
layout, under an activation literal retired afterwards, so one cached `ModelSession` serves
check after check. Every proposal is replayed by simulation: one a closed loop made look right
is blocked and the check goes on.

Each shot is posed together with its reverse shot (O4: the wave from the exit port leaves by
the entry port with the same colour); the model's reversibility lemmas tie their variables, so
the pair propagates further than either alone.

A check on few shots is much cheaper in a solver that holds only the layout clauses and those
shots (`SmallSession`, copied from a per-process `_Template` with all 36 shots encoded): its
failed assumptions then name the shots its proof used.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from games.orapa.board import PORTS
from games.orapa.gems import Gem
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import Observation, ShotAnswer
from solver.orapa.consistent import ModelSession
from solver.orapa.sat.backends import SatBackend
from solver.orapa.sat.cnf import Cnf
from solver.orapa.sat.model import OrapaModel


class OverBudget(Exception):
    """A check needed more SAT conflicts than it was given."""


@dataclass
class SatCheck:
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
    `check` needs (model, backend, query, retire). Close it when done."""

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

    def close(self) -> None:
        self.backend.close()


def reverse_shot(obs: Observation) -> ShotAnswer | None:
    """The answer the shot from `obs`'s exit must give (None for cells, absorbed shots and
    shots that come back to their own port).

    >>> reverse_shot(ShotAnswer(0, 12, 1))
    ShotAnswer.parse('13 -> 1 red')
    """
    if not isinstance(obs, ShotAnswer) or obs.exit is None or obs.exit == obs.port:
        return None
    return ShotAnswer(obs.exit, obs.port, obs.color, obs.bounces)


def _solve(session: ModelSession | SmallSession, assumptions: list[int],
           budget: int | None) -> np.ndarray | None:
    """The truth of every variable in a model under the assumptions, or None when there is
    none; raises OverBudget past the conflict budget when one is given."""
    backend = session.backend
    if budget is None:
        return backend.values if backend.solve(assumptions) else None
    status = backend.solve_within(assumptions, budget)
    if status is None:
        raise OverBudget(f"a uniqueness check needed more than {budget} conflicts")
    return backend.values if status else None


def check(session: ModelSession | SmallSession, observations: dict[int, Observation],
          solution: Layout, budget: int | None = None, extra: tuple[int, ...] = (),
          cores: bool = False) -> SatCheck:
    """Is `solution` the only layout consistent with the observations (and the `extra`
    literals)? With `cores`, a unique answer names the observations its proof used (the
    solver's failed assumptions; they depend on the solver's history), else all of them.
    Raises OverBudget past `budget` conflicts."""
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
                return SatCheck(layout, set(), backend.stats()["conflicts"] - before)
            spurious = True                 # a closed loop faked an answer: block it
            backend.add_clause([-activation] + model.layout.blocking_clause(layout))
        used = set(observations) if spurious or not cores else set().union(
            *(owners.get(lit, set()) for lit in backend.core()))
        return SatCheck(None, used or set(observations), backend.stats()["conflicts"] - before)
    finally:
        session.retire(activation)


def keep_colors_literals(session: ModelSession, solution: Layout,
                         colors: frozenset[str]) -> tuple[int, ...]:
    """Literals saying each colour of `colors` covers exactly the quarters it covers in
    `solution` (O6: the quarters a colour covers are what tells layouts apart)."""
    masks = dict(solution.signature)
    return tuple(lit if masks.get(color, 0) >> q & 1 else -lit
                 for color, lits in session.model.layout.color_quarter.items()
                 if color in colors for q, lit in enumerate(lits))
