"""Games: create, join, hide a mine, act, read the state and the log, and the live socket."""
from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Body, Depends, Path, Query, WebSocket, WebSocketDisconnect

from games.errors import BadInput
from web import store
from web.deps import (MAX_ID, CurrentPlayer, MaybePlayer, games, socket_subprotocol,
                      socket_viewer)
from web.errors import ApiError, failure_status
from web.failures import ServiceError
from web.guard import WORKER
from web.limits import limit
from web.live import socket_open
from web.storage_errors import SOCKET_CLOSE_CODE, SOCKET_CLOSE_REASON, is_storage_failure
from web.models import Action, Join, NewGame
from web.play import Games
from web.responses import (Acted, Created, Events, GameState, Joined, Lobby, Player,
                           StateAnswer)

router = APIRouter(prefix="/api/games", tags=["games"])
GameId = Path(ge=1, le=MAX_ID)
POLL_SECONDS = 20.0   # a socket re-reads the log at least this often, notified or not


EXCLUDE_UNSET: dict[str, Any] = {"response_model_exclude_unset": True}   # only the fields the views set


@router.post("", status_code=201, dependencies=[Depends(limit("create"))],
             response_model=Created, **EXCLUDE_UNSET)
async def create_game(body: NewGame, player: CurrentPlayer,
                      service: Games = Depends(games)) -> dict[str, Any]:
    loaded = await service.create(player, body.model_dump(exclude_unset=True))
    return {"game": await service.view(loaded.id, player.id), "code": loaded.row["code"]}


@router.get("", response_model=Lobby)
async def list_games(_: CurrentPlayer, code: str | None = Query(None, max_length=16)
                     ) -> dict[str, Any]:
    """Games waiting for players (the lobby), or the game of a join code."""
    rows = await (store.games_by_code(code.strip().upper()) if code else store.open_games())
    return {"games": [{k: r[k] for k in ("id", "game", "mode", "status")} for r in rows]}


@router.get("/{gid}", response_model=GameState, **EXCLUDE_UNSET)
async def get_game(player: MaybePlayer, gid: int = GameId,
                   service: Games = Depends(games)) -> dict[str, Any]:
    return await service.view(gid, None if player is None else player.id)


@router.post("/{gid}/join", dependencies=[Depends(limit("join"))], response_model=Joined,
             **EXCLUDE_UNSET)
async def join_game(body: Join, player: CurrentPlayer, gid: int = GameId,
                    service: Games = Depends(games)) -> dict[str, Any]:
    loaded, seat = await service.join(gid, player, body.code)
    return {"game": loaded.state(seat), "seat": seat}


@router.put("/{gid}/mine", response_model=StateAnswer, **EXCLUDE_UNSET)
async def place_mine(player: CurrentPlayer, gid: int = GameId, layout: Any = Body(...),
                     service: Games = Depends(games)) -> dict[str, Any]:
    """Hide the caller's mine (a director or a duel player); 422 names every rule broken."""
    _, state = await service.act(gid, player, {"mine": layout}, before_start=True)
    return {"game": state}


@router.post("/{gid}/actions", response_model=Acted, **EXCLUDE_UNSET)
async def act(body: Action, player: CurrentPlayer, gid: int = GameId,
              service: Games = Depends(games)) -> dict[str, Any]:
    action = body.model_dump()
    if "mine" in action:
        raise BadInput("mine: hide a mine with PUT /api/games/{id}/mine")
    event, state = await service.act(gid, player, action)
    return {"event": event, "game": state}


@router.get("/{gid}/events", response_model=Events, **EXCLUDE_UNSET)
async def events(player: MaybePlayer, gid: int = GameId,
                 after: int = Query(0, ge=0, le=MAX_ID),
                 service: Games = Depends(games)) -> dict[str, Any]:
    return {"events": await service.events(gid, None if player is None else player.id, after)}


@router.websocket("/{gid}/live")
async def live(websocket: WebSocket, gid: int = GameId, after: int = Query(0, ge=0, le=MAX_ID),
               player: Player | None = Depends(socket_viewer),
               service: Games = Depends(games)) -> None:
    """STATE first, then every event with seq > after, in order, as they are committed."""
    await websocket.accept(subprotocol=socket_subprotocol(websocket),
                           headers=[(b"x-orapa-worker", WORKER.encode())])
    with socket_open():
        await _live(websocket, gid, after, player, service)


async def _live(websocket: WebSocket, gid: int, after: int, player: Player | None,
                service: Games) -> None:
    pid = None if player is None else player.id
    try:
        await websocket.send_json(await service.view(gid, pid))
    except (ApiError, ServiceError) as exc:
        await websocket.send_json({"error": exc.message, "code": failure_status(exc)[1]
                                   if isinstance(exc, ServiceError) else exc.code})
        await websocket.close(code=4404, reason=exc.message[:120])
        return
    except Exception as exc:
        if not is_storage_failure(exc):
            raise
        await websocket.close(code=SOCKET_CLOSE_CODE, reason=SOCKET_CLOSE_REASON)
        return
    listener = asyncio.ensure_future(_drain(websocket))
    here = service.presence.enter(gid, player)       # who is here (web.presence)
    woken_up = False     # the first read and every timed-out wait read the log itself
    try:
        while not listener.done():
            waiter = service.hub.waiter(gid)       # before reading: no wake-up is missed
            for event in await service.events(gid, pid, after, trust_cache=woken_up):
                await websocket.send_json(event)
                after = event["seq"]
            woken = asyncio.ensure_future(waiter.wait())
            done, _ = await asyncio.wait({woken, listener}, timeout=POLL_SECONDS,
                                         return_when=asyncio.FIRST_COMPLETED)
            woken_up = woken in done
            woken.cancel()
    except (WebSocketDisconnect, RuntimeError):
        pass
    except Exception as exc:
        if not is_storage_failure(exc):
            raise
        await websocket.close(code=SOCKET_CLOSE_CODE, reason=SOCKET_CLOSE_REASON)
    finally:
        listener.cancel()
        service.presence.leave(gid, here)


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes away."""
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
    except (WebSocketDisconnect, RuntimeError):
        return
