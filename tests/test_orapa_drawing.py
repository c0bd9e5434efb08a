"""Terminal drawing and SVG: labels in place, the right glyph per half cell, wave paths, SVG."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from games.errors import BadInput
from games.orapa.board import PORT_LABELS, parse_cell, parse_port
from games.orapa.drawing import render_deductions, render_layout
from games.orapa.gems import gem_set
from games.orapa.layout import Layout
from games.orapa.random_layouts import random_layout
from games.orapa.svg import CELL, MARGIN, render_svg
from games.orapa.waves import trace_wave

SVG = "{http://www.w3.org/2000/svg}"
ROW_OFFSET = 2        # board rows start on the third line of the drawing
CELL_OFFSET = 4       # cell columns start at the fifth character of a row line


def mine(*gems: tuple[str, str, list[list[int]]]) -> Layout:
    """A layout from (colour, shape, vertices) triples, legality unchecked."""
    return Layout.from_json({"gems": [{"color": c, "shape": s, "vertices": v}
                                      for c, s, v in gems]})


def cell_text(drawing: str, cell: str) -> str:
    """The two characters drawn for a cell such as `E4`."""
    index = parse_cell(cell)
    line = drawing.splitlines()[ROW_OFFSET + index // 10]
    return line[CELL_OFFSET + 2 * (index % 10): CELL_OFFSET + 2 * (index % 10) + 2]


EMPTY = Layout(())
# The diamond (white square) at the top left: worked out by hand, its four cells are the four
# half cells. A1: below the line x+y=1 -> E+S; B1: below y=x-1 -> S+W; A2: above y=x+1 -> N+E;
# B2: above x+y=3 -> N+W.
DIAMOND = mine(("white", "square", [[1, 0], [2, 1], [1, 2], [0, 1]]))


def test_all_36_port_labels_sit_at_their_rows_and_columns() -> None:
    lines = render_layout(EMPTY).splitlines()
    found = []
    for column in range(10):                                   # top labels over the columns
        x = CELL_OFFSET + 2 * column
        found.append(lines[0][x:x + 2].strip())
    for row in range(8):                                       # left labels
        found.append(lines[ROW_OFFSET + row][:2])
    for column in range(10):                                   # bottom labels under columns
        found.append(lines[ROW_OFFSET + 9][CELL_OFFSET + 2 * column])
    for row in range(8):                                       # right labels after the box
        line = lines[ROW_OFFSET + row]
        assert line[CELL_OFFSET + 20] == "│"
        found.append(line[CELL_OFFSET + 22:])
    assert found == list(PORT_LABELS)


@pytest.mark.parametrize("cell, glyph", [("A1", "◢◢"), ("B1", "◣◣"), ("A2", "◥◥"), ("B2", "◤◤"),
                                         ("C1", "  "), ("A3", "  ")])
def test_half_cell_glyphs_match_the_quarters(cell: str, glyph: str) -> None:
    assert cell_text(render_layout(DIAMOND), cell) == glyph


def test_full_cells_and_the_legend() -> None:
    drawing = render_layout(mine(("black", "block", [[2, 3], [4, 3], [4, 4], [2, 4]])))
    assert cell_text(drawing, "C4") == cell_text(drawing, "D4") == "██"
    assert "black block (C4 D4)" in drawing


def test_two_gems_in_one_cell_draw_west_then_east() -> None:
    # touching=any: the blue triangle covers A1's N+E half, the yellow one its S+W half.
    shared = mine(("blue", "large-triangle", [[0, 0], [4, 0], [2, 2]]),
                  ("yellow", "triangle", [[0, 0], [2, 2], [0, 2]]))
    assert cell_text(render_layout(shared), "A1") == "◣◥"


def test_colour_only_when_asked() -> None:
    assert "\x1b[" not in render_layout(DIAMOND)
    coloured = render_layout(DIAMOND, color=True)
    assert "\x1b[97m◢◢\x1b[0m" in coloured


def test_wave_path_is_drawn_over_empty_cells_with_arrows() -> None:
    # The yellow triangle of the waves doctest: shot D runs up column D, turns east in D3.
    layout = mine(("yellow", "triangle", [[2, 2], [4, 2], [2, 4]]))
    wave = trace_wave(layout, parse_port("D"))
    drawing = render_layout(layout, wave)
    assert [cell_text(drawing, f"D{r}") for r in range(4, 9)] == ["↑ "] * 5
    assert [cell_text(drawing, f"{c}3") for c in "EFGHIJ"] == ["→→"] * 6
    assert cell_text(drawing, "D3") == "◤◤"                   # the gem stays drawn
    assert cell_text(drawing, "D2") == "  " and cell_text(drawing, "C8") == "  "
    assert drawing.endswith("wave: D -> M yellow")


def test_wave_sent_back_and_crossing_itself() -> None:
    block = mine(("red", "block", [[4, 2], [6, 2], [6, 3], [4, 3]]))
    drawing = render_layout(block, trace_wave(block, parse_port("13")))
    assert [cell_text(drawing, f"{c}3") for c in "ABCD"] == ["↔↔"] * 4
    empty_board = render_layout(EMPTY, trace_wave(EMPTY, parse_port("1")))
    assert [cell_text(empty_board, f"A{r}") for r in range(1, 9)] == ["↓ "] * 8


def test_wave_crossing_its_own_path() -> None:
    # Three half-cell mirrors worked out by hand: 12 runs east along row 2, E2 (N+E covered)
    # turns it south, E5 (E+S) turns it west, C5 (S+W) turns it north up column C, across C2.
    mirrors = mine(("red", "small-triangle", [[4, 1], [6, 1], [5, 2]]),
                   ("blue", "small-triangle", [[5, 4], [5, 6], [4, 5]]),
                   ("white", "small-triangle", [[2, 4], [3, 5], [2, 6]]))
    wave = trace_wave(mirrors, parse_port("12"))
    assert str(wave) == "12 -> 3 light purple"
    drawing = render_layout(mirrors, wave)
    expected = {"A2": "→→", "B2": "→→", "C2": "┼─", "D2": "→→", "E2": "◥◥", "E3": "↓ ",
                "E4": "↓ ", "E5": "◢◢", "D5": "←←", "C5": "◣◣", "C4": "↑ ", "C3": "↑ ",
                "C1": "↑ ", "F2": "◤◤", "D1": "  ", "B5": "  "}
    assert {c: cell_text(drawing, c) for c in expected} == expected


def test_deduction_map_marks() -> None:
    statuses = {parse_cell("A1"): "empty", parse_cell("B1"): "red", parse_cell("C1"): "yellow",
                parse_cell("D1"): "blue", parse_cell("E1"): "white",
                parse_cell("F1"): "transparent", parse_cell("G1"): "black",
                parse_cell("H1"): "absorbed", parse_cell("I1"): "open"}
    drawing = render_deductions(statuses)
    assert drawing.splitlines()[ROW_OFFSET] == "11 │· r y b w t k k ? ? │ K"
    assert drawing.splitlines()[ROW_OFFSET + 7] == "18 │? ? ? ? ? ? ? ? ? ? │ R"
    assert "\x1b[31mr\x1b[0m" in render_deductions(statuses, color=True)


@pytest.mark.parametrize("statuses, message", [({0: "maybe"}, "cell A1: unknown status"),
                                               ({80: "empty"}, "no cell with index 80")])
def test_deduction_map_rejects_bad_statuses(statuses: dict[int, str], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        render_deductions(statuses)


# ----- SVG ------------------------------------------------------------------------------------
FULL_MINE = random_layout(gem_set("full"), rng=random.Random(5))


def test_svg_parses_with_labels_gems_and_waves() -> None:
    waves = [trace_wave(FULL_MINE, p) for p in (parse_port("15"), parse_port("Q"))]
    root = ET.fromstring(render_svg(FULL_MINE, waves))
    assert root.tag == f"{SVG}svg"
    ports = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "port"]
    assert ports == list(PORT_LABELS)
    polygons = root.findall(f".//{SVG}polygon")
    assert len(polygons) == len(FULL_MINE.gems)
    assert [p.get("data-gem") for p in polygons] == [str(g.gem) for g in FULL_MINE.gems]
    fills = {p.get("data-gem"): (p.get("fill"), p.get("stroke")) for p in polygons}
    assert fills["white square"] == ("#ffffff", "#333333")
    assert fills["transparent small-triangle"][0] == "url(#hatch)"
    assert fills["black block"][0] == "#1b1b1b"
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "wave"]
    assert [g.get("data-port") for g in groups] == ["15", "Q"]
    for group, wave in zip(groups, waves):
        points = group.find(f"{SVG}polyline").get("points").split()
        assert points == [f"{MARGIN + x * CELL:g},{MARGIN + y * CELL:g}"
                          for x, y in wave.points()]
        label = group.find(f"{SVG}text")
        assert label.get("class") == "wave-label" and label.text == str(wave)


def test_svg_gem_polygon_uses_the_vertices() -> None:
    root = ET.fromstring(render_svg(DIAMOND))
    (polygon,) = root.findall(f".//{SVG}polygon")
    assert polygon.get("points") == "80,40 120,80 80,120 40,80"
