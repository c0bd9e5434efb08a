"""The autoplayer ends with the true layout; `orapa next` and `orapa play` follow INTERFACE.md."""
from __future__ import annotations

import json
import random

import pytest

from tests.cli_runner import run_cli

from games.orapa.board import parse_cell, parse_port, port_label
from games.orapa.gems import gem_set
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import cell_answer, puzzle_from_layout, shot_answer
from games.orapa.random_layouts import random_layout
from solver.orapa.api import solve
from solver.orapa.advisor.autoplay import answer, autoplay


run = run_cli


def test_autoplayer_ends_with_the_true_layout() -> None:
    game = autoplay(gem_set("base"), seed=1, sample=300)
    assert game.solved == game.mine
    assert all(o.holds(game.mine) for o in game.puzzle.observations)
    assert solve(game.puzzle, limit=1, count_limit=1).status == "unique"
    questions = [s.question for s in game.steps]
    assert len(questions) == len(set(questions))   # nothing is asked twice
    before = game.puzzle.with_observations(game.puzzle.observations[:-1])
    assert solve(before, limit=1, count_limit=1).status == "ambiguous"  # it stops at once


def test_answers_come_from_the_mine() -> None:
    mine = random_layout(gem_set("base"), rng=random.Random(8))
    assert answer(mine, "15") == shot_answer(mine, parse_port("15"))
    assert answer(mine, "A") == shot_answer(mine, parse_port("A"))
    assert answer(mine, "E4") == cell_answer(mine, parse_cell("E4"))


def test_next_json_follows_the_interface(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = random_layout(gem_set("base"), rng=random.Random(5))
    ports = [0, 14, 20, 31, 7, 3, 25, 11, 33]
    puzzle = puzzle_from_layout(mine, gem_set("base"), RuleOptions(), ports)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(puzzle.to_json()))
    status, out, _ = run(capsys, "next", str(path), "--json", "--budget", "60",
                         "--strategy", "entropy")
    assert status == 0
    data = json.loads(out)
    assert {"question", "expected_bits", "candidates", "exact", "ranking"} <= set(data)
    assert data["exact"] is True and data["candidates"] == solve(puzzle).count
    assert data["question"] == data["ranking"][0]["question"]
    assert data["expected_bits"] == data["ranking"][0]["expected_bits"]
    bits = [r["expected_bits"] for r in data["ranking"]]
    assert bits == sorted(bits, reverse=True)
    assert not {port_label(p) for p in ports} & {r["question"] for r in data["ranking"]}
    status, out, _ = run(capsys, "next", str(path), "--explain", "--top", "3", "--budget", "60",
                         "--strategy", "entropy")
    assert status == 0 and f"ask {data['question']}" in out and "possible answers" in out


def test_next_rejects_bad_input(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"gems": "base", "observations": [{"cell": "A1", "content": "red"}, '
                    '{"cell": "A1", "content": "empty"}]}')
    status, out, err = run(capsys, "next", str(path), "--json")
    assert status == 2 and out == "" and "no layout is consistent" in err
    status, _, err = run(capsys, "next", str(path), "--strategy", "coin")
    assert status == 2


def test_play_auto_prints_the_log_and_layout(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "--auto", "--seed", "6", "--sample", "300", "--json",
                         "--strategy", "minimax")
    assert status == 0
    data = json.loads(out)
    mine = random_layout(gem_set("base"), RuleOptions(), random.Random(6))
    assert data["solved"] is True and data["questions"] == len(data["steps"])
    assert Layout.from_json(data["layout"]) == mine
    status, out, _ = run(capsys, "play", "--auto", "--seed", "7", "--sample", "300",
                         "--strategy", "expected-size")
    assert status == 0 and " 1. " in out and "the true layout" in out
    status, _, err = run(capsys, "play", "--seed", "6")
    assert status == 2 and "--auto" in err


@pytest.mark.parametrize("exact, uniform, count, text", [
    (True, True, 743, "743 consistent layouts (listed)"),
    (False, True, 1.05e6, "about 1.05 million consistent layouts (uniform sample of 2)"),
    (False, False, 1.17e6, "at least about 1.17 million consistent layouts (2 drawn from the families "
                           "found in time: not uniform)"),
])
def test_next_says_how_the_layouts_were_obtained(exact: bool, uniform: bool, count: float,
                                                 text: str) -> None:
    from types import SimpleNamespace

    from commands.orapa.advice import _count_text
    from solver.orapa.counting.consistent_sample import Candidates

    layouts = [random_layout(gem_set("base"), RuleOptions(), random.Random(s)) for s in (1, 2)]
    candidates = Candidates(layouts, exact, count, uniform, "partial")
    assert _count_text(SimpleNamespace(candidates=candidates)) == text
