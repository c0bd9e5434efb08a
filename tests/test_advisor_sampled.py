"""Expected questions over a sample (`advisor.sampled`, a trial off by default): the one-level
value against a direct computation, the two-level search against one level, and the ranking
it gives when switched on."""
from __future__ import annotations

import random

import numpy as np
import pytest

import solver.orapa.advisor.ranking as ranking
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle
from solver.orapa.advisor.sampled import HEAD, one_level, questions_to_go, two_levels
from solver.orapa.advisor.tree import AnswerTable


def direct_one_level(columns: np.ndarray, members: list[int], count: float) -> list[float]:
    """1 + sum over answers of p * questions_to_go(p * count), question by question."""
    values = []
    for q in range(columns.shape[1]):
        answers = [columns[i, q] for i in members]
        groups = {a: answers.count(a) for a in set(answers)}
        if len(groups) == 1:
            values.append(np.inf)
            continue
        n = len(members)
        values.append(1.0 + sum(k / n * float(questions_to_go(k / n * count))
                                for k in groups.values()))
    return values


def test_questions_to_go_is_zero_for_one_layout_and_grows() -> None:
    values = questions_to_go(np.array([1, 2, 1000, 1e14]))
    assert values[0] == 0.0 and np.all(np.diff(values) > 0)


def test_one_level_equals_the_direct_computation() -> None:
    rng = np.random.default_rng(5)
    columns = rng.integers(0, 4, size=(60, 7))
    columns[:, 3] = 2  # a question that splits nothing
    table = AnswerTable(columns)
    members = sorted(rng.choice(60, size=35, replace=False).tolist())
    got = one_level(table, np.array(members), 1e6)
    assert got.tolist() == pytest.approx(direct_one_level(columns, members, 1e6))
    assert np.isinf(got[3])


def test_two_levels_search_the_head_and_fall_back_to_one_level() -> None:
    rng = np.random.default_rng(8)
    columns = rng.integers(0, 6, size=(400, 12))
    table = AnswerTable(columns)
    first = one_level(table, np.arange(400), 4e5)
    head = set(np.argsort(first, kind="stable")[:5].tolist())
    # no group large enough to search deeper: the values are the one-level ones
    questions, values = two_levels(table, 4e5, head=5, min_group=401)
    assert set(questions.tolist()) == head
    assert values.tolist() == pytest.approx(first[questions].tolist())
    # searched deeper: the same head, sorted by the new values, which differ
    questions, values = two_levels(table, 4e5, head=5, min_group=20)
    assert set(questions.tolist()) == head and list(values) == sorted(values)
    assert not np.allclose(values, first[questions])


def test_sampled_cost_ranks_every_question_by_expected_questions(monkeypatch) -> None:
    monkeypatch.setattr(ranking, "SAMPLED_COST", True)
    monkeypatch.setattr(ranking, "SAMPLED_DEPTH", 2)
    puzzle = Puzzle(gem_set("base"), RuleOptions())
    advice = ranking.advise(puzzle, sample=300, rng=random.Random(2))
    assert not advice.candidates.exact and len(advice.ranking) == 116
    head = [q.expected_questions for q in advice.ranking[:HEAD]]
    assert all(v is not None for v in head) and head == sorted(head)
    assert len({q.question for q in advice.ranking}) == 116

