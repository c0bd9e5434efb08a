"""The daily puzzle: GET it (no token needed), POST a guess (recorded)."""
from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Body, Depends

from web import daily, store
from web.deps import CurrentPlayer, MaybePlayer
from web.limits import limit
from web.responses import DailyGuessed, DailyPuzzle

router = APIRouter(prefix="/api/daily", tags=["daily"])
MAX_TRIES = 20


async def _make(day: str) -> dict[str, Any]:
    return await asyncio.to_thread(daily.puzzle_json, day)


@router.get("", response_model=DailyPuzzle, response_model_exclude_unset=True)
async def today(player: MaybePlayer) -> dict[str, Any]:
    """Today's puzzle (UTC date): puzzle JSON without the solution, plus `date`; with a token
    also `you`: the caller's `attempts` and whether it is `solved`."""
    day = daily.today()
    row = await daily.stored(day, _make)
    body = daily.public(row["options"]["puzzle"], day)
    if player is not None:
        body["you"] = await daily.player_result(day, player.id)
    return body


@router.post("/guess", dependencies=[Depends(limit("daily-guess", per_player=True))],
             response_model=DailyGuessed)
async def guess(player: CurrentPlayer, layout: Any = Body(...)) -> dict[str, Any]:
    """`{"correct": bool, "attempts": n, "solved": bool}`; every guess is recorded with its
    player (attempts and solved as in GET's `you`)."""
    day = daily.today()
    row = await daily.stored(day, _make)
    correct = daily.judge(row["options"]["puzzle"], layout)
    event = {"type": "guess", "player": player.id,
             "event": {"type": "guess", "correct": correct}}
    for _ in range(MAX_TRIES):     # guesses have no turns: retry on a taken seq
        try:
            await store.append(row["id"], await store.last_seq(row["id"]) + 1, [dict(event)])
            break
        except store.SeqTaken:
            continue
    return {"correct": correct, **await daily.player_result(day, player.id)}
