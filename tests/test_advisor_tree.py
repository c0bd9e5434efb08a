"""The decision-tree search against brute force on tiny answer tables, and the `questions`
strategy on a real puzzle."""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.orapa.advisor.ranking import advise
from solver.orapa.advisor.tree import AnswerTable, TreeSearch, group_cost, tree_lower_bound
from tests.test_advisor import BUDGET, game


def brute_force(rows: tuple[tuple[int, ...], ...]) -> float:
    """The exact least expected number of questions until one row is left, every question
    tried at every node (a set no question splits needs nothing more)."""

    @lru_cache(maxsize=None)
    def best(members: frozenset[int]) -> float:
        if len(members) <= 1:
            return 0.0
        values = []
        for q in range(len(rows[0])):
            groups: dict[int, set[int]] = {}
            for i in members:
                groups.setdefault(rows[i][q], set()).add(i)
            if len(groups) > 1:
                values.append(1 + sum(len(g) / len(members) * best(frozenset(g))
                                      for g in groups.values()))
        return min(values, default=0.0)

    return best(frozenset(range(len(rows))))


# distinct rows, as distinct layouts differ in some answer
tables = st.integers(2, 8).flatmap(lambda n: st.integers(1, 5).flatmap(
    lambda q: st.lists(st.tuples(*[st.integers(0, 2)] * q), min_size=n, max_size=n,
                       unique=True)))


@settings(max_examples=120, deadline=None)
@given(tables)
def test_full_search_equals_the_brute_force_optimum(rows: list[tuple[int, ...]]) -> None:
    table = AnswerTable(np.array(rows))
    width = table.questions
    search = TreeSearch(table, root_width=width, node_width=width)
    optimum = brute_force(tuple(rows))
    assert search.value(np.arange(len(rows)), depth=len(rows)) == pytest.approx(optimum)
    questions, values = search.rank(depth=len(rows))
    if np.isfinite(values[0]):   # some question splits the rows: the best one reaches it
        assert values[0] == pytest.approx(optimum)


@settings(max_examples=120, deadline=None)
@given(tables)
def test_lower_bound_never_exceeds_the_optimum(rows: list[tuple[int, ...]]) -> None:
    table = AnswerTable(np.array(rows))
    widest = int(np.add.reduceat(table.group_sizes(np.arange(len(rows))) > 0,
                                 table.offsets).max())
    optimum = brute_force(tuple(rows))
    if widest > 1:
        assert tree_lower_bound(len(rows), widest) <= optimum + 1e-9


def test_group_cost_is_exact_for_one_and_two() -> None:
    assert group_cost(1) == 0.0 and group_cost(2) == 1.0
    assert 1.0 < group_cost(3) < group_cost(100) < group_cost(10_000)


def test_split_groups_members_by_answer() -> None:
    table = AnswerTable(np.array([[5, 1], [7, 1], [5, 2], [9, 2]]))
    groups = table.split(np.arange(4), 0)
    assert [g.tolist() for g in groups] == [[0, 2], [1], [3]]


def test_questions_strategy_ranks_by_expected_questions() -> None:
    puzzle = game("base", 1, 9, 1)
    advice = advise(puzzle, "questions", budget=BUDGET)
    assert advice.candidates.exact
    searched = [q.expected_questions for q in advice.ranking if q.expected_questions is not None]
    assert searched
    # by expected questions; equally good ones: the smaller worst case first (this puzzle ties
    # at the top)
    keys = [(round(q.expected_questions, 9), q.worst_case) for q in advice.ranking
            if q.expected_questions is not None]
    assert keys == sorted(keys) and keys[0][0] == keys[1][0] and keys[0][1] < keys[1][1]
    assert advice.to_json()["ranking"][0]["expected_questions"] == pytest.approx(searched[0],
                                                                                 abs=1e-6)
    # at least one question is needed
    assert 1.0 <= searched[0]


def test_equal_values_put_the_smaller_largest_group_first() -> None:
    # question 0 splits the six rows 3 + 3, question 1 splits them 1 + 4 + 1: both need two
    # questions on average, but question 1 risks more in the unlucky case
    rows = np.array([[1, 2, 2], [2, 1, 2], [2, 1, 1], [1, 0, 0], [1, 1, 0], [2, 1, 0]])
    questions, values = TreeSearch(AnswerTable(rows)).rank(depth=6)
    assert values.tolist()[:2] == [2.0, 2.0] and questions.tolist()[:2] == [0, 1]
    assert brute_force(tuple(map(tuple, rows.tolist()))) == 2.0


def test_work_limit_keeps_the_deepest_finished_ranking() -> None:
    rng = np.random.default_rng(4)
    table = AnswerTable(rng.integers(0, 3, size=(60, 6)))
    full = TreeSearch(table)
    _, _, depth = full.deepen(3)
    assert depth == 3
    cut = TreeSearch(table, work_limit=5)
    questions, values, reached = cut.deepen(3)
    assert reached < 3 and len(questions) and np.isfinite(values[0])
    again = TreeSearch(table, work_limit=5).deepen(3)
    assert again[0].tolist() == questions.tolist()   # the same work gives the same choice
