"""Ripple board geometry, precomputed once: cells, colours, bit masks and push tables.

Cells are numbered `row * 7 + col` (row 0 at the top). A set of cells is an int bit mask, bit i
for cell i, so groups and occupancy are cheap to test and combine.

>>> cell_index(3, 5), row_col(26)
(26, (3, 5))
>>> row_col(STEP[cell_index(3, 3)][cell_index(3, 5)])  # pushed from (3,3): (3,5) -> (3,6)
(3, 6)
>>> STEP[cell_index(3, 3)][cell_index(3, 6)]  # the edge: no square beyond
-1
"""
from __future__ import annotations

SIZE = 7
CELLS = SIZE * SIZE
FULL_MASK = (1 << CELLS) - 1

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
COLOUR_LETTERS: tuple[str, ...] = ("r", "b", "g", "y")

BIT: tuple[int, ...] = tuple(1 << i for i in range(CELLS))
_COLUMN_0 = sum(BIT[r * SIZE] for r in range(SIZE))
_COLUMN_6 = sum(BIT[r * SIZE + SIZE - 1] for r in range(SIZE))
_NOT_COLUMN_0 = FULL_MASK & ~_COLUMN_0
_NOT_COLUMN_6 = FULL_MASK & ~_COLUMN_6


def cell_index(row: int, col: int) -> int:
    """The cell number of (row, col)."""
    return row * SIZE + col


def row_col(index: int) -> tuple[int, int]:
    """The (row, col) of a cell number."""
    return divmod(index, SIZE)


def on_board(row: int, col: int) -> bool:
    """Whether (row, col) is one of the 49 squares."""
    return 0 <= row < SIZE and 0 <= col < SIZE


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def _step(source: int, stone: int, squares: int) -> int:
    """Where `stone` lands after `squares` steps away from `source` (R1), ignoring other stones."""
    sr, sc = row_col(source)
    r, c = row_col(stone)
    dr, dc = _sign(r - sr), _sign(c - sc)
    tr, tc = r + squares * dr, c + squares * dc
    return cell_index(tr, tc) if on_board(tr, tc) else -1


def _chebyshev(a: int, b: int) -> int:
    (ar, ac), (br, bc) = row_col(a), row_col(b)
    return max(abs(ar - br), abs(ac - bc))


# STEP[source][stone]: the square one step away from `source` beyond `stone`, or -1 off the board.
STEP: tuple[tuple[int, ...], ...] = tuple(
    tuple(_step(s, q, 1) if q != s else -1 for q in range(CELLS)) for s in range(CELLS)
)

def _push_order(s: int) -> tuple[int, ...]:
    return tuple(sorted((q for q in range(CELLS) if q != s), key=lambda q: (-_chebyshev(s, q), q)))


# PUSH_ORDER[source]: every other cell, farthest first (Chebyshev distance, then row, then col): R2.
PUSH_ORDER: tuple[tuple[int, ...], ...] = tuple(_push_order(s) for s in range(CELLS))

# PUSH_RANK[source][stone]: the position of `stone` in PUSH_ORDER[source], for sorting a few stones.
PUSH_RANK: tuple[tuple[int, ...], ...] = tuple(
    tuple(order.index(q) if q != s else -1 for q in range(CELLS))
    for s, order in enumerate(PUSH_ORDER)
)

# NEIGHBOURS[cell]: mask of the up to 8 touching cells.
NEIGHBOURS: tuple[int, ...] = tuple(
    sum(
        BIT[cell_index(r + dr, c + dc)]
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and on_board(r + dr, c + dc)
    )
    for r, c in (row_col(i) for i in range(CELLS))
)


def dilate(mask: int) -> int:
    """`mask` plus every cell touching it (8 directions), by shifts instead of a loop over cells.

    >>> dilate(BIT[0]) == BIT[0] | NEIGHBOURS[0]
    True
    """
    wide = mask | ((mask << 1) & _NOT_COLUMN_0) | ((mask >> 1) & _NOT_COLUMN_6)
    return (wide | (wide << SIZE) | (wide >> SIZE)) & FULL_MASK


def components(mask: int) -> list[int]:
    """The 8-connected components of a set of cells, each as a mask.

    >>> [bin(c) for c in components(0b11 | BIT[5])]
    ['0b11', '0b100000']
    """
    found = []
    remaining = mask
    while remaining:
        part = remaining & -remaining
        while True:
            grown = dilate(part) & mask
            if grown | part == part:
                break
            part |= grown
        found.append(part)
        remaining &= ~part
    return found


def cells_of(mask: int) -> list[int]:
    """The cell numbers in a mask, ascending."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


def group_points(size: int) -> int:
    """Points for one owned group of `size` same-coloured stones (R3).

    >>> [group_points(n) for n in range(2, 9)]
    [0, 3, 6, 10, 15, 18, 21]
    """
    if size < 3:
        return 0
    if size < 6:
        return (3, 6, 10)[size - 3]
    return 15 + 3 * (size - 6)
