"""`verify` looks among the guess's own family for another layout before the solver's search
(a sketch check on double with two answers took a minute)."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions, violations
from games.orapa.puzzle import puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.api import another_member, solve, verify

RULES = [RuleOptions(), RuleOptions(touching="any"), RuleOptions(answer="both"),
         RuleOptions(mirror=False, visibility=False)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "double", "first-edition"]),
       rules=st.sampled_from(RULES), seed=st.integers(0, 10 ** 6), shots=st.integers(0, 36))
def test_another_member_gives_every_answer(preset: str, rules: RuleOptions, seed: int,
                                           shots: int) -> None:
    rng = random.Random(seed)
    gems = gem_set(preset)
    mine = random_layout(gems, rules, rng)
    puzzle = puzzle_from_layout(mine, gems, rules, ports=rng.sample(range(36), shots))
    other = another_member(puzzle, mine)
    if other is not None:
        assert other != mine and not violations(other, rules)
        assert all(obs.holds(other) for obs in puzzle.observations)
        assert other.kinds == mine.kinds


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10 ** 6), shots=st.integers(0, 36))
def test_verify_says_forced_exactly_when_the_solver_finds_one_layout(seed: int,
                                                                     shots: int) -> None:
    rng = random.Random(seed)
    gems = gem_set("base")
    mine = random_layout(gems, rng=rng)
    puzzle = puzzle_from_layout(mine, gems, RuleOptions(), ports=rng.sample(range(36), shots))
    found = verify(puzzle, mine)
    assert found.consistent
    assert found.forced == (solve(puzzle, limit=2).status == "unique")


def test_a_double_sketch_with_two_answers_is_told_apart_at_once() -> None:
    gems = gem_set("double")
    mine = random_layout(gems, rng=random.Random(0))
    puzzle = puzzle_from_layout(mine, gems, RuleOptions(), ports=[4, 17])
    found = verify(puzzle, mine, timeout=5.0)     # the solver's search took a minute here
    assert found.consistent and not found.forced
    assert found.alternative is not None and found.alternative != mine
    assert all(obs.holds(found.alternative) for obs in puzzle.observations)
