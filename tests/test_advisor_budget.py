"""Issue 31: a decision at the budget it is given. Each step of the advisor's sampling and
ranking gets a deadline inside the budget (checked by recording the deadlines the steps are
handed: no timing assertion), and double, in the middle of a game, still gets a ranking."""
from __future__ import annotations

import random
import time

import pytest

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.advisor import autoplay, ranking
from solver.orapa.counting import consistent_sample, family_weights
from solver.orapa.counting.member_draws import probe_members
from solver.orapa.search import frontier_compiled
from solver.orapa.search.frontier_search import frontier_families

RULES = RuleOptions()


def state(preset: str, seed: int, shots: int) -> Puzzle:
    """A random mine of `preset` and `shots` random shots answered on it."""
    rng = random.Random(seed)
    mine = random_layout(gem_set(preset), RULES, rng)
    return puzzle_from_layout(mine, gem_set(preset), RULES, rng.sample(range(36), shots))


def test_the_listing_ends_inside_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The direct search had four times its share of the budget on the wall clock (2.4 s of
    a 1.5 s budget, and more steps after it); it now ends by LISTING_SHARE of the sampling's
    time."""
    if not frontier_compiled.available(state("full", 2, 6)):
        pytest.skip("the compiled frontier search is not built")
    handed: list[float] = []
    real = frontier_compiled.families

    def families(puzzle, deadline=None, nodes=None, max_nodes=None):
        handed.append(deadline)
        return real(puzzle, deadline, nodes, max_nodes)

    monkeypatch.setattr(frontier_compiled, "families", families)
    budget = 100.0
    start = time.monotonic()
    ranking.advise(state("full", 2, 6), budget=budget, rng=random.Random(1))
    assert handed and all(d <= start + ranking.SAMPLING_SHARE * budget
                          * consistent_sample.LISTING_SHARE + 1 for d in handed)


def test_the_deadline_reaches_the_sat_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the direct search cannot list every family, the model's SAT calls ran until the
    budget's end or 0.3 budget past the listing, whichever came later; they now stop at the
    sampling's end."""
    from solver.orapa.sat.backends import SatBackend
    handed: list[float | None] = []
    real = SatBackend.solve

    def solve(self, assumptions, deadline=None):
        handed.append(deadline)
        return real(self, assumptions, deadline)

    monkeypatch.setattr(SatBackend, "solve", solve)
    monkeypatch.setattr(consistent_sample, "_listed", lambda *args, **kw: ([], False))
    budget, end = 10.0, time.monotonic() + 1.0
    consistent_sample.consistent_candidates(state("base", 3, 4), 100, 10, budget,
                                            random.Random(1), deadline=end)
    # a call started at the end still gets a sliver of the budget (END_SLACK)
    slack = consistent_sample.END_SLACK * budget
    assert handed and all(d is not None and d <= end + slack for d in handed)


def test_the_ranking_ends_by_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The decision-tree search of `questions` had up to four times the budget."""
    handed: list[float | None] = []
    real = ranking.planned_questions

    def planned(columns, deadline=None):
        handed.append(deadline)
        return real(columns, deadline)

    monkeypatch.setattr(ranking, "planned_questions", planned)
    budget = 50.0
    start = time.monotonic()
    advice = ranking.advise(state("base", 3, 8), "questions", budget=budget)
    assert advice.candidates.exact and handed
    assert all(d is not None and d <= start + budget + 1 for d in handed)


def test_weighing_reads_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Weighing 5,000 families took up to a second on double and did not look at the clock:
    past its deadline it stops after a chunk, and a complete list is then left unweighed
    (each family drawn with the same chance) rather than half weighed."""
    monkeypatch.setattr(family_weights, "WEIGH_CHUNK", 500)
    found = list(frontier_families(state("full", 5, 3)))
    assert len(found) > family_weights.WEIGH_CHUNK
    past = time.monotonic() - 1
    assert family_weights.weighed_until(found, past) is None
    assert all(f.weight == -1 for f in found)
    prefix = family_weights.weighed_prefix(found, past)
    assert all(f.weight > 0 for f in prefix)
    assert all(f.weight == -1 for f in found[family_weights.WEIGH_CHUNK:])


@pytest.mark.parametrize("puzzle", [Puzzle(gem_set("double"), RULES), state("base", 3, 4)],
                         ids=["empty double", "base, 4 shots"])
def test_probes_find_members_of_families(puzzle: Puzzle) -> None:
    """A probe is a depth-first search in random order: what it returns is a member, and
    probes do not all return the same one."""
    found = [f for f in consistent_sample.weighed(list(frontier_families(puzzle)))
             if next(iter(f.members()), None) is not None][:5]
    members = probe_members(found, 30, random.Random(2), time.monotonic() + 60)
    assert len(members) == 30 and len(set(members)) > 1
    assert all(all(o.holds(m) for o in puzzle.observations) for m in members)
    every = {m for f in found for m in f.members()} if puzzle.observations else None
    assert every is None or set(members) <= every


@pytest.mark.parametrize("shots, seed, budget", [(0, 0, 1.5), (3, 9, 10.0), (3, 1, 10.0)])
def test_double_gets_a_real_ranking(shots: int, seed: int, budget: float) -> None:
    """`orapa next` on double answered `candidates: 1` and 0 bits for every question (the
    sample was one layout), after 47 s. An empty double board now gets more than one
    candidate and a question worth more than nothing at the default budget, and so does a
    double game with three answers, whether the direct search lists its families (seed 9:
    395 families, whose members the draws and probes find) or not (seed 1: the local search
    and the model find some), given a budget that a busy machine does not eat. At 1.5 s
    many such states still end with a few layouts or none (`orapa next` then says so
    within its budget)."""
    puzzle = state("double", seed, shots)
    advice = autoplay.decide(puzzle, budget=budget)
    assert advice.candidates.count > 1 and len(set(advice.candidates.layouts)) > 1
    assert advice.best.expected_bits > 0
    assert all(all(o.holds(m) for o in puzzle.observations) for m in advice.candidates.layouts)


def test_timed_sat_calls_use_a_solver_that_can_be_interrupted(monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    """PySAT cannot interrupt CaDiCaL: with `--backend cadical195` the sampling's SAT calls
    ran past any deadline. They are made with Glucose 4 instead."""
    from solver.orapa.sat.backends import SatBackend
    made: list[bool] = []
    real = SatBackend.solve

    def solve(self, assumptions, deadline=None):
        made.append(self.interruptible)
        return real(self, assumptions, deadline)

    monkeypatch.setattr(SatBackend, "solve", solve)
    monkeypatch.setattr(consistent_sample, "_listed", lambda *args, **kw: ([], False))
    consistent_sample.consistent_candidates(state("base", 3, 4), 100, 10, 2.0,
                                            random.Random(1), "cadical195")
    assert made and all(made)


def test_local_search_finds_consistent_layouts() -> None:
    """Double in a game: the direct search and the model seldom find a layout in time; the
    local search's finds give every answer, each once, and the advisor samples their
    families (a double state of 3 answers, with time enough that a busy machine still
    finds one)."""
    from solver.orapa.counting.local_search import local_search
    puzzle = state("double", 1, 3)
    found = local_search(puzzle, random.Random(3), time.monotonic() + 30, most=2)
    assert found and len(set(found)) == len(found)
    assert all(all(o.holds(layout) for o in puzzle.observations) for layout in found)
    assert local_search(Puzzle(gem_set("double"), RULES), random.Random(3),
                        time.monotonic() + 1) == []


def test_members_the_draws_miss_are_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A `full` state of 12 answers: 2,516 families of 7 million proposals, 206 members. The
    draws kept none, the listing was not tried above 200,000 proposals, and `orapa next`
    ranked over one layout found afterwards (0 bits everywhere). The members are now listed
    for a while when the draws keep almost none: all 206, exact."""
    from games.orapa.puzzle import CellAnswer
    rng = random.Random(1002)           # bench_midgame's state: full, mine 2, 12 answers
    mine = random_layout(gem_set("full"), RULES, rng)
    ports, cells = rng.sample(range(36), 12), rng.sample(range(80), 12)
    asked = [rng.random() < 0.25 for _ in range(12)]
    puzzle = puzzle_from_layout(mine, gem_set("full"), RULES,
                                [p for p, cell in zip(ports, asked) if not cell])
    puzzle = puzzle.with_observations(list(puzzle.observations) + [
        CellAnswer(c, mine.cell_content(c)) for c, cell in zip(cells, asked) if cell])
    found = consistent_sample.weighed(list(frontier_families(puzzle)))
    assert sum(f.weight for f in found) > consistent_sample.LISTING_BOUND
    monkeypatch.setattr(consistent_sample, "sample_families", lambda *args, **kw: ([], 5000))
    monkeypatch.setattr(consistent_sample, "sequential_sample", lambda *args, **kw: ([], 0.0))
    monkeypatch.setattr(consistent_sample, "probe_members", lambda *args, **kw: [],
                        raising=False)
    result = consistent_sample._finish(found, [], 300, 10_000, random.Random(1),
                                       time.monotonic() + 30)
    assert result.exact and result.method == "enumeration" and len(result.layouts) == 206
    assert mine in result.layouts
