"""Exact fewest swaps that win an Uncovered! deal under U2's turn order, with a shortest witness.

Iterative deepening A*: depth-first searches with a growing budget of swaps, pruned by the
admissible bound of `uncovered_bound` (free-swap distance raised for players whose hands are already
in place). A table of (cards, turn phase) -> largest budget already proven too small stops the search
from repeating work. Budgets grow one swap at a time, so the first budget that succeeds is optimal.

Turns that cannot help are still turns: the mover must swap (U2), so the search also tries one swap
of equal values (it leaves the table as it is) and every swap that makes things worse for now.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.uncovered.deal import HAND_SIZE, Hand, Hands, WinRule, target_sequences, validate_hands
from games.uncovered.game import Swap
from solver.uncovered.bound import edge_unit, free_swap_distance, turn_aware_bound

Step = tuple[int, int]  # (mover's slot, other slot), slots numbered 4 * player + position - 1


@dataclass(frozen=True)
class Solution:
    """The fewest swaps that win from a deal, and one sequence of that many swaps."""

    optimum: int
    swaps: tuple[Swap, ...]


class TargetSearch:
    """IDA* toward one winning sequence (every hand reading `target`)."""

    def __init__(self, hands: Hands, target: Hand) -> None:
        self.players = len(hands)
        self.cards = [value - 1 for hand in hands for value in hand]
        slots = range(len(self.cards))
        home = {value - 1: position for position, value in enumerate(target)}
        self.unit = [[edge_unit(slot % HAND_SIZE, home[v]) for v in range(4)] for slot in slots]
        self.in_place = [[home[v] == slot % HAND_SIZE for v in range(4)] for slot in slots]
        self.owner = [slot // HAND_SIZE for slot in slots]
        self.own_slots = [range(p * HAND_SIZE, (p + 1) * HAND_SIZE) for p in range(self.players)]
        self.other_slots = [[s for s in slots if self.owner[s] != p] for p in range(self.players)]
        self.graph = sum(self.unit[s][v] for s, v in enumerate(self.cards))
        self.misplaced = [sum(not self.in_place[s][self.cards[s]] for s in self.own_slots[p])
                          for p in range(self.players)]
        self.state = sum(v << (2 * s) for s, v in enumerate(self.cards))
        self.power = [1 << (2 * s) for s in slots]
        most = len(self.cards)
        self.bound_table = [
            [[turn_aware_bound(d, phase, self.players, mask) for d in range(most + 1)]
             for mask in range(1 << self.players)]
            for phase in range(self.players)
        ]
        self.failed: dict[int, int] = {}

    def sorted_mask(self) -> int:
        """Bit p is set when player p's whole hand is in place."""
        return sum(1 << p for p, wrong in enumerate(self.misplaced) if wrong == 0)

    def lower_bound(self, phase: int = 0) -> int:
        """Admissible bound on the swaps still needed when the turn phase is `phase`."""
        return self.bound_table[phase][self.sorted_mask()][free_swap_distance(self.graph)]

    def search(self, budget: int) -> list[Step] | None:
        """A winning sequence of at most `budget` swaps from turn 0, or None when none exists."""
        if self.lower_bound(0) > budget:
            return None
        path: list[Step] = []
        return path[::-1] if self._dfs(0, budget, self.sorted_mask(), path) else None

    def _dfs(self, phase: int, budget: int, mask: int, path: list[Step]) -> bool:
        """Depth-first search below the current node; on success `path` holds the steps, last first."""
        graph = self.graph
        if graph == 0:
            return True
        key = self.state * self.players + phase
        if self.failed.get(key, -1) >= budget:
            return False
        cards, unit, in_place, owner, misplaced = self.cards, self.unit, self.in_place, self.owner, self.misplaced
        following = (phase + 1) % self.players
        bounds = self.bound_table[following]
        room = budget - 1
        children = []
        pass_seen = False
        for a in self.own_slots[phase]:
            x = cards[a]
            unit_a, place_a = unit[a], in_place[a]
            for b in self.other_slots[phase]:
                y = cards[b]
                if x == y:
                    if not pass_seen:
                        pass_seen = True
                        bound = bounds[mask][free_swap_distance(graph)]
                        if bound <= room:
                            children.append((bound, a, b, graph, mask))
                    continue
                after = graph - unit_a[x] - unit[b][y] + unit_a[y] + unit[b][x]
                distance = free_swap_distance(after)
                if distance > room:
                    continue
                q = owner[b]
                wrong_p = misplaced[phase] + place_a[x] - place_a[y]
                wrong_q = misplaced[q] + in_place[b][y] - in_place[b][x]
                child_mask = (mask & ~((1 << phase) | (1 << q))) | ((wrong_p == 0) << phase) | ((wrong_q == 0) << q)
                bound = bounds[child_mask][distance]
                if bound <= room:
                    children.append((bound, a, b, after, child_mask))
        children.sort()
        for _, a, b, after, child_mask in children:
            if self._step(a, b, after, following, room, child_mask, path):
                path.append((a, b))
                return True
        self.failed[key] = budget
        return False

    def _step(self, a: int, b: int, after: int, phase: int, budget: int, mask: int, path: list[Step]) -> bool:
        """Swap slots a and b, search below, and swap back."""
        cards, in_place, power = self.cards, self.in_place, self.power
        x, y = cards[a], cards[b]
        p, q = self.owner[a], self.owner[b]
        before, state = self.graph, self.state
        self.misplaced[p] += in_place[a][x] - in_place[a][y]
        self.misplaced[q] += in_place[b][y] - in_place[b][x]
        cards[a], cards[b] = y, x
        self.graph = after
        self.state = state + (y - x) * power[a] + (x - y) * power[b]
        found = self._dfs(phase, budget, mask, path)
        cards[a], cards[b] = x, y
        self.graph, self.state = before, state
        self.misplaced[p] -= in_place[a][x] - in_place[a][y]
        self.misplaced[q] -= in_place[b][y] - in_place[b][x]
        return found


def _as_swaps(steps: list[Step], players: int) -> tuple[Swap, ...]:
    """Turn slot pairs into swaps, turn t being made by player t mod N."""
    swaps = []
    for turn, (own, other) in enumerate(steps):
        mover = turn % players
        assert own // HAND_SIZE == mover
        swaps.append(Swap(mover, own % HAND_SIZE + 1, other // HAND_SIZE, other % HAND_SIZE + 1))
    return tuple(swaps)


def solve(hands: Hands, win: WinRule = WinRule.ORDERED) -> Solution:
    """The fewest swaps that win from `hands` (turn 0 is player 0's), with a shortest witness.

    >>> solution = solve(((2, 2, 3, 4), (1, 1, 3, 4)))
    >>> solution.optimum, [swap.as_list() for swap in solution.swaps]
    (1, [[0, 1, 1, 2]])
    >>> solve(((2, 1, 3, 4), (2, 1, 3, 4)), WinRule.SHARED).optimum
    0
    """
    hands = validate_hands(hands)
    searches = [TargetSearch(hands, target) for target in target_sequences(win)]
    budget = min(search.lower_bound() for search in searches)
    while True:
        for search in searches:
            steps = search.search(budget)
            if steps is not None:
                return Solution(len(steps), _as_swaps(steps, len(hands)))
        budget += 1
