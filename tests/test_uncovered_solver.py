"""Uncovered! optimum: the bounds are admissible, IDA* equals breadth-first search, witnesses win."""
from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from games.errors import BadInput
from games.uncovered import Game, Hands, WinRule, all_deals, deal_count, is_won, random_deal
from games.uncovered.deal import split_hands
from solver.uncovered.bound import edge_unit, free_swap_distance
from solver.uncovered.score import score, score_game
from solver.uncovered.search import Solution, TargetSearch, solve
from solver.uncovered.table import deal_optima, distance_table, optimum_distribution, table_code
from tests.examples import examples

THREE_PLAYER_SAMPLE = 3000


@lru_cache(maxsize=None)
def table(players: int, win: WinRule) -> np.ndarray:
    return distance_table(players, win)


def sample_deals(players: int, count: int, seed: int = 9) -> list[Hands]:
    rng = random.Random(seed)
    return [random_deal(players, rng) for _ in range(count)]


def replay(hands: Hands, solution: Solution, win: WinRule = WinRule.ORDERED) -> Game:
    """Play the witness through the engine (which refuses any move out of turn) and declare."""
    game = Game(hands, win)
    for swap in solution.swaps:
        game.apply(swap)
    game.declare()
    return game


def forward_bfs(hands: Hands, win: WinRule = WinRule.ORDERED) -> int:
    """Plain breadth-first search over (table, turn phase) through the engine's own legal moves."""
    start = (hands, 0)
    distances = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        table_now, phase = node
        if is_won(table_now, win):
            return distances[node]
        for move in _game_at(table_now, phase, win).legal_swaps():
            game = _game_at(table_now, phase, win)
            game.apply(move)
            child = (game.table(), game.turn % game.players)
            if child not in distances:
                distances[child] = distances[node] + 1
                queue.append(child)
    raise AssertionError("no winning sequence")


def _game_at(table_now: Hands, phase: int, win: WinRule) -> Game:
    game = Game(table_now, win)
    game.turn = phase
    return game


def scrambled(players: int, swaps: int, seed: int) -> Hands:
    """A won table after `swaps` random legal swaps: a deal close to the goal."""
    rng = random.Random(seed)
    game = Game(((1, 2, 3, 4),) * players)
    for _ in range(swaps):
        game.apply(rng.choice(game.legal_swaps()))
    return game.table()


def free_bfs_distances() -> dict[Hands, int]:
    """Fewest swaps of any two cards (same hand allowed, no turns) for every 2-player table."""
    goal = ((1, 2, 3, 4), (1, 2, 3, 4))
    flat_goal = tuple(v for hand in goal for v in hand)
    distances = {flat_goal: 0}
    queue = deque([flat_goal])
    while queue:
        cards = queue.popleft()
        for a, b in combinations(range(8), 2):
            after = list(cards)
            after[a], after[b] = after[b], after[a]
            after = tuple(after)
            if after not in distances:
                distances[after] = distances[cards] + 1
                queue.append(after)
    return {split_hands(cards): d for cards, d in distances.items()}


def test_free_swap_distance_is_exact_for_unrestricted_swaps() -> None:
    for hands, distance in free_bfs_distances().items():
        cards = [v - 1 for hand in hands for v in hand]
        graph = sum(edge_unit(slot % 4, value) for slot, value in enumerate(cards))
        assert free_swap_distance(graph) == distance


@pytest.mark.parametrize("win", list(WinRule))
def test_table_matches_plain_bfs_through_the_engine(win: WinRule) -> None:
    deals = sample_deals(2, 8) + [scrambled(3, 3, seed) for seed in range(1, 4)]
    for hands in deals:
        assert table(len(hands), win)[0, table_code(hands)] == forward_bfs(hands, win)


@pytest.mark.parametrize("win", list(WinRule))
def test_table_covers_every_deal(win: WinRule) -> None:
    for players in (2, 3):
        optima = deal_optima(table(players, win))
        assert len(optima) == deal_count(players)
        assert (optima >= 0).all() and int((optima == 0).sum()) == (1 if win is WinRule.ORDERED else 24)


@pytest.mark.parametrize("players", [2, 3])
def test_bounds_are_admissible_at_every_phase(players: int) -> None:
    distances = table(players, WinRule.ORDERED)
    deals = list(all_deals(2)) if players == 2 else sample_deals(3, 1000)
    for hands in deals:
        search = TargetSearch(hands, (1, 2, 3, 4))
        for phase in range(players):
            assert search.lower_bound(phase) <= distances[phase, table_code(hands)]


def test_every_two_player_optimum_equals_bfs_and_its_witness_wins() -> None:
    distances = table(2, WinRule.ORDERED)
    for hands in all_deals(2):
        solution = solve(hands)
        assert solution.optimum == distances[0, table_code(hands)] == len(solution.swaps)
        assert replay(hands, solution).won


def test_three_player_optima_equal_bfs_and_witnesses_win() -> None:
    distances = table(3, WinRule.ORDERED)
    for hands in sample_deals(3, THREE_PLAYER_SAMPLE):
        solution = solve(hands)
        assert solution.optimum == distances[0, table_code(hands)] == len(solution.swaps)
        assert replay(hands, solution).won


@pytest.mark.parametrize("players, count", [(2, 300), (3, 60)])
def test_shared_rule_optima_equal_bfs(players: int, count: int) -> None:
    distances = table(players, WinRule.SHARED)
    for hands in sample_deals(players, count, seed=players):
        solution = solve(hands, WinRule.SHARED)
        assert solution.optimum == distances[0, table_code(hands)]
        assert replay(hands, solution, WinRule.SHARED).won


def test_turn_order_costs_swaps_that_free_swapping_would_not() -> None:
    """Player 0 starts with a sorted hand: turn 0 cannot help, so the optimum exceeds the free bound."""
    hands = ((1, 2, 3, 4), (2, 1, 4, 3), (2, 1, 4, 3))
    search = TargetSearch(hands, (1, 2, 3, 4))
    free = free_swap_distance(search.graph)
    assert free == 4
    assert solve(hands).optimum == table(3, WinRule.ORDERED)[0, table_code(hands)] > free
    gaps = [solve(h).optimum - free_swap_distance(TargetSearch(h, (1, 2, 3, 4)).graph)
            for h in sample_deals(3, 200)]
    assert max(gaps) >= 2


@settings(max_examples=examples(8), deadline=None)
@given(st.integers(min_value=4, max_value=6), st.integers(min_value=0, max_value=2**32))
def test_witnesses_win_for_larger_tables(players: int, seed: int) -> None:
    hands = random_deal(players, random.Random(seed))
    solution = solve(hands)
    search = TargetSearch(hands, (1, 2, 3, 4))
    assert search.lower_bound() <= solution.optimum == len(solution.swaps)
    assert replay(hands, solution).won


def test_score_is_swaps_beyond_the_optimum() -> None:
    hands = ((1, 2, 4, 3), (3, 4, 1, 2), (2, 1, 4, 3))
    optimum = solve(hands).optimum
    assert score(hands, optimum) == 0 and score(hands, optimum + 3) == 3
    with pytest.raises(BadInput, match=f"fewest is {optimum}"):
        score(hands, optimum - 1)
    with pytest.raises(BadInput, match="negative"):
        score(hands, -1)


def test_every_count_from_the_optimum_up_can_win() -> None:
    hands = ((1, 2, 4, 3), (3, 4, 1, 2), (2, 1, 4, 3))
    solution = solve(hands)
    for extra in range(4):
        game = Game(hands)
        for swap in solution.swaps:
            game.apply(swap)
        for _ in range(extra):
            mover = game.current_player
            value = game.hands[mover][0]
            game.apply(next(m for m in game.legal_swaps()
                            if m.own_position == 1 and game.hands[m.other_player][m.other_position - 1] == value))
        assert game.declare() and score_game(game) == (solution.optimum, extra)


def test_lost_game_has_no_score() -> None:
    game = Game(((1, 2, 4, 3), (3, 4, 1, 2), (2, 1, 4, 3)))
    game.declare()
    assert score_game(game)[1] is None


def test_distribution_counts_every_two_player_deal() -> None:
    counts = optimum_distribution(2)
    assert sum(counts.values()) == 2520 and counts[0] == 1
    assert counts == dict(sorted((int(k), int(v)) for k, v in
                                 zip(*np.unique(deal_optima(table(2, WinRule.ORDERED)), return_counts=True))))


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(min_value=2, max_value=6), st.integers(min_value=0, max_value=2**32))
def test_one_swap_moves_the_free_distance_by_at_most_one_and_never_down_through_a_settled_card(
        players: int, seed: int) -> None:
    rng = random.Random(seed)
    cards = [v - 1 for hand in random_deal(players, rng) for v in hand]

    def distance(values: list[int]) -> int:
        return free_swap_distance(sum(edge_unit(slot % 4, value) for slot, value in enumerate(values)))

    before = distance(cards)
    for a, b in combinations(range(len(cards)), 2):
        after = list(cards)
        after[a], after[b] = after[b], after[a]
        change = distance(after) - before
        assert abs(change) <= 1
        if cards[a] == a % 4 or cards[b] == b % 4:
            assert change >= 0
