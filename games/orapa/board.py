"""The board and its names: cells, ports, travel directions and quarter cells (RULINGS O1).

The board has 10 columns and 8 rows. A cell is written column letter then row number (`A1` top
left, `J8` bottom right). The 36 ports sit around the edge: `1`..`10` on top (waves travel down),
`11`..`18` on the left (travel right), `A`..`J` at the bottom (travel up) and `K`..`R` on the right
(travel left).

Each cell is split by its two diagonals into four quarter triangles, named after the side they
touch: N, E, S, W. Every gem is a union of quarters, so a layout is a set of coloured quarters.
Quarter `q` of cell `c` has index `4 * c + q`, and cell `c` is `row * 10 + column`.

>>> cell_label(parse_cell("e4"))
'E4'
>>> port_label(parse_port(" k "))
'K'
>>> entry_of(parse_port("12"))
(10, 1)

Board Game Arena writes the same ports another way (RULINGS O10, label scheme `bga`): `1`..`10`
on top, `11`..`18` down the right side, `A`..`H` down the left side, `I`..`R` along the bottom.
Label schemes are for people; machine formats always use the sheet's names.

>>> port_label(parse_port("A", "bga")), port_label(parse_port("K"), "bga")
('11', '11')
"""
from __future__ import annotations

from typing import Callable

from games.errors import BadInput
from games.limits import quote

COLUMNS = 10
ROWS = 8
CELLS = COLUMNS * ROWS
QUARTERS = 4 * CELLS
PORTS = 36

# Directions of travel, numbered like the sides and quarters they lead to: moving north leaves a
# cell through its N side. The quarter a wave enters through is opposite its direction.
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTION_NAMES = ("N", "E", "S", "W")
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))

COLUMN_LETTERS = "ABCDEFGHIJ"
RIGHT_PORT_LETTERS = "KLMNOPQR"

# Port index 0..35 in the order 1..10, 11..18, A..J, K..R.
PORT_LABELS: tuple[str, ...] = (
    tuple(str(n) for n in range(1, 11))
    + tuple(str(n) for n in range(11, 19))
    + tuple(COLUMN_LETTERS)
    + tuple(RIGHT_PORT_LETTERS)
)
# The same port indices as Board Game Arena labels them (O10).
BGA_PORT_LABELS: tuple[str, ...] = (
    tuple(str(n) for n in range(1, 11))
    + tuple("ABCDEFGH")
    + tuple("IJKLMNOPQR")
    + tuple(str(n) for n in range(11, 19))
)
LABEL_SCHEMES: dict[str, tuple[str, ...]] = {"sheet": PORT_LABELS, "bga": BGA_PORT_LABELS}
_PORT_INDEX = {scheme: {label: i for i, label in enumerate(labels)}
               for scheme, labels in LABEL_SCHEMES.items()}


def parse_label_scheme(text: str, where: str = "labels") -> str:
    """`sheet` (the printed sheet's port names, O1) or `bga` (Board Game Arena's, O10)."""
    name = str(text).strip().lower()
    if name not in LABEL_SCHEMES:
        raise BadInput(f"{where}: expected sheet or bga, got {quote(text)}")
    return name


def cell_index(column: int, row: int) -> int:
    """Index of the cell at 0-based `column`, `row`."""
    return row * COLUMNS + column


def cell_xy(cell: int) -> tuple[int, int]:
    """0-based (column, row) of a cell index."""
    return cell % COLUMNS, cell // COLUMNS


def cell_label(cell: int) -> str:
    """`A1`-style name of a cell index."""
    column, row = cell_xy(cell)
    return f"{COLUMN_LETTERS[column]}{row + 1}"


def parse_cell(text: str) -> int:
    """Cell index from a name such as `E4` (case and surrounding blanks ignored)."""
    name = text.strip().upper()
    if len(name) == 2 and name[0] in COLUMN_LETTERS and name[1] in "12345678":
        return cell_index(COLUMN_LETTERS.index(name[0]), int(name[1]) - 1)
    hint = " (a row has no leading zero)" if name[1:2] == "0" else ""
    raise BadInput(f"unknown cell {quote(text)}{hint} (expected A1..J8)")


def port_label(port: int, labels: str = "sheet") -> str:
    """Label of a port index: `1`..`18`, `A`..`R` in the sheet's scheme or Board Game
    Arena's (`labels="bga"`)."""
    return LABEL_SCHEMES[labels][port]


def parse_port(text: str, labels: str = "sheet") -> int:
    """Port index from its label in the scheme `labels` (case and surrounding blanks
    ignored). A leading zero (`01`) is refused, as it is in a cell name (`A01`)."""
    name = str(text).strip().upper()
    port = _PORT_INDEX[labels].get(name)
    if port is None:
        hint = " (a port number has no leading zero)" if name[:1] == "0" and name[1:] else ""
        raise BadInput(f"unknown port {quote(text)}{hint} (expected 1..18 or A..R)")
    return port


def entry_of(port: int) -> tuple[int, int]:
    """(first cell, direction of travel) of a wave shot from `port`."""
    if port < 10:
        return cell_index(port, 0), SOUTH
    if port < 18:
        return cell_index(0, port - 10), EAST
    if port < 28:
        return cell_index(port - 18, ROWS - 1), NORTH
    return cell_index(COLUMNS - 1, port - 28), WEST


def neighbour(cell: int, direction: int) -> int:
    """The cell reached by leaving `cell` moving `direction`, or -1 off the board."""
    column, row = cell_xy(cell)
    dx, dy = STEP[direction]
    column, row = column + dx, row + dy
    if 0 <= column < COLUMNS and 0 <= row < ROWS:
        return cell_index(column, row)
    return -1


def exit_port(cell: int, direction: int) -> int:
    """The port a wave leaves by when it moves `direction` off the board from `cell`."""
    column, row = cell_xy(cell)
    if direction == NORTH:
        return column
    if direction == WEST:
        return 10 + row
    if direction == SOUTH:
        return 18 + column
    return 28 + row


def port_line(port: int) -> list[int]:
    """The cells a straight look from `port` passes, nearest first (used for visibility)."""
    cell, direction = entry_of(port)
    line = []
    while cell >= 0:
        line.append(cell)
        cell = neighbour(cell, direction)
    return line


NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(neighbour(cell, d) for d in range(4)) for cell in range(CELLS)
)
EXIT_PORT: tuple[tuple[int, ...], ...] = tuple(
    tuple(exit_port(cell, d) if NEIGHBOUR[cell][d] < 0 else -1 for d in range(4))
    for cell in range(CELLS)
)
ENTRY: tuple[tuple[int, int], ...] = tuple(entry_of(port) for port in range(PORTS))
PORT_LINES: tuple[tuple[int, ...], ...] = tuple(tuple(port_line(p)) for p in range(PORTS))


def _cells_where(keep: Callable[..., bool]) -> int:
    """The cells whose (column, row) `keep` accepts, as a mask."""
    return sum(1 << cell for cell in range(CELLS) if keep(cell % COLUMNS, cell // COLUMNS))


# Every port looks along a whole row or column. Prefix ORs along the rows (shifts by 1, 2, 4,
# 8 cells) and columns (by 1, 2, 4 rows), each shift kept off the cells it would wrap onto:
_EAST_OF = [(s, _cells_where(lambda c, r, s=s: c >= s)) for s in (1, 2, 4, 8)]
_WEST_OF = [(s, _cells_where(lambda c, r, s=s: c < COLUMNS - s)) for s in (1, 2, 4, 8)]
_SOUTH_OF = [(s * COLUMNS, _cells_where(lambda c, r, s=s: r >= s)) for s in (1, 2, 4)]
_NORTH_OF = [(s * COLUMNS, _cells_where(lambda c, r, s=s: r < ROWS - s)) for s in (1, 2, 4)]


def first_cells(covered: int) -> int:
    """The first covered cell of every port's line, as a cell mask: the covered cells with no
    covered cell between them and the board's edge on their row or on their column.

    >>> pair = 1 << parse_cell("D4") | 1 << parse_cell("E4")
    >>> first_cells(pair) == pair
    True
    >>> ring = ("C3", "D3", "E3", "C4", "E4", "C5", "D5", "E5")
    >>> first_cells(sum(1 << parse_cell(c) for c in ring + ("D4",))) >> parse_cell("D4") & 1
    0
    """
    first = 0
    for shifts, backwards in ((_EAST_OF, False), (_WEST_OF, True),
                              (_SOUTH_OF, False), (_NORTH_OF, True)):
        behind = covered    # the covered cells and every cell past one, away from the port
        for step, keep in shifts:
            behind |= (behind >> step if backwards else behind << step) & keep
        step, keep = shifts[0]
        first |= covered & ~((behind >> step if backwards else behind << step) & keep)
    return first


def quarter_neighbour(quarter: int) -> int:
    """The quarter across the cell side that `quarter` touches, or -1 at the board edge."""
    cell, side = divmod(quarter, 4)
    other = NEIGHBOUR[cell][side]
    return -1 if other < 0 else 4 * other + (side + 2) % 4
