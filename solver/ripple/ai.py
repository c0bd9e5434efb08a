"""Ripple players at several levels: random, one-move greedy, and alpha-beta search.

The search levels use the shared negamax (`solver.search`) through `RippleSearchGame`. Ripple has
up to 196 moves a turn (49 squares x 4 colours), so every node first scores all of its moves one
ply deep with the static evaluation (`solver.ripple.evaluation`) -- cheap, since a move touches one
colour -- and the search then follows only the best few. Because that scan sees every move, an
immediate win or a move that hands the opponent a win is never pruned away.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import NamedTuple, Sequence

from games.errors import BadInput
from games.ripple import Move, Position, Rules, legal_moves, next_position, position_key
from solver.ripple.evaluation import WIN, evaluate, terminal_value
from solver.search import Searcher


class Choice(NamedTuple):
    """A chosen move and its value for the side to move (points; about +-10000 for a won game)."""

    move: Move
    value: float


@dataclass(frozen=True)
class Level:
    """How a level plays: `depth` 0 = random, 1 = greedy, 2+ = search to that depth (or until
    `seconds`), following `root_width` moves at the root and `width` moves below it."""

    depth: int
    seconds: float | None = None
    root_width: int = 0
    width: int = 0


LEVELS: dict[int, Level] = {
    0: Level(0),
    1: Level(1),
    2: Level(2, root_width=24, width=12),
    3: Level(4, seconds=0.6, root_width=24, width=10),
}
TOP_LEVEL = max(LEVELS)


class _LegalMoves(Sequence[Move]):
    """The legal moves of a position, listed only when first indexed."""

    def __init__(self, rules: Rules, position: Position) -> None:
        self._rules, self._position = rules, position
        self._moves: list[Move] | None = None

    def _listed(self) -> list[Move]:
        if self._moves is None:
            self._moves = legal_moves(self._rules, self._position)
        return self._moves

    def __len__(self) -> int:
        return len(self._listed())

    def __bool__(self) -> bool:
        return not self._position.over  # a running game always has an empty square

    def __getitem__(self, index):  # type: ignore[override]
        return self._listed()[index]


class RippleSearchGame:
    """`solver.search.TwoPlayerGame` for Ripple: moves ranked by a full one-ply scan, then cut."""

    def __init__(self, rules: Rules, root_width: int, width: int) -> None:
        self.rules = rules
        self.root_width = root_width
        self.width = width
        self.root_key: int | None = None
        self.deadline: float | None = None
        self.timed_out = False
        self._scans: dict[int, list[tuple[Move, Position, float]]] = {}
        self._children: dict[tuple[int, Move], Position] = {}

    def scan(self, position: Position) -> list[tuple[Move, Position, float]]:
        """Every legal move with its child and one-ply value for the mover, best first (cached)."""
        key = position_key(position)
        found = self._scans.get(key)
        if found is None:
            found = []
            for move in legal_moves(self.rules, position):
                child = next_position(position, move)
                found.append((move, child, -evaluate(child)))
            found.sort(key=lambda entry: -entry[2])
            self._scans[key] = found
            for move, child, _ in found:
                self._children[(key, move)] = child
        return found

    def legal_moves(self, state: Position) -> Sequence[Move]:
        """All legal moves, as a lazy sequence: a node cut off by depth only asks whether there
        are any, so the move list is built (and scanned) only in `order_moves`."""
        return [] if state.over else _LegalMoves(self.rules, state)

    def apply(self, state: Position, move: Move) -> tuple[Position, float, bool]:
        """The child position; Ripple's points are not banked, so the reward is always 0."""
        child = self._children.get((position_key(state), move))
        return (child if child is not None else next_position(state, move)), 0.0, False

    def terminal_value(self, state: Position) -> float:
        """Won, lost or drawn, for the side to move."""
        return terminal_value(state)

    def heuristic(self, state: Position) -> float:
        """Static evaluation at the depth cut-off."""
        return evaluate(state)

    def key(self, state: Position) -> int:
        """The position key (it includes the side to move)."""
        return position_key(state)

    def order_moves(self, state: Position, moves: Sequence[Move]) -> list[Move]:
        """The best few moves by the one-ply scan, best first: this is where the search prunes.

        Past the deadline it returns one arbitrary move, so that the iteration ends at once (the
        caller then discards it).
        """
        if self.deadline is not None and time.monotonic() > self.deadline:
            self.timed_out = True
            return [moves[0]]
        key = position_key(state)
        width = self.root_width if key == self.root_key else self.width
        return [move for move, _, _ in self.scan(state)[:width]]


def random_choice(rules: Rules, position: Position, rng: random.Random) -> Choice:
    """Any legal move, uniformly."""
    move = rng.choice(legal_moves(rules, position))
    return Choice(move, -evaluate(next_position(position, move)))


def greedy_choice(rules: Rules, position: Position, rng: random.Random) -> Choice:
    """The move that leaves the mover best off right after it (a win first, a loss last): its own
    score minus the opponent's. Ties are broken at random."""
    mover = position.to_move
    best: list[Move] = []
    best_value = float("-inf")
    for move in legal_moves(rules, position):
        child = next_position(position, move)
        if child.over:
            value = -terminal_value(child)
        else:
            first, second = child.scores
            value = float(first - second if mover == 1 else second - first)
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return Choice(rng.choice(best), best_value)


def search_choice(rules: Rules, position: Position, level: Level) -> Choice:
    """Alpha-beta over the pruned move lists of `RippleSearchGame`, one depth after another until
    `level.depth` or `level.seconds`; an iteration the clock cuts short is discarded."""
    game = RippleSearchGame(rules, level.root_width, level.width)
    game.root_key = position_key(position)
    searcher = Searcher(game)
    start = time.monotonic()
    choice = None
    last_took = 0.0
    for depth in range(min(2, level.depth) if level.seconds else level.depth, level.depth + 1):
        began = time.monotonic()
        result = searcher.search(position, max_depth=depth)
        if game.timed_out:
            break
        assert result.best_move is not None   # the game is not over: some move is legal
        choice = Choice(result.best_move, result.value)
        if result.exact:
            break
        if level.seconds is not None:
            # Each ply has cost a few times the one before: skip a depth that cannot finish.
            took = time.monotonic() - began
            growth = max(3.0, took / last_took) if last_took else 3.5
            if time.monotonic() - start + took * growth > level.seconds:
                break
            last_took = took
            game.deadline = start + level.seconds
    assert choice is not None  # the first depth runs without a deadline
    everything = len(legal_moves(rules, position))
    if choice.value <= -WIN / 2 and level.root_width < everything:
        # Every move followed loses: look at all of them, two plies deep, within the time left.
        wide = RippleSearchGame(rules, everything, level.width)
        wide.root_key = game.root_key
        wide.deadline = None if level.seconds is None else start + level.seconds
        result = Searcher(wide).search(position, max_depth=2)
        if not wide.timed_out and result.best_move is not None:
            choice = Choice(result.best_move, result.value)
    return choice


class RipplePlayer:
    """A player at one level, reusable for a whole game or match."""

    def __init__(self, rules: Rules, level: int = TOP_LEVEL, seed: int | None = None) -> None:
        if level not in LEVELS:
            raise BadInput(f"level {level}: choose one of {sorted(LEVELS)}")
        self.rules = rules
        self.level = LEVELS[level]
        self.rng = random.Random(seed)

    def choose(self, position: Position) -> Choice:
        """The move this player makes in `position` (which must not be over)."""
        if position.over:
            raise ValueError("the game is over: there is no move to choose")
        if self.level.depth == 0:
            return random_choice(self.rules, position, self.rng)
        if self.level.depth == 1:
            return greedy_choice(self.rules, position, self.rng)
        return search_choice(self.rules, position, self.level)


def best_move(rules: Rules, position: Position, level: int = TOP_LEVEL, seed: int | None = 0) -> Choice:
    """The move the given level would play, with its value for the side to move."""
    return RipplePlayer(rules, level, seed).choose(position)
