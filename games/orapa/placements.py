"""Every legal position of every shape, with its quarter-cell occupancy precomputed (RULINGS O3).

A placement is a shape turned by a multiple of 90 degrees (and mirrored, when the `mirror` rule
is on), moved onto grid points inside the board. Placements that cover the same quarters are the
same placement (a square turned by 90 degrees is the same square), so each appears once.

>>> len(placements("square", mirror=True))
63
>>> p = find_placement("parallelogram", [(1, 1), (3, 1), (2, 0), (0, 0)])
>>> p.vertices, p.cells_covered
(((0, 0), (2, 0), (3, 1), (1, 1)), ('A1', 'B1', 'C1'))
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from games.errors import BadInput
from games.orapa.board import CELLS, COLUMNS, QUARTERS, ROWS, cell_label
from games.orapa.gems import SHAPES, Point

if TYPE_CHECKING:
    import numpy as np

# Quarter centroids scaled by 6 so that membership is decided in integers; a centroid never lies
# on a gem edge (those run on grid lines and diagonals through grid points).
_CENTROID_OFFSETS = ((3, 1), (5, 3), (3, 5), (1, 3))


@dataclass(frozen=True)
class Placement:
    """One position of a shape: canonical vertices and the quarters it covers."""

    shape: str
    vertices: tuple[Point, ...]
    mask: int                      # bit q set when quarter q is covered
    touch_mask: int                # quarters sharing an edge of positive length with it
    cell_mask: int                 # bit c set when the gem covers part of cell c

    @cached_property
    def quarters(self) -> "np.ndarray":
        """bool[QUARTERS], read-only: the mask as an array (numpy is imported only here)."""
        import numpy as np
        quarters = np.zeros(QUARTERS, dtype=bool)
        quarters[bits(self.mask)] = True
        quarters.flags.writeable = False
        return quarters

    @property
    def cells_covered(self) -> tuple[str, ...]:
        return tuple(cell_label(c) for c in range(CELLS) if self.cell_mask >> c & 1)


def canonical_vertices(points: list[Point] | tuple[Point, ...]) -> tuple[Point, ...]:
    """Vertices clockwise on screen (y down), starting at the top-most then left-most one.

    >>> canonical_vertices([(1, 1), (3, 1), (2, 0), (0, 0)])
    ((0, 0), (2, 0), (3, 1), (1, 1))
    """
    pts: list[Point] = [(p[0], p[1]) for p in points]   # lists from JSON too
    doubled_area = sum(x0 * y1 - x1 * y0
                       for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))
    if doubled_area < 0:
        pts.reverse()
    start = min(range(len(pts)), key=lambda i: (pts[i][1], pts[i][0]))
    return tuple(pts[start:] + pts[:start])


def _inside(vertices: tuple[Point, ...], x6: int, y6: int) -> bool:
    """Is the point (x6/6, y6/6) strictly inside the convex polygon (clockwise on screen)?"""
    for (x0, y0), (x1, y1) in zip(vertices, vertices[1:] + vertices[:1]):
        cross = (6 * x1 - 6 * x0) * (y6 - 6 * y0) - (6 * y1 - 6 * y0) * (x6 - 6 * x0)
        if cross <= 0:
            return False
    return True


def quarter_mask(vertices: tuple[Point, ...]) -> int:
    """The quarters covered by a polygon whose vertices are canonical (clockwise)."""
    xs = [x for x, _ in vertices]
    ys = [y for _, y in vertices]
    mask = 0
    for row in range(max(min(ys), 0), min(max(ys), ROWS)):
        for column in range(max(min(xs), 0), min(max(xs), COLUMNS)):
            for k, (dx, dy) in enumerate(_CENTROID_OFFSETS):
                if _inside(vertices, 6 * column + dx, 6 * row + dy):
                    mask |= 1 << (4 * (row * COLUMNS + column) + k)
    return mask


def _side_bits(side: int, columns: range = range(COLUMNS)) -> int:
    """The quarters on `side` (0 N, 1 E, 2 S, 3 W) of every cell in these columns."""
    return sum(1 << (4 * (row * COLUMNS + column) + side)
               for row in range(ROWS) for column in columns)


_ALL = (1 << QUARTERS) - 1
_N, _S, _W_SIDE = _side_bits(0), _side_bits(2), _side_bits(3)
_E_INNER = _side_bits(1, range(COLUMNS - 1))    # east quarters with a cell to their east
_W_INNER = _side_bits(3, range(1, COLUMNS))     # west quarters with a cell to their west
_ACROSS_ROW = 4 * COLUMNS - 2   # N of a cell to S of the cell above: 4c -> 4(c - 10) + 2
_ACROSS_COLUMN = 6              # E of a cell to W of the next: 4c + 1 -> 4(c + 1) + 3


def _touch_mask(mask: int) -> int:
    """The quarters sharing an edge with `mask` (whole masks at once: the other two quarters
    of the same cell, and the quarter across each cell side), less `mask` itself."""
    turn_right = ((mask & ~_W_SIDE) << 1) | ((mask & _W_SIDE) >> 3)   # N->E, E->S, S->W, W->N
    turn_left = ((mask & ~_N) >> 1) | ((mask & _N) << 3)              # N->W, E->N, S->E, W->S
    across = ((mask & _N) >> _ACROSS_ROW | (mask & _S) << _ACROSS_ROW
              | (mask & _E_INNER) << _ACROSS_COLUMN | (mask & _W_INNER) >> _ACROSS_COLUMN)
    return (turn_right | turn_left | across) & _ALL & ~mask


def _cell_mask(mask: int) -> int:
    cells = 0
    for q in bits(mask):
        cells |= 1 << (q // 4)
    return cells


def bits(mask: int) -> list[int]:
    """The set bits of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def orientations(shape: str, mirror: bool) -> list[tuple[Point, ...]]:
    """The distinct orientations of a shape, each moved to touch the x and y axes."""
    base = SHAPES[shape]
    seen: dict[tuple[Point, ...], None] = {}
    for flip in ((False, True) if mirror else (False,)):
        pts = [(-x, y) if flip else (x, y) for x, y in base]
        for _ in range(4):
            pts = [(-y, x) for x, y in pts]
            min_x = min(x for x, _ in pts)
            min_y = min(y for _, y in pts)
            moved = canonical_vertices([(x - min_x, y - min_y) for x, y in pts])
            seen.setdefault(moved, None)
    return list(seen)


@lru_cache(maxsize=None)
def placements(shape: str, mirror: bool = True) -> tuple[Placement, ...]:
    """Every distinct placement of `shape` on the board, in a fixed order."""
    by_mask: dict[int, Placement] = {}
    for shape_vertices in orientations(shape, mirror):
        width = max(x for x, _ in shape_vertices)
        height = max(y for _, y in shape_vertices)
        base_mask = quarter_mask(shape_vertices)   # moving the shape shifts its quarter bits
        for dy in range(ROWS - height + 1):
            for dx in range(COLUMNS - width + 1):
                mask = base_mask << (4 * (dy * COLUMNS + dx))
                if mask in by_mask:
                    continue
                vertices = tuple((x + dx, y + dy) for x, y in shape_vertices)
                by_mask[mask] = Placement(shape, vertices, mask, _touch_mask(mask),
                                          _cell_mask(mask))
    return tuple(sorted(by_mask.values(), key=lambda p: (p.vertices[0][1], p.vertices[0][0],
                                                         p.vertices)))


@lru_cache(maxsize=None)
def placement_index(shape: str, mirror: bool = True) -> dict[tuple[Point, ...], int]:
    """Canonical vertices -> index into `placements(shape, mirror)`."""
    return {p.vertices: i for i, p in enumerate(placements(shape, mirror))}


def find_placement(shape: str, vertices: list[Point], mirror: bool = True) -> Placement:
    """The placement of `shape` with these vertices (any start, either winding)."""
    if not 3 <= len(vertices) <= 4:
        raise BadInput(f"{len(vertices)} vertices: every shape has 3 or 4")
    key = canonical_vertices([tuple(v) for v in vertices])  # type: ignore[misc]
    index = placement_index(shape, mirror).get(key)
    if index is not None:
        return placements(shape, mirror)[index]
    if any(not (0 <= x <= COLUMNS and 0 <= y <= ROWS) for x, y in key):
        raise BadInput(f"vertices {list(map(list, key))} leave the board")
    if mirror is False and key in placement_index(shape, True):
        raise BadInput(f"vertices {list(map(list, key))} are a mirror image, "
                       f"and the rule 'mirror' is off")
    raise BadInput(f"vertices {list(map(list, key))} are not a {shape} on grid points")
