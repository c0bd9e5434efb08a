"""Which errors mean "the database cannot be used right now" (disk full, a read-only file, a
locked SQLite file, PostgreSQL stopped or restarting): the server answers those with 503 and
`Retry-After` instead of 500, and closes sockets with a code and a reason."""
from __future__ import annotations

import errno
import socket
import sqlite3

RETRY_AFTER = 5            # seconds a client is asked to wait before trying again
STORAGE_DOWN = ("the game store is unavailable for a moment (the server cannot reach its "
                "database); try again in a few seconds")
SOCKET_CLOSE_CODE = 1013   # "try again later": the page reconnects and catches up
SOCKET_CLOSE_REASON = "game store unavailable; reconnect in a few seconds"
OS_ERRNOS = {errno.ENOSPC, errno.EROFS, errno.EIO, errno.EDQUOT, errno.EHOSTUNREACH,
             errno.ENETUNREACH}


def _asyncpg_kinds() -> tuple[type[BaseException], ...]:
    try:
        import asyncpg.exceptions as pg
    except ImportError:      # pragma: no cover - asyncpg comes with piccolo[postgres]
        return ()
    return (pg.PostgresConnectionError, pg.InterfaceError, pg.InsufficientResourcesError,
            pg.OperatorInterventionError, pg.ReadOnlySQLTransactionError,
            pg.InternalClientError)


PG_KINDS = _asyncpg_kinds()


def is_storage_failure(exc: BaseException) -> bool:
    """True for errors of the database's availability (not of a request's contents)."""
    if isinstance(exc, (sqlite3.OperationalError, sqlite3.DatabaseError)):
        return not isinstance(exc, sqlite3.IntegrityError)
    if PG_KINDS and isinstance(exc, PG_KINDS):
        return True
    if isinstance(exc, (ConnectionError, TimeoutError, socket.gaierror)):
        return True
    return isinstance(exc, OSError) and exc.errno in OS_ERRNOS
