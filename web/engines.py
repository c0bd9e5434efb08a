"""Database engines from URLs: SQLite as the server uses it, or PostgreSQL.

`sqlite:///PATH` (the default `sqlite:///./orapa.db`, created on first start) or
`postgresql://USER:PASSWORD@HOST:PORT/DB`. Piccolo's configuration module (`web.piccolo_conf`)
and `web.database` (migrations) both build their engines here.
"""
from __future__ import annotations

import asyncio
import contextlib
import weakref
from dataclasses import dataclass, field
from typing import Any, AsyncIterator
from urllib.parse import urlparse

from piccolo.engine.base import Engine
from piccolo.engine.postgres import PostgresEngine
from piccolo.engine.sqlite import SQLiteEngine
from piccolo.querystring import QueryString

from games.errors import BadInput
from web.logs import mask
from web.storage_errors import is_storage_failure

DEFAULT_URL = "sqlite:///./orapa.db"
SQLITE_TIMEOUT = 10.0  # seconds a writer waits for the file lock (then 503, try again)


def engine_kind(url: str) -> str:
    """`sqlite` or `postgresql` for a database URL; BadInput for anything else."""
    scheme = urlparse(url).scheme
    if scheme == "sqlite":
        return "sqlite"
    if scheme in ("postgresql", "postgres"):
        return "postgresql"
    raise BadInput(f"--database: expected sqlite:///PATH or postgresql://..., got "
                   f"{mask(url)!r}")


def sqlite_path(url: str) -> str:
    """The file of a `sqlite:///PATH` URL (`sqlite:////abs` is an absolute path)."""
    path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else ""
    if not path:
        raise BadInput(f"--database: a SQLite URL names a file: sqlite:///PATH, got {url!r}")
    return path


@dataclass
class SharedConnection:
    """A long-lived SQLite connection of one event loop, and the lock that takes turns on it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connection: Any = None


def _is_read(query: str) -> bool:
    """A statement that only reads (it may run beside a write waiting for the file lock)."""
    return query.lstrip()[:6].upper() == "SELECT"


class ServerSQLiteEngine(SQLiteEngine):
    """SQLite as the server uses it. In WAL mode (set by `migrate`) a commit need not wait for
    the disk (synchronous=NORMAL): a killed server loses nothing it committed; only a crash of
    the whole machine could lose the last commits. Queries share one long-lived connection
    instead of opening a connection (and a thread) each: one for reads, one for writes
    (including appends of events, `write_atomically`), so that in WAL mode a read never waits
    behind a write queued for the file lock (another process holding it); only Piccolo's own
    transactions (migrations) open their own."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # autocommit (Piccolo's default): each statement is its own transaction
        self.connection_kwargs["isolation_level"] = None
        # per event loop: a lock and an aiosqlite connection belong to the loop that made them
        # (two apps in one process, as the race tests run them, each have their own loop)
        self._shared: weakref.WeakKeyDictionary[
            asyncio.AbstractEventLoop, dict[str, SharedConnection]] = weakref.WeakKeyDictionary()

    async def get_connection(self):  # type: ignore[no-untyped-def]
        connection = await super().get_connection()
        await connection.execute("PRAGMA synchronous = NORMAL")
        return connection

    @contextlib.asynccontextmanager
    async def _shared_connection(self, role: str = "write") -> AsyncIterator[Any]:
        """This event loop's long-lived connection for `role` (read or write), for one caller
        at a time."""
        by_role = self._shared.setdefault(asyncio.get_running_loop(), {})
        shared = by_role.setdefault(role, SharedConnection())
        async with shared.lock:
            if shared.connection is None:
                shared.connection = await self.get_connection()
            try:
                yield shared.connection
            except BaseException as exc:
                if is_storage_failure(exc):     # (a disk full may leave it in a bad state)
                    connection, shared.connection = shared.connection, None
                    with contextlib.suppress(Exception):
                        await connection.close()
                raise

    async def _run_in_new_connection(self, query: str, args: list[Any] | None = None,
                                     query_type: str = "generic", table: Any = None
                                     ) -> Any:
        role = "read" if _is_read(query) else "write"
        async with self._shared_connection(role) as connection:
            # one trip to the connection's thread (execute, fetch and close in one): each trip
            # is a hand-over between threads, the larger part of a question's time when the
            # machine is busy
            return list(await connection.execute_fetchall(query, args or []))

    async def write_atomically(self, querystring: QueryString) -> None:
        """Run one write statement in a transaction of its own on the shared connection.
        BEGIN IMMEDIATE takes the file's write lock before anything is read, so servers
        sharing the file queue for it (up to the busy timeout) and none holds a read snapshot
        that cannot be upgraded. (A transaction of Piccolo's opens a connection, and a
        thread, each time: a third of the server's time per question.) The connection is in
        autocommit mode, so the one statement is its own transaction: SQLite takes the write
        lock as the statement starts, before it reads, and retries that under the busy
        timeout, as BEGIN IMMEDIATE did; and it is one trip to the connection's thread instead
        of five (BEGIN, execute, fetch, close, COMMIT), which cProfile showed to be the main
        cost of a question on a busy machine."""
        query, args = querystring.compile_string(engine_type=self.engine_type)
        async with self._shared_connection() as connection:
            await connection.execute_fetchall(query, args)   # (the INSERT returns the new ids)

    async def close_shared(self) -> None:
        """Close this event loop's shared connection (when the server stops)."""
        by_role = self._shared.pop(asyncio.get_running_loop(), None) or {}
        for shared in by_role.values():
            if shared.connection is not None:
                await shared.connection.close()


def engine_for(url: str) -> Engine:
    """A Piccolo engine for a database URL (nothing is opened yet)."""
    if engine_kind(url) == "sqlite":
        return ServerSQLiteEngine(path=sqlite_path(url), timeout=SQLITE_TIMEOUT)
    return PostgresEngine(config={"dsn": url})
