"""Two interchangeable backends over the same constraints: PySAT (CaDiCaL) and OR-tools CP-SAT.

A backend reads the model's `Cnf` incrementally (`sync`), solves under assumptions, reports the
truth of literals in the last model and, after a failure, the assumptions that caused it.
"""
from __future__ import annotations

import numpy as np
from pysat.solvers import Solver

from solver.cnf import Cnf

BACKENDS = ("sat", "cp")


class SatBackend:
    """CaDiCaL through PySAT; exactly-one groups become sequential counters."""

    def __init__(self, cnf: Cnf, solver_name: str = "cadical195") -> None:
        self.cnf = cnf
        self.solver = Solver(name=solver_name)
        self._clauses = self._exactly = self._at_most = 0
        self._values = np.zeros(1, dtype=bool)

    def sync(self) -> None:
        cnf = self.cnf
        add = self.solver.add_clause
        for group in cnf.exactly_one[self._exactly:]:
            add(group)
            self._sequential_at_most_one(group)
        self._exactly = len(cnf.exactly_one)
        for group in cnf.at_most_one[self._at_most:]:
            self._sequential_at_most_one(group)
        self._at_most = len(cnf.at_most_one)
        for clause in cnf.clauses[self._clauses:]:
            add(clause)
        self._clauses = len(cnf.clauses)

    def _sequential_at_most_one(self, lits: list[int]) -> None:
        add = self.solver.add_clause
        if len(lits) <= 5:
            for i, a in enumerate(lits):
                for b in lits[i + 1:]:
                    add([-a, -b])
            return
        # s_i: one of the first i+1 literals is true
        prev = 0
        for i, lit in enumerate(lits):
            if i < len(lits) - 1:
                s = self.cnf.new_var()
                add([-lit, s])
                if prev:
                    add([-prev, s])
            if prev:
                add([-lit, -prev])
            prev = s if i < len(lits) - 1 else prev

    def add_clause(self, clause: list[int]) -> None:
        self.sync()
        self.solver.add_clause(clause)

    def solve(self, assumptions: list[int]) -> bool:
        self.sync()
        ok = bool(self.solver.solve(assumptions=assumptions))
        if ok:
            model = self.solver.get_model()
            values = np.zeros(len(model) + 1, dtype=bool)
            values[1:] = np.asarray(model) > 0
            self._values = values
        return ok

    def value(self, lit: int) -> bool:
        var = abs(lit)
        truth = bool(self._values[var]) if var < len(self._values) else False
        return truth if lit > 0 else not truth

    def core(self) -> list[int]:
        return list(self.solver.get_core() or [])

    def stats(self) -> dict[str, int]:
        return dict(self.solver.accum_stats())

    def close(self) -> None:
        self.solver.delete()


class CpBackend:
    """OR-tools CP-SAT over the same clauses and exactly-one groups (no incrementality: every
    call solves the whole model again)."""

    def __init__(self, cnf: Cnf, workers: int = 1) -> None:
        from ortools.sat.python import cp_model

        self._cp = cp_model
        self.cnf = cnf
        self.model = cp_model.CpModel()
        self.workers = workers
        self._vars: dict[int, object] = {}
        self._clauses = self._exactly = self._at_most = 0
        self._solver = None
        self._core: list[int] = []
        self._extra: list[list[int]] = []

    def _lit(self, lit: int):
        var = abs(lit)
        if var not in self._vars:
            self._vars[var] = self.model.NewBoolVar(f"v{var}")
        x = self._vars[var]
        return x if lit > 0 else x.Not()

    def sync(self) -> None:
        cnf = self.cnf
        for group in cnf.exactly_one[self._exactly:]:
            self.model.AddExactlyOne([self._lit(l) for l in group])
        self._exactly = len(cnf.exactly_one)
        for group in cnf.at_most_one[self._at_most:]:
            self.model.AddAtMostOne([self._lit(l) for l in group])
        self._at_most = len(cnf.at_most_one)
        for clause in cnf.clauses[self._clauses:]:
            self.model.AddBoolOr([self._lit(l) for l in clause])
        self._clauses = len(cnf.clauses)

    def add_clause(self, clause: list[int]) -> None:
        self.sync()
        self.model.AddBoolOr([self._lit(l) for l in clause])

    def solve(self, assumptions: list[int]) -> bool:
        self.sync()
        self.model.ClearAssumptions()
        self.model.AddAssumptions([self._lit(l) for l in assumptions])
        solver = self._cp.CpSolver()
        solver.parameters.num_workers = self.workers
        status = solver.Solve(self.model)
        self._solver = solver
        if status in (self._cp.OPTIMAL, self._cp.FEASIBLE):
            return True
        if status != self._cp.INFEASIBLE:
            raise RuntimeError(f"CP-SAT stopped with status {solver.StatusName(status)}")
        by_index = {self._lit(l).Index(): l for l in assumptions}
        self._core = [by_index[i] for i in solver.SufficientAssumptionsForInfeasibility()
                      if i in by_index]
        return False

    def value(self, lit: int) -> bool:
        var = abs(lit)
        truth = var in self._vars and bool(self._solver.BooleanValue(self._vars[var]))
        return truth if lit > 0 else not truth

    def core(self) -> list[int]:
        return list(self._core)

    def stats(self) -> dict[str, int]:
        if self._solver is None:
            return {}
        return {"conflicts": int(self._solver.NumConflicts()),
                "decisions": int(self._solver.NumBranches())}

    def close(self) -> None:
        self._solver = None


def make_backend(name: str, cnf: Cnf):
    """The backend called `name` (`sat` or `cp`) over `cnf`."""
    if name == "sat":
        return SatBackend(cnf)
    if name == "cp":
        return CpBackend(cnf)
    raise ValueError(f"unknown backend {name!r} (expected one of {', '.join(BACKENDS)})")
