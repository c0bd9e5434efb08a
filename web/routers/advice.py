"""Mandragora's training mode: "what would the solver play, and what is it worth?"

`GET /api/games/{id}/hints/solver` (a game created with `"hints": true`, asked by one of its
players): `{"side", "best", "value", "exact", "depth"}` for the side to move now: the area the
strong computer would sow and the value of the position (the side to move's future points minus
the other side's under best play; exact when searched to the end).
"""
from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends

from games.mandragora.board import SIDE_NAMES
from games.mandragora.position import Position
from games.mandragora.seated import MandragoraSeated
from solver.computer_levels import MOVE_SECONDS
from solver.mandragora.computer import EXACT_PIECES
from solver.mandragora.solver import MandragoraSolution, MandragoraSolver
from web.deps import CurrentPlayer, games
from web.errors import ApiError
from web.failures import NotNow, NotOffered, NotSeated
from web.play import Games
from web.responses import SolverAdvice
from web.routers.games import GameId

router = APIRouter(prefix="/api/games", tags=["hints"])


def best_play(position: Position) -> MandragoraSolution:
    """The strong level's search: exact once few pieces are left, else deepened for
    MOVE_SECONDS."""
    solver = MandragoraSolver()
    if position.pieces_in_play() <= EXACT_PIECES:
        return solver.solve(position)
    return solver.solve(position, time_limit=MOVE_SECONDS)


@router.get("/{gid}/hints/solver", response_model=SolverAdvice)
async def solver_hint(player: CurrentPlayer, gid: int = GameId,
                      service: Games = Depends(games)) -> dict[str, Any]:
    async with service.lock(gid):
        loaded = await service.load(gid)
        game = getattr(loaded.game, "inner", loaded.game)     # (under the resigning wrapper)
        if not isinstance(game, MandragoraSeated):
            raise ApiError(404, "hints: the solver's advice is for Mandragora games", "not_offered")
        if not loaded.row["hints"]:
            raise NotOffered("hints: this game was created without hints")
        if loaded.seat_of(player.id) is None:
            raise NotSeated("hints: only a player of this game gets hints")
        if loaded.game.over:
            raise NotNow("hints: the game is over")
        position = game.match.position     # immutable: safe to search outside the lock
    found = await asyncio.to_thread(best_play, position)
    return {"side": SIDE_NAMES[position.to_move], "best": found.best,
            "value": found.value, "exact": found.exact, "depth": found.depth}
