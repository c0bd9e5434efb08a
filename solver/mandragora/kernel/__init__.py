"""The compiled exact Mandragora solver: the search of `solver.mandragora.exact` in C.

`KernelSolver` has the interface of the Python reference `ExactSolver` (`value`, `solve`,
`principal_line`) and the same results; the tests compare the two. The C code
(`_kernel.c`, built by `pip install -e .`) runs one null-window search at a time, with packed
63-bit state keys and a fixed-size transposition table of 4-entry buckets (16 bytes an entry)
that keeps the entries with the largest searched subtrees, so memory stays bounded however
long the search runs. The MTD(f) loop around it stays here (a handful of passes), with the
reference's material bounds and first guess, and reports each pass to an optional callback.

The board geometry is not repeated in C: it is passed once from `games.mandragora.board`.

>>> from games.mandragora import Position, PLAYER
>>> if not COMPILED: import pytest; pytest.skip("the kernel was not built")
>>> KernelSolver(table_bits=12).solve(Position.from_areas({4: "KM", 7: "C"}, PLAYER, PLAYER))[:2]
(3, 4)
"""
from __future__ import annotations

import os
from typing import Callable

from games.mandragora.board import (
    BASES, FIRST_MOVER_VALUES, MIRROR, OPPONENT, PLAYER, SECOND_MOVER_VALUES, SELECTABLE,
    SOWING_TARGETS,
)
from games.mandragora.position import Position
from solver.mandragora.exact import State, first_guess, material, move_rank, pack, stored_line
try:
    if os.environ.get("ORAPA_MANDRAGORA_KERNEL", "").lower() == "python":
        raise ImportError("ORAPA_MANDRAGORA_KERNEL=python")
    from solver.mandragora.kernel._kernel import MAX_PIECES, Kernel, configure
except ImportError:          # built without a C compiler: `solver.mandragora.solver` then
    Kernel = configure = None   # runs the Python reference, `solver.mandragora.exact`
    MAX_PIECES = 24

COMPILED = Kernel is not None
"""Whether the C kernel was built (`pip install -e .` with a C compiler) and is used."""

Progress = Callable[[int, int], None]
"""Called with (lower, upper) bounds of the value after each pass of an exact solve."""

DEFAULT_TABLE_BITS = 22
"""2**22 entries of 16 bytes: 64 MB, allocated lazily (pages are touched as they fill)."""


def table_bits_for(pieces: int) -> int:
    """Table size (log2 of entries) for solves of up to `pieces` pieces: 2**(pieces + 3),
    between 2**12 and 2**24 (256 MB). Solves store roughly a third of the nodes they search,
    which grow about 15-fold per three pieces; a table far larger than that costs a page
    fault per entry written (measured: 40 ms of a 60 ms 15-piece solve with 64 MB)."""
    return max(12, min(24, pieces + 3))


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
    ranks = [move_rank(area, height) if height else 0
             for area in SELECTABLE[PLAYER] for height in range(MAX_PIECES + 1)]
    return targets, mirror, values, ranks


if COMPILED:
    configure(*_geometry())


class KernelSolver:
    """Exact values of Mandragora positions by the compiled search; the table is kept between
    calls. Positions with more than 24 pieces on the board are refused (ValueError)."""

    def __init__(self, table_bits: int = DEFAULT_TABLE_BITS) -> None:
        if Kernel is None:
            raise RuntimeError("the Mandragora kernel was not built (no C compiler at install)")
        self.kernel = Kernel(table_bits)
        self.table_bits = table_bits
        self.nodes = 0

    def value(self, state: State, progress: Progress | None = None) -> tuple[int, int | None]:
        """(exact value for the mover, best canonical area or None) of a packed state.

        MTD(f): null-window searches move the bounds [lower, upper] (material bounds at
        first) until they meet; `progress(lower, upper)` is called after each.
        """
        self.nodes = 0
        if sum(map(len, state[:8])) > MAX_PIECES:
            raise ValueError(f"more than {MAX_PIECES} pieces on the board")
        if not any(state[:5]):
            return 0, None  # the mover has no move: the game is over (M4)
        mine, theirs = material(state)
        lower, upper = -theirs, mine
        guess = first_guess(state)
        entry = self.kernel.entry(state)
        if entry is not None:
            guess = max(entry[0], min(entry[1], guess))
        best = None
        while lower < upper:
            beta = guess + 1 if guess == lower else guess
            guess, move, nodes = self.kernel.search(state, beta)
            self.nodes += nodes
            if guess >= beta:
                lower, best = guess, move
            else:
                upper = guess
                if best is None:
                    best = move  # stays only if no search fails high: see below
            if progress is not None:
                progress(lower, upper)
        # a move that failed high reaches the final lower bound; if none did, the value is
        # -theirs, the least any move can give, so every move is best
        return lower, best

    def solve(self, position: Position,
              progress: Progress | None = None) -> tuple[int, int | None, int]:
        """(value, best real area or None, nodes searched) for the side to move."""
        value, best = self.value(pack(position), progress)
        if best is not None and position.to_move == OPPONENT:
            best = MIRROR[best]
        return value, best, self.nodes

    def principal_line(self, state: State) -> list[int]:
        """Canonical areas of the line of stored best moves from `state` (each in its mover's
        view), up to the end of the game, a repetition or a state the table no longer holds."""
        return stored_line(state, self.kernel.entry)
