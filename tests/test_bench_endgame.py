"""bench_endgame's exact policy value (the benchmark itself is not run here)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from bench_endgame import compare, first_question, optimum, policy_value  # noqa: E402


def questions_to_single(columns: np.ndarray, mine: int) -> int:
    """Play the policy against one row as the mine: questions until it alone is left."""
    members = np.arange(len(columns))
    asked = 0
    while len(members) > 1:
        if len(members) == 2:
            question = int(np.flatnonzero(columns[members[0]] != columns[members[1]])[0])
        else:
            question = first_question(columns[members])
        members = members[columns[members, question] == columns[mine, question]]
        asked += 1
    return asked


tables = st.integers(3, 12).flatmap(lambda rows: st.lists(
    st.lists(st.integers(0, 3), min_size=4, max_size=4), min_size=rows, max_size=rows))


@settings(max_examples=40, deadline=None)
@given(tables)
def test_policy_value_is_the_average_game_against_every_mine(rows: list[list[int]]) -> None:
    columns = np.unique(np.array(rows), axis=0)   # listed layouts differ in some answer
    assume(len(columns) >= 3)
    expected, _ = policy_value(columns)
    played = [questions_to_single(columns, mine) for mine in range(len(columns))]
    assert expected == pytest.approx(sum(played) / len(played))
    assert expected >= optimum(columns) - 1e-9


def test_a_question_that_tells_every_layout_apart_ends_the_game() -> None:
    columns = np.array([[0, 0], [0, 1], [1, 2], [1, 3]])
    assert policy_value(columns) == (1.0, 1) and optimum(columns) == 1.0


def test_the_optimum_of_a_chain_of_yes_no_questions() -> None:
    """Four layouts told apart only by questions naming one of them each: the best order
    needs 1/4 + 2/4 + 3/4 * 2 = 2.25 questions on average."""
    assert optimum(np.eye(4, dtype=int)) == 2.25


def test_compare_pairs_the_common_states(tmp_path: Path, capsys) -> None:
    before, after = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    before.write_text("".join(json.dumps(r) + "\n" for r in [
        {"seed": 0, "expected": 3.0}, {"seed": 1, "expected": 4.0},
        {"seed": 2, "error": "the layouts were not listed"}]))
    after.write_text("".join(json.dumps(r) + "\n" for r in [
        {"seed": 0, "expected": 2.5}, {"seed": 1, "expected": 4.0}, {"seed": 3, "expected": 1.0}]))
    compare(before, after)
    assert "2 states: before 3.5000, after 3.2500, difference -0.2500" in capsys.readouterr().out
