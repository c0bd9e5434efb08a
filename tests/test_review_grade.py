"""Puzzle grades by technique (issue 32): the advisor's solution path, hidden gems, and
`orapa generate --difficulty`."""
from __future__ import annotations

import json
import math
import random

from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from games.orapa.waves import trace_wave
from generator.difficulty import (GRADES, Difficulty, grade, grade_below, grade_of, hidden_gems,
                                  points_past, solution_path)
from solver.orapa.api import solve
from tests.cli_runner import run_cli

SLOW = settings(max_examples=3, deadline=None, phases=[Phase.explicit, Phase.generate],
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def unique_puzzle(seed: int) -> Puzzle:
    """A 36-shot base puzzle with a unique answer, drawn from the seed."""
    rng = random.Random(seed)
    while True:
        mine = random_layout(gem_set("base"), rng=rng)
        puzzle = puzzle_from_layout(mine, gem_set("base"), RuleOptions())
        if solve(puzzle, limit=2).status == "unique":
            return Puzzle(puzzle.gems, puzzle.rules, puzzle.observations, mine)


@SLOW
@given(seed=st.integers(0, 10 ** 6))
def test_the_solution_path_forces_the_layout_only_at_its_end(seed: int) -> None:
    puzzle = unique_puzzle(seed)
    path, counts = solution_path(puzzle, seed)
    assert set(map(str, path)) <= set(map(str, puzzle.observations))
    assert len(counts) == len(path) + 1
    assert solve(puzzle.with_observations(path)).status == "unique"
    assert solve(puzzle.with_observations(path[:-1])).status == "ambiguous"
    assert all(c.count >= 1 for c in counts) and counts[-1].count == 1
    # grade() finds the same path again: its counts and samples are bounded by work, not by
    # the clock (tests/test_review_grade_load.py)
    graded = grade(puzzle, Difficulty("easy", 36, 0, "nodes"), seed)
    assert graded.level in GRADES and graded.steps == len(path)
    assert graded.breadth == int(math.log2(counts[-2].count))


@SLOW
@given(seed=st.integers(0, 10 ** 6), keep=st.integers(0, 36))
def test_hidden_gems_are_those_no_clue_touches(seed: int, keep: int) -> None:
    mine = random_layout(gem_set("base"), rng=random.Random(seed))
    full = puzzle_from_layout(mine, gem_set("base"), RuleOptions())
    part = Puzzle(full.gems, full.rules, full.observations[:keep], mine)
    touched = set()
    for clue in part.observations:
        for cell, _, _, hit in trace_wave(mine, clue.port).steps:
            if hit >= 0:
                touched |= set(mine.cell_gems[cell])
    assert hidden_gems(part) == len(mine.gems) - len(touched)
    assert hidden_gems(Puzzle(full.gems, full.rules, (), mine)) == len(mine.gems)
    assert hidden_gems(Puzzle(full.gems, full.rules, full.observations, mine)) <= \
        hidden_gems(part)


def test_generate_keeps_puzzles_of_the_asked_grade(capsys, tmp_path) -> None:
    status, out, err = run_cli(capsys, "generate", "--gems", "base", "--count", "1", "--seed",
                               "3", "--out", str(tmp_path), "--difficulty", "medium", "--json")
    assert status == 0, err
    document = json.loads(out)
    made = document["puzzles"][0]
    assert made["grade"] == "medium" and made["steps"] >= 1
    written = Puzzle.from_json(json.loads((tmp_path / "base-0001.json").read_text()))
    again = grade(written, Difficulty(made["difficulty"], made["shots"], made["nodes"], "nodes"),
                  3)
    assert again.level == "medium" and again.points == made["points"]
    assert document["rejected"].get("grade", 0) >= 0


def test_difficulty_is_not_for_sharded_runs(capsys, tmp_path) -> None:
    status, out, err = run_cli(capsys, "generate", "--gems", "base", "--count", "1", "--seed",
                               "3", "--out", str(tmp_path), "--difficulty", "hard",
                               "--shard-size", "1")
    assert status == 2 and "--difficulty" in err and "Traceback" not in err


@SLOW
@given(seed=st.integers(0, 10 ** 6), short=st.integers(1, 4))
def test_a_grade_gives_up_once_its_points_must_reach_the_ceiling(seed: int, short: int,
                                                                 monkeypatch) -> None:
    """`grade_below` is the full grade while the points stay under the ceiling, and None as
    soon as the path's steps alone must reach it, after that many states and no more (at the
    ceiling itself it may have to follow the path to its end, where the breadth adds up)."""
    import solver.orapa.review.state as review_state
    real, judged, memo = review_state.judge_state, [], {}

    def remembered(puzzle: Puzzle, *args, **kw):      # a state is judged the same each time
        judged.append(1)
        key = tuple(map(str, puzzle.observations))
        if key not in memo:
            memo[key] = real(puzzle, *args, **kw)
        return memo[key]
    monkeypatch.setattr(review_state, "judge_state", remembered)
    puzzle = unique_puzzle(seed)
    difficulty = Difficulty("medium", 36, 2000, "nodes")
    full = grade(puzzle, difficulty, seed)
    assert grade_below(puzzle, difficulty, seed, full.points + 1) == full
    assert grade_below(puzzle, difficulty, seed, full.points) in (None, full)
    fixed = full.points - full.steps - full.breadth          # hidden gems and work
    steps = max(0, full.steps - short)
    judged.clear()
    assert grade_below(puzzle, difficulty, seed, fixed + steps) is None
    assert len(judged) == (steps + 1 if steps else 0)     # the start and `steps` answers


def test_points_past_each_grade_begin_the_next() -> None:
    assert [points_past(level) for level in GRADES] == [10, 13, 16, None]
    assert [grade_of(p - 1) for p in (10, 13, 16)] == list(GRADES[:3])
