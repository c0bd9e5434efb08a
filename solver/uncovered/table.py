"""Breadth-first table of the fewest winning swaps from every table and turn phase (small N).

A table of N hands is coded as 4N base-4 digits (card value - 1 at slot 4 * player + position - 1).
The search runs backwards from the won tables: (cards, phase k) is one swap after (cards', k - 1)
exactly when cards' is cards with one card of player k - 1 swapped with another player's card, a
swap being its own inverse. numpy handles whole frontiers at once; N = 3 (16.7 million codes, three
phases) takes a few seconds. This is the reference the IDA* solver is checked against, and it gives
the distribution of optima over every deal.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from games.uncovered.deal import HAND_SIZE, Hands, WinRule, check_players, target_sequences

TABLE_MAX_PLAYERS = 3
UNREACHED = -1


def table_code(hands: Hands) -> int:
    """The base-4 code of a table.

    >>> table_code(((1, 2, 3, 4), (1, 2, 3, 4)))
    58596
    """
    return sum((value - 1) << (2 * slot) for slot, value in enumerate(v for hand in hands for v in hand))


def distance_table(players: int, win: WinRule = WinRule.ORDERED) -> np.ndarray:
    """`table[phase, code]`: fewest swaps that win from that table when turn phase is `phase`.

    Codes of tables that are not deals (wrong card counts) hold -1.

    >>> table = distance_table(2)
    >>> int(table[0, table_code(((2, 2, 3, 4), (1, 1, 3, 4)))])
    1
    """
    if check_players(players) > TABLE_MAX_PLAYERS:
        raise ValueError(f"a full table for {players} players does not fit in memory")
    slots = HAND_SIZE * players
    table = np.full((players, 1 << (2 * slots)), UNREACHED, dtype=np.int8)
    goals = np.array(sorted({table_code((target,) * players) for target in target_sequences(win)}), dtype=np.int64)
    table[:, goals] = 0
    frontier = [goals.copy() for _ in range(players)]
    distance = 0
    while any(len(codes) for codes in frontier):
        found: list[list[np.ndarray]] = [[] for _ in range(players)]
        for phase, codes in enumerate(frontier):
            mover = (phase - 1) % players
            for own in range(mover * HAND_SIZE, (mover + 1) * HAND_SIZE):
                for other in range(slots):
                    if other // HAND_SIZE == mover:
                        continue
                    differ = ((codes >> (2 * own)) ^ (codes >> (2 * other))) & 3
                    before = codes ^ (differ << (2 * own)) ^ (differ << (2 * other))
                    new = before[table[mover, before] == UNREACHED]
                    table[mover, new] = distance + 1
                    found[mover].append(new)
        frontier = [np.unique(np.concatenate(parts)) if parts else np.empty(0, np.int64) for parts in found]
        distance += 1
    return table


def deal_optima(table: np.ndarray) -> np.ndarray:
    """The optimum of every deal (turn 0 belongs to player 0), in increasing code order."""
    first_turn = table[0]
    return first_turn[first_turn != UNREACHED]


def optimum_distribution(players: int, win: WinRule = WinRule.ORDERED) -> dict[int, int]:
    """How many deals have each optimum.

    >>> sum(optimum_distribution(2).values())
    2520
    """
    counts = Counter(deal_optima(distance_table(players, win)).tolist())
    return dict(sorted(counts.items()))
