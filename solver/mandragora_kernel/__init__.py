"""The compiled exact Mandragora solver: the search of `solver.mandragora_exact` in C.

`KernelSolver` has the interface of the Python reference `ExactSolver` (`value`, `solve`,
`principal_line`) and the same results; the tests compare the two. The C code
(`_kernel.c`, built by `pip install -e .`) uses packed 63-bit state keys and a fixed-size
transposition table of 4-entry buckets (16 bytes an entry) that keeps the entries with the
largest searched subtrees, so memory stays bounded however long the search runs.

The board geometry is not repeated in C: it is passed once from `games.mandragora.board`.

>>> from games.mandragora import Position, PLAYER
>>> KernelSolver(table_bits=12).solve(Position.from_areas({4: "KM", 7: "C"}, PLAYER, PLAYER))[:2]
(3, 4)
"""
from __future__ import annotations

from games.mandragora.board import (
    BASES, FIRST_MOVER_VALUES, MIRROR, OPPONENT, PLAYER, SECOND_MOVER_VALUES, SELECTABLE,
    SOWING_TARGETS,
)
from games.mandragora.position import Position
from solver.mandragora_exact import _SOW, State, _move_rank, pack
from solver.mandragora_kernel._kernel import MAX_PIECES, Kernel, configure

DEFAULT_TABLE_BITS = 22
"""2**22 entries of 16 bytes: 64 MB, allocated lazily (pages are touched as they fill)."""

_PIECE_CODES = "MKC"  # codes 1, 2, 3 in the kernel (K/P and C/A merged by `pack`)


def _geometry() -> tuple[bytes, bytes, bytes, list[int]]:
    """Sowing targets, mirror map, piece values and move ranks in the kernel's layout."""
    base_index = 8
    targets = bytes(
        base_index if target == BASES[PLAYER] else target - 1
        for area in SELECTABLE[PLAYER]
        for target in SOWING_TARGETS[PLAYER, area][:MAX_PIECES]
    )
    mirror = bytes(MIRROR[area] - 1 for area in range(1, 9))
    values = bytes(  # [mover moved first][code]; code 0 is unused
        value for table in (SECOND_MOVER_VALUES, FIRST_MOVER_VALUES)
        for value in (0, *(table[piece] for piece in _PIECE_CODES))
    )
    ranks = [_move_rank(area, height) if height else 0
             for area in SELECTABLE[PLAYER] for height in range(MAX_PIECES + 1)]
    return targets, mirror, values, ranks


configure(*_geometry())


class KernelSolver:
    """Exact values of Mandragora positions by the compiled search; the table is kept between
    calls. Positions with more than 24 pieces on the board are refused (ValueError)."""

    def __init__(self, table_bits: int = DEFAULT_TABLE_BITS) -> None:
        self.kernel = Kernel(table_bits)
        self.nodes = 0

    def value(self, state: State) -> tuple[int, int | None]:
        """(exact value for the mover, best canonical area or None) of a packed state."""
        value, best, self.nodes = self.kernel.solve(state)
        return value, best

    def solve(self, position: Position) -> tuple[int, int | None, int]:
        """(value, best real area or None, nodes searched) for the side to move."""
        value, best = self.value(pack(position))
        if best is not None and position.to_move == OPPONENT:
            best = MIRROR[best]
        return value, best, self.nodes

    def principal_line(self, state: State) -> list[int]:
        """Canonical areas of the line of stored best moves from `state` (each in its mover's
        view), up to the end of the game, a repetition or a state the table no longer holds."""
        line: list[int] = []
        seen = set()
        while state not in seen:
            seen.add(state)
            entry = self.kernel.entry(state)
            if entry is None or entry[2] is None or not state[entry[2] - 1]:
                break
            area = entry[2]
            state = _SOW[area, len(state[area - 1])][0](state, state[area - 1])[0]
            line.append(area)
        return line
