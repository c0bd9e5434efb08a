"""FastAPI dependencies: the game service and the player behind a bearer token.

A route names the caller with `CurrentPlayer` (signed in, else 401) or `MaybePlayer` (None: a
spectator); both give a `web.responses.Player`, the public id and name."""
from __future__ import annotations

import os
import time
from datetime import timedelta, timezone
from typing import Annotated, Any

from fastapi import Depends, Header, Query, WebSocket
from starlette.requests import HTTPConnection

from web import store
from web.errors import ApiError, SocketRefused
from web.play import Games
from web.responses import Player

MAX_ID = 2 ** 31 - 1
TOKEN_DAYS_ENV = "ORAPA_TOKEN_DAYS"   # tokens older than this many days are refused (unset: never)
RECHECK_SECONDS = 5.0    # a known token is looked up again after this long (signed out elsewhere?)
SUBPROTOCOL = "orapa"    # what the server selects when a socket offers it beside bearer.TOKEN


async def games(connection: HTTPConnection) -> Games:
    """The game service of this process (a request's or a socket's)."""
    return connection.app.state.games


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "Authorization: expected 'Bearer TOKEN'")
    return token.strip()


# token hash -> (player, its token's issue time, when it was looked up): a token replaced by
# "sign out everywhere" in another process is refused here within RECHECK_SECONDS
_known: dict[str, tuple[dict[str, Any], Any, float]] = {}
KNOWN_LIMIT = 100_000


def token_days() -> float | None:
    """The token lifetime the operator chose (days), or None."""
    value = os.environ.get(TOKEN_DAYS_ENV)
    return float(value) if value else None


def forget(player_id: int) -> None:
    """Drop a player's cached tokens (after signing out everywhere)."""
    for key in [k for k, (p, _, _) in _known.items() if p["id"] == player_id]:
        _known.pop(key, None)


async def _player(token: str | None) -> dict[str, Any] | None:
    if token is None:
        return None
    if len(token) > 200:
        raise ApiError(401, "token: unknown token")
    key = store.token_hash(token)
    cached = _known.get(key)
    if cached is None or time.monotonic() - cached[2] > RECHECK_SECONDS:
        row = await store.player_by_token(token)
        if row is None:
            _known.pop(key, None)
            raise ApiError(401, "token: unknown token (signed out, or never issued)")
        issued = row.pop("issued")
        if len(_known) >= KNOWN_LIMIT:
            _known.clear()
        cached = _known[key] = (row, issued, time.monotonic())
    player, issued, _ = cached
    days = token_days()
    if issued is not None and issued.tzinfo is None:
        issued = issued.replace(tzinfo=timezone.utc)
    if days is not None and issued is not None and store.now() - issued > timedelta(days=days):
        raise ApiError(401, f"token: expired (tokens last {days:g} days); sign up again")
    return player


async def signed_in(authorization: str | None = Header(None)) -> Player:
    """The player of the request's bearer token: 401 when missing or unknown."""
    found = await _player(_bearer(authorization))
    if found is None:
        raise ApiError(401, "Authorization: missing bearer token")
    return Player(**found)


async def maybe_signed_in(authorization: str | None = Header(None)) -> Player | None:
    """The player of the token, or None (a spectator) when there is none; a wrong token is
    still refused."""
    found = await _player(_bearer(authorization))
    return None if found is None else Player(**found)


CurrentPlayer = Annotated[Player, Depends(signed_in)]
"""The signed-in caller of a route (401 without a valid token)."""
MaybePlayer = Annotated[Player | None, Depends(maybe_signed_in)]
"""The caller of a route open to spectators: a Player, or None without a token."""


def _offered(websocket: WebSocket) -> list[str]:
    header = websocket.headers.get("sec-websocket-protocol", "")
    return [p.strip() for p in header.split(",") if p.strip()]


def socket_subprotocol(websocket: WebSocket) -> str | None:
    """The subprotocol to accept: `orapa` when the client offers it (a browser must get one of
    the protocols it offered back when it sends `bearer.TOKEN`)."""
    return SUBPROTOCOL if SUBPROTOCOL in _offered(websocket) else None


async def socket_viewer(websocket: WebSocket, token: str | None = Query(None)
                        ) -> Player | None:
    """A socket's player, from the subprotocol `bearer.TOKEN` (which keeps the token out of
    addresses and logs) or `?token=` (for scripts). An unknown token is accepted and then
    closed with code 4401 and the reason, so that the client can read why."""
    for offered in _offered(websocket):
        if offered.startswith("bearer."):
            token = offered[len("bearer."):]
    try:
        found = await _player(token)
        return None if found is None else Player(**found)
    except ApiError as exc:
        await websocket.accept(subprotocol=socket_subprotocol(websocket))
        await websocket.close(code=4401, reason=exc.message[:120])
        raise SocketRefused() from None
