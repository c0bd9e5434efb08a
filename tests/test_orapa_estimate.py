"""The estimated count's interval (issue 31, double): it covers the true count on at least 95%
of states where the truth is known (counted exactly by the kernel), on base, full and double."""
from __future__ import annotations

import random
import time

import pytest

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle
from solver.orapa.counting import estimate
from solver.orapa.counting.estimate import MIN_HITS, estimate_count, estimate_json, interval
from solver.orapa.counting.family_counts import count_layouts
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.search.path_family import assign_weights
from tests.test_orapa_counting import random_state

# answers per preset: from states of millions of layouts to states of a few (double at 16
# answers was counted in time on 1 seed of 8, at 1.3 s each; at 22 on 7 of 8, 0.4 s each)
STATES = {"base": (3, 5, 8), "full": (5, 8, 11), "double": (20, 22, 24)}


def known_states() -> list[tuple[str, int, Puzzle, int]]:
    """(preset, seed, state, exact count) for states the kernel counts within 5 million nodes
    and 1 s: 65 of the 72 on a quiet machine, each counted in 0.9 s at most; of the 7 left
    out, 5 run to the deadline (their families' listing, which no node budget bounds: 8.5 of
    the 17.6 s of counting with a 2 s deadline). The node budget leaves out two full states of
    10^9 layouts (9 and 17 million nodes), whose estimates alone took 12 of the test's 28 s."""
    found = []
    for preset, answers in STATES.items():
        for seed in range(8):
            for k in answers:
                puzzle = random_state(preset, 100 + seed, answers=k)
                counted = count_layouts(puzzle, deadline=time.monotonic() + 1,
                                        max_nodes=5_000_000)
                if counted.exact and counted.count:
                    found.append((preset, seed, puzzle, counted.count))
    return found


def test_the_interval_covers_the_true_count_on_95_percent_of_states() -> None:
    states = known_states()
    assert len(states) >= 50
    missed = []
    for preset, seed, puzzle, truth in states:
        found = estimate_count(puzzle, seconds=20, rng=random.Random(seed), max_draws=200)
        assert found is not None   # the families of these states are listed in time
        assert found.low <= found.estimate <= found.high
        if not found.low <= truth <= found.high:
            missed.append((preset, seed, truth, found))
    assert len(missed) <= 0.05 * len(states), missed


def test_few_members_drawn_give_only_certain_bounds() -> None:
    """A handful of members says nothing of the spread: the interval is then from the
    members seen to the families' proposal size, which holds every member."""
    puzzle = Puzzle(gem_set("base"), RuleOptions(), ())
    families = list(frontier_families(puzzle))
    assign_weights(families)
    found = interval(families, random.Random(4), None, max_draws=MIN_HITS - 1)
    assert found.high >= 17_053_178_776
    assert found.low == found.members <= MIN_HITS - 1


def test_no_layout_is_an_estimate_of_zero() -> None:
    puzzle = random_state("base", 5, answers=8)
    # a cell answered with a colour no gem of the set has: nothing is consistent
    from games.orapa.puzzle import CellAnswer
    wrong = puzzle.with_observations(list(puzzle.observations) + [CellAnswer(0, "transparent")])
    found = estimate_count(wrong, seconds=2)
    assert found is not None and (found.estimate, found.low, found.high) == (0, 0, 0)


@pytest.mark.parametrize("preset", ["double"])
def test_solve_reports_an_estimate_with_its_interval_where_it_cannot_count(preset: str) -> None:
    from solver.orapa.api import solve
    puzzle = random_state(preset, 3, answers=10)
    data = solve(puzzle, limit=1, count_limit=50, timeout=30).to_json()
    if data["exact"]:
        pytest.skip("counted exactly on this machine")
    assert data["estimate_method"] == "sequential importance sampling"
    assert data["estimate_low"] <= data["estimate"] <= data["estimate_high"]
    assert data["estimate_high"] >= data["count"]


def test_no_draw_made_is_no_estimate(monkeypatch) -> None:
    """A state whose time ran out before the first draw has no estimate (`orapa solve` once
    printed its certain bounds as "95% interval ... from 0 random draws")."""
    puzzle = random_state("double", 3, answers=10)
    monkeypatch.setattr(estimate, "ESTIMATE_SECONDS", 2.0)   # draws even on a loaded machine
    drawn = estimate_json(puzzle, None, 50)
    assert drawn is not None and drawn["estimate_draws"] > 0 and drawn["estimate_low"] >= 50
    monkeypatch.setattr(estimate, "sis_draws", lambda *args, **kwargs: iter(()))
    assert estimate_json(puzzle, None, 50) is None
