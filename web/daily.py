"""The daily puzzle: one unique generated puzzle a day, the same for everyone (its seed is the
date), with the fewest answers the generator can leave (`clues="minimal"`). It is stored as a
game row of kind `daily` on first request, and every guess is an event of that row."""
from __future__ import annotations

import random
from datetime import date, datetime, timedelta, timezone
from typing import Any

from games.orapa.gems import gem_set
from games.orapa.layout import Layout
from games.orapa.puzzle import Puzzle
from generator.generate import Generator
from web import store

DAILY_GAME = "daily"
GEMS = "base"


def today() -> str:
    return datetime.now(timezone.utc).date().isoformat()


def generate(day: str) -> Puzzle:
    """The puzzle of `day` (YYYY-MM-DD): the same on every machine."""
    return generate_graded(day)[0]


def generate_graded(day: str) -> tuple[Puzzle, str]:
    """The puzzle of `day` and its grade by technique (easy, medium, hard or extreme: the
    grade `orapa generate --difficulty` asks for, `generator.difficulty.grade`)."""
    from generator.difficulty import grade
    date.fromisoformat(day)
    rng = random.Random(f"orapa-daily-{day}")
    found = Generator(gem_set(GEMS), rng=rng, clues="minimal").next()
    g = grade(found.puzzle, found.difficulty)
    return found.puzzle, g.level


def puzzle_json(day: str) -> dict[str, Any]:
    """The day's puzzle JSON as stored: the puzzle (with its solution) and its `grade`."""
    puzzle, level = generate_graded(day)
    return {**puzzle.to_json(), "grade": level}


def public(puzzle_json: dict[str, Any], day: str) -> dict[str, Any]:
    """The puzzle JSON without its solution, with its date."""
    return {**{k: v for k, v in puzzle_json.items() if k != "solution"}, "date": day}


def judge(puzzle_json: dict[str, Any], layout_json: Any) -> bool:
    """Is a guess the day's layout (O6)? Malformed layouts are bad input."""
    puzzle = Puzzle.from_json(puzzle_json)
    guess = Layout.from_json(layout_json, puzzle.rules, "layout")
    return guess == puzzle.solution


async def stored(day: str, make: Any) -> dict[str, Any]:
    """The day's row, created (with `make(day)`, a puzzle's JSON) on first use."""
    row = await store.daily_game(day)
    if row is None:
        puzzle = await make(day)
        try:
            await store.create_game(DAILY_GAME, None, {"puzzle": puzzle}, [], False,
                                    daily=day, status="daily")
        except Exception:     # another request created it first (one row a day: unique)
            row = await store.daily_game(day)
            if row is None:
                raise
            return row
        row = await store.daily_game(day)
    assert row is not None   # created just now, by this request or another
    return row


async def player_result(day: str, pid: int) -> dict[str, Any]:
    """`{"attempts": n, "solved": bool}`: the player's guesses at the day's puzzle (attempts
    counted up to and including the right one; later guesses change nothing)."""
    row = await store.daily_game(day)
    attempts, solved = 0, False
    if row is not None:
        for event in await store.events_after(row["id"]):
            if event.get("player") != pid or event["type"] != "guess" or solved:
                continue
            attempts += 1
            solved = bool(event["event"].get("correct"))
    return {"attempts": attempts, "solved": solved}


async def streak(pid: int, day: str | None = None, limit: int = 366) -> int:
    """Days in a row, back from `day` (today; an unsolved today does not break it yet), on
    which the player solved the daily puzzle."""
    current = date.fromisoformat(day or today())
    count = 0
    for back in range(limit):
        result = await player_result((current - timedelta(days=back)).isoformat(), pid)
        if result["solved"]:
            count += 1
        elif back > 0:
            break
    return count
