"""Two interchangeable backends over the same constraints: PySAT (Glucose 4 unless another of its
solvers is named) and OR-tools CP-SAT.

A backend reads the model's `Cnf` incrementally (`sync`), solves under assumptions, reports the
truth of literals in the last model and, after a failure, the assumptions that caused it.
"""
from __future__ import annotations

import atexit
import signal
import threading
import time
import weakref
from typing import Any

import numpy as np
from pysat.solvers import Solver

from solver.orapa.sat.cnf import Cnf
from solver.orapa.options import BACKENDS, DEFAULT_SAT_SOLVER, SAT_SOLVERS, BackendName

_OPEN_SAT_BACKENDS: "weakref.WeakSet[SatBackend]" = weakref.WeakSet()


@atexit.register
def _free_open_solvers() -> None:
    """Free the solvers still held at exit while PySAT is whole. Left to interpreter shutdown,
    their finaliser runs after PySAT's module globals are cleared and prints "Exception
    ignored ... 'NoneType' object is not callable" (seen after the web tests, whose worker
    threads cache sessions)."""
    for backend in list(_OPEN_SAT_BACKENDS):
        backend.close()


def at_most_one_clauses(cnf: Cnf, lits: list[int]) -> list[list[int]]:
    """Clauses saying at most one of `lits` holds: pairwise for up to five, else a sequential
    counter (its auxiliary variables are taken from `cnf`)."""
    if len(lits) <= 5:
        return [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]]
    clauses = []
    prev = 0  # a variable true when one of the literals before `lit` is
    for lit in lits[:-1]:
        seen = cnf.new_var()
        clauses.append([-lit, seen])
        if prev:
            clauses += [[-prev, seen], [-lit, -prev]]
        prev = seen
    clauses.append([-lits[-1], -prev])
    return clauses


def plain_clauses(cnf: Cnf, exactly: int = 0, at_most: int = 0, clauses: int = 0
                  ) -> list[list[int]]:
    """The constraints of `cnf` as clauses (exactly-one and at-most-one groups encoded), from
    the given numbers of groups and clauses on (all by default): for tools that take a plain
    clause list, and for a backend catching up with a growing model.

    >>> cnf = Cnf()
    >>> cnf.add_exactly_one(cnf.new_vars(3)); plain_clauses(cnf)
    [[1, 2, 3], [-1, -2], [-1, -3], [-2, -3]]
    """
    out = []
    for group in cnf.exactly_one[exactly:]:
        out += [list(group)] + at_most_one_clauses(cnf, group)
    for group in cnf.at_most_one[at_most:]:
        out += at_most_one_clauses(cnf, group)
    return out + [list(c) for c in cnf.clauses[clauses:]]


def can_interrupt(solver_name: str) -> bool:
    """Whether a timed call of this SAT solver stops at its deadline: PySAT cannot interrupt
    CaDiCaL, so its calls run to the end."""
    return not solver_name.startswith("cadical")


def _whole_solver(solver_name: str) -> Solver:
    """A PySAT solver made with Ctrl-C held back until it is whole: a SIGINT inside its
    constructor left an object without its inner solver, whose finaliser then printed
    "Exception ignored ... has no attribute 'glucose'" under the one-line message."""
    if (not hasattr(signal, "pthread_sigmask")
            or threading.current_thread() is not threading.main_thread()):
        return Solver(name=solver_name)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return Solver(name=solver_name)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


class SatBackend:
    """A PySAT solver (Glucose 4 by default, CaDiCaL on request); exactly-one groups become
    sequential counters. Glucose 4 is the default because it enumerates layouts about twice as
    fast as CaDiCaL 1.9.5 on this model and can be interrupted, which gives real timeouts
    (see the README's solver notes)."""

    def __init__(self, cnf: Cnf, solver_name: str = DEFAULT_SAT_SOLVER) -> None:
        self.cnf = cnf
        self.solver = _whole_solver(solver_name)
        _OPEN_SAT_BACKENDS.add(self)
        self.interruptible = can_interrupt(solver_name)
        self._clauses = self._exactly = self._at_most = 0
        self._values = np.zeros(1, dtype=bool)

    def sync(self) -> None:
        cnf = self.cnf
        add = self.solver.add_clause  # the inner solver: one wrapper less per clause
        for clause in plain_clauses(cnf, self._exactly, self._at_most, self._clauses):
            add(clause)
        self._exactly, self._at_most = len(cnf.exactly_one), len(cnf.at_most_one)
        self._clauses = len(cnf.clauses)

    def add_clause(self, clause: list[int]) -> None:
        self.sync()
        self.solver.add_clause(clause)

    def solve(self, assumptions: list[int], deadline: float | None = None) -> bool:
        """Satisfiable under the assumptions? Raises TimeoutError past `deadline`
        (a time.monotonic() value) when the solver can be interrupted."""
        self.sync()
        if deadline is None or not self.interruptible:
            ok = bool(self.solver.solve(assumptions=assumptions))
        else:
            timer = threading.Timer(max(0.0, deadline - time.monotonic()), self.solver.interrupt)
            timer.start()
            try:
                status = self.solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
            finally:
                timer.cancel()
                self.solver.clear_interrupt()
            if status is None:
                raise TimeoutError("the SAT solver was interrupted")
            ok = bool(status)
        if ok:
            self._keep_model()
        return ok

    def solve_within(self, assumptions: list[int], conflicts: int) -> bool | None:
        """Satisfiable under the assumptions, within `conflicts` conflicts? None when the
        budget ran out first (the generator gives up such a layout as too hard)."""
        self.sync()
        self.solver.conf_budget(conflicts)
        status = self.solver.solve_limited(assumptions=assumptions)
        if status:
            self._keep_model()
        return status

    def _keep_model(self) -> None:
        model = self.solver.get_model()
        values = np.zeros(len(model) + 1, dtype=bool)
        values[1:] = np.asarray(model) > 0
        self._values = values

    @property
    def values(self) -> np.ndarray:
        """Truth of every variable in the last model, indexed by variable."""
        return self._values

    def core(self) -> list[int]:
        return list(self.solver.get_core() or [])

    def stats(self) -> dict[str, int]:
        return dict(self.solver.accum_stats())

    def close(self) -> None:
        """Free the solver (a second close does nothing)."""
        self.solver.delete()


class CpBackend:
    """OR-tools CP-SAT over the same clauses and exactly-one groups (no incrementality: every
    call solves the whole model again)."""

    def __init__(self, cnf: Cnf, workers: int = 1) -> None:
        from ortools.sat.python import cp_model

        # OR-tools' CamelCase API, which its type stubs no longer list: left untyped here
        self._cp: Any = cp_model
        self.cnf = cnf
        self.model: Any = cp_model.CpModel()
        self.workers = workers
        self._vars: dict[int, Any] = {}
        self._clauses = self._exactly = self._at_most = 0
        self._solver: Any = None
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
            self.model.AddExactlyOne([self._lit(lit) for lit in group])
        self._exactly = len(cnf.exactly_one)
        for group in cnf.at_most_one[self._at_most:]:
            self.model.AddAtMostOne([self._lit(lit) for lit in group])
        self._at_most = len(cnf.at_most_one)
        for clause in cnf.clauses[self._clauses:]:
            self.model.AddBoolOr([self._lit(lit) for lit in clause])
        self._clauses = len(cnf.clauses)

    def add_clause(self, clause: list[int]) -> None:
        self.sync()
        self.model.AddBoolOr([self._lit(lit) for lit in clause])

    def solve(self, assumptions: list[int], deadline: float | None = None) -> bool:
        self.sync()
        self.model.ClearAssumptions()
        self.model.AddAssumptions([self._lit(lit) for lit in assumptions])
        solver = self._cp.CpSolver()
        solver.parameters.num_workers = self.workers
        solver.parameters.cp_model_presolve = False
        solver.parameters.symmetry_level = 0
        if deadline is not None:
            solver.parameters.max_time_in_seconds = max(0.001, deadline - time.monotonic())
        status = solver.Solve(self.model)
        self._solver = solver
        if status in (self._cp.OPTIMAL, self._cp.FEASIBLE):
            return True
        if status == self._cp.UNKNOWN and deadline is not None:
            raise TimeoutError("CP-SAT reached its time limit")
        if status != self._cp.INFEASIBLE:
            raise RuntimeError(f"CP-SAT stopped with status {solver.StatusName(status)}")
        by_index = {self._lit(lit).Index(): lit for lit in assumptions}
        self._core = [by_index[i] for i in solver.SufficientAssumptionsForInfeasibility()
                      if i in by_index]
        return False

    @property
    def values(self) -> np.ndarray:
        """Truth of every variable in the last model, indexed by variable."""
        values = np.zeros(self.cnf.top + 1, dtype=bool)
        for var, x in self._vars.items():
            values[var] = self._solver.BooleanValue(x)
        return values

    def core(self) -> list[int]:
        return list(self._core)

    def stats(self) -> dict[str, int]:
        if self._solver is None:
            return {}
        return {"conflicts": int(self._solver.NumConflicts()),
                "decisions": int(self._solver.NumBranches())}

    def close(self) -> None:
        self._solver = None


def make_backend(name: BackendName, cnf: Cnf):  # SatBackend | CpBackend, left untyped:
    # callers use SatBackend's extras (`solve_within`) where the backend is PySAT
    """The backend called `name` over `cnf`: `sat` (Glucose 4), `cp` (CP-SAT), or a PySAT
    solver by name (`cadical195`, `minisat22`)."""
    if name == "sat":
        return SatBackend(cnf)
    if name in SAT_SOLVERS:
        return SatBackend(cnf, name)
    if name == "cp":
        return CpBackend(cnf)
    raise ValueError(f"unknown backend {name!r} (expected one of {', '.join(BACKENDS)})")
