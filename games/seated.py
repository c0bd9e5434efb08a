"""The one shape every game takes when people play it by seats (the game server hosts any game
of this shape and adds no rules of its own).

A seated game is rebuilt from its creation options and the list of actions taken, in order:
`create(options, seats)` then `act(seat, action)` for each. So a game is its log of moves, and
the server stores only that log. Actions and views are plain JSON (dicts), in the formats of
INTERFACE.md's Web API section.

What a seat may see is the game's to say, and it says it by listing: `view(seat)` builds the
seat's part of STATE field by field, and `event_view(event, seat)` keeps of each event only the
fields its type lists as visible to that seat (`shown`). Nothing reaches a seat because it was
merely left in.

Errors (all `BadInput`): `NotYourTurn` (someone else's turn, or the game is over: HTTP 409),
`Malformed` (an action of the wrong shape) and `IllegalMove` (one the rules forbid), HTTP 422.
The message names the field and what is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Literal, Mapping, Protocol, runtime_checkable

from games.errors import IllegalMove


class NotYourTurn(IllegalMove):
    """The action is well formed but not allowed now: another seat's turn, or the game is over."""


Role = Literal["explorer", "director", "player"]
SeatKind = Literal["human", "computer"]
Level = Literal["easy", "normal", "strong"]
ROLES: tuple[Role, ...] = ("explorer", "director", "player")
SEAT_KINDS: tuple[SeatKind, ...] = ("human", "computer")
LEVELS: tuple[Level, ...] = ("easy", "normal", "strong")

ENVELOPE = ("seq", "at", "seat", "type")
"""The fields of every event that any seat may see: its place in the log, its time, who acted
and what kind of event it is."""


def shown(event: Mapping[str, Any], fields: Iterable[str]) -> dict[str, Any]:
    """The envelope of `event` and the listed `fields` it has: what a seat sees of it."""
    return {key: event[key] for key in (*ENVELOPE, *fields) if key in event}


@dataclass(frozen=True)
class Seat:
    """One seat at a game: its number (from 0), its role and who sits there."""

    seat: int
    role: Role
    kind: SeatKind
    level: Level | None = None  # for computers only


@runtime_checkable
class SeatedGame(Protocol):
    """A game in progress, as the server sees it."""

    game: str  # "orapa", "ripple", "mandragora" or "uncovered"
    seats: list[Seat]

    @property
    def over(self) -> bool: ...

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is; None when the game is over (or nobody may act yet)."""

    def act(self, seat: int, action: dict[str, Any]) -> dict[str, Any]:
        """Apply one action of `seat`; return the event's JSON (its `type` and details, as every
        seat may see it). Raises NotYourTurn or BadInput and then changes nothing."""

    def replay(self, seat: int, action: dict[str, Any], recorded: dict[str, Any]) -> None:
        """Apply a stored action again (`recorded` is the event it gave when first played): a
        game whose rules changed since keeps the old log's meaning; others just `act`."""

    def waiting_for(self) -> list[int]:
        """Seats that must act before anyone has the turn (such as hiding a mine); usually []."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """The game-specific part of STATE as `seat` may see it (None: a spectator), built
        field by field."""

    def event_view(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """One of this game's events (with its envelope, `ENVELOPE`) as `seat` may see it: the
        fields its type lists, through `shown`; an unknown type shows only the envelope."""

    def result(self) -> dict[str, Any]:
        """`{"outcome": ..., "winners": [seat, ...]}` plus game extras (a score); outcome None
        while the game runs."""


class OpenMoves:
    """The protocol's plain parts for a game whose every event is public (Ripple, Mandragora
    Mania, Uncovered!): no seat acts out of turn, a stored move means what it meant, and every
    seat sees the fields `event_fields` lists for an event's type (nothing is hidden, but it is
    still listed). A game whose one event is a move lists its fields as `move_fields`."""

    move_fields: tuple[str, ...] = ()

    @property
    def event_fields(self) -> Mapping[str, tuple[str, ...]]:
        """The fields every seat sees, by event type: a move's `move_fields`, by default."""
        return {"move": self.move_fields}

    def replay(self: SeatedGame, seat: int, action: dict[str, Any], recorded: dict[str, Any]) -> None:
        """A stored move again: the rules have not changed, so as `act`."""
        self.act(seat, action)

    def waiting_for(self) -> list[int]:
        """Nobody: the player to move plays at once."""
        return []

    def event_view(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """An event as every seat sees it (`event_fields` of its type); any other type only its
        envelope."""
        kind = event.get("type")
        return shown(event, self.event_fields.get(kind, ()) if isinstance(kind, str) else ())
