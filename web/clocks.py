"""Game clocks: the create option `clock` of Orapa duels and tables, kept by the server.

`{"initial": s, "increment": s}` gives each player a bank of `initial` seconds that runs while
it is their turn and grows by `increment` after each of their questions or guesses;
`{"per_move": s}` gives `s` seconds for each turn. Nothing about time is stored apart from the
log: the clocks are worked out from the times of the events (a `turn` event starts a player's
turn, their question or guess ends it), so every worker agrees and a restart loses nothing.
A player out of time loses the game in a duel (as if they resigned) and their turn at a table;
the server writes that as a `timeout` event, checked on each request and by a timer.

Time comes from `web.store.now`, the same function that stamps the events: tests replace it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from games.errors import BadInput
from web import store

CLOCK_MODES = ("duel", "table")
TURN_ENDERS = ("shot", "cell", "guess", "resign")   # a player's own event that ends their turn
LIMITS = {"initial": (10, 36000), "increment": (0, 600), "per_move": (5, 3600)}
TABLE_INCREMENT = 5    # a table's bank clock needs an increment: after a timeout it is all there is
SHAPE = 'clock: expected {"initial": seconds, "increment": seconds} or {"per_move": seconds}'


def now() -> datetime:
    """The server's time (the clock of the event log)."""
    return store.now()


def utc(at: Any) -> datetime:
    """A stored time as an aware datetime (whichever engine returned it, and however)."""
    if isinstance(at, str):
        at = datetime.fromisoformat(at)
    if at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    return at


def parse_clock(value: Any, game: str, mode: Any) -> dict[str, int] | None:
    """The create body's `clock`, checked (None: no clock)."""
    if value is None:
        return None
    if game != "orapa" or mode not in CLOCK_MODES:
        raise BadInput("clock: only Orapa duels and tables can be played with a clock")
    if not isinstance(value, dict) or not value or not (
            set(value) == {"per_move"} or set(value) <= {"initial", "increment"} and "initial"
            in value):
        raise BadInput(SHAPE)
    clock = {"increment": 0, **value} if "initial" in value else dict(value)
    for key, number in clock.items():
        low, high = LIMITS[key]
        if type(number) is not int or not low <= number <= high:
            raise BadInput(f"clock.{key}: expected a whole number of seconds from {low} to {high}")
    if mode == "table" and "initial" in clock and clock["increment"] < TABLE_INCREMENT:
        raise BadInput(f"clock.increment: at a table, at least {TABLE_INCREMENT} seconds (a "
                       f"player who ran out of time has only the increment for later turns)")
    return clock


@dataclass
class Clocks:
    """Every seat's time left as of `since` (the start of the running turn), and who runs."""

    clock: dict[str, int]
    left: dict[int, float] = field(default_factory=dict)
    running: int | None = None
    since: datetime | None = None

    def _full(self) -> float:
        return float(self.clock.get("per_move", self.clock.get("initial", 0)))

    def _end_turn(self, seat: int, at: datetime, timed_out: bool = False) -> None:
        """`seat`'s turn ended at `at`: charge it, then the increment (or a fresh allowance)."""
        if "per_move" in self.clock:
            self.left[seat] = self._full()
        elif timed_out:
            self.left[seat] = float(self.clock["increment"])
        else:
            used = (at - self.since).total_seconds() if self.since else 0.0
            self.left[seat] = self.left.get(seat, self._full()) - used + self.clock["increment"]
        self.since = at          # the same seat may move again (the last explorer of a table)

    def take(self, row: dict[str, Any]) -> None:
        """Follow one event of the log."""
        kind, seat, at = row["type"], row["seat"], utc(row["at"])
        if kind == "turn":
            self.running, self.since = row["event"]["to_move"], at
            if "per_move" in self.clock:
                self.left[self.running] = self._full()
        elif kind == "over":
            if self.running is not None and self.since is not None:
                self.left[self.running] = self.left_at(at)[self.running]
            self.running = None
        elif seat is not None and seat == self.running and kind in TURN_ENDERS:
            self._end_turn(seat, at)
        elif kind == "timeout":
            self._end_turn(seat, at, timed_out=True)
            if row["event"].get("loses") == "game":
                self.left[seat] = 0.0

    def left_at(self, when: datetime) -> dict[int, float]:
        """Each seat's seconds left at `when` (the running one counting down, never below 0)."""
        left = dict(self.left)
        if self.running is not None and self.since is not None:
            running = left.get(self.running, self._full())
            left[self.running] = max(0.0, running - (when - self.since).total_seconds())
        return left

    def deadline(self) -> datetime | None:
        """When the running seat runs out of time (None: nobody's clock runs)."""
        if self.running is None or self.since is None:
            return None
        return self.since + timedelta(seconds=self.left.get(self.running, self._full()))


def read(clock: dict[str, int], rows: list[dict[str, Any]], seats: list[int]) -> Clocks:
    """The clocks of a game from its log."""
    clocks = Clocks(clock, {s: float(clock.get("per_move", clock.get("initial", 0)))
                            for s in seats})
    for row in rows:
        clocks.take(row)
    return clocks


def view(clock: dict[str, int], rows: list[dict[str, Any]], seats: list[int]) -> dict[str, Any]:
    """STATE's `clock`: the option, each seat's seconds left now, whose clock runs, and the
    server's time (the page counts down from these figures, never from its own clock)."""
    clocks, when = read(clock, rows, seats), now()
    return {**clock, "left": {str(s): round(v, 1) for s, v in clocks.left_at(when).items()},
            "running": clocks.running, "at": when.astimezone(timezone.utc).isoformat()}


def time_out(game: Any, seat: int) -> str:
    """Apply a timeout of `seat` to an Orapa game: the duel is lost (as a resignation), or at a
    table the turn passes to the next explorer still in. Returns what was lost."""
    if game.mode == "duel":
        game.act(seat, {"resign": True})
        return "game"
    game.session._end_turn()    # the session's own turn order (skips explorers who are out)
    return "turn"
