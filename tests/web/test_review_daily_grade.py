"""The daily puzzle says its grade by technique (issue 32): the served JSON carries `grade`,
the one `generator.difficulty.grade` gives the day's generated puzzle; the guess still works."""
from __future__ import annotations

import random
from typing import Any

import pytest

from games.orapa.gems import gem_set
from games.orapa.puzzle import Puzzle
from generator.difficulty import GRADES, grade
from generator.generate import Generator
from web import daily


def test_a_days_grade_is_the_generators_grade_of_its_puzzle() -> None:
    # The grade reads the review's states, whose sampler and counts are bounded by work: the
    # same puzzle is graded alike however loaded the machine (when they stopped on the wall
    # clock, a fresh-clone run gave 'hard' against 'medium').
    day = "2026-03-14"
    # the stored JSON is generate_graded's puzzle and grade (generated once here: each run of
    # the generator and the grade takes seconds)
    stored = daily.puzzle_json(day)
    puzzle, level = Puzzle.from_json(stored), stored["grade"]
    found = Generator(gem_set(daily.GEMS), rng=random.Random(f"orapa-daily-{day}"),
                      clues="minimal").next()
    assert puzzle == found.puzzle and level == grade(found.puzzle, found.difficulty).level
    assert daily.public(stored, day)["grade"] == level
    assert "solution" not in daily.public(stored, day)
    assert daily.judge(stored, puzzle.solution.to_json())


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_served_daily_puzzle_has_its_grade(client: Any, player: Any) -> None:
    body = client.get("/api/daily").json()
    assert body["grade"] in GRADES
    puzzle, level = daily.generate_graded(daily.today())
    assert body["grade"] == level
    me = player("Gus")
    solution = puzzle.solution.to_json()
    assert me.post("/api/daily/guess", solution).json()["correct"] is True
