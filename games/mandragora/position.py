"""A Mandragora Mania position: the board, the side to move and who moved first.

Scores are not stored separately: each base holds the pieces its owner scored, and a piece's
value depends only on whether its scorer moved first (M3), so the board gives both scores.

>>> start = Position.start("A", first=PLAYER)
>>> start.legal_moves()
(1, 2, 3, 4, 5)
>>> after = start.play(5)
>>> after.scores(), after.to_move, after.board[0]
((1, 0), 1, 'M')
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from games.errors import BadInput
from games.mandragora.board import (
    BASES, OPPONENT, PATTERNS, PIECE_KINDS, PLAYER, PLAYING_AREAS, SELECTABLE,
    SIDE_NAMES, mirror_board, piece_values, sow,
)


@dataclass(frozen=True)
class Position:
    """An immutable game position; `play` returns the next one."""

    board: tuple[str, ...]
    to_move: int
    first: int

    @staticmethod
    def start(pattern: str, first: int) -> "Position":
        """The opening position of pattern A..E with `first` (PLAYER or OPPONENT) to move."""
        if pattern not in PATTERNS:
            raise BadInput(f"--pattern: unknown pattern {pattern!r} (expected one of "
                           f"{', '.join(PATTERNS)})")
        return Position(PATTERNS[pattern], first, first)

    @staticmethod
    def from_areas(areas: dict[int, str], to_move: int, first: int) -> "Position":
        """A position from area contents (bottom to top); missing areas are empty."""
        board = tuple(areas.get(area, "") for area in range(10))
        for area, stack in enumerate(board):
            if set(stack) - set(PIECE_KINDS):
                raise BadInput(f"area {area}: pieces must be letters of {PIECE_KINDS}, "
                               f"got {stack!r}")
        return Position(board, to_move, first)

    def legal_moves(self) -> tuple[int, ...]:
        """Non-empty areas the side to move may sow from, in increasing order."""
        board = self.board
        return tuple(area for area in SELECTABLE[self.to_move] if board[area])

    def play(self, area: int) -> "Position":
        """Sow `area` for the side to move; the same side moves again after an extra turn."""
        if area not in self.legal_moves():
            raise BadInput(f"{SIDE_NAMES[self.to_move]} cannot sow area {area} "
                           f"(legal: {', '.join(map(str, self.legal_moves())) or 'none'})")
        board, again = sow(self.board, self.to_move, area)
        return Position(board, self.to_move if again else 1 - self.to_move, self.first)

    def score(self, side: int) -> int:
        """Points `side` has scored so far (the pieces in its base)."""
        values = piece_values(side == self.first)
        return sum(values[piece] for piece in self.board[BASES[side]])

    def scores(self) -> tuple[int, int]:
        """(player's points, opponent's points)."""
        return self.score(PLAYER), self.score(OPPONENT)

    def pieces_in_play(self) -> int:
        """Pieces still on the eight playing areas."""
        return sum(len(self.board[area]) for area in PLAYING_AREAS)

    def key(self) -> tuple[tuple[str, ...], int]:
        """Compact hashable key of what decides the future: playing areas and side to move.

        Two positions with equal keys are the same position for the repetition rule (M6).
        """
        return self.board[1:9], self.to_move

    def mirrored(self) -> "Position":
        """The same position with the roles of the two sides swapped (MIRROR on the board).

        Mirroring keeps the game's value for the side to move.
        """
        return Position(mirror_board(self.board), 1 - self.to_move, 1 - self.first)


def random_position(rng: random.Random, pieces: int) -> Position:
    """A random position with `pieces` pieces drawn from a random pattern's 24, stacked at random
    on the playing areas, with a random side to move and a random first mover."""
    pool = [piece for stack in PATTERNS[rng.choice(sorted(PATTERNS))] for piece in stack]
    areas: dict[int, str] = {}
    for piece in rng.sample(pool, pieces):
        area = rng.choice(PLAYING_AREAS)
        areas[area] = areas.get(area, "") + piece
    sides = (PLAYER, OPPONENT)
    return Position.from_areas(areas, rng.choice(sides), rng.choice(sides))
