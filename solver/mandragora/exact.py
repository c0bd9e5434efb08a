"""A dedicated exact solver for Mandragora Mania (the generic `solver.search` stays for the rest).

Same canonical view as `solver.mandragora.solver` (the mover sows from areas 1..5 along the
player's loop; K/P and C/A merged; only future points count), but packed for speed:

* a state is a 9-tuple ``(area 1, ..., area 8, mover_moved_first)`` of strings (bottom to top)
  and a bool; it is its own table key;
* every move (area, stack height) has a generated function that builds the child state in one
  expression, already mirrored when the turn passes, and returns the pieces it scored
  (`_SOW`); the points of those pieces come from a lookup table;
* the move order for each tuple of stack heights on areas 1..5 is computed once and cached.

Search: fail-soft negamax with alpha-beta, run as a sequence of null-window searches (MTD(f))
converging on the value; the table keeps a lower and an upper bound per state and the best
move. Cuts from material: the mover can gain at most the points of every piece still on the
board valued at the mover's rate, and lose at most the same at the other side's rate.
(Tried and dropped by CPU time: enhanced transposition cutoffs, and looking children up in the
table before calling: both save nodes but cost more per node than they save.)

Repetition (M6) is handled as in `solver.search`: a state already on the search path is worth
0, and a node's bounds are stored only when no repetition in its subtree reached above it.

>>> from games.mandragora import Position, PLAYER
>>> ExactSolver().solve(Position.from_areas({4: "KM", 7: "C"}, PLAYER, PLAYER))[:2]
(3, 4)
"""
from __future__ import annotations

import sys
from itertools import product
from typing import Any, Callable, Sequence

from games.mandragora.board import (
    BASES, FIRST_MOVER_VALUES, MIRROR, OPPONENT, PLAYER, SECOND_MOVER_VALUES, SELECTABLE,
    SOWING_TARGETS, STEPS_TO_BASE, TOTAL_PIECES,
)
from games.mandragora.position import Position

State = tuple  # (str * 8, bool)

_CLASS_OF_PIECE = str.maketrans("PA", "KC")
_MIRROR_INDEX = tuple(MIRROR[area] - 1 for area in range(1, 9))
_OWN_INDICES = (0, 2, 4)
_THEIR_INDICES = (5, 6, 7)
_INF = 10 ** 6



def pack(position: Position) -> State:
    """The position seen from the side to move as a packed state (see the module docstring)."""
    board = position.board
    if position.to_move == OPPONENT:
        areas = [board[MIRROR[area]] for area in range(1, 9)]
    else:
        areas = list(board[1:9])
    return (*(s.translate(_CLASS_OF_PIECE) for s in areas), position.to_move == position.first)


def _sow_source(area: int, height: int) -> tuple[str, bool]:
    """Source of ``lambda a, s: (child, scored)`` for sowing `height` pieces from `area`."""
    index = area - 1
    parts: list[list[str]] = [[f"a[{i}]"] if i != index else [] for i in range(8)]
    scored = []
    targets = SOWING_TARGETS[PLAYER, area]
    for step in range(height):  # the top piece s[height - 1] goes first (M2)
        piece = f"s[{height - 1 - step}]"
        target = targets[step]
        if target == BASES[PLAYER]:
            scored.append(piece)
        else:
            parts[target - 1].append(piece)
    cells = ["+".join(p) if p else "''" for p in parts]
    extra = targets[height - 1] == BASES[PLAYER]
    if extra:
        child = ", ".join(cells) + ", a[8]"
    else:
        child = ", ".join(cells[i] for i in _MIRROR_INDEX) + ", not a[8]"
    return f"lambda a, s: (({child}), {'+'.join(scored) or repr('')})", extra


def _build_sowing() -> dict[tuple[int, int], tuple[Callable[..., Any], bool]]:
    table = {}
    for area in SELECTABLE[PLAYER]:
        for height in range(1, TOTAL_PIECES + 1):
            source, extra = _sow_source(area, height)
            table[area, height] = (eval(source), extra)  # generated from fixed tables only
    return table


_SOW = _build_sowing()
"""(area 1..5, stack height) -> (function(state, stack) -> (child, scored pieces), extra turn)."""


def _points_of(values: dict[str, int]) -> dict[str, int]:
    """Points of every string of up to three merged pieces (a move scores at most three)."""
    table = {"": 0}
    for length in (1, 2, 3):
        for pieces in product("MKC", repeat=length):
            table["".join(pieces)] = sum(values[p] for p in pieces)
    return table


_POINTS = (_points_of(SECOND_MOVER_VALUES), _points_of(FIRST_MOVER_VALUES))
"""[mover moved first][scored pieces] -> points."""


def move_rank(area: int, count: int) -> int:
    """Sort key of sowing `count` pieces from `area` (smaller is tried first): extra turn, then
    passing the base, then the rest; within a group fewer pieces handed to the other side's
    areas (and more to one's own), then the higher area. Chosen by node counts of exact solves
    (docs/mandragora.md)."""
    needed = STEPS_TO_BASE[PLAYER, area]
    group = 0 if count == needed else 1 if count > needed else 2
    sown = SOWING_TARGETS[PLAYER, area][:count]
    gift = sum(t - 1 in _THEIR_INDICES for t in sown) - sum(t - 1 in _OWN_INDICES for t in sown)
    return (group * 64 + gift + 32) * 8 - area


def material(state: State) -> tuple[int, int]:
    """Points of the pieces on the board at the mover's rate and at the other side's rate."""
    pieces = "".join(state[:8])
    mine, theirs = _POINTS[state[8]], _POINTS[not state[8]]
    return (sum(mine[p] for p in pieces), sum(theirs[p] for p in pieces))


def first_guess(state: State) -> int:
    """MTD(f)'s first guess: a quarter of (the mover's pieces on areas 1, 3, 5 at the mover's
    rate minus the other side's on 6, 7, 8 at its rate); about 5% fewer nodes than 0."""
    mine, theirs = _POINTS[state[8]], _POINTS[not state[8]]
    own = sum(mine[p] for i in _OWN_INDICES for p in state[i])
    other = sum(theirs[p] for i in _THEIR_INDICES for p in state[i])
    return (own - other) // 4


def stored_line(state: State, entry_of: Callable[[State], Sequence[Any] | None]) -> list[int]:
    """Canonical areas of the line of best moves a table stores from `state` (`entry_of` gives
    a state's entry, its best area third, or None), up to the end of the game, a repetition or
    a state without a stored move."""
    line: list[int] = []
    seen = set()
    while state not in seen:
        seen.add(state)
        entry = entry_of(state)
        if entry is None or entry[2] is None or not state[entry[2] - 1]:
            break
        area = entry[2]
        state = _SOW[area, len(state[area - 1])][0](state, state[area - 1])[0]
        line.append(area)
    return line


class ExactSolver:
    """Exact values of Mandragora positions; the table is kept between calls."""

    def __init__(self) -> None:
        self.table: dict[State, list] = {}  # state -> [lower, upper, best area]
        self.nodes = 0
        self._orders: dict[tuple[int, ...], tuple] = {}
        self._promoted: dict[tuple[tuple[int, ...], int], tuple] = {}

    def _order(self, heights: tuple[int, ...]) -> tuple:
        """Moves for stack heights on areas 1..5, best first: (area, sow function, extra)."""
        ranked = sorted((move_rank(area, h), area) for area, h in zip(range(1, 6), heights)
                        if h)
        order = tuple((area, area - 1, *_SOW[area, heights[area - 1]]) for _, area in ranked)
        self._orders[heights] = order
        return order

    def _promote(self, heights: tuple[int, ...], first: int) -> tuple:
        """The moves of `_order` with area `first` (the table's best move) tried first."""
        order = self._orders[heights]
        return tuple(m for m in order if m[0] == first) + tuple(m for m in order if m[0] != first)

    def value(self, state: State) -> tuple[int, int | None]:
        """(exact value for the mover, best canonical area or None) of a packed state."""
        mine, theirs = material(state)
        guess = first_guess(state)
        entry = self.table.get(state)
        if entry is not None:
            guess = max(entry[0], min(entry[1], guess))
        lower, upper = -theirs, mine
        # MTD(f): null-window searches around the guess until the bounds meet
        while lower < upper:
            beta = guess + 1 if guess == lower else guess
            value = self._search(state, mine, theirs, beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
            guess = value
        entry = self.table.get(state)
        best = entry[2] if entry is not None else None
        if best is None and any(state[:5]):
            best = self._order(tuple(map(len, state[:5])))[0][0]
        return lower, best

    def solve(self, position: Position) -> tuple[int, int | None, int]:
        """(value, best real area or None, nodes searched) for the side to move."""
        self.nodes = 0
        value, best = self.value(pack(position))
        if best is not None and position.to_move == OPPONENT:
            best = MIRROR[best]
        return value, best, self.nodes

    def principal_line(self, state: State) -> list[int]:
        """Canonical areas of the line of stored best moves from `state` (each in its mover's
        view), up to the end of the game, a repetition or a state without a stored move."""
        return stored_line(state, lambda s: self.table.get(s))

    def _search(self, root: State, mine: int, theirs: int, alpha: int, beta: int) -> int:
        table = self.table
        orders = self._orders
        order_of = self._order
        promoted = self._promoted
        promote = self._promote
        points = _POINTS
        path: dict[State, int] = {}
        nodes = 0
        lowest_repetition = _INF  # shallowest ply a repetition in the current subtree went back to

        def negamax(state: State, mine: int, theirs: int, alpha: int, beta: int, ply: int) -> int:
            nonlocal nodes, lowest_repetition
            nodes += 1
            seen = path.get(state)
            if seen is not None:
                if seen < lowest_repetition:
                    lowest_repetition = seen
                return 0
            a0, a1, a2, a3, a4 = state[0], state[1], state[2], state[3], state[4]
            if not (a0 or a1 or a2 or a3 or a4):
                return 0  # the mover has no move: the game ends (M4)
            # material bounds: value in [-theirs, mine]
            if mine <= alpha:
                return mine
            if -theirs >= beta:
                return -theirs
            entry = table.get(state)
            tt_move = None
            if entry is not None:
                low, high, tt_move = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
            heights = (len(a0), len(a1), len(a2), len(a3), len(a4))
            order = orders.get(heights)
            if order is None:
                order = order_of(heights)
            if tt_move is not None and order[0][0] != tt_move:
                moved = (heights, tt_move)
                order = promoted.get(moved)
                if order is None:
                    order = promoted[moved] = promote(heights, tt_move)
            outer_repetition = lowest_repetition
            lowest_repetition = _INF
            path[state] = ply
            my_points, their_points = points[state[8]], points[not state[8]]
            alpha_in = alpha
            best, best_move = -_INF, None
            for area, index, sow, extra in order:
                child, scored = sow(state, state[index])
                if scored:
                    reward = my_points[scored]
                    lost = their_points[scored]
                    if extra:
                        value = reward + negamax(child, mine - reward, theirs - lost,
                                                 alpha - reward, beta - reward, ply + 1)
                    else:
                        value = reward - negamax(child, theirs - lost, mine - reward,
                                                 reward - beta, reward - alpha, ply + 1)
                else:  # nothing scored, so the turn passes (an extra turn scores a piece)
                    value = -negamax(child, theirs, mine, -beta, -alpha, ply + 1)
                if value > best:
                    best, best_move = value, area
                    if value > alpha:
                        if value >= beta:
                            break
                        alpha = value
            del path[state]
            repetition = lowest_repetition
            lowest_repetition = min(outer_repetition, repetition)
            if repetition >= ply:  # the result does not depend on the path above this node
                if entry is None:
                    if best >= beta:
                        table[state] = [best, _INF, best_move]
                    elif best <= alpha_in:
                        table[state] = [-_INF, best, best_move]
                    else:
                        table[state] = [best, best, best_move]
                else:
                    if best >= beta:
                        if best > entry[0]:
                            entry[0] = best
                        entry[2] = best_move
                    elif best <= alpha_in:
                        if best < entry[1]:
                            entry[1] = best
                    else:
                        entry[0] = entry[1] = best
                        entry[2] = best_move
            return best

        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20000))
        try:
            return negamax(root, mine, theirs, alpha, beta, 0)
        finally:
            sys.setrecursionlimit(limit)
            self.nodes += nodes
