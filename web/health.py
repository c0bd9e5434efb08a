"""Whether the database can be used now, for `GET /api/health`: it answers a query within a
couple of seconds, SQLite's file and folder are writable with room left on the disk, and no
request met a storage failure in the last few seconds (a write refused by a full disk or a
read-only file shows there even when a plain read works)."""
from __future__ import annotations

import asyncio
import os
import shutil
import time

from web import metrics
from web.engines import engine_kind, sqlite_path
from web.storage_errors import RETRY_AFTER, is_storage_failure

PROBE_SECONDS = 2.0
MIN_FREE_BYTES = 64 << 10


def _sqlite_writable(url: str) -> bool:
    path = os.path.abspath(sqlite_path(url))
    folder = os.path.dirname(path)
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return False
    return (os.access(path, os.R_OK | os.W_OK) and os.access(folder, os.W_OK)
            and free >= MIN_FREE_BYTES)


async def database_answers(url: str) -> bool:
    """See the module's docstring."""
    from web.tables import Player

    if time.monotonic() - metrics.last_storage_failure() < RETRY_AFTER:
        return False
    if engine_kind(url) == "sqlite" and not _sqlite_writable(url):
        return False
    try:
        await asyncio.wait_for(Player.raw("SELECT 1").run(), PROBE_SECONDS)
    except (asyncio.TimeoutError, TimeoutError):
        return False
    except Exception as exc:
        if is_storage_failure(exc):
            return False
        raise
    return True
