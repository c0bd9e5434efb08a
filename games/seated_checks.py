"""Checks every seated game shares (games/seated.py): seats, one-key actions, turns, outcomes.

These read the JSON the server passes on (create options, seat lists, action bodies) and turn
anything malformed into one-line `BadInput` (HTTP 422) or `NotYourTurn` (HTTP 409) messages that
name the field. They hold no rules of any game.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from games.errors import BadInput, Malformed
from games.seated import NotYourTurn, Seat

WIN, TIE, ALL_LOSE = "win", "tie", "all lose"


def seat_role(seat: Seat | Mapping[str, Any]) -> Any:   # a Role once check_seats passed
    """The role of a seat given as a `Seat` or as its JSON."""
    return seat.get("role", "") if isinstance(seat, Mapping) else seat.role


DEFAULT_SEATS = (Seat(0, "player", "human"), Seat(1, "player", "computer", "normal"))
"""The seats of a game created without a seat list: the creator against a normal computer."""


def settle_seats(game: str, seats: Iterable[Seat | Mapping[str, Any]], low: int, high: int) -> list[Seat]:
    """The seats a game is played with: `DEFAULT_SEATS` for an empty list, else the given ones
    (checked by `check_seats`; JSON seats become `Seat`s)."""
    seats = list(seats)
    if not seats:
        seats = list(DEFAULT_SEATS)
    check_seats(game, seats, low, high)
    return [seat if isinstance(seat, Seat) else
            Seat(number, seat_role(seat), seat.get("kind", "human"), seat.get("level"))
            for number, seat in enumerate(seats)]


def check_seats(game: str, seats: Iterable[Seat | Mapping[str, Any]], low: int, high: int,
                role: str = "player") -> int:
    """The number of seats, after checking there are `low` to `high` of them, all of `role`."""
    seats = list(seats)
    if not low <= len(seats) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise BadInput(f"seats: {game} is played by {wanted} seats, not {len(seats)}")
    for number, seat in enumerate(seats):
        if seat_role(seat) != role:
            raise BadInput(f"seats[{number}].role: {game} seats are {role!r}, not {seat_role(seat)!r}")
    return len(seats)


def only_key(action: Any, allowed: tuple[str, ...]) -> tuple[str, Any]:
    """(key, value) of an action that must be a JSON object with exactly one of `allowed`."""
    names = " or ".join(repr(name) for name in allowed)
    if not isinstance(action, Mapping):
        raise Malformed(f"action: expected a JSON object with {names}")
    keys = list(action)
    if len(keys) != 1 or keys[0] not in allowed:
        found = ", ".join(map(repr, keys)) or "nothing"
        raise Malformed(f"action: expected exactly one of {names}, got {found}")
    return keys[0], action[keys[0]]


def whole_number(value: Any, where: str) -> int:
    """An int from JSON (booleans are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Malformed(f"{where}: expected a whole number, got {value!r}")
    return value


def check_turn(seat: int | None, to_move: int | None, over: bool) -> None:
    """NotYourTurn unless `seat` may act now (the game runs and it is its turn)."""
    if over:
        raise NotYourTurn("action: the game is over")
    if seat is None or seat != to_move:
        who = "a spectator" if seat is None else f"seat {seat}"
        raise NotYourTurn(f"action: it is seat {to_move}'s turn, not {who}'s")


def option(options: Mapping[str, Any], name: str, kinds: type | tuple[type, ...], default: Any) -> Any:
    """Option `name` of a create body, or `default` when missing or null; BadInput for a wrong type."""
    value = options.get(name)
    if value is None:
        return default
    if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
        raise Malformed(f"{name}: expected {_kind_names(kinds)}, got {value!r}")
    if not isinstance(value, kinds):
        raise Malformed(f"{name}: expected {_kind_names(kinds)}, got {value!r}")
    return value


def _kind_names(kinds: type | tuple[type, ...]) -> str:
    names = {bool: "true or false", int: "a whole number", str: "a string", list: "a list"}
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    return " or ".join(names.get(kind, kind.__name__) for kind in kinds)


def two_player_result(winner: int | None, over: bool) -> dict[str, Any]:
    """`result()` of a two-seat game: winner is the seat that won, or None for a tie."""
    if not over:
        return {"outcome": None, "winners": []}
    if winner is None:
        return {"outcome": TIE, "winners": [0, 1]}
    return {"outcome": WIN, "winners": [winner]}
