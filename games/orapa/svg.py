"""An SVG picture of the board: grid, the 36 port labels, the gems and any waves asked for.

Gems are polygons in their colours (white with a dark outline, transparent as a hatched outline,
black filled). Each wave is a polyline along `Wave.points()` in the colour it leaves with, from
a filled dot where it enters to an open dot where it ends, and a legend line under the board
gives its answer (`15 -> 8 light purple`, `3 -> absorbed`) in the same colour.
Elements carry classes (`grid`, `port`, `gem`, `wave`, `wave-label`) so tests and style sheets
can find them.

>>> import xml.etree.ElementTree as ET
>>> from games.orapa.layout import Layout
>>> mine = Layout.from_json({"gems": [
...     {"shape": "square", "color": "white", "vertices": [[1, 0], [2, 1], [1, 2], [0, 1]]}]})
>>> root = ET.fromstring(render_svg(mine))
>>> len(root.findall(".//{http://www.w3.org/2000/svg}polygon"))
1
"""
from __future__ import annotations

from typing import Sequence
from xml.sax.saxutils import escape, quoteattr

from games.orapa.board import COLUMNS, ROWS, port_label
from games.orapa.colors import color_name
from games.orapa.layout import Layout
from games.orapa.waves import Wave

__all__ = ["render_svg", "GEM_FILLS", "WAVE_STROKES"]

CELL = 40      # pixels per cell
MARGIN = 40    # room for the port labels around the grid
WIDTH = 2 * MARGIN + COLUMNS * CELL
HEIGHT = 2 * MARGIN + ROWS * CELL

# Gem colour -> (fill, outline).
GEM_FILLS = {
    "red": ("#d9342b", "#8c1c16"),
    "yellow": ("#f2c318", "#9a7a00"),
    "blue": ("#2a62c9", "#173b7d"),
    "white": ("#ffffff", "#333333"),
    "transparent": ("url(#hatch)", "#5a9fb5"),
    "black": ("#1b1b1b", "#000000"),
    "light-blue": ("#8cc8f0", "#2f6f9c"),   # the Gameology edition's gem (RULINGS O11)
}
# Wave colour name -> stroke colour (white-ish waves are drawn darker to show on white paper).
WAVE_STROKES = {
    "transparent": "#777777", "red": "#d9342b", "yellow": "#d4a900", "blue": "#2a62c9",
    "white": "#9a9a9a", "orange": "#f07f1a", "purple": "#7b3fb5", "green": "#2e9e44",
    "black": "#222222", "pink": "#f08aa8", "light yellow": "#d8c85a", "light blue": "#6fb2ea",
    "light orange": "#f3a968", "light purple": "#b08ad8", "light green": "#7fcf7f",
    "grey": "#6e6e6e",
}

_DEFS = ('<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
         'patternTransform="rotate(45)"><rect width="6" height="6" fill="#eef7fa"/>'
         '<line x1="0" y1="0" x2="0" y2="6" stroke="#5a9fb5" stroke-width="1.5"/></pattern>'
         '</defs>')


def _xy(x: float, y: float) -> str:
    return f"{MARGIN + x * CELL:g},{MARGIN + y * CELL:g}"


def _text(x: float, y: float, label: str, css_class: str, anchor: str = "middle",
          fill: str = "#222222") -> str:
    return (f'<text class="{css_class}" x="{x:g}" y="{y:g}" text-anchor="{anchor}" '
            f'dominant-baseline="central" fill="{fill}">{escape(label)}</text>')


def _grid() -> list[str]:
    lines = ['<g class="grid" stroke="#c8c8c8" stroke-width="1">']
    for column in range(COLUMNS + 1):
        lines.append(f'<line x1="{MARGIN + column * CELL}" y1="{MARGIN}" '
                     f'x2="{MARGIN + column * CELL}" y2="{MARGIN + ROWS * CELL}"/>')
    for row in range(ROWS + 1):
        lines.append(f'<line x1="{MARGIN}" y1="{MARGIN + row * CELL}" '
                     f'x2="{MARGIN + COLUMNS * CELL}" y2="{MARGIN + row * CELL}"/>')
    lines.append("</g>")
    return lines


def _port_positions(labels: str = "sheet") -> list[tuple[str, float, float, str]]:
    """(label, x, y, text-anchor) of the 36 port labels in pixels, in port order, written in
    the label scheme `labels` (O10)."""
    half = CELL / 2
    spots = [(port_label(c, labels), MARGIN + c * CELL + half, MARGIN / 2, "middle")
             for c in range(COLUMNS)]
    spots += [(port_label(10 + r, labels), MARGIN - 8, MARGIN + r * CELL + half, "end")
              for r in range(ROWS)]
    spots += [(port_label(18 + c, labels), MARGIN + c * CELL + half, HEIGHT - MARGIN / 2,
               "middle") for c in range(COLUMNS)]
    spots += [(port_label(28 + r, labels), WIDTH - MARGIN + 8, MARGIN + r * CELL + half, "start")
              for r in range(ROWS)]
    return spots


def _gems(layout: Layout) -> list[str]:
    out = []
    for placed in layout.gems:
        fill, outline = GEM_FILLS[placed.gem.color]
        points = " ".join(_xy(x, y) for x, y in placed.placement.vertices)
        out.append(f'<polygon class="gem" data-gem={quoteattr(str(placed.gem))} '
                   f'points="{points}" fill="{fill}" stroke="{outline}" stroke-width="2">'
                   f'<title>{escape(str(placed.gem))}</title></polygon>')
    return out


LEGEND_LINE = 18  # pixels per wave in the legend under the board


def _wave(wave: Wave, legend_y: float, labels: str = "sheet", bounces: bool = False
          ) -> list[str]:
    """The wave's polyline, a filled dot where it enters, an open dot where it ends, and its
    answer (`15 -> 8 light purple`) as a legend line under the board, in the same colour."""
    stroke = WAVE_STROKES[color_name(wave.color)]
    points = wave.points()
    (start_x, start_y), (end_x, end_y) = points[0], points[-1]
    return [
        f'<g class="wave" data-port="{port_label(wave.port)}">',
        f'<polyline points="{" ".join(_xy(x, y) for x, y in points)}" fill="none" '
        f'stroke="{stroke}" stroke-width="3" stroke-linejoin="round" opacity="0.85"/>',
        f'<circle cx="{MARGIN + start_x * CELL:g}" cy="{MARGIN + start_y * CELL:g}" r="4" '
        f'fill="{stroke}"/>',
        f'<circle cx="{MARGIN + end_x * CELL:g}" cy="{MARGIN + end_y * CELL:g}" r="5" '
        f'fill="#ffffff" stroke="{stroke}" stroke-width="2"/>',
        _text(MARGIN, legend_y, wave.describe(labels, bounces), "wave-label", anchor="start",
              fill=stroke),
        "</g>",
    ]


def render_svg(layout: Layout, waves: Sequence[Wave] = (), labels: str = "sheet",
               bounces: bool = False) -> str:
    """A standalone SVG document of the board with the layout's gems and the given waves;
    port labels in the scheme `labels` (O10), wave legends with bounce counts when `bounces`."""
    height = HEIGHT + LEGEND_LINE * len(waves)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="13">',
             _DEFS,
             f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>']
    parts += _grid()
    parts += [_text(x, y, label, "port", anchor)
              for label, x, y, anchor in _port_positions(labels)]
    parts += _gems(layout)
    for i, wave in enumerate(waves):
        parts += _wave(wave, HEIGHT + LEGEND_LINE * (i + 0.5), labels, bounces)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
