"""Bounce-count answers (RULINGS O9): tracers, formats, the solver and its engines."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import BadInput
from games.orapa.board import PORTS, parse_port
from games.orapa.gems import Gem, gem_set
from games.orapa.layout import Layout, PlacedGem, RuleOptions, check_legal
from games.orapa.puzzle import (Puzzle, ShotAnswer, all_shot_answers, parse_observation,
                                puzzle_from_layout, shot_answer)
from games.orapa.random_layouts import random_layout
from games.orapa.text_format import format_puzzle_text, parse_puzzle_text
from games.orapa.waves import COMPILED, python_trace_counts, trace_answers, trace_counts, trace_wave
from solver.orapa.api import solve
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.search.frontier_search import frontier_families, python_frontier_families
from solver.orapa.precheck import impossible_answers
from solver.orapa.search.wave_search import search_families
from tests.brute_force import brute_force
from tests.examples import examples
from tests.orapa_strategies import layouts

TRIANGLE = Layout.from_json({"gems": [
    {"shape": "triangle", "color": "yellow", "vertices": [[2, 2], [4, 2], [2, 4]]}]})


def test_a_turn_and_a_straight_back_reflection_each_count_one() -> None:
    ports = {label: parse_port(label) for label in ("C", "3", "1")}
    # up from C: turns once on the slanted side, leaves by N
    assert trace_wave(TRIANGLE, ports["C"]).bounces == 1
    # down from 3: meets the top side square on, goes straight back
    assert trace_wave(TRIANGLE, ports["3"]).bounces == 1
    # a wave that meets nothing has 0
    assert trace_wave(TRIANGLE, ports["1"]).bounces == 0
    assert str(shot_answer(TRIANGLE, ports["C"], "bounces")) == "C -> N 1 bounce"
    assert str(shot_answer(TRIANGLE, ports["1"], "both")) == "1 -> A transparent 0 bounces"


@settings(max_examples=examples(100), deadline=None)
@given(layouts())
def test_a_paths_bounce_count_is_the_same_read_backwards(case) -> None:
    _, layout = case
    answers = python_trace_counts(layout)
    for port, (exit_port, color, bounces) in enumerate(answers):
        if exit_port >= 0:
            assert answers[exit_port] == (port, color, bounces)
        else:
            assert bounces == 0


@pytest.mark.skipif(getattr(COMPILED, "layout_counts", None) is None,
                    reason="the compiled tracer is not built (or predates bounce counts)")
@settings(max_examples=examples(100), deadline=None)
@given(layouts())
def test_the_compiled_and_python_tracers_count_alike(case) -> None:
    _, layout = case
    counted = trace_counts(layout)
    assert counted == python_trace_counts(layout)
    assert [(e, c) for e, c, _ in counted] == trace_answers(layout)
    for port in range(PORTS):
        wave = trace_wave(layout, port)
        assert (wave.bounces or 0) == counted[port][2]


def test_bounce_answers_in_json_and_text_round_trip() -> None:
    mine = random_layout(gem_set("full"), rng=random.Random(5))
    for kind in ("bounces", "both"):
        puzzle = puzzle_from_layout(mine, gem_set("full"), RuleOptions(answer=kind))
        data = json.loads(json.dumps(puzzle.to_json()))
        assert data["rules"]["answer"] == kind
        shot = next(o for o in data["observations"] if o["exit"] != "absorbed")
        assert isinstance(shot["bounces"], int) and ("color" in shot) == (kind == "both")
        assert Puzzle.from_json(data) == puzzle
        assert parse_puzzle_text(format_puzzle_text(puzzle)) == puzzle
    assert "answer" not in RuleOptions().to_json()   # colour puzzles keep their old JSON


def test_bounce_answers_are_read_from_the_text_format() -> None:
    puzzle = parse_puzzle_text("gems: base\nrules: answer=bounces\n15 -> C 3 bounces\n"
                               "C -> 15 3 Bounces\n4 -> 4 1 bounce\n5 -> 5 red 1 bounce\n")
    assert [o.to_json() for o in puzzle.observations] == [
        {"shot": "15", "exit": "C", "bounces": 3}, {"shot": "C", "exit": "15", "bounces": 3},
        {"shot": "4", "exit": "4", "bounces": 1},
        {"shot": "5", "exit": "5", "color": "red", "bounces": 1}]
    assert puzzle.rules.answer == "bounces"


@pytest.mark.parametrize("text, message", [
    ("gems: base\n15 -> C many bounces\n", "line 2: expected a number before 'bounces'"),
    ("gems: base\n15 -> C bounces\n", "line 2: expected a number before 'bounces'"),
    ("gems: base\n15 -> absorbed 2 bounces\n", "line 2: an absorbed shot has no colour or count"),
    ("gems: base\nrules: answer=sometimes\n", "line 2: rule 'answer': expected colour, bounces"),
    ("gems: base\n15 -> C 5000 bounces\n", "line 2: 5000 bounces is more than"),
])
def test_bad_bounce_text_names_its_line(text: str, message: str) -> None:
    with pytest.raises(BadInput) as info:
        parse_puzzle_text(text)
    assert str(info.value).startswith(message)


@pytest.mark.parametrize("data, message", [
    ({"shot": "1", "exit": "A", "bounces": -1}, "bounces: expected a whole number"),
    ({"shot": "1", "exit": "A", "bounces": True}, "bounces: expected a whole number"),
    ({"shot": "1", "exit": "A", "bounces": "3"}, "bounces: expected a whole number"),
    ({"shot": "1", "exit": "absorbed", "bounces": 2}, "an absorbed shot has no 'bounces'"),
    ({"shot": "1", "exit": "A"}, "missing 'color' (or 'bounces'"),
    ({"cell": "A1", "content": "empty", "bounces": 0}, "a cell question has no 'bounces'"),
])
def test_bad_bounce_json_names_the_field(data: dict, message: str) -> None:
    with pytest.raises(BadInput) as info:
        parse_observation(data, "observations[0]")
    assert str(info.value).startswith("observations[0]: ") and message in str(info.value)


def test_a_count_the_layout_does_not_give_does_not_hold() -> None:
    d = parse_port("D")
    answer = shot_answer(TRIANGLE, d, "bounces")            # D -> M, one turn
    assert (answer.exit, answer.color, answer.bounces) == (parse_port("M"), None, 1)
    assert answer.holds(TRIANGLE)
    assert not ShotAnswer(d, answer.exit, None, 2).holds(TRIANGLE)
    assert ShotAnswer(d, answer.exit, 2, 1).holds(TRIANGLE)      # yellow, one bounce
    assert not ShotAnswer(d, answer.exit, 1, 1).holds(TRIANGLE)


def test_the_precheck_knows_a_wave_without_bounces_goes_straight() -> None:
    gems = gem_set("base")
    assert impossible_answers([ShotAnswer(0, 18, None, 0)], gems) is None        # 1 -> A
    assert impossible_answers([ShotAnswer(0, 19, None, 0)], gems) == [0]         # 1 -> B
    # one answer with a colour, its reverse with only a count: they agree
    assert impossible_answers([ShotAnswer(0, 5, 1, None), ShotAnswer(5, 0, None, 2)],
                              gems) is None
    assert impossible_answers([ShotAnswer(0, 5, None, 3), ShotAnswer(5, 0, None, 2)],
                              gems) == [0, 1]


SMALL_SETS = {
    "triangle+square": (Gem("triangle", "yellow"), Gem("square", "white")),
    "black+parallelogram": (Gem("block", "black"), Gem("parallelogram", "red")),
    "two white squares": (Gem("square", "white"), Gem("square", "white")),
}


def brute_force_count(bf, puzzle: Puzzle) -> int:
    match = np.ones(len(bf), dtype=bool)
    for obs in puzzle.observations:
        exit_port = -1 if obs.exit is None else obs.exit
        match &= bf.exits[:, obs.port] == exit_port
        if obs.exit is not None:
            if obs.color is not None:
                match &= bf.colors[:, obs.port] == obs.color
            if obs.bounces is not None:
                match &= bf.bounces[:, obs.port] == obs.bounces
    return int(match.sum())


@pytest.mark.parametrize("method", ["auto", "model"])
@pytest.mark.parametrize("name", sorted(SMALL_SETS))
def test_bounce_counts_equal_brute_force(name: str, method: str) -> None:
    gems = SMALL_SETS[name]
    bf = brute_force(gems, RuleOptions())
    rng = random.Random(name)
    for trial in range(6):
        truth = bf.layout(rng.randrange(len(bf)))
        kind = ("bounces", "both")[trial % 2]
        puzzle = puzzle_from_layout(truth, gems, RuleOptions(answer=kind),
                                    ports=rng.sample(range(36), rng.randint(2, 5)))
        result = solve(puzzle, limit=3, count_limit=10**6, method=method)
        assert result.exact
        assert result.count == brute_force_count(bf, puzzle), puzzle.to_json()
        assert all(all(o.holds(s) for o in puzzle.observations) for s in result.solutions)


@pytest.mark.parametrize("preset, seed, shots", [
    ("base", 1, 36), ("base", 2, 18), ("full", 3, 36), ("base+diamond", 4, 24),
    ("first-edition", 5, 36), ("base+black", 6, 36)])
def test_the_solver_finds_the_source_layout_of_a_bounce_puzzle(preset: str, seed: int,
                                                             shots: int) -> None:
    rng = random.Random(seed)
    gems = gem_set(preset)
    mine = random_layout(gems, rng=rng)
    puzzle = puzzle_from_layout(mine, gems, RuleOptions(answer="bounces"),
                                sorted(rng.sample(range(36), shots)))
    found = list(ConsistentLayouts(puzzle, timeout=120).layouts())
    assert mine in found
    assert all(all(o.holds(layout) for o in puzzle.observations) for layout in found)


def test_the_searches_agree_on_bounce_puzzles() -> None:
    """The plain wave search and the frontier search list the same layouts."""
    rng = random.Random(11)
    for _ in range(3):
        mine = random_layout(gem_set("base"), rng=rng)
        puzzle = puzzle_from_layout(mine, gem_set("base"), RuleOptions(answer="bounces"))
        plain = sorted(m.signature for f in search_families(puzzle) for m in f.members())
        frontier = sorted(m.signature for f in python_frontier_families(puzzle)
                          for m in f.members())
        assert plain == frontier and mine.signature in plain


def test_answers_of_every_kind_come_from_one_trace() -> None:
    mine = random_layout(gem_set("full"), rng=random.Random(8))
    colour, bounces, both = (all_shot_answers(mine, k) for k in ("colour", "bounces", "both"))
    for c, b, t in zip(colour, bounces, both):
        assert c.exit == b.exit == t.exit and c.bounces is None and b.color is None
        assert (t.color, t.bounces) == (c.color, b.bounces)


@settings(max_examples=examples(4), deadline=None)
@given(layouts(("base", "base+black", "base+diamond")), st.randoms(use_true_random=False),
       st.sampled_from(["bounces", "both"]))
def test_random_bounce_puzzles_list_their_source_layout(case, rng, kind: str) -> None:
    preset, mine = case
    gems = gem_set(preset)
    ports = sorted(rng.sample(range(36), rng.randint(24, 36)))
    puzzle = puzzle_from_layout(mine, gems, RuleOptions(answer=kind), ports)
    found = list(ConsistentLayouts(puzzle, timeout=120).layouts())
    assert mine in found
    assert all(all(o.holds(layout) for o in puzzle.observations) for layout in found)


def _colours_swapped(layout: Layout, shape: str, a: str, b: str) -> Layout:
    """The layout with the colours `a` and `b` of its gems of one shape exchanged (places
    kept)."""
    swap = {a: b, b: a}
    return Layout([PlacedGem(Gem(g.gem.shape, swap.get(g.gem.color, g.gem.color)), g.placement)
                   if g.gem.shape == shape else g for g in layout.gems])


@settings(max_examples=examples(13), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_base_mine_is_a_trap_under_bounce_answers(seed: int) -> None:
    """The ruling gap (O8 read under O9): the blue and white large triangles of `base` swap
    places without changing one bounce answer, so 36 bounce shots never force a base mine;
    the swapped layout is legal, another layout (O6), and a cell question tells them apart."""
    gems = gem_set("base")
    mine = random_layout(gems, rng=random.Random(seed))
    twin = _colours_swapped(mine, "large-triangle", "blue", "white")
    check_legal(twin)
    assert twin != mine and sorted(twin.kinds) == sorted(mine.kinds)
    assert all_shot_answers(twin, "bounces") == all_shot_answers(mine, "bounces")
    puzzle = puzzle_from_layout(mine, gems, RuleOptions(answer="bounces"))
    found = [m for f in frontier_families(puzzle) for m in f.members()]
    assert mine in found and twin in found
    assert any(mine.cell_content(c) != twin.cell_content(c) for c in range(80))
