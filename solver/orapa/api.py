"""The solver's public functions: solve, verify, conflict and deductions.

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.puzzle import puzzle_from_layout
>>> from games.orapa.random_layouts import random_layout
>>> mine = random_layout(gem_set("base"), rng=random.Random(3))
>>> puzzle = puzzle_from_layout(mine, gem_set("base"), RuleOptions())
>>> result = solve(puzzle, limit=2)
>>> mine in result.solutions, result.status in ("unique", "ambiguous")
(True, True)
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from games.errors import LimitReached
from games.orapa.layout import Layout, violations
from games.orapa.puzzle import Puzzle, check_legal_for
from games.wording import plural
from solver.orapa.conflict import conflict
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.counting.member_draws import probe_members
from solver.orapa.deduction_map import Deductions
from solver.orapa.options import BackendName, Method
from solver.orapa.sat.families import Family

DEFAULT_COUNT_LIMIT = 10_000
Status = Literal["unique", "ambiguous", "contradiction"]   # docs/interface.md's statuses


@dataclass
class SolveResult:
    """What `orapa solve` reports (INTERFACE.md)."""

    status: Status
    count: int
    exact: bool
    solutions: list[Layout]
    conflict: list[int] | None = None
    sat_calls: int = 0
    stats: dict[str, int] = field(default_factory=dict)
    solutions_json: list[dict[str, Any]] | None = None   # made as they were found, if given
    estimate: dict[str, Any] | None = None   # an inexact count's estimate and interval (issue 31)

    def to_json(self) -> dict[str, Any]:
        solutions = self.solutions_json if self.solutions_json is not None else [
            s.to_json() for s in self.solutions]
        data: dict[str, Any] = {"status": self.status, "count": self.count, "exact": self.exact,
                                "solutions": solutions}
        if self.conflict is not None:
            data["conflict"] = self.conflict
        if self.estimate is not None:
            data.update(self.estimate)
        return data


def solve(puzzle: Puzzle, limit: int = 10, count_limit: int = DEFAULT_COUNT_LIMIT,
          backend: BackendName = "sat", timeout: float | None = None,
          method: Method = "auto", max_nodes: int | None = None) -> SolveResult:
    """Enumerate consistent layouts: keep `limit` of them, count up to `count_limit`.

    On a timeout, LimitReached carries the partial result (a SolveResult with exact False).
    `method` is ConsistentLayouts': `auto` (the wave search, else the model) or `model`.
    `max_nodes` bounds the exact count by work rather than time (`counting.exact`): the same
    count, or the same listing after it, on any machine.
    """
    from solver.orapa.counting.exact import counted_solve
    start = time.monotonic()
    counted = counted_solve(puzzle, min(limit, count_limit), timeout, method, max_nodes)
    if counted is not None:   # counted without a list (issue 31): exact however large
        total, listed, families = counted
        return SolveResult("unique" if total == 1 else "ambiguous", total, True, listed,
                           stats={"families": families})
    if timeout is not None:   # the listing has what the count left of the time (issue 29)
        timeout = max(1e-6, timeout - (time.monotonic() - start))
    layouts = ConsistentLayouts(puzzle, backend, timeout, method=method)
    kept: list[Layout] = []
    kept_json: list[dict[str, Any]] = []   # the time limit covers converting them (issue 29)
    count = 0
    try:
        for layout in layouts.layouts():
            count += 1
            if len(kept) < limit:
                _leave_time_to_print(layouts.deadline, len(kept) + 1, count - 1)
                kept.append(layout)
                kept_json.append(layout.to_json())
            if count > count_limit:
                from solver.orapa.counting.estimate import estimate_json
                return SolveResult("ambiguous", count - 1, False, kept,
                                   sat_calls=layouts.sat_calls, stats=_work(layouts),
                                   solutions_json=kept_json,
                                   estimate=estimate_json(puzzle, layouts.deadline,
                                                          count - 1))
    except LimitReached as exc:
        # INTERFACE's statuses only; `exact` false says nothing is proven beyond `count`
        status: Status = "unique" if count == 1 else "ambiguous"
        partial = SolveResult(status, count, False, kept, sat_calls=layouts.sat_calls,
                              solutions_json=kept_json)
        raise LimitReached(str(exc), partial=partial.to_json()) from None
    if count == 0:
        return SolveResult("contradiction", 0, True, [],
                           conflict(puzzle, backend, layouts.remaining(), method),
                           sat_calls=layouts.sat_calls, stats=_work(layouts))
    status = "unique" if count == 1 else "ambiguous"
    return SolveResult(status, count, True, kept, sat_calls=layouts.sat_calls,
                       stats=_work(layouts), solutions_json=kept_json)


PRINT_SECONDS_PER_LAYOUT = 5e-5   # dumping, writing and freeing one kept layout (about 30 us)


def _leave_time_to_print(deadline: float | None, kept: int, count: int) -> None:
    """Stop listing while there is time left to print what was kept: `--limit 100000000
    --timeout 2` kept 43,000 layouts and took 6 s more to convert and print them."""
    if deadline is not None and time.monotonic() + PRINT_SECONDS_PER_LAYOUT * kept > deadline:
        raise LimitReached(f"time limit reached after {plural(count, 'layout')}")


def _work(layouts: ConsistentLayouts) -> dict[str, int]:
    """What the enumeration cost: the wave search's families, or the SAT solver's counters."""
    if layouts.engine == "waves":
        return {"families": layouts.families}
    if layouts.engine == "rules":
        return {}
    return layouts.session.backend.stats()


@dataclass
class VerifyResult:
    """Is a guess consistent with the answers, and is it the only consistent layout?"""

    consistent: bool
    forced: bool
    alternative: Layout | None

    def to_json(self) -> dict[str, Any]:
        return {"consistent": self.consistent, "forced": self.forced,
                "alternative": None if self.alternative is None else self.alternative.to_json()}


def verify(puzzle: Puzzle, guess: Layout, backend: BackendName = "sat",
           timeout: float | None = None, method: Method = "auto") -> VerifyResult:
    """Check a guess (it must use the puzzle's gems and obey O3)."""
    check_legal_for(guess, puzzle.gems, puzzle.rules, "guess")
    consistent = all(obs.holds(guess) for obs in puzzle.observations)
    other = another_member(puzzle, guess) if consistent else None
    if other is None:
        other = ConsistentLayouts(puzzle, backend, timeout, method=method).first(
            exclude=(guess,))
    return VerifyResult(consistent, consistent and other is None, other)


def family_members(puzzle: Puzzle, layout: Layout, n: int, rng: random.Random,
                   seconds: float) -> list[Layout]:
    """Up to n members (with repeats) of `layout`'s own family under the puzzle's answers:
    the gems its waves touch kept, the others placed anew off the paths; `seconds` at most."""
    family = Family(layout, list(puzzle.observations), puzzle.rules.mirror,
                    puzzle.rules.visibility).path_family
    return probe_members([family], n, rng, time.monotonic() + seconds)


QUICK_OTHER_SECONDS = 0.2   # `another_member`'s look before the full search


def another_member(puzzle: Puzzle, layout: Layout, seconds: float = QUICK_OTHER_SECONDS
                   ) -> Layout | None:
    """Another layout that gives the same answers as `layout` (which gives them all): a
    member of its own family (the gems no wave touches placed anew off the waves' paths),
    looked for during `seconds`; None when none was met, which proves nothing. Early in a
    game most layouts have many such neighbours: the solver's search for any other layout
    took a minute on double with two answers, this a few milliseconds."""
    for member in family_members(puzzle, layout, 4, random.Random(0), seconds):
        if member != layout and not violations(member, puzzle.rules) and all(
                obs.holds(member) for obs in puzzle.observations):
            return member
    return None


def deductions(puzzle: Puzzle, backend: BackendName = "sat", timeout: float | None = None,
               method: Method = "auto", partial: bool = False) -> Deductions:
    """Which contents each cell can take over all consistent layouts, each proved: from the
    exact counts when they finish in a small share of the time, else from witnesses (layouts
    that show each possible content) and the model's proofs that the rest cannot be
    (`solver.orapa.deduction_map`). Past the time limit: LimitReached, or with `partial` what
    was proved (the other cells `undecided`)."""
    from solver.orapa.deduction_map import deduction_map
    return deduction_map(puzzle, backend, timeout, method, partial)
