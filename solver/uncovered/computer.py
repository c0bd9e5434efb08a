"""Uncovered!'s computer seat on the game server: `choose_action(game, seat, level)`.

The computer reads nothing but its own seat's view (`game.view(seat)`), so it never uses a card
U5 hides from it. From the view it knows the cards it sees and, since the deck holds N of each
value, how many of each value lie in the slots it cannot see. It then:

1. declares when the table is won for certain (every card it cannot see is forced);
2. at the strong level, when no card is unknown, plays the first swap of a shortest win
   (the exact solver, `solver.uncovered.search.solve`, from the current turn);
3. otherwise fills the unknown slots at random `SAMPLES[level]` times (a generator seeded by the
   turn, so a replay chooses the same) and plays the swap whose tables are closest to a win on
   average, by the free-swap distance (strong: the turn-aware bound); ties go to swaps that
   turn up unknown cards, since every swap shows its two cards to everyone.

A table that is still going after `TURN_LIMIT(N)` turns is declared: computers cannot wait
forever for a certainty their views may never give.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.uncovered.deal import HAND_SIZE, VALUES, WinRule, is_won, target_sequences
from games.uncovered.seated import UncoveredSeated
from solver.computer_levels import check_computer_turn
from solver.uncovered.bound import edge_unit, free_swap_distance, turn_aware_bound
from solver.uncovered.search import solve

SAMPLES = {"easy": 1, "normal": 6, "strong": 16}
REVEAL_BONUS = 0.01  # per unknown slot a swap turns up: breaks ties toward learning


def turn_limit(players: int) -> int:
    """Turns after which a computer declares whatever it knows (generous: optima are <= 13)."""
    return 10 * players + 30


def _rotate_swap(swap: list[int], shift: int, players: int) -> list[int]:
    """A swap found on a table rotated so that the mover is player 0, in the real seat numbers."""
    mover, own, other, position = swap
    return [(mover + shift) % players, own, (other + shift) % players, position]


class _Belief:
    """The cards one seat sees, and random fillings of the rest consistent with the deck."""

    def __init__(self, hands: list[list[int | None]]) -> None:
        self.players = len(hands)
        self.cards = [value for hand in hands for value in hand]
        left = Counter({value: self.players for value in VALUES})
        left.subtract(value for value in self.cards if value is not None)
        self.unknown = [slot for slot, value in enumerate(self.cards) if value is None]
        self.missing = sorted(left.elements())

    @property
    def forced(self) -> bool:
        """Whether the unseen slots can hold only one arrangement (none, or all the same value)."""
        return len(set(self.missing)) <= 1

    def filling(self, rng: random.Random) -> list[int]:
        """The cards with the unseen slots filled by a random arrangement of the missing values."""
        cards = list(self.cards)
        missing = list(self.missing)
        rng.shuffle(missing)
        for slot, value in zip(self.unknown, missing):
            cards[slot] = value
        return cards  # type: ignore[return-value]


def _hands(cards: list[int], players: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(cards[p * HAND_SIZE:(p + 1) * HAND_SIZE]) for p in range(players))


def _distance(cards: list[int], targets: tuple[tuple[int, ...], ...], players: int, phase: int,
              turn_aware: bool) -> int:
    """Lower bound on the swaps still needed (free-swap distance, or the turn-aware bound)."""
    best = None
    for target in targets:
        home = {value: position for position, value in enumerate(target)}
        graph = sum(edge_unit(slot % HAND_SIZE, home[value]) for slot, value in enumerate(cards))
        distance = free_swap_distance(graph)
        if turn_aware:
            sorted_players = sum(1 << p for p in range(players)
                                 if all(cards[p * HAND_SIZE + i] == target[i] for i in range(HAND_SIZE)))
            distance = turn_aware_bound(distance, phase, players, sorted_players)
        best = distance if best is None else min(best, distance)
    return best  # type: ignore[return-value]


def _sampled_swap(belief: _Belief, seat: int, win: WinRule, level: str, rng: random.Random) -> list[int]:
    """The swap with the lowest average distance to a win over random fillings of the view."""
    players = belief.players
    targets = target_sequences(win)
    fillings = [belief.filling(rng) for _ in range(SAMPLES[level])]
    following = (seat + 1) % players
    unknown = set(belief.unknown)
    best_cost: float | None = None
    best: list[list[int]] = []
    for own in range(HAND_SIZE):
        a = seat * HAND_SIZE + own
        for b in range(players * HAND_SIZE):
            if b // HAND_SIZE == seat:
                continue
            total = 0
            for cards in fillings:
                cards[a], cards[b] = cards[b], cards[a]
                total += _distance(cards, targets, players, following, level != "easy")
                cards[a], cards[b] = cards[b], cards[a]
            cost = total / len(fillings) - REVEAL_BONUS * ((a in unknown) + (b in unknown))
            swap = [seat, own + 1, b // HAND_SIZE, b % HAND_SIZE + 1]
            if best_cost is None or cost < best_cost - 1e-9:
                best_cost, best = cost, [swap]
            elif cost < best_cost + 1e-9:
                best.append(swap)
    return rng.choice(best)  # ties at random: a fixed preference can go round in circles


def choose_action(game: UncoveredSeated, seat: int, level: str) -> dict[str, Any]:
    """`{"declare": true}` or `{"swap": [own_position, other_seat, other_position]}` for the
    computer in `seat`, chosen from that seat's view alone."""
    check_computer_turn(level, seat, game.to_move, game.over)
    position = game.view(seat)["position"]
    win = WinRule(position["win"])
    belief = _Belief(position["hands"])
    players, turn = belief.players, position["turn"]
    rng = random.Random(turn * 7 + seat)
    if belief.forced:
        cards = belief.filling(rng)
        hands = _hands(cards, players)
        if is_won(hands, win):
            return {"declare": True}
        if level == "strong":
            rotated = hands[seat:] + hands[:seat]
            first = solve(rotated, win).swaps[0].as_list()
            return {"swap": _rotate_swap(first, seat, players)[1:]}
    if turn >= turn_limit(players):
        return {"declare": True}
    return {"swap": _sampled_swap(belief, seat, win, level, rng)[1:]}
