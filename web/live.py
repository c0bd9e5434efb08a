"""Live updates: wake the sockets of a game when it has new events.

`Hub` is per process: a socket takes the game's current waiter *before* reading the log, so a
notification that arrives while it reads is never missed; `notify` sets that waiter and starts a
fresh one. With PostgreSQL, `PgListener` LISTENs on the channel every append NOTIFYs (in the
same transaction, so it is delivered on commit), so events written by any worker reach the
sockets of every worker. Sockets always read the events themselves from the database, by seq:
no gaps, whatever the notifications do.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any

from web.store import NOTIFY_CHANNEL

log = logging.getLogger("orapa.web")


class Hub:
    """Per-game wake-up calls within one process."""

    def __init__(self) -> None:
        self._waiters: dict[int, asyncio.Event] = {}
        self._latest: dict[int, int] = {}

    def latest(self, gid: int) -> int:
        """The newest seq of `gid` this process has heard of (0: none)."""
        return self._latest.get(gid, 0)

    def waiter(self, gid: int) -> asyncio.Event:
        """The event that the next notification of `gid` sets."""
        waiter = self._waiters.get(gid)
        if waiter is None:
            waiter = self._waiters[gid] = asyncio.Event()
        return waiter

    def notify(self, gid: int, seq: int) -> None:
        """`gid` has events up to `seq`: wake its sockets."""
        if seq > self._latest.get(gid, 0):
            self._latest[gid] = seq
        waiter = self._waiters.pop(gid, None)
        if waiter is not None:
            waiter.set()


class PgListener:
    """A dedicated PostgreSQL connection that LISTENs for appended events."""

    def __init__(self, dsn: str, hub: Hub) -> None:
        self.dsn, self.hub = dsn, hub
        self.connection: Any = None

    async def start(self) -> None:
        import asyncpg

        self.connection = await asyncpg.connect(self.dsn)
        await self.connection.add_listener(NOTIFY_CHANNEL, self._received)

    def _received(self, connection: Any, pid: int, channel: str, payload: str) -> None:
        try:
            gid, seq = payload.split(":", 1)
            self.hub.notify(int(gid), int(seq))
        except ValueError:
            log.warning("ignored a malformed notification %r", payload)

    async def stop(self) -> None:
        if self.connection is not None:
            await self.connection.close()
            self.connection = None
