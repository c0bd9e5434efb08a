"""Deals of Uncovered!: hands and their validation (U1), random and exhaustive deals, the win check (U3).

A deal is a tuple of hands in turn order (player 0 first); a hand is a tuple of four card values
1..4, position 1 first. With N players the deck holds N copies of each value.
"""
from __future__ import annotations

import random
from enum import Enum
from itertools import permutations
from math import factorial
from typing import Iterator

from games.errors import BadInput

PLAYERS_MIN = 2
PLAYERS_MAX = 6
HAND_SIZE = 4
VALUES = (1, 2, 3, 4)

Hand = tuple[int, ...]
Hands = tuple[Hand, ...]


class WinRule(str, Enum):
    """U3: what a won table looks like."""

    ORDERED = "ordered"  # every hand reads 1, 2, 3, 4 (the default)
    SHARED = "shared"  # every hand reads the same sequence, whichever order of 1..4 it is


ALL_SEQUENCES: tuple[Hand, ...] = tuple(permutations(VALUES))


def target_sequences(rule: WinRule) -> tuple[Hand, ...]:
    """The hand sequences that can win under `rule`.

    >>> target_sequences(WinRule.ORDERED)
    ((1, 2, 3, 4),)
    >>> len(target_sequences(WinRule.SHARED))
    24
    """
    return (VALUES,) if rule is WinRule.ORDERED else ALL_SEQUENCES


def is_won(hands: Hands, rule: WinRule = WinRule.ORDERED) -> bool:
    """True when the table is won under `rule` (U3).

    >>> is_won(((1, 2, 3, 4), (1, 2, 3, 4)))
    True
    >>> is_won(((2, 1, 3, 4), (2, 1, 3, 4)))
    False
    >>> is_won(((2, 1, 3, 4), (2, 1, 3, 4)), WinRule.SHARED)
    True
    """
    first = hands[0]
    return first in target_sequences(rule) and all(hand == first for hand in hands)


def validate_hands(hands: Hands, where: str = "hands") -> Hands:
    """Check a deal against U1 (2..6 hands of four cards, values 1..4, N copies of each value)."""
    players = len(hands)
    if not PLAYERS_MIN <= players <= PLAYERS_MAX:
        raise BadInput(f"{where}: {players} hands given; Uncovered! needs {PLAYERS_MIN} to {PLAYERS_MAX}")
    for player, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise BadInput(f"{where}: hand {player} has {len(hand)} cards; every hand holds {HAND_SIZE}")
        for value in hand:
            if value not in VALUES:
                raise BadInput(f"{where}: hand {player} holds a {value}; cards are 1 to 4")
    for value in VALUES:
        copies = sum(hand.count(value) for hand in hands)
        if copies != players:
            raise BadInput(
                f"{where}: {copies} cards of value {value}; a {players}-player deck has {players}"
            )
    return tuple(tuple(hand) for hand in hands)


def parse_hands(text: str, where: str = "--hands") -> Hands:
    """Read hands written as comma-separated digit strings, e.g. `1243,3412`, and validate them.

    >>> parse_hands("1243,3412")
    ((1, 2, 4, 3), (3, 4, 1, 2))
    """
    hands = []
    for player, word in enumerate(text.replace(" ", "").split(",")):
        if not word.isdigit():
            raise BadInput(f"{where}: hand {player} is {word!r}; write each hand as four digits 1-4")
        hands.append(tuple(int(ch) for ch in word))
    return validate_hands(tuple(hands), where)


def format_hands(hands: Hands) -> str:
    """The comma-separated form that `parse_hands` reads.

    >>> format_hands(((1, 2, 4, 3), (3, 4, 1, 2)))
    '1243,3412'
    """
    return ",".join("".join(str(v) for v in hand) for hand in hands)


def check_players(players: int, where: str = "players") -> int:
    """Reject a player count outside U1's 2..6."""
    if not PLAYERS_MIN <= players <= PLAYERS_MAX:
        raise BadInput(f"{where}: {players} players; Uncovered! is for {PLAYERS_MIN} to {PLAYERS_MAX}")
    return players


def split_hands(cards: list[int] | tuple[int, ...]) -> Hands:
    """Cut a flat list of cards (player 0's four first) into hands."""
    return tuple(tuple(cards[i:i + HAND_SIZE]) for i in range(0, len(cards), HAND_SIZE))


def random_deal(players: int, rng: random.Random) -> Hands:
    """Shuffle the N-player deck and deal four cards to each player (U1)."""
    deck = [value for value in VALUES for _ in range(check_players(players))]
    rng.shuffle(deck)
    return split_hands(deck)


def deal_count(players: int) -> int:
    """How many different deals N players can get: (4N)! / (N!)^4.

    >>> deal_count(2), deal_count(3)
    (2520, 369600)
    """
    return factorial(HAND_SIZE * players) // factorial(players) ** len(VALUES)


def all_deals(players: int) -> Iterator[Hands]:
    """Every distinct deal for N players, each once, in lexicographic order of the flat card list."""
    remaining = {value: check_players(players) for value in VALUES}
    cards: list[int] = []
    size = HAND_SIZE * players

    def extend() -> Iterator[Hands]:
        if len(cards) == size:
            yield split_hands(cards)
            return
        for value in VALUES:
            if remaining[value]:
                remaining[value] -= 1
                cards.append(value)
                yield from extend()
                cards.pop()
                remaining[value] += 1

    return extend()
