"""The review of a finished Orapa game (issue 32), and "why": the answers that force a settled
cell, what tells a wrong guess from the mine."""
from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Body, Depends, Query, Request

from games.orapa.board import parse_cell
from games.orapa.layout import Layout
from games.orapa.seated import OrapaSeated
from web import review
from web.deps import current_player, games
from web.errors import ApiError
from web.loaded import Loaded
from web.play import Games
from web.routers.games import GameId

router = APIRouter(prefix="/api/games", tags=["review"])


def reviews(request: Request) -> review.Reviews:
    """This app's reviews (made on first use)."""
    state = request.app.state
    if getattr(state, "reviews", None) is None:
        state.reviews = review.Reviews()
    return state.reviews


async def _orapa(service: Games, gid: int, what: str) -> Loaded:
    async with service.lock(gid):
        loaded = await service.load(gid)
    if not isinstance(loaded.game, OrapaSeated):
        raise ApiError(404, f"{what}: only Orapa games are reviewed")
    return loaded


def _over(loaded: Loaded, what: str) -> OrapaSeated:
    game = loaded.game
    if not game.over or game.session is None:
        raise ApiError(409, f"{what}: the game is not over yet")
    return game


def _seat(loaded: Loaded, pid: int, seat: int | None, what: str) -> int:
    """The explorer seat asked about: `seat`, else the caller's own."""
    game = loaded.game
    if seat is None:
        seat = loaded.seat_of(pid)
        if seat is None or seat not in game.explorers:
            raise ApiError(400, f"{what}: say which explorer's answers (?seat=N)")
    if seat not in game.explorers:
        raise ApiError(404, f"{what}: seat {seat} is not an explorer of this game")
    return seat


@router.get("/{gid}/review")
async def game_review(gid: int = GameId, _: dict[str, Any] = Depends(current_player),
                      service: Games = Depends(games),
                      kept: review.Reviews = Depends(reviews)) -> dict[str, Any]:
    """After the end: `{"reviews": {SEAT: REVIEW}}`, REVIEW the JSON of `orapa review` on the
    explorer's questions and the mine it explored (computed once, then kept)."""
    loaded = await _orapa(service, gid, "review")
    return await kept.get(gid, _over(loaded, "review"))


@router.get("/{gid}/review/why/{cell}")
async def why_cell(cell: str, gid: int = GameId, seat: int | None = Query(None, ge=0, le=7),
                   player: dict[str, Any] = Depends(current_player),
                   service: Games = Depends(games)) -> dict[str, Any]:
    """The fewest answers of an explorer that force a settled cell. After the end for any
    explorer; before it, an explorer's own answers in a game with hints."""
    loaded = await _orapa(service, gid, "why")
    index = parse_cell(cell)
    chosen = _seat(loaded, player["id"], seat, "why")
    game = loaded.game
    if not game.over:
        if not loaded.row["hints"]:
            raise ApiError(409, "why: the game is not over yet (and has no hints)")
        if chosen != loaded.seat_of(player["id"]):
            raise ApiError(403, "why: before the end, only your own answers are explained")
    return await asyncio.to_thread(review.why_cell, game.puzzle_for(chosen), index)


@router.post("/{gid}/review/wrong")
async def why_wrong(gid: int = GameId, layout: Any = Body(...),
                    seat: int | None = Query(None, ge=0, le=7),
                    player: dict[str, Any] = Depends(current_player),
                    service: Games = Depends(games)) -> dict[str, Any]:
    """After the end: what tells a guessed layout from the mine an explorer explored."""
    loaded = await _orapa(service, gid, "wrong guess")
    game = _over(loaded, "wrong guess")
    chosen = _seat(loaded, player["id"], seat, "wrong guess")
    guess = Layout.from_json(layout, game.rules, "layout")
    assert game.session is not None
    mine = game.session.mine_explored_by(str(chosen))
    return await asyncio.to_thread(review.why_wrong, game.puzzle_for(chosen), guess, mine)
