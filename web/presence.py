"""Who is here: the live sockets open on each game in this process, by seat, and the
spectators among them (by name when signed in). With several workers each one knows only its
own sockets: the answer is what this worker sees (a socket stays on the worker it opened on)."""
from __future__ import annotations

from collections import Counter
from typing import Any


class Presence:
    """Open sockets per game: (seat or None, player id or None, name) counted."""

    def __init__(self) -> None:
        self._open: dict[int, Counter] = {}

    def enter(self, gid: int, seat: int | None, player: dict[str, Any] | None) -> tuple:
        """A socket opened; returns its key for `leave`."""
        key = (seat, player and player["id"], player and player["name"])
        self._open.setdefault(gid, Counter())[key] += 1
        return key

    def leave(self, gid: int, key: tuple) -> None:
        here = self._open.get(gid)
        if here is None:
            return
        here[key] -= 1
        if here[key] <= 0:
            del here[key]
        if not here:
            del self._open[gid]

    def of(self, gid: int) -> dict[str, Any]:
        """`{"online": [seat, ...], "spectators": [name, ...], "anonymous": n}`."""
        here = self._open.get(gid, Counter())
        seats = sorted({seat for seat, _, _ in here if seat is not None})
        names = sorted({name for seat, pid, name in here if seat is None and pid is not None})
        anonymous = sum(n for (seat, pid, _), n in here.items() if seat is None and pid is None)
        return {"online": seats, "spectators": names, "anonymous": anonymous}
