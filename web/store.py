"""Storage: the only module that speaks to the database (through Piccolo's query builder).

Players are found by the SHA-256 of their token. A game's events are appended all or none
with the sequence numbers the caller expects to write; when another request got there first,
the database's unique (game, seq) index refuses the insert and `SeqTaken` is raised. On
PostgreSQL the same statement sends NOTIFY so every worker's sockets wake up.
"""
from __future__ import annotations

import hashlib
import secrets
import sqlite3
from datetime import datetime, timezone
from typing import Any

from piccolo.engine.postgres import PostgresEngine
from piccolo.querystring import QueryString

from web.tables import Analysis, Event, Game, Player

NOTIFY_CHANNEL = "orapa_events"
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O or 1/I to misread
CODE_LENGTH = 6


class SeqTaken(Exception):
    """Another request wrote this game's next event first."""


def now() -> datetime:
    return datetime.now(timezone.utc)


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256, hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _is_unique_violation(exc: BaseException) -> bool:
    if isinstance(exc, sqlite3.IntegrityError):
        return "UNIQUE" in str(exc).upper()
    try:
        import asyncpg
    except ImportError:  # pragma: no cover - asyncpg comes with piccolo[postgres]
        return False
    return isinstance(exc, asyncpg.exceptions.UniqueViolationError)


# ----- players ---------------------------------------------------------------------------------
async def create_player(name: str) -> tuple[dict[str, Any], str]:
    """A new player and its bearer token (shown once, stored hashed)."""
    token = secrets.token_urlsafe(24)
    at = now()
    rows = await Player.insert(Player(name=name, token_hash=token_hash(token), created_at=at,
                                      token_issued_at=at)).returning(Player.id).run()
    return {"id": rows[0]["id"], "name": name}, token


async def player_by_token(token: str) -> dict[str, Any] | None:
    """The player of a token, with `issued` (when that token was issued), or None."""
    row = await Player.select(Player.id, Player.name, Player.created_at,
                              Player.token_issued_at).where(
        Player.token_hash == token_hash(token)).first().run()
    if row is None:
        return None
    issued = row.pop("token_issued_at") or row["created_at"]
    del row["created_at"]
    return {**row, "issued": issued}


async def replace_token(pid: int) -> str:
    """Sign a player out everywhere: a new token replaces every copy of the old one."""
    token = secrets.token_urlsafe(24)
    await Player.update({Player.token_hash: token_hash(token),
                         Player.token_issued_at: now()}).where(Player.id == pid).run()
    return token


async def player_by_id(pid: int) -> dict[str, Any] | None:
    return await Player.select(Player.id, Player.name).where(Player.id == pid).first().run()


async def player_names(ids: list[int]) -> dict[int, str]:
    if not ids:
        return {}
    rows = await Player.select(Player.id, Player.name).where(Player.id.is_in(ids)).run()
    return {r["id"]: r["name"] for r in rows}


# ----- games -----------------------------------------------------------------------------------
def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


async def create_game(game: str, mode: str | None, options: dict[str, Any],
                      seats: list[dict[str, Any]], hints: bool, daily: str | None = None,
                      status: str = "waiting") -> tuple[int, str]:
    """Store a new game; returns its id and join code."""
    for _ in range(8):
        code = new_code()
        try:
            rows = await Game.insert(Game(game=game, mode=mode, code=code, options=options,
                                          seats=seats, hints=hints, daily=daily,
                                          status=status, created_at=now())
                                     ).returning(Game.id).run()
            return rows[0]["id"], code
        except Exception as exc:  # a code already in use: draw another
            if not _is_unique_violation(exc) or daily is not None:
                raise       # (a daily row: the day's row exists already)
    raise RuntimeError("could not draw a free game code")


async def get_game(gid: int) -> dict[str, Any] | None:
    return await Game.select().where(Game.id == gid).first().output(load_json=True).run()


async def set_status(gid: int, status: str) -> None:
    await Game.update({Game.status: status}).where(Game.id == gid).run()


async def unfinished_games() -> list[int]:
    rows = await Game.select(Game.id).where(Game.status.is_in(["waiting", "playing"])).run()
    return [r["id"] for r in rows]


async def games_by_code(code: str) -> list[dict[str, Any]]:
    return await Game.select(Game.id, Game.game, Game.mode, Game.status).where(
        Game.code == code).run()


async def open_games(limit: int = 50) -> list[dict[str, Any]]:
    return await Game.select(Game.id, Game.game, Game.mode, Game.status, Game.code).where(
        (Game.status == "waiting") & Game.daily.is_null()).order_by(
        Game.id, ascending=False).limit(limit).run()


async def daily_game(day: str) -> dict[str, Any] | None:
    return await Game.select().where(Game.daily == day).first().output(load_json=True).run()


# ----- events ----------------------------------------------------------------------------------
async def events_after(gid: int, after: int = 0) -> list[dict[str, Any]]:
    """The game's events with seq > after, in order."""
    return await Event.select().where((Event.game == gid) & (Event.seq > after)).order_by(
        Event.seq).output(load_json=True).run()


async def last_seq(gid: int) -> int:
    """The seq of the game's newest event (0: none yet)."""
    rows = await Event.raw("SELECT max(seq) AS last FROM orapa_event WHERE game = {}",
                           gid).run()
    return (rows[0]["last"] if rows else None) or 0


async def append(gid: int, first_seq: int, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Write events with seq first_seq, first_seq + 1, ... all or none. Each item has
    `type`, `event` (public JSON) and optionally `seat`, `player`, `action` (private). Raises
    SeqTaken when another request already wrote one of those seqs.

    On PostgreSQL one round trip: the multi-row INSERT is wrapped in a statement that also
    sends NOTIFY (delivered when the statement commits, not before). On SQLite the INSERT runs
    in its own transaction on the shared connection (`write_atomically`)."""
    at = now()
    rows = [Event(game=gid, seq=first_seq + i, seat=e.get("seat"), player=e.get("player"),
                  type=e["type"], action=e.get("action"), event=e["event"], at=at)
            for i, e in enumerate(events)]
    db: Any = Event._meta.db          # ServerSQLiteEngine (web/engines.py) or PostgresEngine
    insert = Event.insert(*rows)
    try:
        if isinstance(db, PostgresEngine):
            payload = f"{gid}:{first_seq + len(rows) - 1}"
            await db.run_querystring(QueryString(
                "WITH written AS ({}) SELECT pg_notify({}, {})",
                insert.querystrings[0], NOTIFY_CHANNEL, payload), in_pool=True)
        else:
            await db.write_atomically(insert.querystrings[0])
    except Exception as exc:
        if _is_unique_violation(exc):
            raise SeqTaken(f"game {gid}: event {first_seq} was written by another request") \
                from None
        raise
    return [{"game": gid, "seq": first_seq + i, "seat": e.get("seat"),
             "player": e.get("player"), "type": e["type"], "action": e.get("action"),
             "event": e["event"], "at": at} for i, e in enumerate(events)]


async def joined_games(pid: int, finished: bool = False) -> list[int]:
    """Ids of the games a player sat down at (`finished`: only those that are over)."""
    rows = await Event.select(Event.game).where(
        (Event.player == pid) & (Event.type == "joined")).run()
    games = sorted({r["game"] for r in rows})
    if finished and games:
        over = await Game.select(Game.id).where(
            Game.id.is_in(games) & (Game.status == "over")).run()
        games = sorted(r["id"] for r in over)
    return games



# ----- analyses --------------------------------------------------------------------------------
async def get_analysis(gid: int) -> dict[str, Any] | None:
    """A finished game's stored analysis, if one was made."""
    row = await Analysis.select(Analysis.body).where(Analysis.game == gid).first().output(
        load_json=True).run()
    return None if row is None else row["body"]


async def save_analysis(gid: int, body: dict[str, Any]) -> None:
    """Keep a game's analysis (a second save of the same game, from another worker, is
    ignored: both computed the same thing)."""
    try:
        await Analysis.insert(Analysis(game=gid, body=body)).run()
    except Exception as exc:
        if not _is_unique_violation(exc):
            raise
