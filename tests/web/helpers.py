"""What a test's human seat does: play Orapa through the API with the advisor, using only what
the STATE shows it."""
from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, TypeVar

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle
from games.orapa.random_layouts import random_layout
from solver.orapa.computer import explorer_action

T = TypeVar("T")


def run_coroutine(coroutine: Awaitable[T]) -> T:
    """Run `coroutine` to its end on a fresh event loop in a thread of its own: a pytest worker
    that has run a browser test keeps Playwright's loop running in the main thread, where
    `asyncio.run` refuses to start."""
    async def whole() -> T:
        return await coroutine
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, whole()).result()


def puzzle_from_state(state: dict[str, Any], seat: int) -> Puzzle:
    """The explorer's puzzle from its STATE: gems, rules and its observations."""
    return Puzzle.from_json({"gems": state["gems"], "rules": state["rules"],
                             "observations": state["observations"][str(seat)]})


def next_action(state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    return explorer_action(puzzle_from_state(state, seat), "normal", rng)


def legal_mine(seed: int, gems: str = "base") -> dict[str, Any]:
    return random_layout(gem_set(gems), RuleOptions(), random.Random(seed)).to_json()
