"""The review's sampler by work (`solver.orapa.review.sample`): its layouts give every answer,
its lists are the solver's, and the same state and seed give the same layouts, however
loaded the machine."""
from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solver.orapa.api import solve
from solver.orapa.review.sample import applies, judged_layouts
from tests.test_review import hidden_game
from tests.test_review_grade_load import LoadedClock


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10 ** 6), shots=st.integers(0, 9))
def test_judged_layouts_are_consistent_listed_alike_and_the_same_under_load(
        seed: int, shots: int, monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle, _ = hidden_game(seed, shots)
    assert applies(puzzle)
    found = judged_layouts(puzzle, 400, 3000, random.Random(seed))
    assert found.layouts
    assert all(o.holds(layout) for layout in found.layouts for o in puzzle.observations)
    if found.exact:
        listed = solve(puzzle, limit=3001).solutions
        assert sorted(map(str, found.layouts)) == sorted(map(str, listed))
        assert found.count == len(listed)
    else:
        assert found.count >= len(set(found.layouts))
    with monkeypatch.context() as patch:
        patch.setattr(time, "monotonic", LoadedClock())
        again = judged_layouts(puzzle, 400, 3000, random.Random(seed))
    assert (again.layouts, again.count, again.method) == (found.layouts, found.count,
                                                           found.method)
