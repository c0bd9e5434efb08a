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
import contextlib
import logging
from typing import Any, Iterator

from web import metrics
from web.store import NOTIFY_CHANNEL

log = logging.getLogger("orapa.web")


class Hub:
    """Per-game wake-up calls within one process."""

    DOUBT = 2 ** 62    # `latest` of a game whose notifications may have been lost

    def __init__(self) -> None:
        self._waiters: dict[int, asyncio.Event] = {}
        self._latest: dict[int, int] = {}
        self._doubt = False

    def latest(self, gid: int) -> int:
        """The newest seq of `gid` this process has heard of (0: none; after notifications
        were lost, larger than any seq, so that nobody trusts a cached game over the log until
        the game's next notification says where it is)."""
        return self._latest.get(gid, self.DOUBT if self._doubt else 0)

    def wake_all(self) -> None:
        """Notifications may have been lost: wake every socket to read the log, and trust no
        cached game until it is notified again."""
        self._doubt = True
        self._latest = {gid: self.DOUBT for gid in self._latest}
        waiters, self._waiters = self._waiters, {}
        for waiter in waiters.values():
            waiter.set()

    def waiter(self, gid: int) -> asyncio.Event:
        """The event that the next notification of `gid` sets."""
        waiter = self._waiters.get(gid)
        if waiter is None:
            waiter = self._waiters[gid] = asyncio.Event()
        return waiter

    def notify(self, gid: int, seq: int) -> None:
        """`gid` has events up to `seq`: wake its sockets."""
        known = self._latest.get(gid, 0)
        if seq > known or known == self.DOUBT:
            self._latest[gid] = seq
        waiter = self._waiters.pop(gid, None)
        if waiter is not None:
            waiter.set()


class PgListener:
    """A dedicated PostgreSQL connection that LISTENs for appended events, and keeps doing so:
    when the connection is lost (PostgreSQL restarted, a network cut) it reconnects with
    backoff, then wakes every socket of this process so that each reads what it missed from
    the log (notifications sent while nobody listened are gone; the log is not)."""

    CHECK_SECONDS = 1.0          # how often a quiet connection is checked
    BACKOFF = (0.05, 0.5)        # first and longest wait between reconnection attempts

    def __init__(self, dsn: str, hub: Hub) -> None:
        self.dsn, self.hub = dsn, hub
        self.connection: Any = None
        self.reconnections = 0
        self._task: asyncio.Task | None = None

    async def start(self) -> None:
        """Connect (a failure here fails the start) and keep the connection in the background."""
        await self._connect()
        self._task = asyncio.get_running_loop().create_task(self._keep())

    async def _connect(self) -> None:
        import asyncpg

        connection = await asyncpg.connect(self.dsn, timeout=5)
        await connection.add_listener(NOTIFY_CHANNEL, self._received)
        self.connection = connection

    async def _alive(self) -> bool:
        connection = self.connection
        if connection is None or connection.is_closed():
            return False
        try:
            await asyncio.wait_for(connection.fetchval("SELECT 1"), self.CHECK_SECONDS * 2)
            return True
        except Exception:
            return False

    async def _keep(self) -> None:
        delay = self.BACKOFF[0]
        while True:
            if await self._alive():
                delay = self.BACKOFF[0]
                await asyncio.sleep(self.CHECK_SECONDS)
                continue
            await self._drop()
            try:
                await self._connect()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("live updates: cannot LISTEN on the database (%s); retrying in "
                            "%.2f s", type(exc).__name__, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.BACKOFF[1])
                continue
            self.reconnections += 1
            log.info("live updates: LISTEN again after a lost connection; sockets catch up")
            self.hub.wake_all()

    def _received(self, connection: Any, pid: int, channel: str, payload: str) -> None:
        try:
            gid, seq = payload.split(":", 1)
            self.hub.notify(int(gid), int(seq))
        except ValueError:
            log.warning("ignored a malformed notification %r", payload)

    async def _drop(self) -> None:
        connection, self.connection = self.connection, None
        if connection is not None and not connection.is_closed():
            try:
                await asyncio.wait_for(connection.close(), 2)
            except Exception:
                connection.terminate()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
            self._task = None
        await self._drop()


@contextlib.contextmanager
def socket_open() -> Iterator[None]:
    """Count a live socket while it is open (the metrics' `orapa_sockets_open`)."""
    metrics.SOCKETS.inc()
    try:
        yield
    finally:
        metrics.SOCKETS.dec()
