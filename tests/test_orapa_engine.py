"""The Orapa rules engine: names, colours, gems, placements, legality and layout JSON."""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from games.errors import BadInput
from games.orapa.board import (CELLS, PORT_LABELS, PORTS, cell_label, entry_of, exit_port,
                               parse_cell, parse_port, port_label)
from games.orapa.colors import (BLUE, RED, WHITE, YELLOW, WAVE_COLOR_NAMES, color_name,
                                parse_wave_color)
from games.orapa.gems import PRESETS, SHAPE_AREA, gem_set, gem_set_name
from games.orapa.layout import Layout, RuleOptions, check_legal, violations
from games.orapa.placements import find_placement, placements
from games.orapa.puzzle import Puzzle
from tests.orapa_strategies import layouts


def gem(shape: str, color: str, *vertices: tuple[int, int]) -> dict:
    return {"shape": shape, "color": color, "vertices": [list(v) for v in vertices]}


def test_port_and_cell_names_round_trip() -> None:
    assert [port_label(parse_port(p)) for p in PORT_LABELS] == list(PORT_LABELS)
    assert len(set(PORT_LABELS)) == PORTS == 36
    assert [parse_cell(cell_label(c)) for c in range(CELLS)] == list(range(CELLS))
    assert cell_label(0) == "A1" and cell_label(79) == "J8"


@pytest.mark.parametrize("text", ["0", "19", "S", "", "1A"])
def test_unknown_port_is_bad_input(text: str) -> None:
    with pytest.raises(BadInput, match="unknown port"):
        parse_port(text)


@pytest.mark.parametrize("text", ["K1", "A0", "A9", "", "4E"])
def test_unknown_cell_is_bad_input(text: str) -> None:
    with pytest.raises(BadInput, match="unknown cell"):
        parse_cell(text)


def test_port_geometry_matches_o1() -> None:
    assert entry_of(parse_port("1")) == (parse_cell("A1"), 2)      # top, travels down
    assert entry_of(parse_port("18")) == (parse_cell("A8"), 1)     # left, travels right
    assert entry_of(parse_port("J")) == (parse_cell("J8"), 0)      # bottom, travels up
    assert entry_of(parse_port("K")) == (parse_cell("J1"), 3)      # right, travels left
    # a wave leaving the board by a side leaves through the port on that side
    for port in range(PORTS):
        cell, direction = entry_of(port)
        assert exit_port(cell, (direction + 2) % 4) == port


def test_colour_table_and_aliases() -> None:
    assert len(WAVE_COLOR_NAMES) == 16
    assert color_name(RED | YELLOW | BLUE | WHITE) == "grey"
    assert color_name(RED | YELLOW | BLUE) == "black"
    assert color_name(YELLOW | BLUE) == "green"
    for alias, name in [("violet", "purple"), ("light red", "pink"), ("lemon", "light yellow"),
                        ("sky blue", "light blue"), ("light violet", "light purple"),
                        ("gray", "grey"), ("clear", "transparent"), ("Light_Blue", "light blue")]:
        assert color_name(parse_wave_color(alias)) == name
    assert parse_wave_color("light purple") == RED | BLUE | WHITE
    with pytest.raises(BadInput, match="unknown colour 'mauve'"):
        parse_wave_color("mauve")


def test_presets() -> None:
    assert set(PRESETS) >= {"base", "base+diamond", "base+black", "full", "double",
                            "first-edition"}
    assert len(gem_set("full")) == 7 and len(gem_set("double")) == 14
    first = [str(g) for g in gem_set("first-edition")]
    assert first.count("white large-triangle") == 2 and "black small-triangle" in first
    assert gem_set_name(reversed(gem_set("base+black"))) == "base+black"
    custom = gem_set([{"shape": "square", "color": "red"}])
    assert gem_set_name(custom) is None
    with pytest.raises(BadInput, match=r"gems\[0\]: unknown shape 'hexagon'"):
        gem_set([{"shape": "hexagon", "color": "red"}])


@pytest.mark.parametrize("shape", sorted(SHAPE_AREA))
def test_every_placement_is_inside_and_has_the_shape_area(shape: str) -> None:
    for mirror in (True, False):
        found = placements(shape, mirror)
        assert len({p.mask for p in found}) == len(found)
        for p in found:
            assert bin(p.mask).count("1") == 4 * SHAPE_AREA[shape]
            assert all(0 <= x <= 10 and 0 <= y <= 8 for x, y in p.vertices)
            assert int(p.quarters.sum()) == 4 * SHAPE_AREA[shape]


def test_mirror_only_changes_the_parallelogram() -> None:
    for shape in SHAPE_AREA:
        same = len(placements(shape, True)) == len(placements(shape, False))
        assert same == (shape != "parallelogram")
    mirrored = [(0, 0), (2, 0), (1, 1), (-1, 1)]
    mirrored = [(x + 1, y) for x, y in mirrored]
    find_placement("parallelogram", mirrored, mirror=True)
    with pytest.raises(BadInput, match="mirror image"):
        find_placement("parallelogram", mirrored, mirror=False)


def test_every_gem_is_a_union_of_half_cells() -> None:
    """Each gem covers 0, 2 adjacent or 4 quarters of a cell: never one or three."""
    for shape in SHAPE_AREA:
        for p in placements(shape):
            for cell in range(CELLS):
                quarters = p.mask >> (4 * cell) & 15
                assert quarters in (0, 3, 6, 12, 9, 15)


def test_layout_json_round_trip_and_canonical_vertices() -> None:
    data = {"gems": [gem("parallelogram", "red", (1, 1), (3, 1), (2, 0), (0, 0))]}
    layout = Layout.from_json(data)
    assert layout.to_json()["gems"][0]["vertices"] == [[0, 0], [2, 0], [3, 1], [1, 1]]
    assert Layout.from_json(layout.to_json()) == layout


@pytest.mark.parametrize("bad, message", [
    ({"gems": [gem("square", "white", (9, 0), (10, 1), (9, 2), (7, 1))]}, "not a square"),
    ({"gems": [gem("square", "white", (10, 0), (11, 1), (10, 2), (9, 1))]}, "leave the board"),
    ({"gems": [{"shape": "square", "color": "mauve", "vertices": [[1, 0]]}]}, "unknown gem colour"),
    ({"gems": [{"shape": "square", "color": "red", "vertices": [[1, 0], "x"]}]}, "integer pairs"),
    ({"gem": []}, "list 'gems'"),
])
def test_bad_layout_json_names_the_field(bad: dict, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        Layout.from_json(bad)


@pytest.mark.parametrize("bad, message", [
    ({"shot": "Z", "exit": "A", "color": "red"}, r"observations\[0\]: shot: unknown port 'Z'"),
    ({"shot": "3", "exit": None}, r"observations\[0\]: exit: unknown port None .*'absorbed'"),
    ({"shot": "3"}, r"observations\[0\]: missing 'exit'"),
    ({"cell": "K9", "content": "empty"}, r"observations\[0\]: unknown cell 'K9'"),
])
def test_bad_observation_json_names_the_observation_and_field(bad: dict, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        Puzzle.from_json({"gems": "base", "observations": [bad]})


def test_overlap_touching_and_visibility_errors_name_the_gems_and_rule() -> None:
    overlap = Layout.from_json({"gems": [gem("block", "black", (0, 0), (2, 0), (2, 1), (0, 1)),
                                         gem("square", "white", (1, 0), (2, 1), (1, 2), (0, 1))]})
    assert "gems[0] (black block) and gems[1] (white square) overlap" in violations(overlap)[0]
    edge = Layout.from_json({"gems": [gem("block", "black", (0, 0), (2, 0), (2, 1), (0, 1)),
                                      gem("block", "red", (2, 0), (4, 0), (4, 1), (2, 1))]})
    assert "share an edge" in violations(edge)[0]
    assert violations(edge, RuleOptions(touching="any")) == []
    corner = Layout.from_json({"gems": [gem("block", "black", (0, 0), (2, 0), (2, 1), (0, 1)),
                                        gem("block", "red", (2, 1), (4, 1), (4, 2), (2, 2))]})
    assert violations(corner) == []
    # a diagonal edge shared inside one cell is an edge of positive length too
    halves = Layout.from_json({"gems": [gem("triangle", "yellow", (0, 0), (2, 0), (0, 2)),
                                        gem("triangle", "blue", (2, 0), (2, 2), (0, 2))]})
    assert "share an edge" in violations(halves)[0]
    # a gem boxed in on all sides by others is hidden
    ring = [gem("block", "red", (3, 3), (5, 3), (5, 4), (3, 4)),
            gem("square", "white", (4, 4), (5, 5), (4, 6), (3, 5))]
    hidden = Layout.from_json({"gems": ring})
    assert violations(hidden, RuleOptions(touching="any")) == [] or any(
        "hidden" in v for v in violations(hidden, RuleOptions(touching="any")))
    with pytest.raises(BadInput, match="illegal layout"):
        check_legal(overlap)


def test_hidden_gem_is_reported() -> None:
    # a 1x2 block in column E rows 4-5 behind walls of blocks on all four sides
    walls = [
        gem("block", "red", (4, 2), (5, 2), (5, 4), (4, 4)),      # above (vertical block E3-E4)
    ]
    target = gem("small-triangle", "transparent", (4, 5), (6, 5), (5, 6))
    shields = [
        gem("block", "red", (4, 0), (6, 0), (6, 1), (4, 1)),      # covers columns E,F from the top
        gem("block", "yellow", (4, 7), (6, 7), (6, 8), (4, 8)),   # from the bottom
        gem("block", "blue", (0, 5), (1, 5), (1, 7), (0, 7)),     # row 6 from the left
        gem("block", "white", (9, 5), (10, 5), (10, 7), (9, 7)),  # row 6 from the right
    ]
    layout = Layout.from_json({"gems": [target] + shields})
    found = violations(layout)
    assert any("gems[0] (transparent small-triangle) is hidden" in v for v in found), found
    assert not any("is hidden" in v for v in violations(layout, RuleOptions(visibility=True))
                   if "gems[0]" not in v)
    assert walls  # the wall gem is not needed: columns and rows are covered by the shields


def test_layout_equality_is_geometric() -> None:
    """O6: a symmetric gem or identical gems written differently are the same layout."""
    a = Layout.from_json({"gems": [gem("square", "white", (1, 0), (2, 1), (1, 2), (0, 1)),
                                   gem("large-triangle", "white", (4, 0), (8, 0), (6, 2))]})
    b = Layout.from_json({"gems": [gem("large-triangle", "white", (8, 0), (6, 2), (4, 0)),
                                   gem("square", "white", (0, 1), (1, 2), (2, 1), (1, 0))]})
    assert a == b and hash(a) == hash(b)
    c = Layout.from_json({"gems": [gem("square", "white", (1, 0), (2, 1), (1, 2), (0, 1)),
                                   gem("large-triangle", "blue", (4, 0), (8, 0), (6, 2))]})
    assert a != c


@settings(max_examples=200, deadline=None)
@given(layouts())
def test_random_layouts_are_legal_and_round_trip(case: tuple[str, Layout]) -> None:
    preset, layout = case
    assert violations(layout) == []
    assert layout.kinds == sorted(gem_set(preset))
    assert Layout.from_json(layout.to_json()) == layout
