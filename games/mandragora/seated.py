"""Mandragora Mania as a seated game (games/seated.py): seat 0 plays the "player" side (areas
1, 3, 5 and base 0), seat 1 the "opponent" side (areas 6, 7, 8 and base 9).

Create options: `"pattern"` (A..E, default A) and `"first"` ("player" or "opponent", default
"player"). An action is `{"move": 4}` (an area). Nothing is hidden: every seat sees the same.

>>> game = MandragoraSeated.create({"pattern": "A"}, [{"role": "player"}, {"role": "player"}])
>>> event = game.act(0, {"move": 5})
>>> event["sown"][:2], event["extra_turn"], game.to_move
([['M', 0], ['M', 6]], False, 1)
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.errors import BadInput, IllegalMove
from games.mandragora.board import PATTERNS, SIDE_NAMES, SOWING_TARGETS
from games.mandragora.match import Match, describe
from games.seated import OpenMoves, Seat
from games.seated_checks import check_turn, only_key, option, settle_seats, two_player_result, whole_number

MOVE_FIELDS = ("side", "area", "sown", "extra_turn", "gained", "scores", "over", "winner", "repetition")
"""What every seat sees of a move: nothing in Mandragora Mania is hidden, but it is listed."""
PIECE_NAMES = {"M": "Mandragora", "K": "Korrigan", "P": "Pachypodium", "C": "Citrullus", "A": "Adenium"}


class MandragoraSeated(OpenMoves):
    """A Mandragora Mania match on the server: the engine's `Match`, driven by seats."""

    move_fields = MOVE_FIELDS
    game = "mandragora"

    def __init__(self, pattern: str, first: str, seats: Sequence[Seat]) -> None:
        self.pattern, self.first, self.seats = pattern, first, list(seats)
        self.match = Match.start(pattern, SIDE_NAMES.index(first))

    @classmethod
    def create(cls, options: Mapping[str, Any],
               seats: Sequence[Seat | Mapping[str, Any]]) -> "MandragoraSeated":
        """A new match from the create body's `pattern` and `first`, with its two seats (none:
        `DEFAULT_SEATS`)."""
        settled = settle_seats("mandragora", seats, 2, 2)
        pattern = option(options, "pattern", str, "A")
        if pattern not in PATTERNS:
            raise BadInput(f"pattern: {pattern!r} is not one of {', '.join(sorted(PATTERNS))}")
        first = option(options, "first", str, SIDE_NAMES[0])
        if first not in SIDE_NAMES:
            raise BadInput(f"first: {first!r} is not one of {', '.join(SIDE_NAMES)}")
        return cls(pattern, first, settled)

    @property
    def options(self) -> dict[str, Any]:
        """The options that rebuild this match."""
        return {"pattern": self.pattern, "first": self.first}

    @property
    def over(self) -> bool:
        """No move for the side to move (M4) or a third repetition (M6)."""
        return self.match.over

    @property
    def to_move(self) -> int | None:
        """The seat of the side to move (the same seat again after an extra turn); None once over."""
        return None if self.over else self.match.position.to_move

    def act(self, seat: int | None, action: Mapping[str, Any]) -> dict[str, Any]:
        """Sow `{"move": area}`; the event lists each piece sown and where it lands, in order."""
        _, value = only_key(action, ("move",))
        check_turn(seat, self.to_move, self.over)
        area = whole_number(value, "move")
        before = self.match.position
        if area not in before.legal_moves():
            legal = ", ".join(map(str, before.legal_moves()))
            raise IllegalMove(f"move: {SIDE_NAMES[before.to_move]} cannot sow area {area} (legal: {legal})")
        stack = before.board[area]
        self.match.play(area)
        after = self.match.position
        gained = [now - then for now, then in zip(after.scores(), before.scores())]
        return {
            "type": "move", "side": SIDE_NAMES[before.to_move], "area": area,
            "sown": [[piece, target] for piece, target in zip(reversed(stack), SOWING_TARGETS[before.to_move, area])],
            "extra_turn": not self.over and after.to_move == before.to_move,
            "gained": dict(zip(SIDE_NAMES, gained)), "scores": describe(self.match)["scores"],
            "over": self.over, "winner": self.match.winner(), "repetition": self.match.repeated_out(),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """The position as `orapa mandragora play --json` prints it, the legal areas, the moves
        so far, the options and which side each seat plays."""
        return {
            "position": describe(self.match),
            "legal": list(self.match.legal_moves()),
            "moves": list(self.match.moves),
            "rules": self.options,
            "sides": {"0": SIDE_NAMES[0], "1": SIDE_NAMES[1]},
            "pieces": PIECE_NAMES,
        }

    def result(self) -> dict[str, Any]:
        """Outcome and winners (seat 0 = player, seat 1 = opponent), with the scores."""
        winner = self.match.winner()
        seat = None if winner in (None, "tie") else SIDE_NAMES.index(winner)
        scores = describe(self.match)["scores"]
        return two_player_result(seat, self.over) | {"scores": scores}
