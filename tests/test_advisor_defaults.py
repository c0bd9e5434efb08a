"""One set of advisor defaults: `orapa next` asks what `orapa play --auto` asks in the same
state, and `play --auto --mine FILE` plays the given mine."""
from __future__ import annotations

import json
import random

import click
import pytest

from cli import root
from games.orapa.gems import gem_set
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import Puzzle
from games.orapa.random_layouts import random_layout
from solver.orapa.advisor import defaults
from solver.orapa.advisor.autoplay import autoplay
from tests.cli_runner import run_cli

BUDGET = "30"  # generous, so that a loaded machine still finishes every step's work
SAMPLE = "300"  # smaller than the default, to keep the test short


def _option_defaults(command: click.Command) -> dict[str, object]:
    return {p.name: p.default for p in command.params if isinstance(p, click.Option)}


def test_next_and_play_share_the_strongest_defaults() -> None:
    play = _option_defaults(root.commands["play"])
    nxt = _option_defaults(root.commands["next"])
    shared = ("strategy", "sample", "exact_bound", "budget", "lookahead", "seed", "backend")
    assert {k: nxt[k] for k in shared} == {k: play[k] for k in shared}
    assert nxt["strategy"] == defaults.STRATEGY == "questions"
    assert nxt["exact_bound"] == defaults.EXACT_BOUND == 10_000


def test_next_asks_what_the_autoplayer_asked(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every state along an autoplayed base game, given to `orapa next` with the game's seed
    and no other setting but the budget and sample size, gets the autoplayer's question."""
    seed = 3
    game = autoplay(gem_set("base"), seed=seed, budget=float(BUDGET), sample=int(SAMPLE))
    assert game.solved == game.mine and game.questions >= 5
    methods = {step.method for step in game.steps}
    assert "enumeration" in methods and methods - {"enumeration"}  # sampled and listed states
    path = tmp_path / "state.json"
    for k, step in enumerate(game.steps):
        state = Puzzle(game.gems, game.rules, tuple(s.answer for s in game.steps[:k]))
        path.write_text(json.dumps(state.to_json()))
        status, out, err = run_cli(capsys, "next", str(path), "--seed", str(seed), "--json",
                                   "--budget", BUDGET, "--sample", SAMPLE)
        assert status == 0, err
        assert json.loads(out)["question"] == step.question, f"question {k + 1}"


def test_play_auto_plays_the_given_mine(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = Layout.from_json({"gems": [
        {"shape": "triangle", "color": "yellow", "vertices": [[6, 1], [8, 1], [6, 3]]},
        {"shape": "square", "color": "white", "vertices": [[2, 4], [3, 5], [2, 6], [1, 5]]},
        {"shape": "parallelogram", "color": "red", "vertices": [[4, 7], [6, 7], [7, 8], [5, 8]]},
    ]})
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(mine.to_json()))
    status, out, err = run_cli(capsys, "play", "--auto", "--mine", str(path), "--json",
                               "--budget", BUDGET, "--sample", SAMPLE)
    assert status == 0, err
    data = json.loads(out)
    assert data["solved"] is True and Layout.from_json(data["layout"]) == mine
    assert sorted(g["shape"] for g in data["gems"]) == ["parallelogram", "square", "triangle"]
    assert mine != random_layout(gem_set("base"), RuleOptions(), random.Random(0))
    status, out, err = run_cli(capsys, "play", "--auto", "--mine", str(path), "--gems", "base")
    assert status == 2 and out == "" and "--gems" in err and len(err.strip().splitlines()) == 1


DOC_STATE = {"gems": "base", "observations": [
    {"shot": "L", "exit": "O", "color": "white"}, {"shot": "N", "exit": "N", "color": "pink"},
    {"shot": "5", "exit": "R", "color": "yellow"}, {"shot": "7", "exit": "G", "color": "transparent"}]}


@pytest.mark.parametrize("strategy, columns", [
    ("entropy", ["question", "bits", "worst left", "expected left", "two-step bits"]),
    # the listed layouts are planned by the tree search: no two-step figures to show
    ("questions", ["question", "bits", "worst left", "expected left", "questions to go"]),
])
def test_next_table_shows_the_figures_it_has(tmp_path, capsys: pytest.CaptureFixture[str],
                                             strategy: str, columns: list[str]) -> None:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(DOC_STATE))
    status, out, err = run_cli(capsys, "next", str(path), "--strategy", strategy, "--lookahead",
                               "--top", "8", "--budget", BUDGET)
    assert status == 0, err
    header, *rows = out.splitlines()[1:]
    assert [c.strip() for c in header.split("  ") if c.strip()] == columns
    assert len(rows) == 8 and all(len(row.split()) == len(columns) for row in rows)
