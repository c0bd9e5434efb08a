"""Independent exact-geometry ray caster for Orapa Mine waves (RULINGS O1, O2, O4).

Written from the rules only, as a cross-check for the fast tracer in ``games/orapa``:
it shares no code with it. Every coordinate is a ``Fraction``; the wave is a ray that
meets polygon edges, reflects, and finally leaves the board through a port.

Conventions: grid points ``(x, y)``, x 0..10 left to right, y 0..8 top to bottom.
Ports: top ``1``..``10`` (columns, wave goes down), left ``11``..``18`` (rows, goes right),
bottom ``A``..``J`` (columns, goes up), right ``K``..``R`` (rows, goes left).
"""

from __future__ import annotations

from fractions import Fraction

Point = tuple[Fraction, Fraction]
Edge = tuple[Point, Point]

WIDTH, HEIGHT = 10, 8
BOTTOM_LETTERS = "ABCDEFGHIJ"
RIGHT_LETTERS = "KLMNOPQR"
COLOURED = frozenset({"red", "yellow", "blue", "white"})
KNOWN_COLOURS = COLOURED | {"transparent", "black"}
MAX_STEPS = 10_000
HALF = Fraction(1, 2)


def _check(condition: bool, message: str) -> None:
    """Raise AssertionError when ``condition`` fails (unlike ``assert``, survives ``python -O``)."""
    if not condition:
        raise AssertionError(message)


def _cross(ax: Fraction, ay: Fraction, bx: Fraction, by: Fraction) -> Fraction:
    return ax * by - ay * bx


def _ray_hit(p: Point, d: Point, edge: Edge) -> tuple[Fraction, Fraction] | None:
    """(t, s) with p + t*d == a + s*(b - a), or None when the ray's line is parallel to the edge."""
    (ax, ay), (bx, by) = edge
    ex, ey = bx - ax, by - ay
    wx, wy = ax - p[0], ay - p[1]
    denom = _cross(d[0], d[1], ex, ey)
    if denom == 0:
        _check(_cross(wx, wy, d[0], d[1]) != 0, f"wave runs along edge {edge}")
        return None
    return _cross(wx, wy, ex, ey) / denom, _cross(wx, wy, d[0], d[1]) / denom


def _inside(point: Point, d: Point, polygon: list[Edge]) -> bool:
    """Even-odd test, casting along ``d``: the wave's own half-integer line misses every vertex."""
    crossings = 0
    for edge in polygon:
        hit = _ray_hit(point, d, edge)
        if hit is not None and hit[0] > 0 and 0 <= hit[1] < 1:
            crossings += 1
    return crossings % 2 == 1


def _start(port: str) -> tuple[Point, Point]:
    """Start point (one unit outside the board, on the port's centre line) and unit direction."""
    if port.isdigit() and 1 <= int(port) <= 10:
        return (Fraction(int(port)) - HALF, Fraction(-1)), (Fraction(0), Fraction(1))
    if port.isdigit() and 11 <= int(port) <= 18:
        return (Fraction(-1), Fraction(int(port) - 11) + HALF), (Fraction(1), Fraction(0))
    if len(port) == 1 and port in BOTTOM_LETTERS:
        column = BOTTOM_LETTERS.index(port)
        return (Fraction(column) + HALF, Fraction(HEIGHT + 1)), (Fraction(0), Fraction(-1))
    if len(port) == 1 and port in RIGHT_LETTERS:
        row = RIGHT_LETTERS.index(port)
        return (Fraction(WIDTH + 1), Fraction(row) + HALF), (Fraction(-1), Fraction(0))
    raise ValueError(f"unknown port {port!r}")


def _exit_port(p: Point, d: Point) -> str:
    """Label of the port a wave at ``p`` moving along ``d`` leaves through."""
    line = p[0] if d[0] == 0 else p[1]  # the coordinate across the direction of travel
    _check(line - (line.numerator // line.denominator) == HALF, f"wave off centre line at {p}")
    index = int(line - HALF)
    _check(0 <= index < (WIDTH if d[0] == 0 else HEIGHT), f"wave leaves off the board at {p}")
    if d == (0, 1):
        return BOTTOM_LETTERS[index]
    if d == (0, -1):
        return str(index + 1)
    if d == (1, 0):
        return RIGHT_LETTERS[index]
    return str(index + 11)


def _reflect(d: Point, edge: Edge) -> Point:
    """Mirror ``d`` across the edge's line: grid-line edges send it back, 45-degree edges turn it."""
    (ax, ay), (bx, by) = edge
    ex, ey = bx - ax, by - ay
    if ex == 0 or ey == 0:
        return (-d[0], -d[1])
    if ex == ey:
        return (d[1], d[0])
    _check(ex == -ey, f"edge {edge} is neither axis-aligned nor at 45 degrees")
    return (-d[1], -d[0])


def reference_trace(gems: list[tuple[str, list[tuple[int, int]]]], port: str) -> tuple[str, frozenset[str]]:
    """Trace a wave shot from ``port`` through ``gems`` ((colour, polygon vertices) pairs).

    Returns (exit port label, or ``"absorbed"``; the set of colours hit, a subset of
    red/yellow/blue/white). For an absorbed wave the set holds the colours hit before the black gem.
    """
    polygons: list[tuple[str, list[Edge]]] = []
    for colour, vertices in gems:
        if colour not in KNOWN_COLOURS:
            raise ValueError(f"unknown colour {colour!r}")
        pts = [(Fraction(x), Fraction(y)) for x, y in vertices]
        polygons.append((colour, [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]))

    p, d = _start(port)
    colours: set[str] = set()
    for _ in range(MAX_STEPS):
        best: tuple[Fraction, str, Edge] | None = None
        for colour, edges in polygons:
            for edge in edges:
                hit = _ray_hit(p, d, edge)
                if hit is None or hit[0] <= 0 or not 0 <= hit[1] <= 1:
                    continue
                _check(hit[1] not in (0, 1), f"wave from {port} meets vertex on edge {edge}")
                _check(best is None or hit[0] != best[0], f"wave from {port} meets two edges at once")
                if best is None or hit[0] < best[0]:
                    best = (hit[0], colour, edge)
        # The leg just travelled must lie outside every gem: test its midpoint.
        leg = best[0] if best is not None else Fraction(WIDTH + HEIGHT + 2)
        mid = (p[0] + d[0] * leg / 2, p[1] + d[1] * leg / 2)
        _check(not any(_inside(mid, d, edges) for _, edges in polygons), f"wave from {port} inside a gem at {mid}")
        if best is None:
            return _exit_port(p, d), frozenset(colours)
        t, colour, edge = best
        if colour == "black":
            return "absorbed", frozenset(colours)
        if colour in COLOURED:
            colours.add(colour)
        p = (p[0] + d[0] * t, p[1] + d[1] * t)
        d = _reflect(d, edge)
    raise RuntimeError(f"wave from {port} still bouncing after {MAX_STEPS} steps")
