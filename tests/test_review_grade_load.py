"""A puzzle's grade and a game's review do not depend on the machine's load: their counts and
samples are bounded by work, not by the wall clock. A loaded machine is played by a clock
that jumps ahead on every reading, so that every deadline passes after a few steps."""
from __future__ import annotations

import random
import time

import pytest

from games.orapa.gems import gem_set
from generator.difficulty import grade, solution_path
from generator.generate import Generator
from solver.orapa.review.game import review
from tests.test_review import hidden_game

STEP = 0.05   # seconds the loaded clock moves on at each reading


class LoadedClock:
    """`time.monotonic` on a machine so busy that each reading finds STEP seconds gone."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def __call__(self) -> float:
        self.now += STEP
        return self.now


@pytest.fixture
def loaded(monkeypatch: pytest.MonkeyPatch):
    """Call the fixture's value to make every later reading of the clock a loaded one."""
    return lambda: monkeypatch.setattr(time, "monotonic", LoadedClock())


def test_a_puzzles_grade_and_path_are_the_same_under_load(loaded) -> None:
    # seed 3's minimal puzzle: the grade that once went from 13 to 14 points on a slow clock
    found = Generator(gem_set("base"), rng=random.Random(3), clues="minimal").next()
    path, counts = solution_path(found.puzzle, 3)
    graded = grade(found.puzzle, found.difficulty, 3)
    loaded()
    assert solution_path(found.puzzle, 3) == (path, counts)
    assert grade(found.puzzle, found.difficulty, 3) == graded


def test_a_games_review_is_the_same_under_load(loaded) -> None:
    puzzle, mine = hidden_game(11, 6)
    quiet = review(puzzle, mine, seed=11, advisor=False).to_json()
    loaded()
    assert review(puzzle, mine, seed=11, advisor=False).to_json() == quiet
