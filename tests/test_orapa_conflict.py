"""Minimal conflicts (`solver/orapa/conflict.py`): the answers named cannot all hold, any
smaller part of them can, the flipped answer is among them, and the wave search settles them
without the SAT model where it can (the model took 29 s to prove one flipped `full` answer
impossible; the search takes milliseconds)."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.errors import LimitReached
from games.orapa.board import PORTS
from games.orapa.gems import Gem, gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, ShotAnswer, all_shot_answers, shot_answer
from games.orapa.random_layouts import random_layout
from solver.orapa import conflict as conflict_module
from solver.orapa.api import solve
from solver.orapa.conflict import Satisfiability, conflict, quickxplain
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.sat.backends import SatBackend
from tests.orapa_strategies import layouts


def flipped(truth, rng: random.Random, answers: int, colour: bool) -> tuple[list[ShotAnswer], int]:
    """`answers` random shots of the mine answered, one of them (a wave that left by another
    port) with its colour's lowest bit toggled or its exit moved; and that answer's index."""
    observations = [shot_answer(truth, p) for p in rng.sample(range(PORTS), answers)]
    candidates = [i for i, a in enumerate(observations) if a.exit is not None and a.exit != a.port]
    index = rng.choice(candidates)
    original = observations[index]
    if colour:
        observations[index] = ShotAnswer(original.port, original.exit, (original.color or 0) ^ 1)
    else:
        others = [p for p in range(PORTS) if p not in (original.exit, original.port)]
        observations[index] = ShotAnswer(original.port, rng.choice(others), original.color)
    return observations, index


def assert_minimal(puzzle: Puzzle, core: list[int]) -> None:
    """The core's answers have no layout (by the listing); drop any one and the rest have one
    (the first member of the first family the wave search meets, without a budget: the
    listing gathers every family first, for minutes on one or two answers; the SAT model
    took 18 s on some)."""
    part = [puzzle.observations[i] for i in core]
    assert ConsistentLayouts(puzzle.with_observations(part)).first() is None
    for i in range(len(part)):
        rest = puzzle.with_observations(part[:i] + part[i + 1:])
        assert any(next(iter(family.members()), None) is not None
                   for family in frontier_families(rest)), (core, core[i])


# 15 examples (37 s for 30 in the suite) of 8 to 36 answers: with fewer the flip is more
# often consistent, and listing the first layout of a state of 4 `full` answers takes seconds
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(presets=["base", "base+black", "full"]), st.integers(0, 2**32 - 1),
       st.integers(8, 36), st.booleans())
def test_a_flipped_answer_is_named_in_a_minimal_conflict(case, seed: int, answers: int,
                                                         colour: bool) -> None:
    preset, truth = case
    observations, index = flipped(truth, random.Random(seed), answers, colour)
    puzzle = Puzzle(gem_set(preset), RuleOptions(), tuple(observations))
    found = conflict(puzzle, timeout=120)
    if found is None:       # few answers: another layout gives them all, the flip included
        assert ConsistentLayouts(puzzle).first() is not None
        return
    assert index in found   # the mine gives every other answer
    assert_minimal(puzzle, found)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.sets(st.integers(0, n - 1), min_size=1), min_size=1, max_size=4))))
def test_quickxplain_finds_a_minimal_core_of_any_monotone_check(case) -> None:
    """Against brute force: sets hold unless they contain one of a few hidden cores."""
    n, cores = case

    def holds(chosen: list[int]) -> bool:
        return not any(core <= set(chosen) for core in cores)

    found = quickxplain(holds, list(range(n)))
    assert len(set(found)) == len(found) and set(found) in cores
    assert all(holds(found[:i] + found[i + 1:]) for i in range(len(found)))


def brief_state() -> Puzzle:
    """The lead's example: full, all 36 answers, one colour flipped (the model took 29 s)."""
    truth = random_layout(gem_set("full"), rng=random.Random(1))
    rng = random.Random(1)
    answers = all_shot_answers(truth)
    candidates = [a for a in answers if a.exit is not None and a.exit != a.port]
    i = answers.index(rng.choice(candidates))
    o = answers[i]
    observations = answers[:i] + [ShotAnswer(o.port, o.exit, (o.color or 0) ^ 1)] + answers[i + 1:]
    return Puzzle(gem_set("full"), RuleOptions(), tuple(observations))


def test_the_wave_search_names_the_conflict_without_the_sat_model(monkeypatch) -> None:
    """Fails on the code before: its every check was a SAT call."""
    def no_sat(*args, **kwargs):
        raise AssertionError("the SAT model was asked")
    monkeypatch.setattr(SatBackend, "solve", no_sat)
    result = solve(brief_state(), limit=1)
    assert (result.status, result.conflict) == ("contradiction", [10])


# three gems, and seeds whose states the model settles in well under a second: it proves
# base's flipped states impossible in 5 to 80 s, and even these gems' flipped colours alone in
# 3 to 7 s (seeds 0, 2, 6, 8, 10, 12)
SMALL = (Gem("triangle", "yellow"), Gem("square", "blue"), Gem("parallelogram", "red"))


@pytest.mark.parametrize("seed", [3, 5, 13])
def test_the_model_alone_gives_a_minimal_conflict_where_the_search_gives_up(monkeypatch,
                                                                           seed: int) -> None:
    """With a search and a count that never decide in time, every check falls to the model:
    the conflict is still minimal and still names the flipped answer."""
    monkeypatch.setattr(Satisfiability, "_by_search", lambda self, chosen, nodes, seconds: None)
    monkeypatch.setattr(Satisfiability, "_by_count", lambda self, chosen, seconds: None)
    truth = random_layout(SMALL, rng=random.Random(seed))
    observations, index = flipped(truth, random.Random(seed), 8, colour=seed % 2 == 0)
    puzzle = Puzzle(SMALL, RuleOptions(), tuple(observations))
    found = conflict(puzzle, timeout=120)
    assert found is not None and index in found
    assert_minimal(puzzle, found)


def test_the_model_only_method_never_runs_the_search(monkeypatch) -> None:
    def no_search(*args, **kwargs):
        raise AssertionError("the wave search was asked")
    monkeypatch.setattr(conflict_module, "frontier_families", no_search)
    monkeypatch.setattr(conflict_module, "search_families", no_search)
    truth = random_layout(SMALL, rng=random.Random(3))
    observations, index = flipped(truth, random.Random(3), 8, colour=False)
    puzzle = Puzzle(SMALL, RuleOptions(), tuple(observations))
    found = conflict(puzzle, method="model", timeout=120)
    assert found is not None and index in found
    assert_minimal(puzzle, found)


def test_a_deadline_raises_limit_reached_with_a_contradiction_and_no_conflict() -> None:
    truth = random_layout(gem_set("base"), rng=random.Random(0))
    observations, _ = flipped(truth, random.Random(0), 6, colour=True)
    puzzle = Puzzle(gem_set("base"), RuleOptions(), tuple(observations))
    with pytest.raises(LimitReached) as caught:
        conflict(puzzle, timeout=0.0)
    partial = caught.value.partial
    assert isinstance(partial, dict)
    assert (partial["status"], partial["conflict"]) == ("contradiction", None)
