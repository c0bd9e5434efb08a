"""Exact and depth-limited solving of Mandragora Mania positions with the shared search.

The search runs on a canonical form of a position, always seen from the side to move:

* the board is mirrored (MIRROR) when the opponent is to move, so the mover always sows from
  areas 1..5 along the player's loop and a single move generator serves both sides;
* Korrigans and Pachypodiums (and Citrullus and Adenium) are worth the same to everyone, so
  they share one letter (K, and C);
* scored pieces leave the board: the value searched is future points only.

A canonical state is ``(areas, mover_moved_first)`` with ``areas`` the contents of areas 1..8;
it is its own transposition key. Because the first mover is fixed for a whole game, two
positions of one game never share a key, and the table can be shared between games.

Sowing area 4 (K under M) drops the M on 5 and the K in the base: 2 points and an extra turn;
area 5 then scores the M, and the player has no move left:

>>> from games.mandragora import Position, PLAYER
>>> solve(Position.from_areas({4: "KM", 7: "C"}, PLAYER, PLAYER))
MandragoraSolution(value=3, best=4, exact=True, depth=2, nodes=6)

Exact solves (no depth or time limit) run the compiled solver of `solver.mandragora.kernel`
(packed states, MTD(f), material bounds; the Python `solver.mandragora.exact` is its reference
and serves boards of more than 24 pieces); depth- and time-limited ones the shared search.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Sequence

from games.mandragora.board import (
    BASES, FIRST_MOVER_VALUES, MIRROR, OPPONENT, PLAYER, SECOND_MOVER_VALUES, SELECTABLE,
    SOWING_TARGETS, TOTAL_PIECES,
)
from games.mandragora.match import Match
from games.mandragora.position import Position
from solver.mandragora.exact import ExactSolver, move_rank, pack
from solver.mandragora.kernel import (COMPILED, MAX_PIECES, KernelSolver, Progress,
                                      table_bits_for)
from solver.search import Searcher

CanonicalState = tuple[tuple[str, ...], bool]

_CLASS_OF_PIECE = str.maketrans("PA", "KC")
_BASE = -1
_MOVER_AREAS = SELECTABLE[PLAYER]
_OWN_INDICES = (0, 2, 4)  # areas 1, 3, 5 in the mover's view
_THEIR_INDICES = (5, 6, 7)  # areas 6, 7, 8
# (area) -> indices into the 8-tuple of areas 1..8 receiving each piece; _BASE for the base
_TARGETS = {
    area: tuple(_BASE if t == BASES[PLAYER] else t - 1 for t in SOWING_TARGETS[PLAYER, area])
    for area in _MOVER_AREAS
}
_MOVE_RANK = {area: tuple(move_rank(area, count) for count in range(TOTAL_PIECES + 1))
              for area in _MOVER_AREAS}
_MIRROR_INDEX = tuple(MIRROR[area] - 1 for area in range(1, 9))
_VALUES = {True: FIRST_MOVER_VALUES, False: SECOND_MOVER_VALUES}


def canonical(position: Position) -> CanonicalState:
    """The position seen from the side to move, with piece kinds merged by value."""
    board = position.board
    if position.to_move == OPPONENT:
        areas = tuple(board[MIRROR[area]] for area in range(1, 9))
    else:
        areas = board[1:9]
    return tuple(s.translate(_CLASS_OF_PIECE) for s in areas), position.to_move == position.first


def real_area(position: Position, canonical_area: int) -> int:
    """The board area a canonical move (1..5, mover's view) stands for in `position`."""
    return MIRROR[canonical_area] if position.to_move == OPPONENT else canonical_area


class MandragoraGame:
    """The shared search's game interface over canonical states (see solver.search)."""

    def legal_moves(self, state: CanonicalState) -> list[int]:
        """Non-empty areas 1..5, best first by `_MOVE_RANK` (ordering done here, once)."""
        areas = state[0]
        ranked = [(_MOVE_RANK[area][len(areas[area - 1])], area)
                  for area in _MOVER_AREAS if areas[area - 1]]
        ranked.sort()
        return [area for _, area in ranked]

    def apply(self, state: CanonicalState, area: int) -> tuple[CanonicalState, float, bool]:
        areas, mover_first = state
        stack = areas[area - 1]
        targets = _TARGETS[area]
        values = _VALUES[mover_first]
        sown = list(areas)
        sown[area - 1] = ""
        reward = 0
        for piece, target in zip(reversed(stack), targets):
            if target == _BASE:
                reward += values[piece]
            else:
                sown[target] += piece
        if targets[len(stack) - 1] == _BASE:
            return (tuple(sown), mover_first), reward, True
        return (tuple([sown[i] for i in _MIRROR_INDEX]), not mover_first), reward, False

    def terminal_value(self, state: CanonicalState) -> float:
        return 0  # pieces left on the board score nothing (M4)

    def heuristic(self, state: CanonicalState) -> float:
        """Half the value of the pieces in each side's own areas, mover minus other side."""
        areas, mover_first = state
        mine, theirs = _VALUES[mover_first], _VALUES[not mover_first]
        own = sum(mine[p] for i in _OWN_INDICES for p in areas[i])
        other = sum(theirs[p] for i in _THEIR_INDICES for p in areas[i])
        return (own - other) / 2

    def key(self, state: CanonicalState) -> CanonicalState:
        return state

    def order_moves(self, state: CanonicalState, moves: Sequence[int]) -> Sequence[int]:
        return moves  # legal_moves already lists them best first


@dataclass(frozen=True)
class MandragoraSolution:
    """Search outcome: value = mover's future points minus the other side's; best = an area."""

    value: float
    best: int | None
    exact: bool
    depth: int
    nodes: int


# From this depth on, without a time limit, the exact solve answers instead: a depth-limited
# search of the opening to depth 20 already takes as long as the exact solve (42 s against 55 s
# on a busy machine), and each further level multiplies it, so `--depth 100000` never returned.
EXACT_FROM_DEPTH = 20


class MandragoraSolver:
    """Solves positions, keeping one transposition table across calls (a match, a benchmark)."""

    def __init__(self) -> None:
        self.searcher = Searcher(MandragoraGame())
        self.exact: KernelSolver | None = None  # sized for the most pieces solved so far
        self.reference: ExactSolver | None = None  # for boards beyond the kernel's 24 pieces

    def solve(self, position: Position, max_depth: int | None = None,
              time_limit: float | None = None,
              progress: Progress | None = None) -> MandragoraSolution:
        """Value and best area for the side to move; exact when searched to the end.

        Without limits the compiled exact solver runs (`progress` gets its bounds after each
        pass); `depth` is then the length of its line of stored best moves. A depth of
        `EXACT_FROM_DEPTH` or more without a time limit is solved exactly too (it is cheaper).
        """
        if time_limit is None and (max_depth is None or max_depth >= EXACT_FROM_DEPTH):
            pieces = position.pieces_in_play()
            if pieces > MAX_PIECES or not COMPILED:
                if not COMPILED:
                    _notice_no_kernel()
                self.reference = self.reference or ExactSolver()
                value, best, nodes = self.reference.solve(position)
                line = self.reference.principal_line(pack(position))
                return MandragoraSolution(value, best, True, len(line), nodes)
            bits = table_bits_for(pieces)
            if self.exact is None or self.exact.table_bits < bits:
                self.exact = KernelSolver(bits)
            value, best, nodes = self.exact.solve(position, progress)
            line = self.exact.principal_line(pack(position))
            return MandragoraSolution(value, best, True, len(line), nodes)
        result = self.searcher.search(canonical(position), max_depth, time_limit)
        best = None if result.best_move is None else real_area(position, result.best_move)
        return MandragoraSolution(result.value, best, result.exact, result.depth, result.nodes)


_noticed = False


def _notice_no_kernel() -> None:
    """Say once, on standard error, that exact solves run without the C kernel (slower)."""
    global _noticed
    if not _noticed:
        _noticed = True
        print("orapa: note: the Mandragora C kernel is not built (no C compiler at install); "
              "exact solves use the slower Python search", file=sys.stderr)


def solve(position: Position, max_depth: int | None = None, time_limit: float | None = None,
          progress: Progress | None = None) -> MandragoraSolution:
    """Value and best area for the side to move with a fresh table (see MandragoraSolver)."""
    return MandragoraSolver().solve(position, max_depth, time_limit, progress)


def solve_match(match: Match, max_depth: int | None = None, time_limit: float | None = None,
                progress: Progress | None = None) -> MandragoraSolution:
    """Solve the current position of a match; a finished match is worth 0 with no move.

    Positions before the current one are not taken into account (see solver.search).
    """
    if match.over:
        return MandragoraSolution(0, None, True, 0, 0)
    return solve(match.position, max_depth, time_limit, progress)
