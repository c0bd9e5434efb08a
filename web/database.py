"""Bringing a database up to date (Piccolo migrations) and pointing the tables at its engine.

Every start applies the migrations not yet run, so an old database is migrated and a new one
created. The engines themselves are built in `web.engines`.
"""
from __future__ import annotations

import asyncio
import contextlib
import io
import os
from typing import Any, Callable, Coroutine, TypeVar

from piccolo.engine.base import Engine
from piccolo.engine.sqlite import SQLiteEngine

from web.engines import ServerSQLiteEngine


def use_engine(engine: Engine) -> None:
    """Point Piccolo (its configuration module, our tables, its migration table) at `engine`."""
    from piccolo.apps.migrations.tables import Migration

    from web import piccolo_conf
    from web.piccolo_app import APP_CONFIG

    os.environ["PICCOLO_CONF"] = "web.piccolo_conf"
    piccolo_conf.DB = engine
    table: Any
    for table in (*APP_CONFIG.table_classes, Migration):    # every table: none left behind
        table._meta.db = engine


async def migrate(engine: Engine) -> None:
    """Apply every migration of the `orapa` app not yet run on this database."""
    from piccolo.apps.migrations.commands.forwards import run_forwards

    use_engine(engine)
    if isinstance(engine, SQLiteEngine):
        directory = os.path.dirname(os.path.abspath(engine.path))
        os.makedirs(directory, exist_ok=True)
        await engine.run_ddl("PRAGMA journal_mode=WAL")
    try:
        with contextlib.redirect_stdout(io.StringIO()):   # Piccolo prints its progress
            result = await run_forwards("orapa")
    finally:
        if isinstance(engine, ServerSQLiteEngine):
            await engine.close_shared()        # the app reopens it in its own event loop
    if not result.success:
        raise RuntimeError(f"database migration failed: {result.message}")


T = TypeVar("T")


def run_blocking(coroutine_function: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine to its end from synchronous code, in a thread of its own when this thread
    already runs an event loop (asyncio.run refuses to nest: a test process may hold one)."""
    import concurrent.futures

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine_function())
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(coroutine_function())).result()
