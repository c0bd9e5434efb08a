"""A game in progress: the history of positions, the repetition rule (M6), the end (M4), undo.

>>> match = Match.start("A", first=PLAYER)
>>> match.play(5); match.position.to_move
1
>>> match.undo(); match.position.to_move, len(match.moves)
(0, 0)
"""
from __future__ import annotations

from collections import Counter

from games.errors import BadInput
from games.mandragora.board import OPPONENT, PLAYER, SIDE_NAMES
from games.mandragora.position import Position

REPETITIONS_TO_END = 3


class Match:
    """Positions from the start to now; the game is over at M4 or a third repetition (M6)."""

    def __init__(self, start: Position) -> None:
        self.positions = [start]
        self.moves: list[int] = []
        self._seen = Counter([start.key()])

    @staticmethod
    def start(pattern: str, first: int) -> "Match":
        """A new match of pattern A..E with `first` to move."""
        return Match(Position.start(pattern, first))

    @property
    def position(self) -> Position:
        """The current position."""
        return self.positions[-1]

    def repeated_out(self) -> bool:
        """True when the current position has now occurred three times (M6)."""
        return self._seen[self.position.key()] >= REPETITIONS_TO_END

    @property
    def over(self) -> bool:
        """The side to move has no move (M4), or the position occurred a third time (M6)."""
        return not self.position.legal_moves() or self.repeated_out()

    def winner(self) -> str | None:
        """'player', 'opponent' or 'tie' once the game is over; None while it goes on."""
        if not self.over:
            return None
        player, opponent = self.position.scores()
        if player == opponent:
            return "tie"
        return SIDE_NAMES[PLAYER] if player > opponent else SIDE_NAMES[OPPONENT]

    def legal_moves(self) -> tuple[int, ...]:
        """Moves for the side to move; none once the game is over."""
        return () if self.over else self.position.legal_moves()

    def play(self, area: int) -> None:
        """Sow `area` for the side to move (BadInput when illegal or the game is over)."""
        if self.over:
            raise BadInput(f"move {area}: the game is already over")
        position = self.position.play(area)
        self.positions.append(position)
        self.moves.append(area)
        self._seen[position.key()] += 1

    def undo(self) -> None:
        """Take back the last move."""
        if not self.moves:
            raise BadInput("undo: no move to take back")
        self._seen[self.position.key()] -= 1
        self.positions.pop()
        self.moves.pop()
