"""The review's last resort: where no sampler finds a layout of a state (double in the middle
of a game), the layouts are drawn around one known to give its answers, the game's mine or the
puzzle's solution, instead of the review (and a generated puzzle's grade) failing."""
from __future__ import annotations

import random

import pytest

from games.errors import LimitReached
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.counting.consistent_sample import Candidates
from solver.orapa.review import state as review_state
from solver.orapa.review.state import Count, State


@pytest.fixture
def sampler_finds_nothing(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The timed sampler finding no layout at any budget; the budgets it was given."""
    budgets: list[float] = []

    def nothing(puzzle, n, bound, budget, rng):
        budgets.append(budget)
        return Candidates([], False, 0, False, "partial")

    monkeypatch.setattr(review_state, "consistent_candidates", nothing)
    return budgets


def double_state(seed: int, shots: int):
    gems = gem_set("double")
    mine = random_layout(gems, RuleOptions(), random.Random(seed))
    return mine, puzzle_from_layout(mine, gems, RuleOptions(), ports=list(range(0, 36, 36 // shots))[:shots])


@pytest.mark.parametrize("seed, shots", [(1, 3), (2, 6)])
def test_a_state_no_sampler_reaches_is_judged_around_the_mine(sampler_finds_nothing,
                                                              seed: int, shots: int) -> None:
    mine, puzzle = double_state(seed, shots)
    assert not review_state.sample.applies(puzzle)      # double: the timed sampler's
    state = review_state.judge_state(puzzle, random.Random(0), known=mine)
    assert sampler_finds_nothing == [0.25, 0.5, 1.0, 2.0]    # up to KNOWN_AFTER, not 32 s
    layouts = state.candidates.layouts
    assert mine in layouts and not state.count.exact and state.count.count >= len(set(layouts))
    assert len(set(layouts)) > 1        # members of the mine's family, not the mine alone
    assert all(o.holds(layout) for layout in layouts for o in puzzle.observations)


def test_without_a_known_layout_the_state_is_still_an_error(sampler_finds_nothing) -> None:
    _, puzzle = double_state(1, 3)
    with pytest.raises(LimitReached, match="no consistent layout"):
        review_state.judge_state(puzzle, random.Random(0))
    assert sampler_finds_nothing[-1] == 32.0        # the sampler's full doubling, as before


def test_a_carried_estimate_never_falls_below_the_layouts_found(monkeypatch) -> None:
    """The estimate is carried from state to state (previous estimate times the share that
    gives the answer); a partial sample repeats layouts, so the share of a few different ones
    once carried a count of 1 on as 0.22 layouts."""
    mine, puzzle = double_state(1, 3)
    other = random_layout(gem_set("double"), RuleOptions(), random.Random(99))
    last = puzzle.observations[-1]
    assert not last.holds(other)
    before = State(puzzle.with_observations(puzzle.observations[:-1]), Count(2.0, False),
                   Candidates([mine] * 60 + [other] * 200, False, 2, False, "partial"))
    monkeypatch.setattr(review_state, "count_state", lambda *args: (
        Count(1.0, False), Candidates([mine] * 40, False, 1, False, "partial")))
    after = review_state.judge_state(puzzle, random.Random(0), before)
    assert after.count == Count(1.0, False)          # 2 * 60 / 260 = 0.46 before the floor
