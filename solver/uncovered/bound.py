"""Admissible lower bounds on the swaps an Uncovered! table still needs.

Mismatch graph: for a target sequence, every misplaced card is an edge from the position it lies at
to the position its value belongs at (four nodes, one per position). Each position has as many
cards leaving as arriving, so the graph splits into cycles. If any two cards could swap, the fewest
swaps would be `misplaced - most cycles the graph splits into` (the classic result for sorting a word
with repeated letters by swaps); U2 allows fewer swaps, so this is a lower bound. It is the exact
free-swap distance, so one swap changes it by at most one.

Lemma (for the turn-order bound): a swap that moves a card already in place never lowers it. Say
the card at position i is in place and meets a card whose value belongs at y, lying at position j.
If y = i the swap changes nothing; if j = i the graph is unchanged. Otherwise the swap adds edges
i -> y and j -> i, and removes j -> y unless y = j: one misplaced card more (two if y = j). Take a
best cycle split of the new graph. If j -> i -> y lie in one cycle, replace them by j -> y (or drop
the 2-cycle when y = j); if they lie in two cycles, the rest of those two cycles plus j -> y is a
closed walk of the old graph. Either way the old graph splits into at most one cycle fewer, so the
distance does not drop (and rises by one when y = j).

Graphs are stored as one integer: the count of edges `i -> j` is the base-8 digit `4 i + j`
(counts never exceed 6, the largest number of players).
"""
from __future__ import annotations

from functools import lru_cache

POSITIONS = 4
DIGIT_BITS = 3
DIGIT_MASK = (1 << DIGIT_BITS) - 1


def edge_unit(source: int, destination: int) -> int:
    """The code of a single edge `source -> destination` (0 for a card already in place)."""
    return 0 if source == destination else 1 << (DIGIT_BITS * (POSITIONS * source + destination))


def _simple_cycles_through(first: int, second: int) -> list[tuple[int, ...]]:
    """Every simple cycle on the four positions that starts with the edge first -> second."""
    others = [node for node in range(POSITIONS) if node not in (first, second)]
    cycles = [(first, second), (first, second, others[0]), (first, second, others[1])]
    cycles += [(first, second, others[0], others[1]), (first, second, others[1], others[0])]
    return cycles


def _cycle_code(cycle: tuple[int, ...]) -> int:
    return sum(edge_unit(cycle[k], cycle[(k + 1) % len(cycle)]) for k in range(len(cycle)))


_CYCLES = {
    (i, j): [_cycle_code(cycle) for cycle in _simple_cycles_through(i, j)]
    for i in range(POSITIONS) for j in range(POSITIONS) if i != j
}


def _fits(part: int, whole: int) -> bool:
    """Every edge count of `part` is at most that of `whole`."""
    while part:
        if (part & DIGIT_MASK) > (whole & DIGIT_MASK):
            return False
        part >>= DIGIT_BITS
        whole >>= DIGIT_BITS
    return True


@lru_cache(maxsize=None)
def most_cycles(graph: int) -> int:
    """The largest number of edge-disjoint cycles a balanced mismatch graph splits into.

    Exact: some cycle of a best split uses the graph's first edge, so try each simple cycle
    through it. Memoised; there are few distinct graphs.

    >>> two_cycle = edge_unit(0, 1) + edge_unit(1, 0)
    >>> most_cycles(two_cycle), most_cycles(2 * two_cycle)
    (1, 2)
    >>> most_cycles(edge_unit(0, 1) + edge_unit(1, 2) + edge_unit(2, 0))
    1
    """
    if graph == 0:
        return 0
    lowest = (graph & -graph).bit_length() - 1
    first, second = divmod(lowest // DIGIT_BITS, POSITIONS)
    best = -1
    for cycle in _CYCLES[(first, second)]:
        if _fits(cycle, graph):
            best = max(best, 1 + most_cycles(graph - cycle))
    if best < 0:
        raise ValueError(f"mismatch graph {graph:o} is not balanced")
    return best


def edge_count(graph: int) -> int:
    """Misplaced cards in a mismatch graph (the sum of its edge counts)."""
    total = 0
    while graph:
        total += graph & DIGIT_MASK
        graph >>= DIGIT_BITS
    return total


@lru_cache(maxsize=None)
def free_swap_distance(graph: int) -> int:
    """Fewest swaps to clear the graph when any two cards may swap: misplaced - most cycles.

    >>> free_swap_distance(edge_unit(0, 1) + edge_unit(1, 2) + edge_unit(2, 0))
    2
    """
    return edge_count(graph) - most_cycles(graph)


def turn_aware_bound(distance: int, phase: int, players: int, sorted_players: int) -> int:
    """Raise the free-swap distance by the turns that cannot shorten it.

    A swap that moves a card already in place never lowers the free-swap distance, so a player whose
    whole hand is in place (bit p of `sorted_players`) cannot make a useful swap; they stay so until
    someone spends a useless swap on them, and one useless swap unsorts at most two hands only by
    raising the distance by one. So every such player whose turn comes within the game costs at
    least one extra swap: the answer is the smallest T >= distance with T >= distance + (sorted
    players whose first turn, counted from `phase`, falls before T).

    >>> turn_aware_bound(5, 0, 3, 0b000)
    5
    >>> turn_aware_bound(5, 0, 3, 0b010)
    6
    >>> turn_aware_bound(1, 0, 3, 0b010)
    1
    """
    waits = sorted((player - phase) % players for player in range(players) if sorted_players >> player & 1)
    total = distance
    while True:
        needed = distance + sum(1 for wait in waits if wait < total)
        if needed <= total:
            return total
        total = needed
