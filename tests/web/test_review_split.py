"""The best question's expected split in a review (issue 32, "learn from your mistakes"): every
named answer is one the layouts really give, the shares add up to one, and on listed states the
layouts each answer would leave are the solver's exact counts."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, parse_observation, shot_answer
from games.orapa.random_layouts import random_layout
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.review.game import review
from solver.orapa.review.state import SPLIT_SHOWN, solver_count


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 10_000))
def test_the_best_questions_split_is_what_the_layouts_answer(seed: int) -> None:
    rng = random.Random(seed)
    mine = random_layout(gem_set("base"), rng=rng)
    ports = rng.sample(range(36), 7)
    game = Puzzle(gem_set("base"), RuleOptions(), tuple(shot_answer(mine, p) for p in ports))
    found = review(game, advisor=False).to_json()
    for question in found["questions"]:
        best = question["best"]
        split = best["split"]
        if best["question"] is None:
            assert split == []
            continue
        assert 2 <= len(split) <= SPLIT_SHOWN + 1
        assert abs(sum(part["share"] for part in split) - 1) < 1e-3
        assert [p["share"] for p in split[:SPLIT_SHOWN]] == sorted(
            (p["share"] for p in split[:SPLIT_SHOWN]), reverse=True)
        before = Puzzle(game.gems, game.rules, game.observations[:question["number"] - 1])
        for part in split:
            if part["answer"] is None:
                continue
            answer = parse_observation(part["answer"])
            assert answer.question == best["question"]
            after = before.with_observations(before.observations + (answer,))
            if question["before"]["exact"] and question["before"]["count"] <= 3000:
                count, exact = solver_count(after)
                assert exact and count == part["count"] >= 1
            else:
                # a real answer of a consistent layout: the solver's first one (counting the
                # early states, billions of layouts, took 0.4 s each, then only hit the limit)
                assert next(iter(ConsistentLayouts(after).layouts()), None) is not None
