"""The score of a won Uncovered! game (U4): swaps made minus the fewest that could have won."""
from __future__ import annotations

from games.errors import BadInput
from games.uncovered.deal import Hands, WinRule
from games.uncovered.game import Game
from solver.uncovered_search import solve


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
