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
from web.deps import CurrentPlayer, games
from web.errors import ApiError
from web.failures import NotNow, NotSeated
from web.loaded import Loaded
from web.play import Games
from web.responses import Public
from web.routers.games import GameId

router = APIRouter(prefix="/api/games", tags=["review"])


class GameReviews(Public):
    """Every explorer's review, keyed by seat: the JSON of `orapa review` (docs/interface.md)."""

    reviews: dict[str, dict[str, Any]]


class WhyCell(Public):
    """A minimal set of an explorer's answers (numbered from 1) that force a cell."""

    cell: str
    settled: bool
    content: str | None
    answers: list[dict[str, Any]]


class WhyWrong(Public):
    """What tells a guess from the mine, as `orapa review --guess` says it."""

    correct: bool
    unreproduced: list[int]
    question: str | None
    guess_answer: dict[str, Any] | None
    mine_answer: dict[str, Any] | None


def reviews(request: Request) -> review.Reviews:
    """This app's reviews (made on first use)."""
    state = request.app.state
    if getattr(state, "reviews", None) is None:
        state.reviews = review.Reviews()
    return state.reviews


async def _orapa(service: Games, gid: int, what: str) -> tuple[Loaded, OrapaSeated]:
    async with service.lock(gid):
        loaded = await service.load(gid)
    if not isinstance(loaded.game, OrapaSeated):
        raise ApiError(404, f"{what}: only Orapa games are reviewed", "not_offered")
    return loaded, loaded.game


def _over(game: OrapaSeated, what: str) -> OrapaSeated:
    if not game.over or game.session is None:
        raise NotNow(f"{what}: the game is not over yet")
    return game


def _seat(loaded: Loaded, game: OrapaSeated, pid: int, seat: int | None, what: str) -> int:
    """The explorer seat asked about: `seat`, else the caller's own."""
    if seat is None:
        seat = loaded.seat_of(pid)
        if seat is None or seat not in game.explorers:
            raise ApiError(400, f"{what}: say which explorer's answers (?seat=N)")
    if seat not in game.explorers:
        raise ApiError(404, f"{what}: seat {seat} is not an explorer of this game")
    return seat


@router.get("/{gid}/review", response_model=GameReviews)
async def game_review(_: CurrentPlayer, gid: int = GameId, service: Games = Depends(games),
                      kept: review.Reviews = Depends(reviews)) -> dict[str, Any]:
    """After the end: `{"reviews": {SEAT: REVIEW}}`, REVIEW the JSON of `orapa review` on the
    explorer's questions and the mine it explored (computed once, then kept)."""
    game = (await _orapa(service, gid, "review"))[1]
    return await kept.get(gid, _over(game, "review"))


@router.get("/{gid}/review/why/{cell}", response_model=WhyCell)
async def why_cell(player: CurrentPlayer, cell: str, gid: int = GameId,
                   seat: int | None = Query(None, ge=0, le=7),
                   service: Games = Depends(games)) -> dict[str, Any]:
    """The fewest answers of an explorer that force a settled cell. After the end for any
    explorer; before it, an explorer's own answers in a game with hints."""
    loaded, game = await _orapa(service, gid, "why")
    index = parse_cell(cell)
    chosen = _seat(loaded, game, player.id, seat, "why")
    if not game.over:
        if not loaded.row["hints"]:
            raise NotNow("why: the game is not over yet (and has no hints)")
        if chosen != loaded.seat_of(player.id):
            raise NotSeated("why: before the end, only your own answers are explained")
    return await asyncio.to_thread(review.why_cell, game.puzzle_for(chosen), index)


@router.post("/{gid}/review/wrong", response_model=WhyWrong)
async def why_wrong(player: CurrentPlayer, gid: int = GameId, layout: Any = Body(...),
                    seat: int | None = Query(None, ge=0, le=7),
                    service: Games = Depends(games)) -> dict[str, Any]:
    """After the end: what tells a guessed layout from the mine an explorer explored."""
    loaded, game = await _orapa(service, gid, "wrong guess")
    _over(game, "wrong guess")
    chosen = _seat(loaded, game, player.id, seat, "wrong guess")
    guess = Layout.from_json(layout, game.rules, "layout")
    assert game.session is not None
    mine = game.session.mine_explored_by(str(chosen))
    return await asyncio.to_thread(review.why_wrong, game.puzzle_for(chosen), guess, mine)
