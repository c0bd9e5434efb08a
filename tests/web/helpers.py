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


def human_table(player: Any, mine_seed: int = 3) -> tuple[Any, Any, Any, int, dict[str, Any]]:
    """An Orapa table of people ready to play: Dee directs and has placed `legal_mine(mine_seed)`,
    Ann (seat 1) and Bob (seat 2) have joined. `player` is the conftest fixture (a name to a
    signed-up player). Returns (dee, ann, bob, game id, mine)."""
    dee, ann, bob = player("Dee"), player("Ann"), player("Bob")
    seats = [{"role": "director", "kind": "human"}, {"role": "explorer", "kind": "human"},
             {"role": "explorer", "kind": "human"}]
    created = dee.post("/api/games", {"mode": "table", "seats": seats}).json()
    gid = created["game"]["id"]
    for who in (ann, bob):
        assert who.post(f"/api/games/{gid}/join", {"code": created["code"]}).status_code == 200
    mine = legal_mine(mine_seed)
    assert dee.put(f"/api/games/{gid}/mine", mine).status_code == 200
    return dee, ann, bob, gid, mine


def human_duel(player: Any, hints: bool = False, mines: tuple[int, int] = (3, 4)
               ) -> tuple[Any, Any, int]:
    """An Orapa duel of people ready to play: Ann (seat 0) and Bob (seat 1), each having placed
    `legal_mine` of its seed in `mines`. Returns (ann, bob, game id)."""
    ann, bob = player("Ann"), player("Bob")
    seats = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "human"}]
    created = ann.post("/api/games", {"mode": "duel", "seats": seats, "hints": hints}).json()
    gid = created["game"]["id"]
    assert bob.post(f"/api/games/{gid}/join", {"code": created["code"]}).status_code == 200
    for who, seed in zip((ann, bob), mines):
        assert who.put(f"/api/games/{gid}/mine", legal_mine(seed)).status_code == 200
    return ann, bob, gid
