"""Two-player search shared by the turn-based games (Mandragora Mania, Ripple).

Interface (stable: other modules import it)
-------------------------------------------
A game is any object with these methods (see `TwoPlayerGame`)::

    legal_moves(state) -> Sequence[Move]         # empty when the game is over
    apply(state, move) -> (child, reward, again)  # reward gained by the mover on this move;
                                                  # again is True when the same player moves next
    terminal_value(state) -> float                # when over: future value for the side to move
                                                  # (0 for pure scoring games, -WIN for a loss)
    heuristic(state) -> float                     # estimate at a depth cut-off, side to move's view
    key(state) -> Hashable                        # transposition key, must include the side to move
    order_moves(state, moves) -> Sequence[Move]   # optional ordering hint (may return moves as is)

``search(game, state, max_depth=None, time_limit=None)`` returns
``SearchResult(value, best_move, exact, depth, nodes)``. Values are negamax values for the side
to move: the best over moves of ``reward + child`` when the mover moves again, else
``reward - child``. ``exact`` is True when every line was followed to the end of the game (or
to a repetition), so ``value`` is the game-theoretic value, not an estimate. ``minimax(game,
state)`` is the plain unpruned recursion the tests check `search` against.

Algorithm: iterative deepening (skipped when neither limit is given: one search to the end)
on negamax with alpha-beta, a transposition table whose entries
carry a bound flag (exact, lower, upper), the draft they were searched to (unlimited for
game-exact results) and the best move, which is tried first on the next visit. Deepening stops
as soon as an iteration is exact, at ``max_depth`` or when ``time_limit`` seconds have passed
(the last finished iteration is returned; the first iteration always finishes). When an
iteration met no depth cut-off but leaned on estimates stored by earlier iterations, and no
``max_depth`` was given, the next iteration searches without a depth limit and is exact.
``depth`` in the result is the depth limit of the last finished iteration, or for an unlimited
one the longest line it followed.

Repetitions and the transposition table
---------------------------------------
A position that is already on the current search path scores 0 further points (a cycle that
could be repeated forever). Such a value depends on the path, not only on the position, which
would poison a transposition table (the graph-history-interaction problem). Two rules keep the
search exact:

* a node's result is stored only if no repetition inside its subtree reached a position *above*
  the node (repetitions back to the node itself or below are fine: they belong to the subtree);
* stored values are therefore history-free: the value of the position searched as a fresh root.

For games whose cycles carry no reward (true of Mandragora: scoring removes a piece, so a
repeated position cannot have scored in between) and where an endless game is worth 0, the
history-free value equals the value of the game that ends at the second, third or any later
occurrence of a position, and optimal play can be chosen positionally. Hence mixing stored
values with path repetitions still returns the exact value at the root. Any earlier history
of the real game (positions seen before the root) is not taken into account.

>>> class Nim:
...     '''Take 1 or 2 from a heap; taking the last stone earns 1 point.'''
...     def legal_moves(self, n): return [t for t in (1, 2) if t <= n]
...     def apply(self, n, t): return n - t, float(n == t), False
...     def terminal_value(self, n): return 0.0
...     def heuristic(self, n): return 0.0
...     def key(self, n): return n
...     def order_moves(self, n, moves): return moves
>>> result = search(Nim(), 7)
>>> result.value, result.best_move, result.exact
(1.0, 1, True)
>>> minimax(Nim(), 7), minimax(Nim(), 6)
(1.0, -1.0)
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Generic, Hashable, Protocol, Sequence, TypeVar

State = TypeVar("State")
Move = TypeVar("Move")

UNLIMITED = 1 << 30  # draft meaning "searched to the end of the game"
_EXACT, _LOWER, _UPPER = 0, 1, 2
_NO_REPETITION = UNLIMITED


class TwoPlayerGame(Protocol[State, Move]):
    """What `search` and `minimax` need from a game (see the module docstring)."""

    def legal_moves(self, state: State) -> Sequence[Move]:
        """Moves for the side to move; empty when the game is over."""

    def apply(self, state: State, move: Move) -> tuple[State, float, bool]:
        """(child, reward gained by the mover, True when the same player moves again)."""

    def terminal_value(self, state: State) -> float:
        """Future value for the side to move once the game is over."""

    def heuristic(self, state: State) -> float:
        """Estimate of the future value for the side to move, used at a depth cut-off."""

    def key(self, state: State) -> Hashable:
        """Transposition key; equal keys must mean equal futures (side to move included)."""

    def order_moves(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        """Moves in the order worth trying first (may return them unchanged)."""


@dataclass(frozen=True)
class SearchResult(Generic[Move]):
    """Outcome of `search`: value for the side to move and a move that achieves it."""

    value: float
    best_move: Move | None
    exact: bool
    depth: int
    nodes: int


@dataclass
class _Entry:
    draft: int  # remaining depth searched; UNLIMITED when the value is game-exact
    flag: int
    value: float
    move: Any


class _OutOfTime(Exception):
    pass


class Searcher:
    """Negamax with alpha-beta over one game; keeps its transposition table between calls.

    Reusing one `Searcher` for many positions of the same game (a match, a benchmark series)
    lets later searches profit from earlier ones.
    """

    def __init__(self, game: TwoPlayerGame[Any, Any]) -> None:
        self.game = game
        self.table: dict[Hashable, _Entry] = {}
        self.nodes = 0
        self._path: dict[Hashable, int] = {}
        self._min_repetition = _NO_REPETITION
        self._cut_off = False
        self._heuristic_used = False
        self._max_ply = 0
        self._deadline: float | None = None

    def search(self, state: Any, max_depth: int | None = None,
               time_limit: float | None = None) -> SearchResult[Any]:
        """Deepen from depth 1 until exact, `max_depth` or `time_limit` seconds; with neither
        limit, one search to the end of the game."""
        start = time.monotonic()
        self.nodes = 0
        limit = UNLIMITED if max_depth is None else max(1, max_depth)
        result: SearchResult[Any] | None = None
        # an exact solve without limits skips the shallow iterations: they cost more than
        # the move ordering they buy
        depth = UNLIMITED if max_depth is None and time_limit is None else 1
        while True:
            self._deadline = None if (time_limit is None or result is None) else start + time_limit
            try:
                value, move, exact = self._root(state, depth)
            except _OutOfTime:
                assert result is not None
                return result
            reached = self._max_ply if depth == UNLIMITED else depth
            result = SearchResult(value, move, exact, reached, self.nodes)
            if exact or depth >= limit:
                return result
            if time_limit is not None and time.monotonic() - start >= time_limit:
                return result
            # no cut-off at this depth: only stale stored estimates kept the result inexact
            stale_only = not self._heuristic_used and max_depth is None
            depth = UNLIMITED if stale_only else min(limit, depth + 1)

    def _root(self, state: Any, depth: int) -> tuple[float, Any, bool]:
        self._path.clear()
        self._min_repetition = _NO_REPETITION
        self._cut_off = False
        self._heuristic_used = False
        self._max_ply = 0
        value = self._negamax(state, depth, float("-inf"), float("inf"), 0)
        # the root is always stored: no repetition can reach above ply 0
        entry = self.table.get(self.game.key(state))
        return value, (entry.move if entry is not None else None), not self._cut_off

    def _negamax(self, state: Any, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.nodes += 1
        if ply > self._max_ply:
            self._max_ply = ply
        if self._deadline is not None and not self.nodes & 1023 \
                and time.monotonic() > self._deadline:
            raise _OutOfTime
        game = self.game
        key = game.key(state)
        seen_at = self._path.get(key)
        if seen_at is not None:
            if seen_at < self._min_repetition:
                self._min_repetition = seen_at
            return 0.0
        moves = game.legal_moves(state)
        if not moves:
            return game.terminal_value(state)
        entry = self.table.get(key)
        tt_move = None
        if entry is not None:
            tt_move = entry.move
            if entry.draft >= depth:
                value = entry.value
                if (entry.flag == _EXACT or (entry.flag == _LOWER and value >= beta)
                        or (entry.flag == _UPPER and value <= alpha)):
                    if entry.draft != UNLIMITED:
                        self._cut_off = True
                    return value
        if depth <= 0:
            self._cut_off = self._heuristic_used = True
            return game.heuristic(state)

        outer_repetition, outer_cut = self._min_repetition, self._cut_off
        self._min_repetition, self._cut_off = _NO_REPETITION, False
        self._path[key] = ply
        ordered = game.order_moves(state, moves)
        if tt_move is not None and tt_move in ordered:
            ordered = [tt_move] + [m for m in ordered if m != tt_move]
        alpha_in = alpha
        best, best_move = float("-inf"), None
        try:
            for move in ordered:
                child, reward, again = game.apply(state, move)
                if again:
                    value = reward + self._negamax(child, depth - 1, alpha - reward,
                                                   beta - reward, ply + 1)
                else:
                    value = reward - self._negamax(child, depth - 1, reward - beta,
                                                   reward - alpha, ply + 1)
                if value > best:
                    best, best_move = value, move
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
        finally:
            del self._path[key]
        repetition, cut = self._min_repetition, self._cut_off
        self._min_repetition = min(outer_repetition, repetition)
        self._cut_off = outer_cut or cut
        if repetition >= ply:  # nothing in the subtree depended on the path above this node
            flag = _UPPER if best <= alpha_in else _LOWER if best >= beta else _EXACT
            self.table[key] = _Entry(depth if cut else UNLIMITED, flag, best, best_move)
        return best


def search(game: TwoPlayerGame[Any, Any], state: Any, max_depth: int | None = None,
           time_limit: float | None = None) -> SearchResult[Any]:
    """Best move and value for the side to move (see the module docstring)."""
    return Searcher(game).search(state, max_depth=max_depth, time_limit=time_limit)


def minimax(game: TwoPlayerGame[Any, Any], state: Any) -> float:
    """Plain unpruned negamax to the end of the game, for checking `search` on small cases.

    A position already on the current path scores 0, as in `search`; no table, no pruning.
    """
    return _minimax(game, state, set())


def _minimax(game: TwoPlayerGame[Any, Any], state: Any, path: set[Hashable]) -> float:
    key = game.key(state)
    if key in path:
        return 0.0
    moves = game.legal_moves(state)
    if not moves:
        return game.terminal_value(state)
    path.add(key)
    best = float("-inf")
    for move in moves:
        child, reward, again = game.apply(state, move)
        value = _minimax(game, child, path)
        best = max(best, reward + value if again else reward - value)
    path.discard(key)
    return best
