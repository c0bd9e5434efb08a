"""Board Game Arena port labels (O10), light blue gems (O11) and two text-format fixes."""
from __future__ import annotations

import random

import pytest

from games.errors import BadInput
from games.orapa.board import BGA_PORT_LABELS, PORT_LABELS, parse_cell, parse_port, port_label
from games.orapa.gems import Gem, gem_set
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import CellAnswer, Puzzle, cell_answer, parse_observation, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from games.orapa.text_format import format_puzzle_text, parse_puzzle_text
from games.orapa.waves import trace_wave
from solver.orapa.api import solve


def test_bga_labels_follow_the_ruling() -> None:
    # top unchanged; BGA's right side is the sheet's K..R, its left side the sheet's 11..18,
    # its bottom the sheet's A..J
    assert [parse_port(str(n), "bga") for n in range(1, 11)] == list(range(10))
    assert [port_label(parse_port(str(n), "bga")) for n in range(11, 19)] == list("KLMNOPQR")
    assert [port_label(parse_port(c, "bga")) for c in "ABCDEFGH"] == [str(n) for n in range(11, 19)]
    assert [port_label(parse_port(c, "bga")) for c in "IJKLMNOPQR"] == list("ABCDEFGHIJ")
    assert sorted(BGA_PORT_LABELS) == sorted(PORT_LABELS)


def test_a_bga_labelled_game_solves_to_the_same_layouts_as_its_sheet_twin() -> None:
    gems = gem_set("base")
    mine = random_layout(gems, rng=random.Random(21))
    puzzle = puzzle_from_layout(mine, gems, RuleOptions(), ports=range(0, 36, 3))
    sheet = format_puzzle_text(puzzle)
    bga = format_puzzle_text(puzzle, "bga")
    assert "labels: bga" in bga and bga != sheet
    twin = parse_puzzle_text(bga)
    assert twin == puzzle
    a, b = solve(puzzle, limit=50), solve(twin, limit=50)
    assert a.count == b.count and set(a.solutions) == set(b.solutions)
    # read with the sheet's labels, the BGA answers contradict the written solution
    with pytest.raises(BadInput, match="solution: contradicts the answer on line"):
        parse_puzzle_text(bga.replace("labels: bga\n", ""))


def test_bga_labels_are_declared_once_before_the_answers() -> None:
    with pytest.raises(BadInput, match="line 3: 'labels:' must come before the first answer"):
        parse_puzzle_text("gems: base\n1 -> 1 red\nlabels: bga\n")
    with pytest.raises(BadInput, match="line 3: 'labels:' given twice"):
        parse_puzzle_text("gems: base\nlabels: bga\nlabels: sheet\n")
    with pytest.raises(BadInput, match="line 2: 'labels:': expected sheet or bga, got 'boardgame'"):
        parse_puzzle_text("gems: base\nlabels: boardgame\n")


def test_a_rule_given_twice_in_one_rules_line_is_refused() -> None:
    with pytest.raises(BadInput) as info:
        parse_puzzle_text("gems: base\nrules: mirror=on mirror=off\n")
    assert str(info.value) == "line 2: rule 'mirror' given twice in 'rules:'"


@pytest.mark.parametrize("text", ["A01", "a01", "B008"])
def test_a_cell_with_a_leading_zero_is_refused_as_a_port_with_one_is(text: str) -> None:
    with pytest.raises(BadInput, match="no leading zero"):
        parse_cell(text)
    with pytest.raises(BadInput, match="no leading zero"):
        parse_port("0" + text[1:].lstrip("0"))
    with pytest.raises(BadInput, match="line 2: .*no leading zero"):
        parse_puzzle_text(f"gems: base\n{text} = empty\n")
    with pytest.raises(BadInput, match="line 2: .*no leading zero"):
        parse_puzzle_text("gems: base\n01 -> 1 red\n")


LIGHT_SET = (Gem("triangle", "light-blue"), Gem("square", "white"), Gem("triangle", "yellow"))


def test_a_light_blue_gem_adds_blue_and_white() -> None:
    gem = Gem("triangle", "light-blue")
    mine = Layout.from_json({"gems": [{"shape": "triangle", "color": "light blue",
                                       "vertices": [[2, 2], [4, 2], [2, 4]]}]})
    assert mine.gems[0].gem == gem and str(gem) == "light-blue triangle"
    assert str(trace_wave(mine, parse_port("C"))) == "C -> N light blue"
    answer = cell_answer(mine, parse_cell("C3"))
    assert answer.content == "light-blue" and str(answer) == "C3 = light blue"
    assert answer.to_json() == {"cell": "C3", "content": "light blue"}
    assert parse_observation({"cell": "C3", "content": "light blue"}) == answer
    assert parse_puzzle_text("gems: light-blue triangle\nC3 = sky blue\n").observations == (answer,)


def test_a_light_blue_gem_set_round_trips_and_solves() -> None:
    mine = random_layout(LIGHT_SET, rng=random.Random(3))
    puzzle = puzzle_from_layout(mine, LIGHT_SET, RuleOptions())
    puzzle = puzzle.with_observations(list(puzzle.observations)
                                      + [cell_answer(mine, c) for c in range(0, 80, 7)])
    assert Puzzle.from_json(puzzle.to_json()) == puzzle
    assert parse_puzzle_text(format_puzzle_text(puzzle)) == puzzle
    for method in ("auto", "model"):
        result = solve(puzzle, limit=20, method=method)
        assert mine in result.solutions
        assert all(all(o.holds(s) for o in puzzle.observations) for s in result.solutions)


def test_light_blue_is_not_in_any_preset() -> None:
    from games.orapa.gems import PRESETS
    assert all(g.color != "light-blue" for gems in PRESETS.values() for g in gems)
    assert isinstance(cell_answer(random_layout(LIGHT_SET, rng=random.Random(1)), 0), CellAnswer)


def test_a_light_blue_gem_is_drawn_in_svg_and_text() -> None:
    from games.orapa.drawing import render_layout
    from games.orapa.svg import render_svg
    mine = random_layout(LIGHT_SET, rng=random.Random(4))
    assert "#8cc8f0" in render_svg(mine)
    assert "\x1b[94m" in render_layout(mine, color=True)


def test_drawings_write_ports_in_the_chosen_scheme() -> None:
    from games.orapa.drawing import render_layout
    from games.orapa.svg import render_svg
    mine = random_layout(gem_set("base"), rng=random.Random(9))
    wave = trace_wave(mine, parse_port("K"))
    text = render_layout(mine, wave, labels="bga").splitlines()
    assert text[2].startswith(" A │") and text[2].endswith("│ 11")
    assert text[-4].split() == list("IJKLMNOPQR")
    assert text[-1].startswith("wave: 11 -> ")
    assert render_layout(mine, wave).splitlines()[-1].startswith("wave: K -> ")
    svg = render_svg(mine, [wave], labels="bga", bounces=True)
    assert ">R</text>" in svg and "bounce" in svg


def test_the_editions_page_examples_read() -> None:
    """docs/editions.md: its puzzle JSON and text examples are read as it says."""
    import json
    import re
    from pathlib import Path
    page = (Path(__file__).resolve().parent.parent / "docs" / "editions.md").read_text()
    blocks = re.findall(r"```(json)?\n(.*?)```", page, re.S)
    puzzles = [json.loads(body) for kind, body in blocks if kind and '"observations"' in body]
    assert Puzzle.from_json(puzzles[0]).rules.answer == "bounces"
    text = next(body for kind, body in blocks if not kind and body.startswith("gems:"))
    parsed = parse_puzzle_text(text)
    assert str(parsed.observations[0]) == "15 -> C 3 bounces"
