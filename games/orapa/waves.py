"""Wave tracing (RULINGS O4): where a wave leaves, what colour it has, and the path it takes.

A wave moves from cell to cell along centre lines. Entering a cell, it meets at most one face:
- the quarter it enters through is covered: a face along the grid line, straight back;
- one side quarter is covered (the cell is half covered, cut by a diagonal): it turns 90 degrees
  away from the covered half, at the cell centre;
- nothing covered: straight on.
Each face hit adds the gem's colour; the black body absorbs. The routing of a cell is its own
inverse, which is why every path can be run backwards.

`trace_answers` runs the compiled tracer (`_trace.c`, built by `pip install -e .`) when it was
built, and the Python loop `python_trace_answers` otherwise; that loop is the reference the tests
hold the compiled one to. Setting ORAPA_TRACER=python in the environment forces the Python loop.

>>> from games.orapa.layout import Layout
>>> mine = Layout.from_json({"gems": [
...     {"shape": "triangle", "color": "yellow", "vertices": [[2, 2], [4, 2], [2, 4]]}]})
>>> str(trace_wave(mine, parse_port("3")))
'3 -> 3 yellow'
>>> str(trace_wave(mine, parse_port("D")))
'D -> M yellow'
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from types import ModuleType
from typing import Callable, Sequence

from games.orapa.board import (ENTRY, EXIT_PORT, NEIGHBOUR, PORTS, STEP, cell_xy, parse_port,
                               port_label)
from games.orapa.colors import color_name
from games.orapa.layout import ABSORBS, Layout

__all__ = ["ROUTE", "COMPILED", "Wave", "trace_wave", "trace_answers", "python_trace_answers",
           "trace_counts", "python_trace_counts", "parse_port"]


def _route(occupancy: int, direction: int) -> tuple[int, int]:
    """(direction out, quarter hit or -1) for a wave moving `direction` into a cell."""
    entry = (direction + 2) % 4
    if occupancy >> entry & 1:
        return entry, entry
    for side, turn in (((direction + 1) % 4, (direction + 3) % 4),
                       ((direction + 3) % 4, (direction + 1) % 4)):
        if occupancy >> side & 1:
            return turn, side
    return direction, -1


# ROUTE[occupancy][direction]: precomputed for every quarter pattern of a cell.
ROUTE: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(_route(m, d) for d in range(4)) for m in range(16))


def _load_compiled() -> ModuleType | None:
    """The compiled tracer configured with these tables, or None when it was not built (no C
    compiler at install time) or ORAPA_TRACER=python asks for the Python loop."""
    if os.environ.get("ORAPA_TRACER", "").lower() == "python":
        return None
    try:
        from games.orapa import _trace  # type: ignore[attr-defined]  # compiled: no stub
    except ImportError:
        return None

    def signed(values: list[int]) -> bytes:
        return bytes(v & 0xFF for v in values)

    _trace.configure(
        signed([n for row in NEIGHBOUR for n in row]),
        signed([e for row in EXIT_PORT for e in row]),
        bytes(c for c, _ in ENTRY), bytes(d for _, d in ENTRY),
        bytes(ROUTE[m][d][0] for m in range(16) for d in range(4)),
        signed([ROUTE[m][d][1] for m in range(16) for d in range(4)]),
        ABSORBS)
    return _trace


COMPILED: ModuleType | None = _load_compiled()
"""The compiled tracer module (`answers`, `batch`), or None: then the Python loops serve."""


@dataclass(frozen=True)
class Wave:
    """One traced wave: entry port, exit port (None when absorbed), colour bits and its path.

    `steps` lists (cell, direction in, direction out, quarter hit or -1) for every cell the wave
    enters; a straight-back reflection is a step whose cell the wave never crosses.
    """

    port: int
    exit: int | None
    color: int
    steps: tuple[tuple[int, int, int, int], ...]

    def __str__(self) -> str:
        return self.describe()

    def describe(self, labels: str = "sheet", bounces: bool = False) -> str:
        """`15 -> 8 light purple`, ports in the label scheme `labels` (O10), with the bounce
        count (O9) when `bounces`."""
        if self.exit is None:
            return f"{port_label(self.port, labels)} -> absorbed"
        text = (f"{port_label(self.port, labels)} -> {port_label(self.exit, labels)} "
                f"{color_name(self.color)}")
        if bounces:
            count = self.bounces or 0
            text += f" {count} bounce{'' if count == 1 else 's'}"
        return text

    @property
    def bounces(self) -> int | None:
        """Gem faces met (RULINGS O9): every turn and every straight-back reflection counts
        one; None for an absorbed wave, which is answered without a count."""
        if self.exit is None:
            return None
        return sum(1 for _, _, _, hit in self.steps if hit >= 0)

    @property
    def reflects_straight_back(self) -> bool:
        return any(hit >= 0 and d_out == (d_in + 2) % 4 for _, d_in, d_out, hit in self.steps)

    def points(self) -> list[tuple[float, float]]:
        """The path as a polyline in grid coordinates, from the board edge to the end."""
        cell, direction = self.steps[0][0], self.steps[0][1]
        x, y = cell_xy(cell)
        dx, dy = STEP[direction]
        pts = [(x + 0.5 - dx / 2, y + 0.5 - dy / 2)]
        for cell, d_in, d_out, hit in self.steps:
            x, y = cell_xy(cell)
            cx, cy = x + 0.5, y + 0.5
            ix, iy = STEP[d_in]
            if hit >= 0 and d_out == (d_in + 2) % 4:
                pts.append((cx - ix / 2, cy - iy / 2))       # face on the entry side
            elif hit >= 0:
                pts.append((cx, cy))                           # diagonal face at the centre
            if d_out < 0:
                pts.append((cx - ix / 2, cy - iy / 2) if hit == (d_in + 2) % 4 else (cx, cy))
        last_cell, _, d_out, _ = self.steps[-1]
        if d_out >= 0:
            x, y = cell_xy(last_cell)
            ox, oy = STEP[d_out]
            pts.append((x + 0.5 + ox / 2, y + 0.5 + oy / 2))
        return _drop_collinear(pts)


def _drop_collinear(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for p in pts:
        if out and out[-1] == p:
            continue
        if len(out) >= 2:
            (x0, y0), (x1, y1) = out[-2], out[-1]
            if (x1 - x0) * (p[1] - y1) == (y1 - y0) * (p[0] - x1) and \
                    (x1 - x0) * (p[0] - x1) + (y1 - y0) * (p[1] - y1) > 0:
                out[-1] = p
                continue
        out.append(p)
    return out


def trace_wave(layout: Layout, port: int) -> Wave:
    """Trace the wave shot from `port`, recording its whole path."""
    occupancy = layout.cell_occupancy
    codes = layout.quarter_codes
    cell, direction = ENTRY[port]
    color = 0
    steps = []
    while True:
        occ = occupancy[cell]
        if occ:
            out, hit = ROUTE[occ][direction]
            code = codes[4 * cell + hit]
            if code & ABSORBS:
                steps.append((cell, direction, -1, hit))
                return Wave(port, None, color, tuple(steps))
            color |= code & 15
        else:
            out, hit = direction, -1
        steps.append((cell, direction, out, hit))
        nxt = NEIGHBOUR[cell][out]
        if nxt < 0:
            return Wave(port, EXIT_PORT[cell][out], color, tuple(steps))
        cell, direction = nxt, out


def python_trace_answers(layout: Layout, ports: Sequence[int] | None = None
                         ) -> list[tuple[int, int]]:
    """`trace_answers` in Python: the reference for the compiled tracer, and its fallback."""
    if ports is None:
        ports = range(PORTS)
    occupancy = layout.cell_occupancy
    codes = layout.quarter_codes
    neighbour, exit_port, route = NEIGHBOUR, EXIT_PORT, ROUTE
    answers = []
    for port in ports:
        cell, direction = ENTRY[port]
        color = 0
        while True:
            occ = occupancy[cell]
            if occ:
                direction, hit = route[occ][direction]
                code = codes[4 * cell + hit]
                if code & ABSORBS:
                    answers.append((-1, color))
                    break
                color |= code & 15
            nxt = neighbour[cell][direction]
            if nxt < 0:
                answers.append((exit_port[cell][direction], color))
                break
            cell = nxt
    return answers


def python_trace_counts(layout: Layout, ports: Sequence[int] | None = None
                        ) -> list[tuple[int, int, int]]:
    """(exit port or -1, colour bits, bounces) for each port (all 36 when None): the answers
    with the number of gem faces each wave met (RULINGS O9; 0 for an absorbed wave). The
    reference for the compiled `layout_counts`."""
    if ports is None:
        ports = range(PORTS)
    occupancy = layout.cell_occupancy
    codes = layout.quarter_codes
    answers = []
    for port in ports:
        cell, direction = ENTRY[port]
        color = bounces = 0
        while True:
            occ = occupancy[cell]
            if occ:
                direction, hit = ROUTE[occ][direction]
                if hit >= 0:
                    code = codes[4 * cell + hit]
                    if code & ABSORBS:
                        answers.append((-1, color, 0))
                        break
                    color |= code & 15
                    bounces += 1
            nxt = NEIGHBOUR[cell][direction]
            if nxt < 0:
                answers.append((EXIT_PORT[cell][direction], color, bounces))
                break
            cell = nxt
    return answers


trace_counts: Callable[[Layout, Sequence[int] | None], list[tuple[int, int, int]]] = (
    getattr(COMPILED, "layout_counts", None) or python_trace_counts)
"""trace_counts(layout, ports=None): (exit or -1, colour bits, bounces) per port; compiled
when the tracer was built (a tracer built before counts existed leaves the Python loop)."""


trace_answers: Callable[[Layout, Sequence[int] | None], list[tuple[int, int]]] = (
    python_trace_answers if COMPILED is None else COMPILED.layout_answers)
"""trace_answers(layout, ports=None): (exit port or -1 when absorbed, colour bits) for each port
(all 36 when None): the fast path, no path kept; the compiled tracer when it was built (called
directly: no Python frame), else `python_trace_answers`."""
