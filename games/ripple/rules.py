"""Ripple rules (RULINGS R1-R5): positions, moves, the ripple, groups, scores and the end of the game.

A position is immutable; `play` returns the next one. Scores are kept per colour because a move only
changes stones of its own colour: the other colours' groups, and their points, cannot change.

>>> from games.ripple.board import cell_index
>>> rules = Rules()
>>> p = play(rules, new_position(rules), Move(cell_index(3, 3), RED))
>>> p = play(rules, p, Move(cell_index(3, 5), RED))   # the red on (3,3) moves away, to (3,2)
>>> p = play(rules, p, Move(cell_index(3, 4), RED))   # (3,2) goes first (farther), then (3,5)
>>> sorted(row_col(c) for c in cells_of(p.colours[RED]))
[(3, 1), (3, 4), (3, 6)]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from games.errors import BadInput
from games.ripple.board import (
    BIT, CELLS, COLOURS, FULL_MASK, PUSH_RANK, STEP, cells_of, components,
    group_points, row_col,
)

RED, BLUE, GREEN, YELLOW = range(4)
ALL_COLOURS: tuple[int, ...] = (RED, BLUE, GREEN, YELLOW)
DRAW = 0
MEGA_GROUP = 5
WINNING_SCORE = 15


@dataclass(frozen=True)
class Rules:
    """The rule options of R5, defaults = the plain game.

    power_stones: power stones per player (the variant uses 2); a power stone pushes 2 squares.
    palettes: for asymmetric colours, the colours player 1 and player 2 may use.
    seconds_per_player: for timed mode, each player's total thinking time (see `games.ripple.clock`).
    """

    power_stones: int = 0
    palettes: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    seconds_per_player: float | None = None

    def __post_init__(self) -> None:
        if self.power_stones < 0:
            raise BadInput(f"power stones: {self.power_stones} is negative")
        if self.palettes is not None:
            for player, palette in enumerate(self.palettes, start=1):
                if len(set(palette)) != 2 or not set(palette) <= set(ALL_COLOURS):
                    raise BadInput(f"palette of player {player}: needs 2 different colours")
        if self.seconds_per_player is not None and self.seconds_per_player <= 0:
            raise BadInput(f"time per player: {self.seconds_per_player} is not positive")

    def colours_for(self, player: int) -> tuple[int, ...]:
        """The colours `player` may place."""
        return ALL_COLOURS if self.palettes is None else tuple(sorted(self.palettes[player - 1]))


class Move(NamedTuple):
    """One stone: a cell number, a colour index and whether it is a power stone (R5)."""

    cell: int
    colour: int
    power: bool = False

    def __str__(self) -> str:
        row, col = row_col(self.cell)
        return f"{COLOURS[self.colour]}{'+' if self.power else ''}@{row},{col}"


class Position(NamedTuple):
    """Everything that decides the rest of the game.

    colours: per colour, the mask of its stones; placed_by_1: mask of stones player 1 placed (the
    others were placed by player 2); colour_points: per colour, (player 1's, player 2's) points
    from its groups; winner: None while the game runs, else 1, 2 or DRAW; reason says why it ended.
    """

    colours: tuple[int, int, int, int]
    placed_by_1: int
    to_move: int
    power_left: tuple[int, int]
    colour_points: tuple[tuple[int, int], ...]
    winner: int | None = None
    reason: str | None = None

    @property
    def occupied(self) -> int:
        """Mask of every stone on the board."""
        c = self.colours
        return c[0] | c[1] | c[2] | c[3]

    @property
    def scores(self) -> tuple[int, int]:
        """(player 1's score, player 2's score), recomputed from the current groups (R3)."""
        return (sum(p[0] for p in self.colour_points), sum(p[1] for p in self.colour_points))

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.winner is not None

    def stone_at(self, cell: int) -> tuple[int, int] | None:
        """(colour, placer) of the stone on `cell`, or None when it is empty."""
        bit = BIT[cell]
        for colour, mask in enumerate(self.colours):
            if mask & bit:
                return colour, 1 if self.placed_by_1 & bit else 2
        return None


class Group(NamedTuple):
    """A scoring group: its colour, cells mask, size, owner (1, 2 or None for a tie) and points."""

    colour: int
    cells: int
    size: int
    owner: int | None
    points: int


def new_position(rules: Rules) -> Position:
    """The empty board with player 1 to move."""
    return Position((0, 0, 0, 0), 0, 1, (rules.power_stones, rules.power_stones), ((0, 0),) * 4)


def position_key(position: Position) -> int:
    """A compact key: one int packing the stones, their placers, the side to move and power stones.

    Two positions with the same key play on identically (the rules are fixed per game).
    """
    c = position.colours
    key = c[0] | c[1] << 49 | c[2] << 98 | c[3] << 147 | position.placed_by_1 << 196
    return key | position.to_move << 245 | position.power_left[0] << 247 | position.power_left[1] << 251


def groups_of(colour: int, stones: int, placed_by_1: int) -> list[Group]:
    """The groups (3+ stones, R3) among one colour's stones, with owners and points."""
    found = []
    for part in components(stones):
        size = part.bit_count()
        if size >= 3:
            first = (part & placed_by_1).bit_count()
            owner = 1 if 2 * first > size else 2 if 2 * first < size else None
            found.append(Group(colour, part, size, owner, group_points(size) if owner else 0))
    return found


def points_by_player(groups: list[Group]) -> tuple[int, int]:
    """(player 1's, player 2's) points from some groups; groups owned by nobody count for neither."""
    first = second = 0
    for group in groups:
        if group.owner == 1:
            first += group.points
        elif group.owner == 2:
            second += group.points
    return first, second


def all_groups(position: Position) -> list[Group]:
    """Every group on the board, colour by colour."""
    return [g for colour, mask in enumerate(position.colours) for g in groups_of(colour, mask, position.placed_by_1)]


def ripple(stones: int, placed_by_1: int, occupied: int, source: int, squares: int,
           trace: list[tuple[int, int]] | None = None) -> tuple[int, int]:
    """Push one colour's stones away from `source` (R1, R2): returns (stones, placed_by_1) after.

    `occupied` already includes the new stone on `source`, which never moves. Stones go farthest
    first; each step needs an empty square on the board. `trace`, when given, receives each
    one-square step as (from cell, to cell), in the order they happen (for animations).
    """
    movers = cells_of(stones & ~BIT[source])
    if len(movers) > 1:
        rank = PUSH_RANK[source]
        movers.sort(key=rank.__getitem__)
    step = STEP[source]  # moving straight away keeps the direction, so one table serves each step
    for stone in movers:
        here = stone
        for _ in range(squares):
            target = step[here]
            if target < 0 or occupied & BIT[target]:
                break
            moved = BIT[here] | BIT[target]
            stones ^= moved
            occupied ^= moved
            if placed_by_1 & BIT[here]:
                placed_by_1 ^= moved
            if trace is not None:
                trace.append((here, target))
            here = target
    return stones, placed_by_1


def check_move(rules: Rules, position: Position, move: Move) -> None:
    """Raise BadInput if `move` is not legal in `position`."""
    if position.over:
        raise BadInput(f"move {move}: the game is over")
    if not 0 <= move.cell < CELLS:
        raise BadInput(f"move {move}: no such square")
    if not 0 <= move.colour < len(COLOURS):
        raise BadInput(f"move {move}: no such colour")
    if position.occupied & BIT[move.cell]:
        raise BadInput(f"move {move}: the square is occupied")
    player = position.to_move
    if move.colour not in rules.colours_for(player):
        raise BadInput(f"move {move}: player {player} may not use {COLOURS[move.colour]}")
    if move.power and position.power_left[player - 1] <= 0:
        raise BadInput(f"move {move}: player {player} has no power stone left")


def play(rules: Rules, position: Position, move: Move) -> Position:
    """The position after a legal move: place, ripple, rescore, check the end (R1-R4)."""
    check_move(rules, position, move)
    return next_position(position, move)


def next_position(position: Position, move: Move) -> Position:
    """`play` without the legality check, for searches that generate only legal moves."""
    mover = position.to_move
    cell_bit = BIT[move.cell]
    colour = move.colour
    placed = position.placed_by_1 | cell_bit if mover == 1 else position.placed_by_1
    colours = list(position.colours)
    occupied = colours[0] | colours[1] | colours[2] | colours[3] | cell_bit
    stones, placed = ripple(colours[colour], placed, occupied, move.cell, 2 if move.power else 1)
    colours[colour] = stones | cell_bit
    found = groups_of(colour, colours[colour], placed)
    points = list(position.colour_points)
    points[colour] = points_by_player(found)
    power = position.power_left
    if move.power:
        power = (power[0] - 1, power[1]) if mover == 1 else (power[0], power[1] - 1)
    after = Position((colours[0], colours[1], colours[2], colours[3]), placed, 3 - mover, power,
                     tuple(points))
    winner, reason = _outcome(after, mover, found)
    return after if winner is None else after._replace(winner=winner, reason=reason)


def _outcome(position: Position, mover: int, moved_colour_groups: list[Group]) -> tuple[int | None, str | None]:
    """R4: mega group (mover first), then 15+ points (higher, then mover), then a full board.

    Only the moved colour can hold a new mega group: any other colour's would have ended the game.
    """
    mega_owners = {g.owner for g in moved_colour_groups if g.size >= MEGA_GROUP and g.owner}
    if mega_owners:
        return (mover if mover in mega_owners else 3 - mover), "mega group"
    first, second = position.scores
    if first >= WINNING_SCORE or second >= WINNING_SCORE:
        if first != second:
            return (1 if first > second else 2), "points"
        return mover, "points"
    if position.occupied == FULL_MASK:
        return (1 if first > second else 2 if second > first else DRAW), "board full"
    return None, None


def ripple_steps(position: Position, move: Move) -> list[tuple[int, int]]:
    """The one-square steps (from cell, to cell) the stones take when `move` is played in
    `position`, in the order the ripple makes them (the move is assumed legal)."""
    cell_bit = BIT[move.cell]
    steps: list[tuple[int, int]] = []
    ripple(position.colours[move.colour], position.placed_by_1, position.occupied | cell_bit, move.cell,
           2 if move.power else 1, steps)
    return steps


def legal_moves(rules: Rules, position: Position) -> list[Move]:
    """Every legal move, cell by cell; empty once the game is over."""
    if position.over:
        return []
    player = position.to_move
    colours = rules.colours_for(player)
    power = (False, True) if position.power_left[player - 1] > 0 else (False,)
    free = FULL_MASK & ~position.occupied
    return [Move(cell, colour, p) for cell in cells_of(free) for colour in colours for p in power]


def lose_on_time(position: Position, player: int) -> Position:
    """The game ended because `player` ran out of thinking time (timed mode): the other one wins."""
    return position._replace(winner=3 - player, reason="time")
