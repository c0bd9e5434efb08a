"""The score of a won Uncovered! game (U4): swaps made minus the fewest that could have won."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Sequence

from games.errors import BadInput
from games.uncovered.deal import Hands, WinRule
from games.uncovered.game import Game
from games.uncovered.seated import UncoveredSeated
from solver.uncovered.search import Solution, solve


def score(hands: Hands, swaps_made: int, win: WinRule = WinRule.ORDERED) -> int:
    """U4 score of a game won after `swaps_made` swaps from the deal `hands`; 0 is perfect.

    Every count from the optimum up can win (at a won table each player can swap equal values),
    and no smaller count can, so smaller counts are bad input.

    >>> score(((2, 2, 3, 4), (1, 1, 3, 4)), 3)
    2
    """
    if swaps_made < 0:
        raise BadInput(f"--turns: {swaps_made} is negative")
    optimum = solve(hands, win).optimum
    if swaps_made < optimum:
        raise BadInput(f"--turns: no game from this deal is won after {swaps_made} swaps; the fewest is {optimum}")
    return swaps_made - optimum


def score_game(game: Game) -> tuple[int, int | None]:
    """The optimum of a finished game's deal and its score (None for a lost game, U4)."""
    optimum = solve(game.initial, game.win).optimum
    return optimum, (game.swaps_made - optimum if game.won else None)


@lru_cache(maxsize=4096)
def _solved(hands: Hands, win: WinRule) -> Solution:
    return solve(hands, win)


def optimum_and_swaps(hands: Hands, win: WinRule = WinRule.ORDERED) -> tuple[int, list[list[int]]]:
    """The optimum of a deal and one shortest winning sequence, as JSON-ready lists: the scoring
    screen of a seated game (`games.uncovered.seated`) shows both. Remembered per deal, since a
    server rebuilds a finished game (and scores it again) from its actions."""
    solution = _solved(tuple(tuple(hand) for hand in hands), win)
    return solution.optimum, [swap.as_list() for swap in solution.swaps]


def seated_game(options: Mapping[str, Any], seats: Sequence[Any]) -> UncoveredSeated:
    """An Uncovered! seated game that scores itself against the exact optimum (the factory the
    game server registers: games/ cannot import the solver, so the optimum is injected here)."""
    return UncoveredSeated.create(options, seats, optimum=optimum_and_swaps)
