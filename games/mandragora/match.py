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
            raise BadInput("the game is already over")
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


def replay(pattern: str, first: str, moves: list[int]) -> Match:
    """The match after `moves` from pattern A..E with `first` ('player'/'opponent') to move.

    An illegal move is bad input naming its place in the list.
    """
    if first not in SIDE_NAMES:
        raise BadInput(f"--first: expected player or opponent, got {first!r}")
    match = Match.start(pattern, SIDE_NAMES.index(first))
    for number, area in enumerate(moves, start=1):
        try:
            match.play(area)
        except BadInput as exc:
            raise BadInput(f"--moves: move {number} (area {area}): {exc}") from None
    return match


def describe(match: Match) -> dict[str, object]:
    """The position as the machine interface prints it (INTERFACE.md, mandragora play)."""
    position = match.position
    player, opponent = position.scores()
    return {
        "areas": {str(area): stack for area, stack in enumerate(position.board)},
        "scores": {"player": player, "opponent": opponent},
        "to_move": SIDE_NAMES[position.to_move],
        "over": match.over,
        "winner": match.winner(),
    }


def render(match: Match) -> str:
    """A text picture of the board in the seed's layout (pieces bottom to top), with scores."""
    board = match.position.board
    cell = lambda area: f"[{area}:{board[area] or '-'}]"  # noqa: E731
    player, opponent = match.position.scores()
    lines = [
        f"{cell(9)}  {cell(8)}  {cell(7)}  {cell(6)}",
        f"          {cell(2)}  {cell(4)}",
        f"      {cell(1)}  {cell(3)}  {cell(5)}  {cell(0)}",
        f"score: player {player}, opponent {opponent}",
    ]
    if match.over:
        lines.append(f"game over: {match.winner()}")
    else:
        lines.append(f"{SIDE_NAMES[match.position.to_move]} to move: "
                     f"{', '.join(map(str, match.legal_moves()))}")
    return "\n".join(lines)
