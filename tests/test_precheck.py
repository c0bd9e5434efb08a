"""Answers the gem set cannot give are contradictions found before any search (issue 15, item 3).

Before the fix `solve` on a base puzzle with one absorbed shot ran past 900 s and `verify`,
`next` and `batch` past 60 s: the search had to exhaust every layout.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from games.orapa.board import CELLS, PORTS
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import (CellAnswer, Puzzle, ShotAnswer, all_shot_answers,
                                cell_answer, parse_observation)
from solver.orapa.api import conflict, solve
from solver.orapa.precheck import impossible_answers, straight_exit
from tests.cli_runner import run_cli
from tests.orapa_strategies import layouts

ROOT = Path(__file__).resolve().parent.parent


def _obs(*items: dict) -> list:
    return [parse_observation(item) for item in items]


@pytest.mark.parametrize("gems, answer", [
    ("base", {"shot": "1", "exit": "absorbed"}),               # nothing can absorb
    ("base+diamond", {"shot": "1", "exit": "absorbed"}),
    ("base+diamond", {"cell": "C3", "content": "absorbed"}),
    ("base", {"cell": "C3", "content": "transparent"}),        # no transparent gem
    ("first-edition", {"cell": "C3", "content": "transparent"}),
    ("base+black", {"shot": "4", "exit": "9", "color": "transparent"}),  # turned, uncoloured
    ([{"shape": "square", "color": "white"}], {"shot": "3", "exit": "K", "color": "red"}),
    ([{"shape": "square", "color": "red"}], {"cell": "A1", "content": "blue"}),
])
def test_an_answer_the_gem_set_cannot_give_is_the_conflict(gems: object, answer: dict) -> None:
    puzzle = Puzzle.from_json({"gems": gems, "observations": [
        {"shot": "2", "exit": "B", "color": "transparent"}, answer]})
    assert impossible_answers(puzzle.observations, puzzle.gems) == [1]
    result = solve(puzzle)
    assert (result.status, result.count, result.exact, result.conflict) == \
        ("contradiction", 0, True, [1])


@pytest.mark.parametrize("answers, pair", [
    ([{"shot": "5", "exit": "5", "color": "red"}, {"shot": "5", "exit": "5", "color": "blue"}],
     [0, 1]),
    ([{"cell": "B2", "content": "red"}, {"cell": "B2", "content": "empty"}], [0, 1]),
    # a wave from 3 that leaves by K: a wave from K must leave by 3 with the same colour
    ([{"shot": "3", "exit": "K", "color": "red"}, {"cell": "A1", "content": "empty"},
      {"shot": "K", "exit": "3", "color": "blue"}], [0, 2]),
    ([{"shot": "3", "exit": "K", "color": "red"}, {"shot": "K", "exit": "absorbed"}], [0, 1]),
])
def test_answers_the_rules_forbid_together_are_named_as_a_pair(answers: list, pair: list
                                                               ) -> None:
    puzzle = Puzzle.from_json({"gems": "full", "observations": answers})
    assert impossible_answers(puzzle.observations, puzzle.gems) == pair
    assert conflict(puzzle) == pair


def test_an_answer_confirmed_twice_or_by_its_reverse_is_no_conflict() -> None:
    observations = _obs({"shot": "3", "exit": "K", "color": "red"},
                        {"shot": "K", "exit": "3", "color": "red"},
                        {"shot": "3", "exit": "K", "color": "red"},
                        {"cell": "B2", "content": "red"}, {"cell": "B2", "content": "red"},
                        {"shot": "7", "exit": "7", "color": "white"})
    assert impossible_answers(observations, gem_set("base")) is None


def test_the_straight_exit_faces_the_entry() -> None:
    labels = {straight_exit(p) for p in range(PORTS)}
    assert labels == set(range(PORTS))
    assert all(straight_exit(straight_exit(p)) == p for p in range(PORTS))


@settings(max_examples=40, deadline=None)
@given(layouts(), st.integers(0, 2**32 - 1))
def test_the_answers_of_a_real_layout_are_never_called_impossible(drawn: tuple, seed: int
                                                                   ) -> None:
    """Soundness: whatever a legal layout answers passes the checks, in any order."""
    preset, layout = drawn
    rng = random.Random(seed)
    answers: list = list(all_shot_answers(layout))
    answers += [cell_answer(layout, c) for c in rng.sample(range(CELLS), 20)]
    rng.shuffle(answers)
    assert impossible_answers(answers, gem_set(preset)) is None


def test_solve_verify_next_and_batch_answer_an_absorbed_shot_without_black_at_once(
        tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's puzzles, JSON and text, through the real commands."""
    json_puzzle = tmp_path / "absorbed.json"
    json_puzzle.write_text(json.dumps({"gems": "base", "observations": [
        {"shot": "1", "exit": "absorbed"}]}))
    text_puzzle = tmp_path / "absorbed.txt"
    text_puzzle.write_text("gems: base+diamond\n1 -> absorbed\n")
    for puzzle, collected in ((json_puzzle, "base/base-easy-01.json"),
                              (text_puzzle, "base+diamond/base+diamond-easy-01.json")):
        guess = tmp_path / "guess.json"
        solution = json.loads((ROOT / "puzzles" / collected).read_text())["solution"]
        guess.write_text(json.dumps(solution))
        code, out, _ = run_cli(capsys, "solve", str(puzzle), "--json")
        assert code == 0 and json.loads(out)["conflict"] == [0]
        code, out, _ = run_cli(capsys, "verify", str(puzzle), str(guess), "--json")
        assert code == 0 and json.loads(out) == {"consistent": False, "forced": False,
                                                 "alternative": None}
        code, _, err = run_cli(capsys, "next", str(puzzle))
        assert code == 2 and "no layout is consistent" in err
    code, out, _ = run_cli(capsys, "batch", str(json_puzzle), "--jobs", "1")
    assert code == 0 and json.loads(out.splitlines()[0])["status"] == "contradiction"


def test_a_shot_and_its_reverse_hold_for_every_answer_of_a_layout() -> None:
    """The pair rule the checks rely on (O4: paths are reversible), on one random layout."""
    from games.orapa.random_layouts import random_layout
    layout = random_layout(gem_set("full"), RuleOptions(), random.Random(11))
    answers = {a.port: a for a in all_shot_answers(layout)}
    for answer in answers.values():
        if answer.exit is not None:
            assert answers[answer.exit] == ShotAnswer(answer.exit, answer.port, answer.color)
    assert isinstance(cell_answer(layout, 0), CellAnswer)


def test_a_pair_whose_member_fails_alone_shrinks_to_that_member() -> None:
    """A straight-through wave cannot be blue (the model proves it): the conflict is that
    answer alone, not the pair the rules check found first."""
    puzzle = Puzzle.from_json({"gems": "base", "observations": [
        {"shot": "5", "exit": "E", "color": "transparent"},
        {"shot": "5", "exit": "E", "color": "blue"}]})
    assert impossible_answers(puzzle.observations, puzzle.gems) == [0, 1]
    assert conflict(puzzle) == [1]
