"""The game service's own failures, in its words and free of HTTP: what went wrong for the
player, not which status says so. web/errors.py is the one place that turns each into an HTTP
status and a stable machine-readable `code` (docs/interface.md lists the codes).

Each carries one line for a player, naming the field or thing concerned.
"""
from __future__ import annotations


class ServiceError(Exception):
    """Something the service refuses; `message` is one line for a player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NoSuchGame(ServiceError):
    """No game of that id (or one of a kind this server does not host)."""


class NoSuchPlayer(ServiceError):
    """No player of that id."""


class WrongCode(ServiceError):
    """The join code is not this game's."""


class SeatTaken(ServiceError):
    """Every seat a person may take at this game is taken."""


class NotSeated(ServiceError):
    """The caller has no seat at this game (or not the seat this needs)."""


class Busy(ServiceError):
    """Another write to the same game came first; asking again will do."""


class NotOffered(ServiceError):
    """This game does not offer that (hints off, advice for another game)."""


class NotNow(ServiceError):
    """Allowed, but not at this point of the game (not over yet, over already)."""
