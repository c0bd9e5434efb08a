"""Terminal drawings of the board: a layout (optionally with one wave's path) and a deduction map.

Each cell is two characters wide, so the board looks square in a terminal. The 36 port labels
sit around a box: `1`..`10` above the columns, `A`..`J` below them, `11`..`18` left of the rows
and `K`..`R` right of them. A gem cell is drawn with a half-cell glyph doubled, chosen from the
two quarters (O1) it covers:

    full ██   N+E ◥◥   E+S ◢◢   S+W ◣◣   W+N ◤◤

(if two gems share a cell, possible only with `touching=any`, the left character is the gem on
the W side and the right one the gem on the E side). A wave's path is drawn over the empty cells
it crosses, as arrows of travel (`→→`, `↑ `, ...; `↔↔` or `↕ ` when crossed both ways, `┼─`
when crossed both across and up or down). Colour (ANSI escapes) is used only when
asked; a legend under the board names every gem and its cells, so nothing is lost without it.

>>> from games.orapa.layout import Layout
>>> mine = Layout.from_json({"gems": [
...     {"shape": "large-triangle", "color": "blue", "vertices": [[2, 0], [6, 0], [4, 2]]}]})
>>> print(render_layout(mine))
    1 2 3 4 5 6 7 8 9 10
   ┌────────────────────┐
11 │    ◥◥████◤◤        │ K
12 │      ◥◥◤◤          │ L
13 │                    │ M
14 │                    │ N
15 │                    │ O
16 │                    │ P
17 │                    │ Q
18 │                    │ R
   └────────────────────┘
    A B C D E F G H I J
<BLANKLINE>
gems: blue large-triangle (C1 D1 E1 F1 D2 E2)
"""
from __future__ import annotations

from typing import Callable, Mapping

from games.errors import BadInput
from games.orapa.board import (CELLS, COLUMNS, EAST, NORTH, ROWS, SOUTH, WEST, cell_label,
                               port_label)
from games.orapa.layout import Layout
from games.orapa.waves import Wave

__all__ = ["render_layout", "render_deductions", "HALF_CELL_GLYPHS", "DEDUCTION_MARKS"]

# Quarter bits of a cell (bit k = quarter k, N E S W) -> glyph filling that part of the cell.
_N, _E, _S, _W = (1 << NORTH), (1 << EAST), (1 << SOUTH), (1 << WEST)
HALF_CELL_GLYPHS: dict[int, str] = {
    _N | _E | _S | _W: "█",
    _N | _E: "◥",   # upper right half, cut by the diagonal from top left to bottom right
    _E | _S: "◢",   # lower right half
    _S | _W: "◣",   # lower left half
    _W | _N: "◤",   # upper left half
}
_ODD_GLYPH = "▒"  # never produced by the catalogue's shapes; kept so drawing cannot fail

ANSI_CODES = {"red": "31", "yellow": "33", "blue": "34", "white": "97", "transparent": "36",
              "black": "90", "light-blue": "94", "path": "1;35", "open": "2"}

# Deduction statuses -> mark: certainly empty, certainly a colour, or still open.
DEDUCTION_MARKS = {"empty": "·", "red": "r", "yellow": "y", "blue": "b", "white": "w",
                   "transparent": "t", "black": "k", "absorbed": "k", "light-blue": "l",
                   "light blue": "l", "open": "?"}
_MARK_COLORS = {"r": "red", "y": "yellow", "b": "blue", "w": "white", "t": "transparent",
                "k": "black", "l": "light-blue", "?": "open"}

_MARGIN = "   "


def _paint(text: str, name: str | None, color: bool) -> str:
    if not color or name is None:
        return text
    return f"\x1b[{ANSI_CODES[name]}m{text}\x1b[0m"


def _frame(cell_text: Callable[[int], str], labels: str = "sheet") -> list[str]:
    """The board box with its 36 port labels in the scheme `labels` (O10); `cell_text(cell)`
    gives each 2-column cell."""
    def label(port: int) -> str:
        return port_label(port, labels)
    lines = [_MARGIN + " " + "".join(label(c).ljust(2) for c in range(COLUMNS)),
             _MARGIN + "┌" + "──" * COLUMNS + "┐"]
    for row in range(ROWS):
        cells = "".join(cell_text(row * COLUMNS + column) for column in range(COLUMNS))
        lines.append(f"{label(10 + row):>2} │{cells}│ {label(28 + row)}")
    lines.append(_MARGIN + "└" + "──" * COLUMNS + "┘")
    lines.append(_MARGIN + " " + " ".join(label(18 + c) for c in range(COLUMNS)))
    return lines


_ARROWS = {NORTH: "↑ ", SOUTH: "↓ ", EAST: "→→", WEST: "←←"}


def _path_marks(layout: Layout, wave: Wave) -> dict[int, str]:
    """Empty cell -> the two characters of the wave's path through it (arrows of travel)."""
    crossings: dict[int, set[int]] = {}
    for cell, direction, _, _ in wave.steps:
        if layout.cell_occupancy[cell] == 0:
            crossings.setdefault(cell, set()).add(direction)
    marks = {}
    for cell, directions in crossings.items():
        if len(directions) == 1:
            marks[cell] = _ARROWS[directions.pop()]
        elif directions == {NORTH, SOUTH}:
            marks[cell] = "↕ "
        elif directions == {EAST, WEST}:
            marks[cell] = "↔↔"
        else:
            marks[cell] = "┼─"
    return marks


def _gem_cell(layout: Layout, cell: int, color: bool) -> str:
    """Two characters for a cell holding part of a gem (two gems only with touching=any)."""
    parts = []
    for index in layout.cell_gems[cell]:
        placed = layout.gems[index]
        quarters = placed.placement.mask >> (4 * cell) & 15
        parts.append((quarters, HALF_CELL_GLYPHS.get(quarters, _ODD_GLYPH), placed.gem.color))
    if len(parts) == 1:
        _, glyph, name = parts[0]
        return _paint(glyph * 2, name, color)
    west = next((p for p in parts if p[0] & _W), parts[0])
    east = next((p for p in parts if p[0] & _E), parts[-1])
    return _paint(west[1], west[2], color) + _paint(east[1], east[2], color)


def render_layout(layout: Layout, wave: Wave | None = None, color: bool = False,
                  labels: str = "sheet", bounces: bool = False) -> str:
    """The layout inside the labelled board (ports in the scheme `labels`), one wave's path
    over empty cells, and a legend (the wave's bounce count too when `bounces`)."""
    path = _path_marks(layout, wave) if wave is not None else {}

    def cell_text(cell: int) -> str:
        if layout.cell_gems[cell]:
            return _gem_cell(layout, cell, color)
        if cell in path:
            return _paint(path[cell], "path", color)
        return "  "

    lines = _frame(cell_text, labels)
    lines.append("")
    legend = [f"{_paint(str(p.gem), p.gem.color, color)} ({' '.join(p.placement.cells_covered)})"
              for p in layout.gems]
    lines.append("gems: " + ("; ".join(legend) if legend else "none"))
    if wave is not None:
        lines.append(f"wave: {wave.describe(labels, bounces)}")
    return "\n".join(lines)


def render_deductions(statuses: Mapping[int, str], color: bool = False,
                      labels: str = "sheet") -> str:
    """A map of what is known about each cell: `·` empty, a colour's letter, `?` open.

    `statuses` maps a cell index to `empty`, `open`, a gem colour or `absorbed` (drawn `k` like
    black); cells missing from it are open.

    >>> print(render_deductions({0: "empty", 1: "red", 2: "black"}).splitlines()[2])
    11 │· r k ? ? ? ? ? ? ? │ K
    """
    marks = {}
    for cell, status in statuses.items():
        if not 0 <= cell < CELLS:
            raise BadInput(f"deductions: no cell with index {cell}")
        mark = DEDUCTION_MARKS.get(str(status).strip().lower())
        if mark is None:
            raise BadInput(f"deductions: cell {cell_label(cell)}: unknown status {status!r} "
                           f"(expected {', '.join(DEDUCTION_MARKS)})")
        marks[cell] = mark

    def cell_text(cell: int) -> str:
        mark = marks.get(cell, "?")
        return _paint(mark, _MARK_COLORS.get(mark), color) + " "

    return "\n".join(_frame(cell_text, labels))
