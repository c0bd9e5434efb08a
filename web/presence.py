"""Who is here: the live sockets open on each game in this process, by player (a player who
takes a seat after opening the page counts at that seat from then on), and the spectators
among them (by name when signed in). With several workers each one knows only its own sockets:
the answer is what this worker sees (a socket stays on the worker it opened on)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from web.responses import Player

Key = tuple[Any, Any]    # (player id or None, name or None)


class Presence:
    """Open sockets per game, counted by (player id, name); (None, None) is anonymous."""

    def __init__(self) -> None:
        self._open: dict[int, Counter] = {}

    def enter(self, gid: int, player: Player | None) -> Key:
        """A socket opened; returns its key for `leave`."""
        key = (player.id, player.name) if player else (None, None)
        self._open.setdefault(gid, Counter())[key] += 1
        return key

    def leave(self, gid: int, key: Key) -> None:
        here = self._open.get(gid)
        if here is None:
            return
        here[key] -= 1
        if here[key] <= 0:
            del here[key]
        if not here:
            del self._open[gid]

    def of(self, gid: int, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """`{"online": [seat, ...], "spectators": [name, ...], "anonymous": n}`, `seats` being
        STATE's seats (who sits where now)."""
        here = self._open.get(gid, Counter())
        seat_of = {s["player"]: s["seat"] for s in seats if s.get("player") is not None}
        online = sorted({seat_of[pid] for pid, _ in here if pid in seat_of})
        names = sorted({name for pid, name in here if pid is not None and pid not in seat_of})
        return {"online": online, "spectators": names, "anonymous": here.get((None, None), 0)}
