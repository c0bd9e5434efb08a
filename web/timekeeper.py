"""The server's side of the game clocks (web.clocks works them out from the log): note when
each loaded game's running clock ends, write the `timeout` when it has, on a request (`act`,
`view`) or by the timer that looks every CLOCK_TICK seconds, so that time runs out even when
nobody acts. A mixin of `web.play.Games`, whose lock, load and append it uses."""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from web import clocks, store

if TYPE_CHECKING:
    from web.loaded import Loaded

log = logging.getLogger("orapa.web")
CLOCK_TICK = 1.0     # seconds between the timer's looks at the running clocks


class Timekeeping:
    """Deadlines and timeouts; `Games` provides lock, _load_or_forget, _append and _tasks."""

    deadlines: dict[int, Any]
    _tasks: set[asyncio.Task]

    def start_timer(self) -> None:
        """Start the timer (once the event loop runs)."""
        self._tasks.add(asyncio.get_running_loop().create_task(self._keep_time()))

    def _note_deadline(self, loaded: Loaded) -> None:
        clock = loaded.row.get("options", {}).get("clock")
        deadline = None
        if clock and loaded.status == "playing":
            explorers = [s.seat for s in loaded.seats if s.role != "director"]
            deadline = clocks.read(clock, loaded.rows, explorers).deadline()
        if deadline is None:
            self.deadlines.pop(loaded.id, None)
        else:
            self.deadlines[loaded.id] = deadline

    async def _time_out(self, loaded: Loaded) -> None:
        """Write the timeout of the seat to move when its time has run out (the caller holds
        the game's lock); a timeout at a table may be followed by the next one's."""
        for _ in range(len(loaded.seats) + 1):
            self._note_deadline(loaded)
            deadline = self.deadlines.get(loaded.id)
            if deadline is None or clocks.now() < deadline:
                return
            seat, previous = loaded.game.to_move, (loaded.status, loaded.game.to_move)
            if seat is None:      # nobody to move: no clock runs out
                return
            loses = clocks.time_out(loaded.game, seat)
            await self._append(loaded, [{"type": "timeout", "seat": seat, "player": None,
                                         "action": None,
                                         "event": {"type": "timeout", "loses": loses}}],
                               previous)

    async def watch_clock(self, gid: int) -> None:
        """After a start: note the deadline of an unfinished game with a clock (loading it),
        so that its time runs out even if nobody comes back to it."""
        row = await store.get_game(gid)
        if row is not None and (row.get("options") or {}).get("clock"):
            async with self.lock(gid):
                await self._load_or_forget(gid)

    async def enforce_clock(self, gid: int) -> None:
        """Write a due timeout of `gid`, if its clock has run out (cheap when none has)."""
        deadline = self.deadlines.get(gid)
        if deadline is None or clocks.now() < deadline:
            return
        async with self.lock(gid):
            try:
                await self._time_out(await self._load_or_forget(gid))
            except store.SeqTaken:
                pass               # another worker wrote first; the next look sees it

    async def check_clocks(self) -> None:
        """The timer's look: every game of this process whose running clock has run out."""
        when = clocks.now()
        for gid in [g for g, deadline in self.deadlines.items() if deadline <= when]:
            try:
                await self.enforce_clock(gid)
            except Exception:
                log.exception("could not enforce the clock of game %s", gid)

    async def _keep_time(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_TICK)
            await self.check_clocks()

