"""The solver's uniqueness questions for the generator (`solver.orapa.uniqueness`): a second
layout by either engine, with colours kept in place, clue checks with cores, droppable answers;
checked against `solve` and against each other."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import all_shot_answers, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from generator.generate import Generator
from solver.orapa.api import solve
from solver.orapa.uniqueness import ClueChecks, TooHard, droppable, second_layout
from tests.white_trap import TRAP_MINE as MINE

BASE = gem_set("base")


@pytest.mark.parametrize("engine", ["auto", "waves", "model"])
def test_every_engine_finds_the_white_twin(engine: str) -> None:
    puzzle = puzzle_from_layout(MINE, BASE, RuleOptions())
    found = second_layout(puzzle, MINE, engine=engine)  # type: ignore[arg-type]
    assert found.layout is not None and found.layout != MINE and not found.unique
    assert all_shot_answers(found.layout) == all_shot_answers(MINE)
    assert found.measure == ("conflicts" if engine == "model" else "nodes")


def test_kept_colours_stay_where_they_are() -> None:
    puzzle = puzzle_from_layout(MINE, BASE, RuleOptions())
    found = second_layout(puzzle, MINE, keep_colors=frozenset({"red", "yellow", "blue"}))
    assert found.layout is not None and found.measure == "conflicts"
    colours = dict(found.layout.signature)
    assert all(colours[c] == dict(MINE.signature)[c] for c in ("red", "yellow", "blue"))
    # the white gems cannot stay too: then there is no twin
    assert second_layout(puzzle, MINE, keep_colors=frozenset(
        {"red", "yellow", "blue", "white"})).unique


def test_the_wave_engine_says_when_it_cannot_answer() -> None:
    rules = RuleOptions(touching="any")
    mine = random_layout(BASE, rules, random.Random(1))
    with pytest.raises(ValueError, match="does not apply"):
        second_layout(puzzle_from_layout(mine, BASE, rules), mine, engine="waves")
    generator = Generator(BASE, rng=random.Random(1), clues="minimal")
    generator.next()
    hard = generator.next()   # 6 shots whose proof takes 4807 nodes
    puzzle, unique = hard.puzzle, hard.puzzle.solution
    assert second_layout(puzzle, unique, engine="waves").work == hard.difficulty.work
    with pytest.raises(TooHard):   # the search looks at its budget every 2048 nodes
        second_layout(puzzle, unique, engine="waves", node_budget=2000)
    # auto falls back to the model past the node budget
    found = second_layout(puzzle, unique, node_budget=2000)
    assert found.unique and found.measure == "conflicts"


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 36), st.sampled_from(["auto", "model"]))
def test_second_layout_agrees_with_solve(seed: int, shots: int, engine: str) -> None:
    rng = random.Random(seed)
    mine = random_layout(BASE, RuleOptions(), rng)
    full = puzzle_from_layout(mine, BASE, RuleOptions())
    puzzle = full.with_observations(rng.sample(list(full.observations), shots))
    found = second_layout(puzzle, mine, engine=engine)  # type: ignore[arg-type]
    assert found.unique == (solve(puzzle, limit=2, count_limit=2).status == "unique")
    if found.layout is not None:
        assert found.layout != mine
        assert all(obs.holds(found.layout) for obs in puzzle.observations)


def test_clue_checks_name_the_answers_their_proof_used() -> None:
    mine = random_layout(BASE, RuleOptions(), random.Random(4))
    puzzle = puzzle_from_layout(mine, BASE, RuleOptions())
    kept = dict(enumerate(puzzle.observations))
    with ClueChecks(puzzle, mine) as checks:
        assert checks.twin(kept).unique and not checks.narrowed
        checks.narrow(kept)
        assert checks.narrowed
        found = checks.twin(kept, conflicts=100_000, cores=True)
    assert found.unique and found.used <= set(kept) and found.used
    assert not checks.narrowed   # the fresh solver is freed with the block
    used = puzzle.with_observations([kept[i] for i in sorted(found.used)])
    assert solve(used, limit=2, count_limit=2).status == "unique"


def test_droppable_answers_leave_the_puzzle_unique() -> None:
    mine = random_layout(BASE, RuleOptions(), random.Random(4))
    puzzle = puzzle_from_layout(mine, BASE, RuleOptions())
    can_go = droppable(puzzle, mine)
    assert can_go   # 36 shots say each path twice
    observations = list(puzzle.observations)
    for i in can_go[:3]:
        rest = puzzle.with_observations(observations[:i] + observations[i + 1:])
        assert solve(rest, limit=2, count_limit=2).status == "unique"
