"""FastAPI dependencies: the game service and the player behind a bearer token."""
from __future__ import annotations

from typing import Any

from fastapi import Header, Query, WebSocket, WebSocketException
from starlette.requests import HTTPConnection

from web import store
from web.errors import ApiError
from web.play import Games

MAX_ID = 2 ** 31 - 1


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


_known: dict[str, dict[str, Any]] = {}   # token hash -> player (players never change)
KNOWN_LIMIT = 100_000


async def _player(token: str | None) -> dict[str, Any] | None:
    if token is None:
        return None
    if len(token) > 200:
        raise ApiError(401, "token: unknown token")
    key = store.token_hash(token)
    player = _known.get(key)
    if player is None:
        player = await store.player_by_token(token)
        if player is None:
            raise ApiError(401, "token: unknown token")
        if len(_known) >= KNOWN_LIMIT:
            _known.clear()
        _known[key] = player
    return player


async def current_player(authorization: str | None = Header(None)) -> dict[str, Any]:
    """The player of the request's bearer token: 401 when missing or unknown."""
    player = await _player(_bearer(authorization))
    if player is None:
        raise ApiError(401, "Authorization: missing bearer token")
    return player


async def viewer(authorization: str | None = Header(None)) -> dict[str, Any] | None:
    """The player of the token, or None (a spectator) when there is none; a wrong token is
    still refused."""
    return await _player(_bearer(authorization))


async def socket_viewer(websocket: WebSocket, token: str | None = Query(None)
                        ) -> dict[str, Any] | None:
    """A socket's player from `?token=`; an unknown token closes the socket (code 4401)."""
    try:
        return await _player(token)
    except ApiError as exc:
        raise WebSocketException(code=4401, reason=exc.message) from None
