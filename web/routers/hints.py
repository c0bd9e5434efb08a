"""Hints (games created with `"hints": true`) and the analysis after the end (Orapa)."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Depends

from games.orapa.layout import Layout
from games.orapa.seated import OrapaSeated
from web import hints
from web.deps import CurrentPlayer, games
from web.errors import ApiError
from web.failures import NotNow, NotOffered, NotSeated
from web.limits import HintPool, hint_pool, limit
from web.play import Games
from web.responses import Deductions, NextQuestion, SketchCheck
from web.routers.games import GameId

router = APIRouter(prefix="/api/games", tags=["hints"],
                   dependencies=[Depends(limit("hints", per_player=True))])


async def _explorer(service: Games, gid: int, pid: int) -> tuple[OrapaSeated, int]:
    """The game and the caller's explorer seat, when hints may be given."""
    async with service.lock(gid):
        loaded = await service.load(gid)
    game = loaded.game
    if not isinstance(game, OrapaSeated):
        raise ApiError(404, "hints: only Orapa games have hints", "not_offered")
    if not loaded.row["hints"]:
        raise NotOffered("hints: this game was created without hints")
    seat = loaded.seat_of(pid)
    if seat is None or seat not in game.explorers:
        raise NotSeated("hints: only an explorer of this game gets hints")
    return game, seat


@router.get("/{gid}/hints/next", response_model=NextQuestion)
async def next_question(player: CurrentPlayer, gid: int = GameId,
                        service: Games = Depends(games),
                        pool: HintPool = Depends(hint_pool)) -> dict[str, Any]:
    game, seat = await _explorer(service, gid, player.id)
    return await pool.run(player.id, hints.next_question, game.puzzle_for(seat), gid)


@router.get("/{gid}/hints/deductions", response_model=Deductions)
async def deductions(player: CurrentPlayer, gid: int = GameId,
                     service: Games = Depends(games),
                     pool: HintPool = Depends(hint_pool)) -> dict[str, Any]:
    game, seat = await _explorer(service, gid, player.id)
    return await pool.run(player.id, hints.deduction_map, game.puzzle_for(seat))


@router.post("/{gid}/hints/check", response_model=SketchCheck)
async def check(player: CurrentPlayer, gid: int = GameId, layout: Any = Body(...),
                service: Games = Depends(games),
                pool: HintPool = Depends(hint_pool)) -> dict[str, Any]:
    game, seat = await _explorer(service, gid, player.id)
    sketch = Layout.from_json(layout, game.rules, "layout")
    return await pool.run(player.id, hints.sketch_check, game.puzzle_for(seat),
                          sketch)


@router.get("/{gid}/analysis", response_model=dict[str, Any])
async def analysis(_: CurrentPlayer, gid: int = GameId,
                   service: Games = Depends(games)) -> dict[str, Any]:
    """After the end, keyed by explorer seat: `{"forced_after", "bits", "advisor_questions",
    "questions"}` (web/analysis.py: made in the background when the game ended, then kept)."""
    async with service.lock(gid):
        loaded = await service.load(gid)
    game = loaded.game
    if not isinstance(game, OrapaSeated):
        raise ApiError(404, "analysis: only Orapa games are analysed", "not_offered")
    if not game.over or game.session is None:
        raise NotNow("analysis: the game is not over yet")
    return await service.analyses.get(gid, game)   # computed once, when the game ended
