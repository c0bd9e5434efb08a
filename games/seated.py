"""The one shape every game takes when people play it by seats (the game server hosts any game
of this shape and adds no rules of its own).

A seated game is rebuilt from its creation options and the list of actions taken, in order:
`create(options, seats)` then `act(seat, action)` for each. So a game is its log of moves, and
the server stores only that log. Actions and views are plain JSON (dicts), in the formats of
INTERFACE.md's Web API section.

Errors: `NotYourTurn` (someone else's turn, or the game is over: HTTP 409), `BadInput` (a
malformed or illegal action: HTTP 422). The message names the field and what is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from games.errors import BadInput


class NotYourTurn(BadInput):
    """The action is well formed but not allowed now: another seat's turn, or the game is over."""


@dataclass(frozen=True)
class Seat:
    """One seat at a game: its number (from 0), its role and who sits there."""

    seat: int
    role: str            # "explorer", "director" or "player"
    kind: str            # "human" or "computer"
    level: str | None = None  # for computers: "easy", "normal" or "strong"


class SeatedGame(Protocol):
    """A game in progress, as the server sees it."""

    game: str  # "orapa", "ripple", "mandragora" or "uncovered"

    @property
    def over(self) -> bool: ...

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is; None when the game is over (or nobody may act yet)."""

    def act(self, seat: int, action: dict[str, Any]) -> dict[str, Any]:
        """Apply one action of `seat`; return the event's JSON (its `type` and details, as every
        seat may see it). Raises NotYourTurn or BadInput and then changes nothing."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """The game-specific part of STATE as `seat` may see it (None: a spectator)."""

    def result(self) -> dict[str, Any]:
        """`{"outcome": ..., "winners": [seat, ...]}` plus game extras (a score); outcome None
        while the game runs."""
