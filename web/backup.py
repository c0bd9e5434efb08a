"""Backups of the server's database, taken while it runs, and the export of one game's log.

A backup is JSON lines: a header, then one line per row of the players, games, events,
analyses and reviews, all read in one transaction (SQLite: one read transaction, a snapshot in
WAL mode; PostgreSQL: REPEATABLE READ, read only), so it holds every event committed before it
began and none half-written, without stopping the server. It is the same on both engines, so a
backup of SQLite restores into PostgreSQL and back. `restore` fills an empty database (brought
up to date by the migrations first) and sets PostgreSQL's id sequences past the restored ids.
"""
from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timezone
from typing import Any, Iterable, Iterator, TextIO

from games.errors import BadInput
from web.database import migrate, run_blocking
from web.engines import engine_for, engine_kind, sqlite_path

FORMAT = "orapa-backup"
VERSION = 1
TABLES = ("orapa_player", "orapa_game", "orapa_event", "orapa_analysis", "orapa_review")
TIMES = {"created_at", "token_issued_at", "at"}
FLAGS = {"hints"}
JSON_COLUMNS = {"options", "seats", "action", "event", "body"}


def _plain(column: str, value: Any) -> Any:
    """A value as the backup writes it (the same for both engines)."""
    if value is None:
        return None
    if column in TIMES:
        if isinstance(value, str):
            value = datetime.fromisoformat(value)
        if value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
        return value.isoformat()
    if column in FLAGS:
        return bool(value)
    if column in JSON_COLUMNS and not isinstance(value, str):
        return json.dumps(value)
    return value


def _stored(column: str, value: Any) -> Any:
    """A backup's value as the database takes it."""
    if value is not None and column in TIMES:
        return datetime.fromisoformat(value)
    return value


# ----- reading -------------------------------------------------------------------------------
def _sqlite_rows(url: str, game: int | None) -> Iterator[tuple[str, dict[str, Any]]]:
    connection = sqlite3.connect(f"file:{sqlite_path(url)}?mode=ro", uri=True,
                                 isolation_level=None, timeout=30)
    connection.row_factory = sqlite3.Row
    try:
        connection.execute("BEGIN")             # one snapshot for every table
        for table, query, args in _queries(game, "?"):
            for row in connection.execute(query, args):
                yield table, {k: _plain(k, row[k]) for k in row.keys()}
        connection.execute("COMMIT")
    finally:
        connection.close()


def _queries(game: int | None, mark: str) -> list[tuple[str, str, tuple[Any, ...]]]:
    if game is None:
        return [(t, f'SELECT * FROM "{t}" ORDER BY id', ()) for t in TABLES]
    return [("orapa_game", f"SELECT * FROM orapa_game WHERE id = {mark}", (game,)),
            ("orapa_event", f"SELECT * FROM orapa_event WHERE game = {mark} ORDER BY seq",
             (game,))]


async def _pg_rows(url: str, game: int | None) -> list[tuple[str, dict[str, Any]]]:
    import asyncpg

    connection = await asyncpg.connect(url, timeout=10)
    rows: list[tuple[str, dict[str, Any]]] = []
    try:
        async with connection.transaction(isolation="repeatable_read", readonly=True):
            for table, query, args in _queries(game, "$1"):
                for row in await connection.fetch(query, *args):
                    rows.append((table, {k: _plain(k, v) for k, v in row.items()}))
    finally:
        await connection.close()
    return rows


def read_rows(url: str, game: int | None = None) -> Iterable[tuple[str, dict[str, Any]]]:
    """Every row (or one game's row and events), from one consistent snapshot."""
    if engine_kind(url) == "sqlite":
        return _sqlite_rows(url, game)
    return run_blocking(lambda: _pg_rows(url, game))


def backup(url: str, out: TextIO) -> dict[str, int]:
    """Write a backup of the database at `url`; returns the rows written per table."""
    counts = dict.fromkeys(TABLES, 0)
    out.write(json.dumps({"format": FORMAT, "version": VERSION,
                          "taken": datetime.now(timezone.utc).isoformat()}) + "\n")
    for table, row in read_rows(url):
        out.write(json.dumps({"table": table, "row": row}) + "\n")
        counts[table] += 1
    return counts


def export_game(url: str, gid: int) -> dict[str, Any]:
    """One game as stored: its row (with its secret options: an operator's export) and its
    events in order."""
    game: dict[str, Any] | None = None
    events: list[dict[str, Any]] = []
    for table, row in read_rows(url, gid):
        if table == "orapa_game":
            game = row
        else:
            events.append(row)
    if game is None:
        raise BadInput(f"game: no game {gid} in this database")
    for row in [game, *events]:
        for column in JSON_COLUMNS & set(row):
            if isinstance(row[column], str):
                row[column] = json.loads(row[column])
    return {"game": game, "events": events}


# ----- restoring -----------------------------------------------------------------------------
def _read_backup(stream: TextIO, where: str) -> list[tuple[str, dict[str, Any]]]:
    lines = iter(stream)
    try:
        header = json.loads(next(lines))
    except (StopIteration, ValueError):
        raise BadInput(f"{where}: not an orapa backup (no header line)") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BadInput(f"{where}: not an orapa backup")
    if header.get("version") != VERSION:
        raise BadInput(f"{where}: backup version {header.get('version')!r}; this server "
                       f"reads version {VERSION}")
    rows = []
    for number, line in enumerate(lines, start=2):
        try:
            item = json.loads(line)
            table, row = item["table"], item["row"]
        except (ValueError, KeyError, TypeError):
            raise BadInput(f"{where}: line {number} is not a backup row") from None
        if table not in TABLES or not isinstance(row, dict):
            raise BadInput(f"{where}: line {number} names no table of the server")
        rows.append((table, row))
    return rows


def restore(url: str, stream: TextIO, where: str = "backup") -> dict[str, int]:
    """Fill the empty database at `url` from a backup; returns the rows restored per table."""
    rows = _read_backup(stream, where)
    run_blocking(lambda: migrate(engine_for(url)))
    if engine_kind(url) == "sqlite":
        return _restore_sqlite(url, rows)
    return run_blocking(lambda: _restore_pg(url, rows))


def _insert(table: str, row: dict[str, Any], mark: Iterator[str]) -> tuple[str, list[Any]]:
    columns = list(row)
    names = ", ".join(f'"{c}"' for c in columns)
    marks = ", ".join(next(mark) for _ in columns)
    return (f'INSERT INTO "{table}" ({names}) VALUES ({marks})',
            [_stored(c, row[c]) for c in columns])


def _restore_sqlite(url: str, rows: list[tuple[str, dict[str, Any]]]) -> dict[str, int]:
    counts = dict.fromkeys(TABLES, 0)
    connection = sqlite3.connect(sqlite_path(url), isolation_level=None, timeout=30)
    try:
        connection.execute("BEGIN IMMEDIATE")
        if any(connection.execute(f'SELECT 1 FROM "{t}" LIMIT 1').fetchone() for t in TABLES):
            connection.execute("ROLLBACK")
            raise BadInput("--database: not empty; restore into a new database")
        for table, row in rows:
            query, args = _insert(table, row, iter(lambda: "?", None))
            connection.execute(query, args)
            counts[table] += 1
        connection.execute("COMMIT")
    finally:
        connection.close()
    return counts


async def _restore_pg(url: str, rows: list[tuple[str, dict[str, Any]]]) -> dict[str, int]:
    import asyncpg

    counts = dict.fromkeys(TABLES, 0)
    connection = await asyncpg.connect(url, timeout=10)
    try:
        async with connection.transaction():
            for table in TABLES:
                if await connection.fetchval(f'SELECT count(*) FROM "{table}"'):
                    raise BadInput("--database: not empty; restore into a new database")
            for table, row in rows:
                numbers = iter(range(1, len(row) + 1))
                query, args = _insert(table, row, (f"${n}" for n in numbers))
                await connection.execute(query, *args)
                counts[table] += 1
            for table in TABLES:
                await connection.execute(
                    f"SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), "
                    f"COALESCE((SELECT max(id) FROM \"{table}\"), 0) + 1, false)")
    finally:
        await connection.close()
    return counts
