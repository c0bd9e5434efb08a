"""The shared two-player search against plain minimax on random small games with cycles."""
from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import given, settings, strategies as st

from solver.search import Searcher, minimax, search


@dataclass(frozen=True)
class GraphGame:
    """A random game on a graph of (level, node, side) positions.

    Moves inside a level score nothing (so cycles carry no reward, as in Mandragora); moves to
    a lower level score 1..3 for the mover. Some moves give the mover another turn.
    """

    moves: dict[tuple[int, int], list[tuple[int, int, int, bool]]]

    @staticmethod
    def random(seed: int, levels: int = 3, width: int = 4) -> "GraphGame":
        rng = random.Random(seed)
        table: dict[tuple[int, int], list[tuple[int, int, int, bool]]] = {}
        for level in range(levels):
            for node in range(width):
                options = []
                for _ in range(rng.randint(0 if level == 0 else 1, 3)):
                    if level > 0 and rng.random() < 0.6:
                        target, reward = (level - 1, rng.randrange(width)), rng.randint(1, 3)
                    else:
                        target, reward = (level, rng.randrange(width)), 0
                    options.append((target[0], target[1], reward, rng.random() < 0.3))
                table[(level, node)] = options
        return GraphGame(table)

    def legal_moves(self, state: tuple[int, int, int]) -> list[int]:
        return list(range(len(self.moves[state[:2]])))

    def apply(self, state: tuple[int, int, int],
              move: int) -> tuple[tuple[int, int, int], float, bool]:
        level, node, reward, again = self.moves[state[:2]][move]
        side = state[2] if again else 1 - state[2]
        return (level, node, side), float(reward), again

    def terminal_value(self, state: tuple[int, int, int]) -> float:
        return 0.0

    def heuristic(self, state: tuple[int, int, int]) -> float:
        return float(state[0] - state[1])

    def key(self, state: tuple[int, int, int]) -> tuple[int, int, int]:
        return state

    def order_moves(self, state: tuple[int, int, int], moves: list[int]) -> list[int]:
        return moves[::-1]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 2))
def test_search_matches_minimax_on_games_with_cycles(seed: int, start: int) -> None:
    game = GraphGame.random(seed)
    state = (2, start, 0)
    result = search(game, state)
    assert result.exact
    assert result.value == minimax(game, state)
    if result.best_move is not None:
        child, reward, again = game.apply(state, result.best_move)
        follow = minimax(game, child)
        assert reward + (follow if again else -follow) == result.value


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9))
def test_shared_table_stays_exact_across_roots(seed: int) -> None:
    game = GraphGame.random(seed)
    searcher = Searcher(game)
    for level in (0, 1, 2):
        for node in range(3):
            for side in (0, 1):
                state = (level, node, side)
                assert searcher.search(state).value == minimax(game, state)


def test_depth_limit_gives_an_inexact_estimate() -> None:
    game = GraphGame({(1, 0): [(0, 0, 2, False), (1, 0, 0, False)], (0, 0): [(0, 0, 0, False)]})
    shallow = search(game, (1, 0, 0), max_depth=1)
    assert (shallow.depth, shallow.exact) == (1, False)
    deep = search(game, (1, 0, 0))
    assert deep.exact and deep.value == 2.0 and deep.best_move == 0


def test_time_limit_returns_a_finished_iteration() -> None:
    game = GraphGame.random(7, levels=6, width=4)
    result = search(game, (5, 0, 0), time_limit=0.0)
    assert result.depth >= 1 and result.nodes > 0


def test_terminal_root_has_no_move() -> None:
    game = GraphGame({(0, 0): []})
    result = search(game, (0, 0, 0))
    assert (result.value, result.best_move, result.exact) == (0.0, None, True)
