"""Players: sign up (a name and a token), look one up, statistics."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Path

from web import stats, store
from web.deps import MAX_ID, CurrentPlayer, forget, games
from web.failures import NoSuchPlayer
from web.limits import limit
from web.models import NewPlayer
from web.play import Games
from web.responses import PlayerAnswer, SignedUp, Stats

router = APIRouter(prefix="/api/players", tags=["players"])


@router.post("", status_code=201, dependencies=[Depends(limit("sign-up"))],
             response_model=SignedUp)
async def create_player(body: NewPlayer) -> dict[str, Any]:
    """A new player; the token is shown only now (keep it: it is the player's key)."""
    player, token = await store.create_player(body.name)
    return {"player": player, "token": token}


@router.get("/me", response_model=PlayerAnswer)
async def me(player: CurrentPlayer) -> dict[str, Any]:
    return {"player": player}


@router.post("/me/sign-out-everywhere", response_model=SignedUp)
async def sign_out_everywhere(player: CurrentPlayer) -> dict[str, Any]:
    """Revoke every copy of the caller's token (other browsers, a lost phone) and issue a new
    one, shown only now: every worker refuses the old token within a few seconds."""
    token = await store.replace_token(player.id)
    forget(player.id)
    return {"player": player, "token": token}


@router.get("/{pid}", response_model=PlayerAnswer)
async def get_player(_: CurrentPlayer, pid: int = Path(ge=1, le=MAX_ID)) -> dict[str, Any]:
    player = await store.player_by_id(pid)
    if player is None:
        raise NoSuchPlayer(f"player: no player {pid}")
    return {"player": player}


@router.get("/{pid}/stats", response_model=Stats)
async def player_stats(_: CurrentPlayer, pid: int = Path(ge=1, le=MAX_ID),
                       service: Games = Depends(games)) -> dict[str, Any]:
    """Games, wins, losses, ties and average questions to a right guess, by mode."""
    if await store.player_by_id(pid) is None:
        raise NoSuchPlayer(f"player: no player {pid}")
    return await stats.player_stats(service, pid)
