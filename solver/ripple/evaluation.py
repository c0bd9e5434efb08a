"""Static evaluation of Ripple positions for the search: points now, plus groups about to form.

The value is from the side to move's point of view, in points. Besides the current scores (R3) it
counts near-groups: a pair is one stone from scoring, an owned group of 4 is one stone from a mega
group (an instant win, R4), and an owned group of 3 is one stone from 6 points. A group that only
scores for its owner by a one-stone margin is easier to steal, so it counts less.

Each colour's part is cached by its stones and placers: a move changes only its own colour, so the
other three colours of a child position are found in the cache.

>>> from games.ripple import position_from_rows
>>> board = ["rr.....", ".......", ".......", ".......", ".......", ".......", "...BBBB"]
>>> position = position_from_rows(board, 1)
>>> position.scores
(0, 6)
>>> evaluate(position) < -6   # player 2's four blues are one stone from a mega group
True
"""
from __future__ import annotations

from games.ripple import Position
from games.ripple.board import components

WIN = 10_000.0

# Extra value of an owned component by size (beyond its points), from the owner's view.
NEAR_GROUP_BONUS = (0.0, 0.0, 1.2, 1.5, 5.0)
# A component whose owner leads by only one stone is worth this share to its owner.
THIN_MARGIN_SHARE = 0.6

_colour_cache: dict[tuple[int, int], float] = {}


def colour_potential(stones: int, placed_by_1: int) -> float:
    """Near-group value of one colour's stones, player 1 minus player 2 (cached)."""
    key = (stones, placed_by_1 & stones)
    cached = _colour_cache.get(key)
    if cached is not None:
        return cached
    total = 0.0
    for part in components(stones):
        size = part.bit_count()
        if size < 2:
            continue
        first = (part & placed_by_1).bit_count()
        margin = 2 * first - size
        if margin == 0:
            continue
        bonus = NEAR_GROUP_BONUS[size] if size < len(NEAR_GROUP_BONUS) else NEAR_GROUP_BONUS[-1]
        if abs(margin) == 1 and size > 1:
            bonus *= THIN_MARGIN_SHARE
        total += bonus if margin > 0 else -bonus
    if len(_colour_cache) > 500_000:
        _colour_cache.clear()
    _colour_cache[key] = total
    return total


def evaluate(position: Position) -> float:
    """Estimated value for the side to move: score difference plus near-group potential."""
    if position.winner is not None:
        return terminal_value(position)
    colours, placed = position.colours, position.placed_by_1
    first, second = position.scores
    value: float = first - second
    for mask in colours:
        value += colour_potential(mask, placed)
    return value if position.to_move == 1 else -value


def terminal_value(position: Position) -> float:
    """Value of a finished game for the side to move: a win is worth more the earlier it comes."""
    if not position.winner:
        return 0.0
    early = 49 - position.occupied.bit_count()
    return WIN + early if position.winner == position.to_move else -(WIN + early)
