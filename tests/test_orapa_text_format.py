"""The plain-text puzzle format: hand examples, variants, round trips with JSON, and errors."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import BadInput
from games.orapa.board import CELLS, PORTS
from games.orapa.files import parse_puzzle
from games.orapa.gems import PRESETS, gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, cell_answer, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from games.orapa.text_format import format_puzzle_text, parse_puzzle_text

# The example of INTERFACE.md, written by hand in the text format.
INTERFACE_TEXT = """\
# the example puzzle of INTERFACE.md
gems: base
rules: mirror=on touching=corner visibility=on

15 -> 8 light purple
I -> I red
3 -> absorbed      # the black body would absorb it
E4 = white
B3 = empty
"""
INTERFACE_JSON = {
    "gems": "base",
    "rules": {"mirror": True, "touching": "corner", "visibility": True},
    "observations": [
        {"shot": "15", "exit": "8", "color": "light purple"},
        {"shot": "I", "exit": "I", "color": "red"},
        {"shot": "3", "exit": "absorbed"},
        {"cell": "E4", "content": "white"},
        {"cell": "B3", "content": "empty"},
    ],
}
SOLVED_TEXT = """\
gems: red parallelogram, white square
rules: mirror=off
1 -> 1 red
solution: red parallelogram 0,0 2,0 3,1 1,1
solution: white square 6,4 7,5 6,6 5,5
"""


def test_interface_example_reads_as_its_json() -> None:
    assert parse_puzzle_text(INTERFACE_TEXT).to_json() == INTERFACE_JSON


def test_interface_example_json_writes_the_hand_text_back() -> None:
    written = format_puzzle_text(Puzzle.from_json(INTERFACE_JSON))
    assert written == ("gems: base\nrules: mirror=on touching=corner visibility=on\n"
                       "15 -> 8 light purple\nI -> I red\n3 -> absorbed\nE4 = white\n"
                       "B3 = empty\n")


def test_solution_lines_build_the_layout() -> None:
    puzzle = parse_puzzle_text(SOLVED_TEXT)
    assert puzzle.rules == RuleOptions(mirror=False)
    assert puzzle.solution is not None
    assert puzzle.solution.to_json() == {"gems": [
        {"shape": "parallelogram", "color": "red", "vertices": [[0, 0], [2, 0], [3, 1], [1, 1]]},
        {"shape": "square", "color": "white", "vertices": [[6, 4], [7, 5], [6, 6], [5, 5]]}]}
    assert format_puzzle_text(puzzle) == SOLVED_TEXT.replace(
        "rules: mirror=off", "rules: mirror=off touching=corner visibility=on")


@pytest.mark.parametrize("line, expected", [
    ("15 8 light purple", {"shot": "15", "exit": "8", "color": "light purple"}),
    ("shot 15: 8 Light-Violet", {"shot": "15", "exit": "8", "color": "light purple"}),
    ("15→8 lIGHT purple", {"shot": "15", "exit": "8", "color": "light purple"}),
    ("i -> i RED", {"shot": "I", "exit": "I", "color": "red"}),
    ("k = 11 gray", {"shot": "K", "exit": "11", "color": "grey"}),
    ("18 -> r clear", {"shot": "18", "exit": "R", "color": "transparent"}),
    ("3 absorbed", {"shot": "3", "exit": "absorbed"}),
    ("3 -> ABSORBED", {"shot": "3", "exit": "absorbed"}),
    ("e4 white", {"cell": "E4", "content": "white"}),
    ("cell B3: nothing", {"cell": "B3", "content": "empty"}),
    ("J8=black", {"cell": "J8", "content": "absorbed"}),
    ("A1 = Transparent", {"cell": "A1", "content": "transparent"}),
])
def test_answer_variants(line: str, expected: dict[str, str]) -> None:
    assert parse_puzzle_text(f"gems: base\n{line}\n").to_json()["observations"] == [expected]


@pytest.mark.parametrize("header, expected", [
    ("gems: FULL", "full"),
    ("gems: red parallelogram, yellow triangle, blue large triangle, white large_triangle, "
     "white square", "base"),
    ("gems: 2x white square, red parallelogram", [
        {"shape": "square", "color": "white"}, {"shape": "square", "color": "white"},
        {"shape": "parallelogram", "color": "red"}]),
    ("gems: 2 transparent small-triangle",
     [{"shape": "small-triangle", "color": "transparent"}] * 2),
])
def test_gem_headers(header: str, expected: object) -> None:
    assert parse_puzzle_text(header).to_json()["gems"] == expected


@pytest.mark.parametrize("line, expected", [
    ("rules: touching=any", RuleOptions(True, "any", True)),
    ("rules: mirror=no, visibility=FALSE", RuleOptions(False, "corner", False)),
    ("rules: Mirror = off touching= any", RuleOptions(False, "any", True)),
    ("rules:", RuleOptions()),
])
def test_rule_headers(line: str, expected: RuleOptions) -> None:
    assert parse_puzzle_text(f"gems: base\n{line}").rules == expected


@pytest.mark.parametrize("text, message", [
    ("gems: base\n\n15 -> 8 mauve", "line 3: unknown colour 'mauve'"),
    ("gems: pebbles", "line 1: unknown gem set 'pebbles'"),
    ("gems: red blob", "line 1: gems: unknown shape 'blob'"),
    ("gems: 0 white square", "line 1: gem count must be at least 1"),
    ("gems: base\ngems: full", "line 2: 'gems:' given twice"),
    ("gems: base\nrules: mirror=maybe", "line 2: rule 'mirror' takes on or off, got 'maybe'"),
    ("gems: base\nrules: touching=edge", "line 2: rule 'touching' takes corner or any"),
    ("gems: base\nrules: gravity=on", "line 2: unknown rule 'gravity'"),
    ("gems: base\nrules: mirror", "line 2: expected KEY=VALUE"),
    ("gems: base\nrules: mirror=on\nrules: mirror=off", "line 3: 'rules:' given twice"),
    ("gems: base\n# note\nE9 = white", "line 3: unknown cell 'E9'"),
    ("gems: base\nZ -> 3 red", "line 2: cannot read 'Z -> 3 red'"),
    ("gems: base\n3 -> 4", "line 2: missing the colour of shot 3"),
    ("gems: base\n3", "line 2: missing the exit of shot 3"),
    ("gems: base\n3 -> S red", "line 2: unknown port 'S'"),
    ("gems: base\n3 -> absorbed red", "line 2: an absorbed shot has no colour"),
    ("gems: base\nE4", "line 2: missing what is in E4"),
    ("gems: base\nE4 = purple", "line 2: unknown gem colour 'purple'"),
    ("15 -> 8 red\n", "line 2: end of text without a 'gems:' line"),
    ("gems: white square\nsolution: white square", "line 2: a solution line needs a gem"),
    ("gems: white square\nsolution: white square 1,0 2,1 1,2 0,2",
     "line 2: white square: vertices [[1, 0], [2, 1], [1, 2], [0, 2]] are not a square"),
    ("gems: white square\nsolution: white square 1,0 2,1 1,2 0,1 lost",
     "line 2: unexpected 'lost' among the vertices"),
    ("gems: base\nsolution: white square 1,0 2,1 1,2 0,1",
     "line 2: solution: gems do not match the gem set"),
    ("gems: red parallelogram\nrules: mirror=off\nsolution: red parallelogram 1,0 3,0 2,1 0,1",
     "line 3: red parallelogram: vertices [[1, 0], [3, 0], [2, 1], [0, 1]] are a mirror image"),
    ("gems: 2 white square\n\nsolution: white square 1,0 2,1 1,2 0,1\n"
     "solution: white square 2,0 3,1 2,2 1,1",
     "line 3: solution: illegal layout: line 3 (white square) and line 4 (white square) overlap"),
])
def test_every_error_names_its_line(text: str, message: str) -> None:
    with pytest.raises(BadInput) as caught:
        parse_puzzle_text(text)
    assert str(caught.value).startswith(message), str(caught.value)


def test_files_reader_takes_text_and_names_the_source() -> None:
    assert parse_puzzle(INTERFACE_TEXT, "p.txt").to_json() == INTERFACE_JSON
    with pytest.raises(BadInput, match=r"^p\.txt: line 2: unknown colour 'mauve'$"):
        parse_puzzle("gems: base\n1 -> 2 mauve\n", "p.txt")


@st.composite
def random_puzzles(draw: st.DrawFn) -> Puzzle:
    """Puzzles made from random legal layouts, with random shots, cells and rules."""
    preset = draw(st.sampled_from(sorted(set(PRESETS) - {"double"})))
    gems = gem_set(preset)
    if draw(st.booleans()):   # a custom list: a non-empty sub-multiset of the preset
        keep = draw(st.lists(st.booleans(), min_size=len(gems), max_size=len(gems)))
        gems = tuple(g for g, k in zip(gems, keep) if k) or gems[:1]
    rules = RuleOptions(draw(st.booleans()), draw(st.sampled_from(["corner", "any"])),
                        draw(st.booleans()))
    layout = random_layout(gems, rules, rng=random.Random(draw(st.integers(0, 10**6))))
    ports = draw(st.lists(st.integers(0, PORTS - 1), max_size=12))
    puzzle = puzzle_from_layout(layout, gems, rules, ports)
    cells = draw(st.lists(st.integers(0, CELLS - 1), max_size=6))
    observations = list(puzzle.observations) + [cell_answer(layout, c) for c in cells]
    draw(st.randoms()).shuffle(observations)
    puzzle = puzzle.with_observations(observations)
    return puzzle if draw(st.booleans()) else Puzzle(gems, rules, puzzle.observations)


@settings(max_examples=60, deadline=None)
@given(random_puzzles())
def test_text_round_trips_with_json(puzzle: Puzzle) -> None:
    text = format_puzzle_text(puzzle)
    back = parse_puzzle_text(text)
    assert back.to_json() == puzzle.to_json()
    assert (back.rules, back.observations) == (puzzle.rules, puzzle.observations)
    assert sorted(back.gems) == sorted(puzzle.gems) and back.solution == puzzle.solution
    assert format_puzzle_text(Puzzle.from_json(puzzle.to_json())) == text
    assert format_puzzle_text(back) == text
