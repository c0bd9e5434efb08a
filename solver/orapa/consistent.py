"""ConsistentLayouts: the layouts that agree with a puzzle's answers, enumerated lazily.

Two engines list them, both exact:
- the wave search (`solver.orapa.search.wave_search`): under `touching corner`, it follows every
  observed wave cell by cell and branches on what covers each cell it enters; its leaves are
  families of layouts that share the waves' paths, listed member by member. No solver, so it is
  fast when the gems are few (base, full): 36-shot base puzzles in a few milliseconds, and
  tens of thousands of layouts a second on puzzles with many. When the compiled frontier
  search (`solver.orapa.search.frontier_search`) is built, it takes its place for every gem set: the
  same families, with every wave followed at once and the most constrained cell decided next,
  in C (a `full` puzzle of ten answers and 56 layouts: 0.13 s against 4.9 s for the plain
  search, which gave up at its 2 s and left the model 23 s of SAT calls). Without it, above
  `WAVE_SEARCH_MAX_GEMS` gems (`double`) the Python frontier search takes its place;
- the model (`OrapaModel` on a SAT or CP-SAT backend): a `ModelSession` holds one model and one
  backend for a gem set and rule options; puzzles are posed to it as assumptions, so the base
  model is built once and reused, and shots encoded for one puzzle serve the next. Every layout
  it proposes is checked by simulation; one that does not really give the observed answers (a
  closed loop faked a colour) is blocked and skipped. Layouts are blocked by their coloured
  quarters (O6), so each is counted once.

`method="auto"` (the default) gives the wave search `WAVE_SEARCH_SECONDS` to find every family
(the compiled frontier search `FRONTIER_MAX_NODES` nodes; members are listed afterwards,
lazily); when it cannot, or does not apply (rule `touching any`), the model answers.
`method="model"` always uses the model.

Before either engine, `solver.orapa.precheck` looks for answers the gem set cannot give (an
absorbed wave without a black gem, ...): such a puzzle has no layout, found at once.
"""
from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Iterator, Literal

from games.errors import LimitReached
from games.orapa.gems import Gem
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import Observation, Puzzle
from games.wording import plural
from solver.orapa.search import frontier_compiled
from solver.orapa.search.frontier_search import follows_counts, frontier_families
from solver.orapa.search.path_family import PathFamily
from solver.orapa.search.wave_search import search_families
from solver.orapa.sat.families import Family
from solver.orapa.options import METHODS, BackendName, Method
from solver.orapa.precheck import impossible_answers


# Which engine answered an enumeration: the wave search (`waves`), the model (`model`), or
# none needed (`rules`: `precheck` found answers the gem set cannot give, so no layout exists).
Engine = Literal["waves", "model", "rules"]


class ModelSession:
    """A model and its backend, reused across puzzles of one gem set and rule options."""

    def __init__(self, gems: tuple[Gem, ...], rules: RuleOptions,
                 backend: BackendName = "sat") -> None:
        # imported here: a puzzle the wave search answers never loads PySAT or OR-tools
        from solver.orapa.sat.backends import make_backend
        from solver.orapa.sat.model import OrapaModel
        self.model = OrapaModel(gems, rules)
        self.backend = make_backend(backend, self.model.cnf)
        self.backend_name = backend
        self.spurious = 0  # models rejected by simulation

    def literals(self, observations: tuple[Observation, ...] | list[Observation]) -> list[int]:
        lits: list[int] = []
        for obs in observations:
            lits.extend(self.model.observation_literals(obs))
        return lits

    def query(self) -> int:
        """A fresh activation literal: clauses guarded by it hold only while it is assumed."""
        return self.model.cnf.new_var()

    def retire(self, activation: int) -> None:
        """Switch a query's guarded clauses off for good."""
        self.backend.add_clause([-activation])


_MAX_SESSIONS = 4
_local = threading.local()   # one cache per thread: a SAT solver must never serve two at once


def _sessions() -> "OrderedDict[tuple, ModelSession]":
    """This thread's cached sessions (a solver and its model are not safe to share: two
    threads solving on one corrupt it, which showed as false contradictions and crashes)."""
    cache = getattr(_local, "sessions", None)
    if cache is None:
        cache = _local.sessions = OrderedDict()
    return cache


def session_for(gems: tuple[Gem, ...], rules: RuleOptions,
                backend: BackendName = "sat") -> ModelSession:
    """This thread's cached session for a gem set (in any order) and rule options. A session
    pushed out of the cache is not closed: a listing still running may hold it, and it is
    freed with its last reference."""
    cache = _sessions()
    key = (tuple(sorted(gems)), rules, backend)
    session = cache.get(key)
    if session is None:
        session = ModelSession(tuple(sorted(gems)), rules, backend)
        cache[key] = session
        while len(cache) > _MAX_SESSIONS:
            cache.popitem(last=False)
    cache.move_to_end(key)
    return session


def drop_sessions() -> None:
    """Forget this thread's cached sessions, so that its next puzzle builds a fresh model:
    after a solver call ended abnormally (a signal inside the C code) the solver may be
    unsound."""
    cache = _sessions()
    while cache:
        try:
            cache.popitem()[1].backend.close()
        except Exception:          # a broken solver may fail to close: it is dropped anyway
            pass

WAVE_SEARCH_SECONDS = 2.0   # the wave search's time to find every family (then the model)
WAVE_SEARCH_MAX_GEMS = 10   # it branches over the gems at every cell: hopeless for double's 14
# The compiled frontier search (above WAVE_SEARCH_MAX_GEMS gems) is held to a number of nodes
# instead, so that a busy machine does not hand a puzzle it would finish to the model (which
# takes minutes on some 36-shot double puzzles): of 100 random 36-shot double puzzles the
# hardest took 2.6 million nodes (1.1 CPU s), the sixth hardest 0.5 million. The clock still
# stops it, later.
FRONTIER_MAX_NODES = 20_000_000
FRONTIER_SECONDS = 60.0


def wave_search_applies(gems: tuple[Gem, ...], rules: RuleOptions) -> bool:
    """Does the plain wave search suit this gem set and these rules? The generator checks
    uniqueness with it where it does (it rates difficulty by its nodes). Above
    `WAVE_SEARCH_MAX_GEMS` gems it is hopeless, and `ConsistentLayouts` takes the frontier
    search (`solver.orapa.search.frontier_search`) there, as it does for every gem set when that
    search is compiled."""
    return rules.touching == "corner" and len(gems) <= WAVE_SEARCH_MAX_GEMS


class ConsistentLayouts:
    """The layouts consistent with a puzzle's observations (plus optional extra literals)."""

    def __init__(self, puzzle: Puzzle, backend: BackendName = "sat",
                 timeout: float | None = None, session: ModelSession | None = None,
                 method: Method = "auto") -> None:
        if method not in METHODS:
            raise ValueError(f"method must be one of {METHODS}, got {method!r}")
        self.puzzle = puzzle
        self.backend_name = backend
        self.method = method
        self._session = session
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.sat_calls = 0
        self.found = 0          # layouts yielded by the current enumeration
        self.families = 0       # families found by the wave search
        self.engine: Engine | None = None   # which engine answered the last enumeration

    @property
    def session(self) -> ModelSession:
        """The model session, built (or taken from the cache) on first use."""
        if self._session is None:
            self._session = session_for(self.puzzle.gems, self.puzzle.rules, self.backend_name)
        return self._session

    def remaining(self) -> float | None:
        """Seconds left before the deadline (None when there is none)."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def _check_time(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise self._time_up()

    def _time_up(self) -> LimitReached:
        return LimitReached(f"time limit reached after {plural(self.found, 'layout')}", partial=self.found)

    def layouts(self, extra: tuple[Observation, ...] | list[Observation] = (),
                exclude: tuple[Layout, ...] = ()) -> Iterator[Layout]:
        """Yield every consistent layout once, lazily; `extra` observations narrow the search
        (hypothetical answers) and `exclude` layouts are skipped."""
        observations = list(self.puzzle.observations) + list(extra)
        self.found = 0
        if impossible_answers(observations, self.puzzle.gems) is not None:
            self.engine = "rules"   # the answers contradict the gem set: nothing to search
            return
        found_in_time = self._wave_families(observations)
        if found_in_time is None:
            self.engine = "model"
            yield from self._model_layouts(observations, exclude)
            return
        self.engine = "waves"
        families, complete = found_in_time
        for family in families:
            self._check_time()   # a family may be empty: its members() never looks at the clock
            yield from self._members(family.members(self.deadline), exclude)
        if not complete:
            self._check_time()

    def _members(self, members: Iterator[Layout], exclude: tuple[Layout, ...]
                 ) -> Iterator[Layout]:
        """A family's members but the excluded ones, counted in `found`, minding the clock."""
        for member in members:
            if member in exclude:
                continue
            self.found += 1
            yield member
            if self.found % 256 == 0:
                self._check_time()

    def _wave_families(self, observations: list[Observation]
                       ) -> tuple[list[PathFamily], bool] | None:
        """Every family by the wave search and True; None when the search does not apply or
        runs out of its own time; the families found so far and False when it runs out of
        the caller's time (their members are then a partial answer)."""
        if self.method != "auto" or self.puzzle.rules.touching != "corner":
            return None
        puzzle = self.puzzle.with_observations(observations)
        many = not wave_search_applies(self.puzzle.gems, self.puzzle.rules)
        compiled = frontier_compiled.available(puzzle)
        search = frontier_families if many or compiled or follows_counts(puzzle) else search_families
        seconds, max_nodes = WAVE_SEARCH_SECONDS, None
        if many and compiled:
            seconds, max_nodes = FRONTIER_SECONDS, FRONTIER_MAX_NODES
        budget = time.monotonic() + seconds
        deadline = budget if self.deadline is None else min(budget, self.deadline)
        families: list[PathFamily] = []
        try:
            for family in search(puzzle, deadline, max_nodes=max_nodes):
                families.append(family)
        except LimitReached:
            if self.deadline is not None and time.monotonic() > self.deadline:
                return families, False
            return None
        self.families = len(families)
        return families, True

    def _model_layouts(self, observations: list[Observation],
                       exclude: tuple[Layout, ...]) -> Iterator[Layout]:
        """The model's enumeration: one SAT call per layout, or per family under touching
        corner (its free gems are then listed without the solver)."""
        session = self.session
        backend, lv = session.backend, session.model.layout
        activation = session.query()
        try:
            for layout in exclude:
                backend.add_clause([-activation] + lv.blocking_clause(layout))
            if self.puzzle.rules.touching == "corner":
                for family in self._model_families(observations, activation):
                    yield from self._members(family.members(self.deadline), exclude)
                return
            for layout in self._proposals(observations, activation):
                backend.add_clause([-activation] + lv.blocking_clause(layout))
                self.found += 1
                yield layout
        finally:
            session.retire(activation)

    def model_families(self) -> Iterator[Family]:
        """Under touching corner: the families of consistent layouts found by the model, one
        SAT call each (LimitReached past the deadline)."""
        self.found = 0
        if impossible_answers(self.puzzle.observations, self.puzzle.gems) is not None:
            return
        activation = self.session.query()
        try:
            yield from self._model_families(list(self.puzzle.observations), activation)
        finally:
            self.session.retire(activation)

    def _model_families(self, observations: list[Observation], activation: int
                        ) -> Iterator[Family]:
        """Each family the model proposes, blocked (under `activation`) as it is found."""
        lv = self.session.model.layout
        for layout in self._proposals(observations, activation):
            family = Family(layout, observations, self.puzzle.rules.mirror,
                            self.puzzle.rules.visibility)
            self.session.backend.add_clause([-activation] + lv.family_clause(family))
            yield family

    def _proposals(self, observations: list[Observation], activation: int
                   ) -> Iterator[Layout]:
        """The layouts the model proposes that really give the observations, until there is
        none; the caller blocks each one (alone or with its family) before asking for the
        next. A proposal that a closed loop made look right is blocked and skipped."""
        session = self.session
        backend, lv = session.backend, session.model.layout
        assumptions = session.literals(observations) + [activation]
        while True:
            self._check_time()
            self.sat_calls += 1
            try:
                if not backend.solve(assumptions, self.deadline):
                    return
            except TimeoutError:
                raise self._time_up() from None
            layout = lv.decode(backend.values)
            if all(obs.holds(layout) for obs in observations):
                yield layout
            else:
                session.spurious += 1
                backend.add_clause([-activation] + lv.blocking_clause(layout))

    def __iter__(self) -> Iterator[Layout]:
        return self.layouts()

    def first(self, extra: tuple[Observation, ...] | list[Observation] = (),
              exclude: tuple[Layout, ...] = ()) -> Layout | None:
        """One consistent layout, or None."""
        return next(iter(self.layouts(extra, exclude)), None)
