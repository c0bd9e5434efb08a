"""A player's games, one record each (running and finished, every game type), derived from the
game logs: the lobby's "my games" and the stats page's chart of questions per won game."""
from __future__ import annotations

from typing import Any

from web import store
from web.loaded import Loaded, iso
from web.play import Games

QUESTION_TYPES = ("shot", "cell")


def outcome(loaded: Loaded, seat: int, role: str) -> str | None:
    """`win`, `loss`, `tie` or `directed` (an Orapa director has no win or loss) for a finished
    game; None while it runs."""
    if not loaded.game.over:
        return None
    if role == "director":
        return "directed"
    result = loaded.game.result()
    if seat in result["winners"]:
        return "tie" if result["outcome"] == "tie" else "win"
    return "loss"


def record(loaded: Loaded, seat: int) -> dict[str, Any]:
    """One game as the player at `seat` played it. `questions`: the Orapa questions this seat
    asked (shots and cells; free confirmations are not questions), None in the other games;
    `training`: created with hints."""
    rows = loaded.rows
    asked = None
    if loaded.row["game"] == "orapa":
        asked = sum(1 for r in rows if r["seat"] == seat and r["type"] in QUESTION_TYPES)
    role = next(s.role for s in loaded.seats if s.seat == seat)
    return {"id": loaded.id, "game": loaded.row["game"], "mode": loaded.row.get("mode"),
            "status": loaded.status, "seat": seat, "role": role,
            "result": outcome(loaded, seat, role), "questions": asked,
            "training": bool(loaded.row.get("hints")),
            "started": iso(rows[0]["at"]) if rows else None,
            "ended": iso([r for r in rows if r["type"] != "chat"][-1]["at"])
            if rows and loaded.game.over else None}   # chat after the end is not the end


async def player_games(service: Games, pid: int) -> list[dict[str, Any]]:
    """Every game the player sat down at, oldest first (by its first event)."""
    out = []
    for gid in await store.joined_games(pid):
        async with service.lock(gid):
            loaded = await service.load(gid)
            seat = loaded.seat_of(pid)
            if seat is not None:
                out.append(record(loaded, seat))
    return sorted(out, key=lambda r: (r["started"] or "", r["id"]))
