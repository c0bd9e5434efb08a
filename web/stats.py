"""Per-player statistics from the finished games' logs (nothing is counted twice: it is all
derived from the events)."""
from __future__ import annotations

from typing import Any

from web import daily, store
from web.play import Games

QUESTION_TYPES = ("shot", "cell")


def _blank() -> dict[str, Any]:
    return {"games": 0, "wins": 0, "losses": 0, "ties": 0, "directed": 0}


async def player_stats(service: Games, pid: int) -> dict[str, Any]:
    """`{"games", "wins", "losses", "ties", "directed", "average_questions", "won_games",
    "by_mode", "training"}` over the player's finished games. Training games (created with
    hints) are kept apart: they count only in `training` and in `by_mode["training"]`, never in
    the totals or the average. A table or solo director's games count under `directed` (the
    rules give a director no win or loss). `average_questions` is the mean, over `won_games`
    (the games the player won by a right guess), of the questions asked before it (free
    confirmations are not questions, RULINGS O5). `daily_streak`: days in a row the player
    solved the daily puzzle."""
    total, training = _blank(), _blank()
    by_mode: dict[str, Any] = {}
    questions: list[int] = []
    for gid in await store.joined_games(pid, finished=True):
        loaded = await service.load(gid)          # its status is written after its log
        seat = loaded.seat_of(pid)
        role = next(s.role for s in loaded.seats if s.seat == seat)
        trained = bool(loaded.row.get("hints"))
        key = "training" if trained else loaded.row.get("mode") or loaded.row["game"]
        mode = by_mode.setdefault(key, _blank())
        result = loaded.game.result()
        if role == "director":
            outcome = "directed"
        elif seat in result["winners"]:
            outcome = "ties" if result["outcome"] == "tie" else "wins"
        else:
            outcome = "losses"
        for counts in ((training if trained else total), mode):
            counts["games"] += 1
            counts[outcome] += 1
        if outcome == "wins" and not trained:
            mine = [e["type"] for e in loaded.rows if e["seat"] == seat]
            if "guess" in mine:
                questions.append(sum(t in QUESTION_TYPES for t in mine))
    average = round(sum(questions) / len(questions), 3) if questions else None
    return {**total, "average_questions": average, "won_games": len(questions),
            "by_mode": by_mode, "training": training, "daily_streak": await daily.streak(pid)}
