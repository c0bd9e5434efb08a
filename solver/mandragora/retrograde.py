"""Exact Mandragora values by retrograde analysis of every reachable state: an independent check
of the searches' repetition handling (M6) on small positions.

The searches score a position already on the path as 0 and reuse stored values across paths;
this module instead solves the game on its whole state graph, with no path at all:

* states (the packed canonical states of `solver.mandragora.exact`) are grouped by the number
  of pieces on the board; a scoring move leaves its group for good, a move that scores nothing
  stays in it and passes the turn;
* groups are solved from the fewest pieces up, so every scoring move's outcome is known; what
  is left inside a group is a game on a finite graph whose plays either leave by a scoring
  move (known payoff) or never leave (payoff 0: the game ends by repetition, nothing scores);
* such a game is solved by attractors: for each candidate threshold t, the first mover can
  force a payoff >= t from exactly the states outside the second mover's attractor to the
  exits worth < t (t <= 0), or inside the first mover's attractor to the exits worth >= t
  (t > 0). Both sides have positional optimal strategies, so the value is the same whether
  the game ends at the second or the third occurrence of a position.

>>> from games.mandragora import Position, PLAYER
>>> retrograde_value(Position.from_areas({4: "KM", 7: "C"}, PLAYER, PLAYER))
3
"""
from __future__ import annotations

from collections import defaultdict, deque
from typing import Callable

from games.mandragora.position import Position
from solver.mandragora.exact import _POINTS, _SOW, State, pack

Move = tuple[State, int, bool]  # (child, points scored by the mover, extra turn)


def _moves(state: State) -> list[Move]:
    moves = []
    for area in range(1, 6):
        stack = state[area - 1]
        if stack:
            sow, extra = _SOW[area, len(stack)]
            child, scored = sow(state, stack)
            moves.append((child, _POINTS[state[8]][scored], extra))
    return moves


def reachable_graph(root: State) -> dict[State, list[Move]]:
    """Every state reachable from `root`, with its moves."""
    graph: dict[State, list[Move]] = {}
    queue = deque([root])
    while queue:
        state = queue.popleft()
        if state in graph:
            continue
        graph[state] = _moves(state)
        queue.extend(child for child, _, _ in graph[state] if child not in graph)
    return graph


def _pieces(state: State) -> int:
    return sum(map(len, state[:8]))


class _Group:
    """The states with one number of pieces: moves inside the group, and the known payoffs
    (first mover's view) of the moves that score and so leave it."""

    def __init__(self, states: list[State], graph: dict[State, list[Move]],
                 exits: dict[State, list[int]]) -> None:
        pieces = _pieces(states[0])
        self.states = states
        self.exits = exits
        self.has_moves = {state: bool(graph[state]) for state in states}
        self.internal = {state: [child for child, _, _ in graph[state] if _pieces(child) == pieces]
                         for state in states}
        self.parents: dict[State, list[State]] = defaultdict(list)
        for state, children in self.internal.items():
            for child in children:
                self.parents[child].append(state)

    def attractor(self, for_first_mover: bool, good: Callable[[int], bool]) -> set[State]:
        """States from which one side (the first mover's if `for_first_mover`) forces play out
        of the group through a move whose payoff satisfies `good`."""
        missing: dict[State, int] = {}
        queue: deque[State] = deque()
        for state in self.states:
            if state[8] == for_first_mover:  # the attracting side moves here
                missing[state] = 1
                if any(good(payoff) for payoff in self.exits[state]):
                    queue.append(state)
            else:
                forced = self.has_moves[state] and all(map(good, self.exits[state]))
                missing[state] = len(self.internal[state]) if forced else -1
                if missing[state] == 0:
                    queue.append(state)
        inside: set[State] = set()
        while queue:
            state = queue.popleft()
            if state in inside:
                continue
            inside.add(state)
            for parent in self.parents[state]:
                if parent not in inside and missing[parent] > 0:
                    missing[parent] -= 1
                    if missing[parent] == 0:
                        queue.append(parent)
        return inside


def retrograde_values(root: State) -> dict[State, int]:
    """Exact value (mover's future points minus the other side's) of every reachable state."""
    graph = reachable_graph(root)
    groups: dict[int, list[State]] = defaultdict(list)
    for state in graph:
        groups[_pieces(state)].append(state)
    value: dict[State, int] = {}
    for pieces in sorted(groups):
        group = groups[pieces]
        exits: dict[State, list[int]] = {}
        for state in group:
            sign = 1 if state[8] else -1  # payoffs in the first mover's view
            exits[state] = [sign * (points + (value[child] if extra else -value[child]))
                            for child, points, extra in graph[state] if _pieces(child) < pieces]
        solved = _Group(group, graph, exits)
        candidates = sorted({0, *(p for payoffs in exits.values() for p in payoffs)})
        absolute = {state: candidates[0] for state in group}
        for t in candidates[1:]:
            if t <= 0:
                losing = solved.attractor(False, lambda p: p < t)   # called at once: this t
                winning = {state for state in group if state not in losing}
            else:
                winning = solved.attractor(True, lambda p: p >= t)
            for state in winning:
                absolute[state] = t
        for state in group:
            value[state] = absolute[state] if state[8] else -absolute[state]
    return value


def retrograde_value(position: Position) -> int:
    """Exact value of `position` for the side to move, by retrograde analysis."""
    root = pack(position)
    return retrograde_values(root)[root]
