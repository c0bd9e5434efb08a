"""A Ripple game in progress: its positions, the history of moves with scores, and the clock.

>>> game = RippleGame.replay(Rules(), [Move(24, 0), Move(0, 0), Move(6, 0)])
>>> [(r.player, str(r.move), r.scores) for r in game.history]
[(1, 'red@3,3', (0, 0)), (2, 'red@0,0', (0, 0)), (1, 'red@0,6', (0, 0))]
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Iterable

from games.ripple.rules import Move, Position, Rules, lose_on_time, new_position, play


@dataclass(frozen=True)
class MoveRecord:
    """One played move: who played it, the scores after it and how they changed (player 1, player 2)."""

    number: int
    player: int
    move: Move
    scores: tuple[int, int]
    change: tuple[int, int]


@dataclass
class RippleGame:
    """A game's record. In timed mode (R5) each player has `rules.seconds_per_player` in total,
    measured with `clock` (injected, so tests control time); running out loses the game."""

    rules: Rules = field(default_factory=Rules)
    clock: Callable[[], float] = time.monotonic
    positions: list[Position] = field(default_factory=list)
    history: list[MoveRecord] = field(default_factory=list)
    time_left: list[float] = field(default_factory=list)
    _turn_started: float = 0.0

    def __post_init__(self) -> None:
        if not self.positions:
            self.positions.append(new_position(self.rules))
        if self.rules.seconds_per_player is not None:
            self.time_left = [self.rules.seconds_per_player] * 2
            self._turn_started = self.clock()

    @classmethod
    def replay(cls, rules: Rules, moves: Iterable[Move]) -> "RippleGame":
        """A game after the given moves (untimed: a replay has no thinking time)."""
        game = cls(Rules(rules.power_stones, rules.palettes))
        for move in moves:
            game.play(move)
        return game

    @property
    def position(self) -> Position:
        """The current position."""
        return self.positions[-1]

    def play(self, move: Move) -> Position:
        """Play a move (BadInput if illegal). In timed mode, a player whose time has run out by now
        loses instead and the move is not made."""
        before = self.position
        player = before.to_move
        if self.time_left:
            now = self.clock()
            self.time_left[player - 1] -= now - self._turn_started
            self._turn_started = now
            if self.time_left[player - 1] <= 0 and not before.over:
                self.time_left[player - 1] = 0.0
                self.positions.append(lose_on_time(before, player))
                return self.position
        after = play(self.rules, before, move)
        self.positions.append(after)
        old, new = before.scores, after.scores
        change = (new[0] - old[0], new[1] - old[1])
        self.history.append(MoveRecord(len(self.history) + 1, player, move, new, change))
        return after
