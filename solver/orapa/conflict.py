"""Minimal conflicts: which answers of a contradictory puzzle cannot all hold together.

`conflict` names a minimal set of answers with no layout (drop any one and the rest have
one), so that a player can find the typo. Every check asks whether some subset of the answers
can all hold, exactly, by three engines taking turns with budgets that grow fourfold: the wave
search (`frontier_families`, the engine `solve` found the contradiction with; a family with a
member is a layout, no family left is a proof), the exact count (`counting.exact`: more than
none), and the SAT model (selector literals, every model replayed by the tracer). The wave
search settles most checks in milliseconds where Glucose needed tens of seconds to prove one
flipped answer impossible on `full`; the count settles the sets of few answers the search
wanders in; the model (from the second round: building it takes 0.5 to 1.4 s) takes what
neither finishes in its budget. The checks are ordered by
QuickXplain (Junker 2004): a core of k answers among n in about 2k log(n/k) checks.
"""
from __future__ import annotations

import time
from typing import Callable

from games.errors import LimitReached
from games.orapa.puzzle import Puzzle
from solver.orapa.consistent import ModelSession, session_for, wave_search_applies
from solver.orapa.options import BackendName, Method
from solver.orapa.precheck import impossible_answers
from solver.orapa.search import frontier_compiled
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.search.wave_search import search_families

# A check's first round: the search's nodes (about 40 ms compiled; counted in nodes, not
# seconds, so that a cold start building its tables does not hand the check to the model, whose
# own building takes 1.4 s on `full`), then the count's and the model's seconds (and a family's
# to show a member). Each later round has BUDGET_GROWTH times more of both.
FIRST_NODES = 100_000
FIRST_SECONDS = 0.05
BUDGET_GROWTH = 4


def conflict(puzzle: Puzzle, backend: BackendName = "sat", timeout: float | None = None,
             method: Method = "auto") -> list[int] | None:
    """A minimal set of observation indices that cannot all hold (None when they can).

    Answers the gem set cannot give (`solver.orapa.precheck`) are named without a search; a
    pair the rules forbid together is the core to shrink (one of the two may fail alone).
    With `method="model"` only the SAT model checks. Past `timeout`: LimitReached.
    """
    found = impossible_answers(puzzle.observations, puzzle.gems)
    if found is not None and len(found) == 1:
        return found
    deadline = None if timeout is None else time.monotonic() + timeout
    checks = Satisfiability(puzzle, backend, deadline, method)
    try:
        if found is None:
            everything = list(range(len(puzzle.observations)))
            if checks.holds(everything):
                return None
            found = checks.last_core or everything
        return sorted(quickxplain(checks.holds, found))
    finally:
        checks.close()


def quickxplain(holds: Callable[[list[int]], bool], unsatisfiable: list[int]) -> list[int]:
    """A minimal subset of `unsatisfiable` (a set that cannot hold) that cannot hold either,
    given an exact `holds`: dropping any of its members leaves a set that holds."""
    def explain(background: list[int], candidates: list[int], changed: bool) -> list[int]:
        if changed and not holds(background):
            return []
        if len(candidates) <= 1:
            return candidates
        first, second = candidates[:len(candidates) // 2], candidates[len(candidates) // 2:]
        needed_second = explain(background + first, second, True)
        needed_first = explain(background + needed_second, first, bool(needed_second))
        return needed_first + needed_second

    return explain([], list(unsatisfiable), False)


class Satisfiability:
    """Can chosen answers of a puzzle all hold? Exact, by the wave search, the count and the
    SAT model in turn with growing budgets (the model alone under `touching any` or `method="model"`).
    `last_core`: after the model proved a set impossible, the answers its proof used (None
    when the search decided, or the proof leaned on blocked spurious layouts)."""

    def __init__(self, puzzle: Puzzle, backend: BackendName, deadline: float | None,
                 method: Method) -> None:
        self.puzzle = puzzle
        self.backend_name = backend
        self.deadline = deadline
        self.searchable = method == "auto" and puzzle.rules.touching == "corner"
        self.last_core: list[int] | None = None
        self.by_search = self.by_count = self.by_model = 0   # checks each engine decided
        self._session: ModelSession | None = None
        self._activation = 0
        self._selectors: list[int] = []

    def holds(self, chosen: list[int]) -> bool:
        """Do the chosen observations (indices) have a layout?"""
        self.last_core = None
        if self._out_of_time():
            raise _time_up()
        observations = [self.puzzle.observations[i] for i in chosen]
        if impossible_answers(observations, self.puzzle.gems) is not None:
            return False
        nodes, seconds = FIRST_NODES, FIRST_SECONDS
        while True:
            if self.searchable:
                found = self._by_search(chosen, nodes, seconds)
                if found is not None:
                    self.by_search += 1
                    return found
                found = self._by_count(chosen, seconds)
                if found is not None:
                    self.by_count += 1
                    return found
            # the model's first turn comes a round later: building it takes 0.5 to 1.4 s
            found = None if self.searchable and nodes == FIRST_NODES else \
                self._by_model(chosen, seconds if self.searchable else None)
            if found is not None:
                self.by_model += 1
                return found
            nodes, seconds = nodes * BUDGET_GROWTH, seconds * BUDGET_GROWTH

    def _until(self, budget: float | None) -> float | None:
        if budget is None:
            return self.deadline
        end = time.monotonic() + budget
        return end if self.deadline is None else min(end, self.deadline)

    def _out_of_time(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def _by_search(self, chosen: list[int], nodes: int, seconds: float) -> bool | None:
        """The wave search's answer, or None when it needs more than `nodes` search nodes
        (or a family more than `seconds` to show a member)."""
        puzzle = self.puzzle.with_observations([self.puzzle.observations[i] for i in chosen])
        plain = wave_search_applies(puzzle.gems, puzzle.rules) \
            and not frontier_compiled.available(puzzle)
        search = search_families if plain else frontier_families
        try:
            for family in search(puzzle, self.deadline, max_nodes=nodes):
                if next(iter(family.members(self._until(seconds))), None) is not None:
                    return True
            return False
        except LimitReached:
            if self._out_of_time():
                raise _time_up() from None
            return None

    def _by_count(self, chosen: list[int], seconds: float) -> bool | None:
        """The exact count's answer (some layout or none), or None when counting needs more
        than `seconds`: it settles in a fraction of a second the sets of a few answers whose
        one layout the search can take millions of nodes to meet."""
        from solver.orapa.counting.exact import exact_count
        puzzle = self.puzzle.with_observations([self.puzzle.observations[i] for i in chosen])
        if self.deadline is not None:
            seconds = min(seconds, max(0.0, self.deadline - time.monotonic()))
        counted = exact_count(puzzle, seconds=seconds)
        if counted is None:
            if self._out_of_time():
                raise _time_up()
            return None
        return counted.count > 0

    def _by_model(self, chosen: list[int], budget: float | None) -> bool | None:
        """The model's answer (every model replayed by the tracer), or None when it needs
        more than `budget` seconds."""
        session = self._model()
        backend, layout_vars = session.backend, session.model.layout
        observations = [self.puzzle.observations[i] for i in chosen]
        assumptions = [self._selectors[i] for i in chosen] + [self._activation]
        block = session.query()
        blocked = False
        try:
            while True:
                try:
                    proposed = backend.solve(assumptions + [block], self._until(budget))
                except TimeoutError:
                    if budget is None or self._out_of_time():
                        raise _time_up() from None
                    return None
                if not proposed:
                    break
                layout = layout_vars.decode(backend.values)
                if all(obs.holds(layout) for obs in observations):
                    return True
                backend.add_clause([-block] + layout_vars.blocking_clause(layout))
                blocked = True
            if not blocked:
                index = {s: i for i, s in enumerate(self._selectors)}
                self.last_core = sorted(index[abs(lit)] for lit in backend.core()
                                        if abs(lit) in index) or None
            return False
        finally:
            session.retire(block)

    def _model(self) -> ModelSession:
        """The cached session, with a selector literal per observation (built on first use:
        most conflicts never need it)."""
        if self._session is None:
            session = session_for(self.puzzle.gems, self.puzzle.rules, self.backend_name)
            cnf = session.model.cnf
            self._activation = session.query()
            for obs in self.puzzle.observations:
                selector = cnf.new_var()
                for lit in session.model.observation_literals(obs):
                    cnf.implies([self._activation, selector], lit)
                self._selectors.append(selector)
            self._session = session
        return self._session

    def close(self) -> None:
        """Switch the selectors' clauses off for good."""
        if self._session is not None:
            self._session.retire(self._activation)


def _time_up() -> LimitReached:
    return LimitReached("time limit reached while looking for a minimal conflict",
                        partial={"status": "contradiction", "count": 0, "exact": True,
                                 "solutions": [], "conflict": None})
