"""Which games the server hosts: a game name -> how to build one and how a computer plays it.

Adding a game is one line in GAMES. `create(options, seats)` builds a SeatedGame
(games/seated.py) from the create body's game options (plus a `seed` the server draws) and the
seats (an empty list: the game's default seats); a game may expose `seats` (the seats it settled
on), `waiting_for()` (seats that must act before anyone has the turn, such as hiding a mine) and
`event_view(event, seat)` (an event as a seat may see it). `computer(game, seat, level)` returns
the action of a computer seat.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from games.mandragora.seated import MandragoraSeated
from games.orapa.seated import OrapaSeated
from games.ripple.seated import RippleSeated
from games.seated import Seat, SeatedGame
from generator.computer import choose_action as orapa_computer
from solver.mandragora.computer import choose_action as mandragora_computer
from solver.ripple.computer import choose_action as ripple_computer
from solver.uncovered.computer import choose_action as uncovered_computer
from solver.uncovered.score import seated_game as uncovered_game


@dataclass(frozen=True)
class GameKind:
    """How the server builds one game and plays its computer seats."""

    create: Callable[[dict[str, Any], list[Seat]], SeatedGame]
    computer: Callable[[SeatedGame, int, str], dict[str, Any]]


GAMES: dict[str, GameKind] = {
    "orapa": GameKind(OrapaSeated, orapa_computer),
    "ripple": GameKind(RippleSeated.create, ripple_computer),
    "mandragora": GameKind(MandragoraSeated.create, mandragora_computer),
    "uncovered": GameKind(uncovered_game, uncovered_computer),
}
