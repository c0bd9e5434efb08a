"""The advisor under bounce-count answers (RULINGS O9): shots keyed by what the director says
(exit and count, or exit, colour and count under `both`), the sampler's filter comparing counts,
and the autoplayer answering in the puzzle's answer kind."""
from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from games.orapa.board import PORTS, port_label
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, ShotAnswer, shot_answer
from games.orapa.random_layouts import random_layout
from solver.orapa.advisor.autoplay import answer, autoplay
from solver.orapa.advisor.ranking import advise, answer_keys, shot_answer_label
from solver.orapa.api import solve
from solver.orapa.counting.consistent_sample import consistent_candidates, holding

GEMS = gem_set("base")


def _entropy(counts: Counter) -> float:
    total = sum(counts.values())
    return -sum(n / total * math.log2(n / total) for n in counts.values())


def _said(observation: ShotAnswer) -> tuple:
    """What the director says, as a tuple (None for a part the answer kind leaves out)."""
    return observation.exit, observation.color, observation.bounces


@pytest.mark.parametrize("kind", ["bounces", "both"])
def test_a_shots_bits_are_the_entropy_of_what_the_director_says(kind: str) -> None:
    mine = random_layout(GEMS, rng=random.Random(2))
    ports = random.Random(2).sample(range(PORTS), 12)
    puzzle = Puzzle(GEMS, RuleOptions(answer=kind),
                    tuple(shot_answer(mine, p, kind) for p in ports))
    advice = advise(puzzle, exact_bound=5000, budget=30.0, rng=random.Random(0))
    layouts = advice.candidates.layouts
    assert advice.candidates.exact and mine in layouts
    # the listing is every layout the solver counts, each giving every answer
    assert len(layouts) == solve(puzzle, limit=0, count_limit=10_000).count
    assert all(o.holds(layout) for layout in layouts for o in puzzle.observations)
    scores = {q.question: q for q in advice.ranking if q.kind == "shot"}
    assert len(scores) == PORTS - len(ports)
    for port in range(PORTS):
        if port in ports:
            continue
        said = Counter(_said(shot_answer(layout, port, kind)) for layout in layouts)
        score = scores[port_label(port)]
        assert score.expected_bits == pytest.approx(_entropy(said), abs=1e-9)
        written = Counter(shot_answer(layout, port, kind).answer_text() for layout in layouts)
        assert {text: round(p * len(layouts)) for text, p in score.answers} == dict(written)


def test_bounce_answers_split_colour_answers_differently() -> None:
    """Under `bounces` the colours are not heard: two layouts giving one exit and count share
    a key even when their colours differ, and under `both` they do not."""
    layouts = [random_layout(GEMS, rng=random.Random(seed)) for seed in range(30)]
    for kind in ("colour", "bounces", "both"):
        shots, _ = answer_keys(layouts, answer=kind)
        for port in range(PORTS):
            said = [_said(shot_answer(layout, port, kind)) for layout in layouts]
            for i in range(len(layouts)):
                for j in range(i):
                    assert (shots[i, port] == shots[j, port]) == (said[i] == said[j])
            for i, layout in enumerate(layouts):
                assert shot_answer_label(shots[i, port], kind) == \
                    shot_answer(layout, port, kind).answer_text()


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000),
       st.lists(st.integers(0, PORTS - 1), min_size=1, max_size=5, unique=True),
       st.sampled_from(["colour", "bounces", "both"]))
def test_holding_keeps_exactly_the_layouts_giving_the_answers(seed: int, ports: list[int],
                                                               kind: str) -> None:
    rng = random.Random(seed)
    mine = random_layout(GEMS, rng=rng)
    shots = [shot_answer(mine, p, kind) for p in ports]
    layouts = [mine] + [random_layout(GEMS, rng=rng) for _ in range(40)]
    kept = holding(layouts, shots)
    assert kept == [layout for layout in layouts if all(o.holds(layout) for o in shots)]
    assert kept[0] == mine


def test_holding_compares_counts_and_ignores_unsaid_colours() -> None:
    """The old filter read a missing colour as transparent and never compared counts."""
    mine = random_layout(GEMS, rng=random.Random(5))
    port = next(p for p in range(PORTS) if shot_answer(mine, p).exit is not None
                and shot_answer(mine, p, "bounces").bounces)
    said = shot_answer(mine, port, "bounces")
    assert holding([mine], [said]) == [mine]
    wrong = ShotAnswer(port, said.exit, None, said.bounces + 1)
    assert holding([mine], [wrong]) == []


def test_the_sampler_lists_a_bounce_puzzles_layouts() -> None:
    mine = random_layout(GEMS, rng=random.Random(2))
    ports = random.Random(2).sample(range(PORTS), 12)
    puzzle = Puzzle(GEMS, RuleOptions(answer="bounces"),
                    tuple(shot_answer(mine, p, "bounces") for p in ports))
    found = consistent_candidates(puzzle, 300, 5000, 30.0, random.Random(0))
    colour = Puzzle(GEMS, RuleOptions(), tuple(shot_answer(mine, p) for p in ports))
    assert found.exact and mine in found.layouts
    # counts hide colours: at least the colour puzzle's layouts fit the bounce answers
    assert set(consistent_candidates(colour, 300, 5000, 30.0).layouts) <= set(found.layouts)


def test_autoplay_answers_in_the_puzzles_kind_and_forces_random_bounce_mines() -> None:
    mine = random_layout(GEMS, rng=random.Random(3))
    assert answer(mine, "15", "bounces") == shot_answer(mine, 14, "bounces")
    for seed in (1, 2):
        game = autoplay(GEMS, RuleOptions(answer="bounces"), seed=seed, sample=300)
        assert game.solved == game.mine
        shots = [s.answer for s in game.steps if isinstance(s.answer, ShotAnswer)]
        assert shots and all(o.color is None for o in shots)
        assert any(o.bounces is not None for o in shots)
        # counts cannot tell the blue large triangle from the white: a cell is asked
        assert len(shots) < game.questions
