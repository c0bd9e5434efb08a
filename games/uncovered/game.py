"""One game of Uncovered!: the turn order and the two actions of U2, declaring and the win check (U3).

Turn t belongs to player t mod N. The mover either declares (the game ends and is judged) or swaps
one of their own cards with any card of another player; equal values may be swapped, which is the
only way to let a turn go by without changing the table.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from games.errors import BadInput
from games.uncovered.deal import HAND_SIZE, Hands, WinRule, is_won, validate_hands

Slot = tuple[int, int]  # (player, position 1..4)


@dataclass(frozen=True)
class Swap:
    """A swap made on `player`'s turn: their card at `own_position` for `other_player`'s card."""

    player: int
    own_position: int
    other_player: int
    other_position: int

    def as_list(self) -> list[int]:
        """The INTERFACE.md form `[player, own_position, other_player, other_position]`."""
        return [self.player, self.own_position, self.other_player, self.other_position]


@dataclass
class Game:
    """The table, the turn counter and what has happened so far.

    >>> game = Game(((2, 2, 3, 4), (1, 1, 3, 4)))
    >>> game.swap(1, 1, 2).player
    0
    >>> game.declare()
    True
    >>> game.turn, game.swaps_made
    (1, 1)
    """

    initial: Hands
    win: WinRule = WinRule.ORDERED
    hands: list[list[int]] = field(init=False)
    turn: int = field(init=False, default=0)
    history: list[Swap] = field(init=False, default_factory=list)
    over: bool = field(init=False, default=False)
    won: bool = field(init=False, default=False)
    shown: set[Slot] = field(init=False, default_factory=set)

    def __post_init__(self) -> None:
        self.initial = validate_hands(self.initial)
        self.hands = [list(hand) for hand in self.initial]

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.hands)

    @property
    def current_player(self) -> int:
        """Whose turn it is: turn t belongs to player t mod N."""
        return self.turn % self.players

    @property
    def swaps_made(self) -> int:
        """Swaps made so far (equal-value swaps count: each one used a turn)."""
        return len(self.history)

    def table(self) -> Hands:
        """The hands as they lie now."""
        return tuple(tuple(hand) for hand in self.hands)

    def legal_swaps(self) -> list[Swap]:
        """Every swap the current player may make, equal-value swaps included."""
        if self.over:
            return []
        mover = self.current_player
        return [
            Swap(mover, own, other, position)
            for own in range(1, HAND_SIZE + 1)
            for other in range(self.players) if other != mover
            for position in range(1, HAND_SIZE + 1)
        ]

    def check_swap(self, swap: Swap) -> None:
        """Raise BadInput unless `swap` is a legal move now."""
        if self.over:
            raise BadInput("swap: the game is over")
        if swap.player != self.current_player:
            raise BadInput(f"swap: turn {self.turn} belongs to player {self.current_player}, not {swap.player}")
        if not 0 <= swap.other_player < self.players or swap.other_player == swap.player:
            raise BadInput(f"swap: player {swap.other_player} is not another player at this table")
        for position in (swap.own_position, swap.other_position):
            if not 1 <= position <= HAND_SIZE:
                raise BadInput(f"swap: position {position} is not 1 to {HAND_SIZE}")

    def apply(self, swap: Swap) -> None:
        """Make a legal swap and pass the turn on. The two cards are shown to everyone (U2)."""
        self.check_swap(swap)
        own, other = self.hands[swap.player], self.hands[swap.other_player]
        i, j = swap.own_position - 1, swap.other_position - 1
        own[i], other[j] = other[j], own[i]
        self.shown.update({(swap.player, swap.own_position), (swap.other_player, swap.other_position)})
        self.history.append(swap)
        self.turn += 1

    def swap(self, own_position: int, other_player: int, other_position: int) -> Swap:
        """The current player swaps their card at `own_position` with another player's card."""
        move = Swap(self.current_player, own_position, other_player, other_position)
        self.apply(move)
        return move

    def declare(self) -> bool:
        """The current player declares: the game ends and is judged (U3). Returns whether it is won."""
        if self.over:
            raise BadInput("declare: the game is over")
        self.over = True
        self.won = is_won(self.table(), self.win)
        return self.won


DECLARE = "declare"


def parse_action(text: str, game: Game) -> Swap | str:
    """Read a move typed at the table: `declare`, or `swap OWN PLAYER POSITION` (`swap` optional).

    >>> game = Game(((2, 2, 3, 4), (1, 1, 3, 4)))
    >>> parse_action("swap 1 1 2", game)
    Swap(player=0, own_position=1, other_player=1, other_position=2)
    >>> parse_action(" Declare ", game)
    'declare'
    """
    words = text.lower().split()
    if words == [DECLARE]:
        return DECLARE
    if words[:1] == ["swap"]:
        words = words[1:]
    if len(words) != 3 or not all(word.isdigit() for word in words):
        raise BadInput(f"move: {text.strip()!r} is neither 'declare' nor 'swap OWN PLAYER POSITION'")
    own, other, position = (int(word) for word in words)
    move = Swap(game.current_player, own, other, position)
    game.check_swap(move)
    return move
