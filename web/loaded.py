"""A game rebuilt from its event log: its seats and who sits there, the log up to `seq`, and
what each seat may see of it (STATE and EVENT of INTERFACE.md); also the create body's seats.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timezone
from typing import Any

from games.errors import BadInput
from games.seated import LEVELS, ROLES, SEAT_KINDS, Seat, SeatedGame, shown
from web import clocks
from web.clocks import utc
from web.registry import GameKind

SEAT_ROLES = ROLES
MAX_SEATS = 8
RESULT_FIELDS = ("outcome", "winners", "scores", "reason", "swaps_made", "optimum", "score",
                 "resigned")
"""What the end of a game tells everybody (every game's `result()` keys are among these)."""
SERVER_EVENTS: dict[str, tuple[str, ...]] = {
    "joined": ("name", "player"),       # who sat down (a public player id and name)
    "timeout": ("loses",),              # a clock ran out: the turn or the game
    "turn": ("to_move",),
    "over": RESULT_FIELDS,
    "chat": ("name", "text"),
    "rematch": ("game", "code", "name"),  # the join code: for seats only, see Loaded.event
}
"""The server's own events (not a game's moves) and what every seat sees of each."""


def parse_seats(value: Any) -> list[Seat]:
    """The create body's `seats`, checked field by field (an absent list: the game's default)."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_SEATS:
        raise BadInput(f"seats: expected a list of at most {MAX_SEATS} seats")
    seats = []
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise BadInput(f"seats[{i}]: expected an object with role and kind")
        role, kind = item.get("role"), item.get("kind", "human")
        level = item.get("level", "normal" if kind == "computer" else None)
        if role not in SEAT_ROLES:
            raise BadInput(f"seats[{i}].role: expected one of {', '.join(SEAT_ROLES)}")
        if kind not in SEAT_KINDS:
            raise BadInput(f"seats[{i}].kind: expected 'human' or 'computer'")
        if kind == "computer" and level not in LEVELS:
            raise BadInput(f"seats[{i}].level: expected one of {', '.join(LEVELS)}")
        seats.append(Seat(i, role, kind, level if kind == "computer" else None))
    return seats


def seat_json(seat: Seat) -> dict[str, Any]:
    return {"seat": seat.seat, "role": seat.role, "kind": seat.kind, "level": seat.level}


def iso(at: Any) -> str:
    """A stored time as ISO 8601 in UTC (the same text whichever engine returned it)."""
    return utc(at).astimezone(timezone.utc).isoformat(timespec="microseconds")


@dataclass
class Loaded:
    """One game rebuilt from its log up to `seq`."""

    id: int
    row: dict[str, Any]
    kind: GameKind
    game: SeatedGame
    seats: list[Seat]
    occupants: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat -> player, name
    seq: int = 0
    rows: list[dict[str, Any]] = field(default_factory=list)   # the log up to seq

    @property
    def status(self) -> str:
        if self.game.over:
            return "over"
        if len(self.occupants) < len(self.seats) or self.game.to_move is None:
            return "waiting"
        return "playing"

    def seat_of(self, pid: int | None) -> int | None:
        for seat, who in sorted(self.occupants.items()):
            if pid is not None and who["player"] == pid:
                return seat
        return None

    def apply(self, row: dict[str, Any]) -> None:
        """Replay one stored event."""
        if row["type"] == "joined":
            self.occupants[row["seat"]] = {"player": row["player"],
                                           "name": row["event"].get("name")}
        elif row["type"] == "timeout":          # the server's, not a player's: web.clocks
            clocks.time_out(self.game, row["seat"])
        elif row["action"] is not None:     # a game whose rules changed keeps old logs' sense
            self.game.replay(row["seat"], row["action"], row["event"])
        self.seq = row["seq"]
        self.rows.append(row)

    def waiting_for(self) -> list[int]:
        return list(self.game.waiting_for())

    def state(self, seat: int | None) -> dict[str, Any]:
        """STATE (INTERFACE.md) as `seat` may see it (None: a spectator); the game's own part
        comes from its one view function."""
        status = self.status
        seats = [{**seat_json(s), "name": self.occupants.get(s.seat, {}).get("name"),
                  "player": self.occupants.get(s.seat, {}).get("player")} for s in self.seats]
        view = self.game.view(seat)
        state = {"id": self.id, "game": self.row["game"], "mode": self.row.get("mode"),
                 "hints": self.row["hints"], "seats": seats, **view, "status": status,
                 "to_move": self.game.to_move if status == "playing" else None,
                 "seq": self.seq, "your_seat": seat, **self.game.result()}
        if seat is not None:
            state["code"] = self.row["code"]
        clock = (self.row.get("options") or {}).get("clock")
        if clock:
            explorers = [s.seat for s in self.seats if s.role != "director"]
            state["clock"] = clocks.view(clock, self.rows, explorers)
        if self.row.get("daily"):
            state["daily"] = self.row["daily"]
        return state

    def event(self, row: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """EVENT (INTERFACE.md) as `seat` may see it: the server's own events by the fields
        `SERVER_EVENTS` lists, a game's through its `event_view`."""
        full = {"seq": row["seq"], "at": iso(row["at"]), "seat": row["seat"], **row["event"]}
        kind = row["event"].get("type")
        if kind in SERVER_EVENTS:
            fields = SERVER_EVENTS[kind]
            if kind == "rematch" and seat is None:
                fields = ("game", "name")     # a rematch's join code is for the players
            return shown(full, fields)
        return self.game.event_view(full, seat)
