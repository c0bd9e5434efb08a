"""Which games the server hosts: a game name -> how to build one and how a computer plays it.

Adding a game is one line in GAMES. `create(options, seats)` builds a SeatedGame
(games/seated.py, every member required: its seats, `waiting_for()`, `replay`, and the views of
state and of events) from the create body's game options (plus a `seed` the server draws) and
the seats (an empty list: the game's default seats). `computer(game, seat, level)` returns
the action of a computer seat. Orapa resigns in its own rules (games/orapa/seated.py); the other
games get resigning here (`Resignable`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from games.errors import BadInput
from games.mandragora.seated import MandragoraSeated
from games.orapa.seated import OrapaSeated
from games.ripple.seated import RippleSeated
from games.seated import NotYourTurn, Seat, SeatedGame, shown
from generator.computer import choose_action as orapa_computer
from solver.mandragora.computer import choose_action as mandragora_computer
from solver.ripple.computer import choose_action as ripple_computer
from solver.uncovered.computer import choose_action as uncovered_computer
from solver.uncovered.score import seated_game as uncovered_game


class Resignable:
    """A game of another kind (Ripple, Mandragora, Uncovered!) with resigning added at the
    server: `{"resign": true}` by any seat at any time ends the game. A two-player game goes to
    the other seat; Uncovered!, where the table wins or loses together, is lost by all. Every
    other attribute is the game's own."""

    def __init__(self, inner: Any, cooperative: bool = False) -> None:
        self.inner = inner
        self.cooperative = cooperative
        self.resigned: int | None = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or "inner" not in self.__dict__:
            raise AttributeError(name)      # (copy and pickle look for dunders first)
        return getattr(self.inner, name)

    @property
    def over(self) -> bool:
        return self.resigned is not None or bool(self.inner.over)

    @property
    def to_move(self) -> int | None:
        return None if self.resigned is not None else self.inner.to_move

    def act(self, seat: int, action: dict[str, Any]) -> dict[str, Any]:
        if isinstance(action, dict) and "resign" in action:
            if action != {"resign": True}:
                raise BadInput("resign: expected {\"resign\": true} alone")
            if self.over:
                raise NotYourTurn("game: the game is over")
            self.resigned = seat
            return {"type": "resign"}
        return self.inner.act(seat, action)

    @property
    def seats(self) -> list[Seat]:
        return list(self.inner.seats)

    def replay(self, seat: int, action: dict[str, Any], recorded: dict[str, Any]) -> None:
        if isinstance(action, dict) and "resign" in action:
            self.act(seat, action)
        else:
            self.inner.replay(seat, action, recorded)

    def waiting_for(self) -> list[int]:
        return [] if self.resigned is not None else list(self.inner.waiting_for())

    def event_view(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """A resignation shows only that it happened (and who); other events are the game's."""
        if event.get("type") == "resign":
            return shown(event, ())
        return dict(self.inner.event_view(event, seat))

    def result(self) -> dict[str, Any]:
        if self.resigned is None:
            return self.inner.result()
        if self.cooperative:
            return {"outcome": "all lose", "winners": [], "resigned": self.resigned}
        others = [s.seat for s in self.inner.seats if s.seat != self.resigned]
        return {"outcome": "win", "winners": others, "resigned": self.resigned}

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**self.inner.view(seat), "resigned": self.resigned}


def resignable(create: Callable[..., Any], cooperative: bool = False) -> Callable[..., Any]:
    """`create`, its games made resignable."""
    return lambda options, seats: Resignable(create(options, seats), cooperative)


def inner_computer(computer: Callable[..., Any]) -> Callable[..., Any]:
    """A computer player of a game kind, handed the game itself (not the resigning wrapper)."""
    return lambda game, seat, level: computer(getattr(game, "inner", game), seat, level)


@dataclass(frozen=True)
class GameKind:
    """How the server builds one game and plays its computer seats."""

    create: Callable[[dict[str, Any], list[Seat]], SeatedGame]
    computer: Callable[..., dict[str, Any]]   # (the game, its seat, the level, ...)


GAMES: dict[str, GameKind] = {
    "orapa": GameKind(OrapaSeated, orapa_computer),
    "ripple": GameKind(resignable(RippleSeated.create), inner_computer(ripple_computer)),
    "mandragora": GameKind(resignable(MandragoraSeated.create),
                           inner_computer(mandragora_computer)),
    "uncovered": GameKind(resignable(uncovered_game, cooperative=True),
                          inner_computer(uncovered_computer)),
}
