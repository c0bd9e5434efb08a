"""A player's games: `GET /api/players/{id}/games`, running and finished, oldest first."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Path

from web import history, store
from web.deps import MAX_ID, CurrentPlayer, games
from web.failures import NoSuchPlayer
from web.play import Games
from web.responses import PlayedGames

router = APIRouter(prefix="/api/players", tags=["players"])


@router.get("/{pid}/games", response_model=PlayedGames)
async def player_games(_: CurrentPlayer, pid: int = Path(ge=1, le=MAX_ID),
                       service: Games = Depends(games)) -> dict[str, Any]:
    """`{"games": [{"id", "game", "mode", "status", "seat", "role", "result", "questions",
    "started", "ended"}, ...]}`: `result` is win, loss, tie or directed once over (else null),
    `questions` the Orapa questions the player asked (null in the other games)."""
    if await store.player_by_id(pid) is None:
        raise NoSuchPlayer(f"player: no player {pid}")
    return {"games": await history.player_games(service, pid)}
