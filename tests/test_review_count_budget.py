"""The review's exact counts bounded by work (`exact_count(..., max_nodes=N)`): the clock's
count wherever the budget suffices, None past the budget whatever the clock (families too small
to look at the budget themselves included), and a clock that stops the count first raises
instead of answering otherwise."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from games.errors import LimitReached
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, shot_answer
from games.orapa.random_layouts import random_layout
from solver.orapa.api import solve
from solver.orapa.counting.exact import exact_count
from tests.examples import examples

MANY = 10 ** 9


def game(seed: int, shots: int) -> Puzzle:
    rng = random.Random(seed)
    mine = random_layout(gem_set("base"), rng=rng)
    ports = rng.sample(range(36), shots)
    return Puzzle(gem_set("base"), RuleOptions(), tuple(shot_answer(mine, p) for p in ports))


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), shots=st.integers(1, 6),
       budget=st.integers(0, 2_000_000))
@example(seed=1, shots=5, budget=1000)   # 96 families of 2,308 nodes in all: none looks at it
def test_a_count_by_work_is_the_clocks_count_or_none(seed: int, shots: int, budget: int
                                                     ) -> None:
    puzzle = game(seed, shots)
    timed = exact_count(puzzle, seconds=60.0)
    assert timed is not None
    whole = exact_count(puzzle, max_nodes=MANY)
    assert whole is not None and whole.count == timed.count
    cut = exact_count(puzzle, max_nodes=budget)
    assert cut is None or cut.count == timed.count
    assert (cut is not None) == (whole.nodes <= budget)   # cut exactly when past its budget
    assert exact_count(puzzle, max_nodes=budget) == cut        # the same every time
    listed = solve(puzzle, limit=3, max_nodes=MANY)
    assert (listed.count, listed.exact) == (timed.count, True)
    assert listed.solutions == solve(puzzle, limit=3).solutions


def test_a_clock_that_stops_a_count_by_work_raises() -> None:
    puzzle = game(1, 1)        # about a million counting nodes
    with pytest.raises(LimitReached):
        exact_count(puzzle, timeout=0.0, max_nodes=MANY)


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), shots=st.integers(2, 12), answer=st.sampled_from(
    ["colour", "bounces"]), budget=st.integers(0, 300_000))
def test_the_search_for_the_families_is_bounded_by_work_too(seed: int, shots: int,
                                                            answer: str, budget: int) -> None:
    """A count by work whose search for families runs past its nodes is None, the same each
    time, and never the clock's error (a review of a game with bounce answers failed so);
    within them it is the whole count. The search looks at its budget every 1,024 nodes."""
    from solver.orapa.counting import exact
    from solver.orapa.search.frontier_compiled import lazy_leaves
    rng = random.Random(seed)
    gems, rules = gem_set("base"), RuleOptions(answer=answer)
    mine = random_layout(gems, rules, rng)
    puzzle = Puzzle(gems, rules, tuple(shot_answer(mine, p, answer)
                                       for p in rng.sample(range(36), shots)))
    whole = exact_count(puzzle, timeout=60.0, max_nodes=MANY)
    assert whole is not None
    searched = [0]
    for _ in lazy_leaves(puzzle, nodes=searched):
        pass
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(exact, "SEARCH_NODES", budget)
        cut = [exact_count(puzzle, timeout=60.0, max_nodes=MANY) for _ in range(2)]
    assert cut[0] == cut[1]
    if searched[0] > budget + 1024:
        assert cut[0] is None
    elif searched[0] <= budget:
        assert cut[0] is not None and cut[0].count == whole.count
