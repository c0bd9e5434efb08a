"""Computer seats of Orapa seated games: a director hides a generated mine (unique by proof under
all 36 shots, never a trap), an explorer follows the advisor (solver/orapa/computer.py).

>>> import random
>>> from games.orapa.seated import OrapaSeated
>>> game = OrapaSeated({"mode": "solo"}, [])
>>> action = choose_action(game, 1, "normal", random.Random(2))
>>> game.act(1, action)
{'type': 'mine_placed'}
"""
from __future__ import annotations

import random
from typing import Any

from games.errors import BadInput
from games.orapa.layout import Layout, RuleOptions
from games.orapa.gems import Gem
from games.orapa.seated import OrapaSeated
from generator.generate import Generator
from solver.orapa.computer import explorer_action


def generated_mine(gems: tuple[Gem, ...], rules: RuleOptions, rng: random.Random) -> Layout:
    """A mine the generator keeps: its 36 shot answers prove it unique, and it is no trap."""
    solution = Generator(gems, rules, rng).next().puzzle.solution
    assert solution is not None  # the generator always keeps the solution
    return solution


def choose_action(game: OrapaSeated, seat: int, level: str, rng: random.Random | None = None
                  ) -> dict[str, Any]:
    """What the computer at `seat` does now: hide its mine, or ask or guess on its turn."""
    rng = rng or random.Random()
    if seat in game.waiting_for():
        return {"mine": generated_mine(game.gems, game.rules, rng).to_json()}
    if game.to_move != seat:
        raise BadInput(f"seat {seat}: nothing to do (seat {game.to_move} to move)")
    return explorer_action(game.puzzle_for(seat), level, rng)
