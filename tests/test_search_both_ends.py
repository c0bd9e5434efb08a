"""Waves followed from both ends (`solver.orapa.search.search_setup.prepare`, RULINGS O4).

A shot from P that left at Q says what the shot from Q would: the frontier searches (listing
and counting) follow it from Q too. The layouts must not change; the work should, and the
generator's measure of difficulty (nodes of the one-end searches) must not.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, ShotAnswer, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.counting.family_counts import count_layouts
from solver.orapa.search import frontier_compiled
from solver.orapa.search.frontier_search import python_frontier_families
from solver.orapa.search.search_setup import implied_shots, prepare
from solver.orapa.search.wave_search import search_families
from solver.orapa.uniqueness import second_layout

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

# Seed 213 of the `full` advisor benchmark after four answers: 59,630 layouts. The grey wave
# must meet four colours; followed from R alone the compiled frontier search took 272 million
# nodes (29 s) to list its 23,791 families, followed from D as well about 7 million (1.2 s).
GREY_WAVE = Puzzle.from_json({"gems": "full", "observations": [
    {"shot": "N", "exit": "N", "color": "white"},
    {"shot": "13", "exit": "18", "color": "light blue"},
    {"shot": "R", "exit": "D", "color": "grey"},
    {"shot": "14", "exit": "absorbed"}]})


def test_implied_shots_are_the_reverses_of_the_shots_that_left_elsewhere() -> None:
    shots = [ShotAnswer.parse(text) for text in
             ("15 -> 8 purple", "3 -> absorbed", "4 -> 4 red", "8 -> 15 purple",
              "K -> B 3 bounces")]
    assert [str(s) for s in implied_shots(shots)] == ["B -> K 3 bounces"]
    assert implied_shots([]) == []


def _members(families) -> set:
    return {member for family in families for member in family.members()}


@pytest.mark.parametrize("preset, answer, seed", [
    ("base", "colour", s) for s in range(6)] + [
    ("full", "colour", s) for s in range(6, 10)] + [
    ("base", "bounces", s) for s in (10, 11, 16)] + [
    ("base", "both", s) for s in range(13, 15)])
def test_both_ends_list_the_layouts_of_one_end(preset: str, answer: str, seed: int) -> None:
    """The frontier search (both ends, the Python reference) lists exactly the layouts of the
    plain wave search (shot end only) on random states of 9 to 14 answers (17 to 22 under
    bounce counts, which say less: few enough layouts to list)."""
    rng = random.Random(seed)
    gems = gem_set(preset)
    rules = RuleOptions(answer=answer)
    mine = random_layout(gems, rng=rng)
    ports = rng.sample(range(36), rng.randint(9, 14) + (8 if answer != "colour" else 0))
    puzzle = puzzle_from_layout(mine, gems, rules, ports=ports)
    setup = prepare(puzzle)
    assert setup is not None
    assert len(setup.shots) == len(ports) + len(implied_shots(setup.shots[:len(ports)]))
    both = _members(python_frontier_families(puzzle))
    assert mine in both
    assert both == _members(search_families(puzzle))


@pytest.mark.skipif(frontier_compiled._KERNEL is None,
                    reason="the compiled frontier search was not built")
def test_a_wave_owing_four_colours_is_listed_within_ten_million_nodes() -> None:
    """Fails on the code that followed the grey wave from R alone (272 million nodes)."""
    nodes = [0]
    families = list(frontier_compiled.families(GREY_WAVE, nodes=nodes, max_nodes=10_000_000))
    assert len(families) == 23_791
    assert nodes[0] < 10_000_000
    counted = count_layouts(GREY_WAVE)
    assert counted.exact and counted.count == 59_630


@pytest.mark.parametrize("file", ["base/base-hard-01.json", "base/base-medium-01.json",
                                  "base-bounces/base-bounces-hard-01.json"])
def test_the_generators_measure_is_still_the_one_end_search(file: str) -> None:
    """A stored puzzle's recorded work is the uniqueness check's nodes today: the searches
    that grade puzzles neither follow waves from both ends nor take the cover cut (the
    bounce puzzle fails on code without `graded`)."""
    path = PUZZLES / file
    entry = next(e for e in json.loads((path.parent / "index.json").read_text())
                 if e["file"].endswith(path.name))
    puzzle = Puzzle.from_json(json.loads(path.read_text()))
    assert puzzle.solution is not None
    twin = second_layout(puzzle, puzzle.solution, engine="waves")
    assert twin.unique and (twin.work, twin.measure) == (entry["work"], entry["measure"])
