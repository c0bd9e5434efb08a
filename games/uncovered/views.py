"""What each player sees under the beginner, intermediate and advanced variants (U5).

Every swap is made face up, so the card now lying in a slot that took part in a swap is public
knowledge; the engine remembers it for everyone, as the web app does. Beyond that:
- beginner: all cards lie face up;
- intermediate: a player sees every other hand but not their own;
- advanced (3+ players): a player sees only their own hand.
In the intermediate variant a card that arrives at the position matching its value is turned to
face its owner: it is marked as settled. Once the game is over every hand is face up.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from games.errors import BadInput
from games.uncovered.game import Game, Slot


class Variant(str, Enum):
    """U5: who may look at which cards."""

    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    ADVANCED = "advanced"


ADVANCED_MIN_PLAYERS = 3


def check_variant(variant: Variant, players: int) -> None:
    """The advanced variant needs three or more players."""
    if variant is Variant.ADVANCED and players < ADVANCED_MIN_PLAYERS:
        raise BadInput(f"--variant: advanced needs {ADVANCED_MIN_PLAYERS} or more players, not {players}")


@dataclass(frozen=True)
class View:
    """One player's picture of the table: a value where they know the card, None where they don't."""

    viewer: int
    turn: int
    current_player: int
    cards: tuple[tuple[int | None, ...], ...]
    settled: frozenset[Slot]
    over: bool = False


def _sees_directly(variant: Variant, viewer: int, owner: int) -> bool:
    if variant is Variant.BEGINNER:
        return True
    if variant is Variant.INTERMEDIATE:
        return owner != viewer
    return owner == viewer


def view_of(game: Game, viewer: int, variant: Variant) -> View:
    """What `viewer` knows about every slot now under `variant`.

    >>> game = Game(((2, 1, 3, 4), (1, 2, 3, 4), (3, 4, 1, 2)))
    >>> view_of(game, 0, Variant.ADVANCED).cards[1]
    (None, None, None, None)
    >>> _ = game.swap(1, 1, 1)
    >>> view = view_of(game, 0, Variant.INTERMEDIATE)
    >>> view.cards[0], sorted(view.settled)
    ((1, None, None, None), [(0, 1)])
    """
    check_variant(variant, game.players)
    cards = tuple(
        tuple(
            value if game.over or (owner, position) in game.shown or _sees_directly(variant, viewer, owner)
            else None
            for position, value in enumerate(hand, start=1)
        )
        for owner, hand in enumerate(game.hands)
    )
    settled: frozenset[Slot] = frozenset()
    if variant is Variant.INTERMEDIATE:
        settled = frozenset(
            (owner, position) for owner, position in game.shown
            if game.hands[owner][position - 1] == position
        )
    return View(viewer, game.turn, game.current_player, cards, settled, game.over)


def render_view(view: View) -> str:
    """The view as text: one line per hand, `?` for an unknown card, `*` after a settled one.

    >>> print(render_view(View(0, 3, 1, ((1, None, 3, 4), (2, 2, 1, 3)), frozenset({(0, 1)}))))
    turn 3, player 1 to move; you are player 0
      player 0 (you):  1* ?  3  4
      player 1      :  2  2  1  3
    """
    if view.over:
        lines = [f"game over: player {view.current_player} declared at turn {view.turn}; all hands face up"]
    else:
        lines = [f"turn {view.turn}, player {view.current_player} to move; you are player {view.viewer}"]
    for owner, hand in enumerate(view.cards):
        label = f"player {owner}" + (" (you)" if owner == view.viewer else "      ")
        marks = "".join(
            f"{'?' if value is None else value:>2}" + ("*" if (owner, pos) in view.settled else " ")
            for pos, value in enumerate(hand, start=1)
        )
        lines.append(f"  {label}:{marks.rstrip()}")
    return "\n".join(lines)

