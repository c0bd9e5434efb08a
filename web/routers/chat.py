"""Playing together: chat per game (a seated player's line goes into the game's log as a
`chat` event, so that it reaches every socket of the game live and stays in the replay; it is
never a move), who is online (web.presence) and the rematch after the end."""
from __future__ import annotations

import unicodedata
from typing import Any

from fastapi import APIRouter, Body, Depends

from web.deps import CurrentPlayer, MaybePlayer, games
from web.errors import ApiError
from web.limits import limit
from web.play import Games
from web.responses import EventAnswer, Presence
from web.routers.games import GameId

router = APIRouter(prefix="/api/games", tags=["chat"])
MAX_CHAT = 500   # characters of one message


def clean_text(value: Any) -> str:
    """A chat message as stored: a text of 1 to MAX_CHAT characters, line breaks, tabs and other
    spacing turned into plain spaces, control and invisible characters dropped (422 otherwise)."""
    if not isinstance(value, str):
        raise ApiError(422, "text: expected the message as a text", "malformed")
    text = "".join(" " if ch.isspace() else ch for ch in value
                   if ch.isspace() or unicodedata.category(ch)[0] != "C").strip()
    if not text:
        raise ApiError(422, "text: the message is empty", "malformed")
    if len(text) > MAX_CHAT:
        raise ApiError(422, f"text: a message is at most {MAX_CHAT} characters "
                            f"(this one has {len(text)})", "malformed")
    return text


@router.post("/{gid}/chat", dependencies=[Depends(limit("chat", per_player=True))],
             response_model=EventAnswer, response_model_exclude_unset=True)
async def chat(player: CurrentPlayer, gid: int = GameId, body: Any = Body(...),
               service: Games = Depends(games)) -> dict[str, Any]:
    """Say something to the table (seated players only; spectators read)."""
    if not isinstance(body, dict) or set(body) != {"text"}:
        raise ApiError(422, 'text: expected {"text": "your message"}', "malformed")
    return {"event": await service.say(gid, player, clean_text(body["text"]))}


@router.get("/{gid}/presence", response_model=Presence)
async def presence(player: MaybePlayer, gid: int = GameId,
                   service: Games = Depends(games)) -> dict[str, Any]:
    """The seats with a live page open on this game, and the spectators watching."""
    state = await service.view(gid, None if player is None else player.id)   # 404: no such game
    return service.presence.of(gid, state["seats"])


@router.post("/{gid}/rematch", dependencies=[Depends(limit("create"))],
             response_model=EventAnswer, response_model_exclude_unset=True)
async def rematch(player: CurrentPlayer, gid: int = GameId,
                  service: Games = Depends(games)) -> dict[str, Any]:
    """After the end: the same game again (new deal, same options and seats), shared by link."""
    return {"event": await service.rematch(gid, player)}
