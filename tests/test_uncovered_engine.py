"""Uncovered! engine: deals (U1), turns and swaps (U2), declaring and the win check (U3), views (U5)."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, strategies as st

from games.errors import BadInput
from games.uncovered import (
    Game, Swap, Variant, WinRule, all_deals, check_variant, deal_count, format_hands, is_won,
    parse_hands, random_deal, render_view, view_of,
)
from games.uncovered.game import DECLARE, parse_action

players_counts = st.integers(min_value=2, max_value=6)
seeds = st.integers(min_value=0, max_value=2**32)


@pytest.mark.parametrize("text, problem", [
    ("1234", "1 hands given"),
    ("1234,1234,1234,1234,1234,1234,1234", "7 hands given"),
    ("1234,123", "hand 1 has 3 cards"),
    ("1235,1234", "holds a 5"),
    ("1114,2234", "3 cards of value 1"),
    ("12a4,1234", "hand 0 is '12a4'"),
])
def test_bad_hands_name_the_problem(text: str, problem: str) -> None:
    with pytest.raises(BadInput, match=problem):
        parse_hands(text)


def test_hands_round_trip() -> None:
    assert format_hands(parse_hands("1243, 3412")) == "1243,3412"


def test_all_deals_are_distinct_valid_and_counted() -> None:
    deals = list(all_deals(2))
    assert len(deals) == len(set(deals)) == deal_count(2) == 2520
    assert all(parse_hands(format_hands(deal)) == deal for deal in deals)


@given(players_counts, seeds)
def test_random_deals_follow_u1(players: int, seed: int) -> None:
    hands = random_deal(players, random.Random(seed))
    assert len(hands) == players and all(len(hand) == 4 for hand in hands)
    assert Counter(v for hand in hands for v in hand) == {v: players for v in (1, 2, 3, 4)}


def test_win_rules() -> None:
    assert is_won(((1, 2, 3, 4),) * 3)
    assert not is_won(((4, 3, 2, 1),) * 3)
    assert is_won(((4, 3, 2, 1),) * 3, WinRule.SHARED)
    assert not is_won(((4, 3, 2, 1), (4, 3, 2, 1), (1, 2, 3, 4)), WinRule.SHARED)
    assert not is_won(((1, 2, 4, 3), (1, 2, 3, 4)), WinRule.SHARED)


@given(players_counts, seeds, st.lists(st.integers(min_value=0, max_value=10**6), max_size=20))
def test_turns_rotate_and_swaps_exchange_cards(players: int, seed: int, picks: list[int]) -> None:
    game = Game(random_deal(players, random.Random(seed)))
    for turn, pick in enumerate(picks):
        assert game.turn == turn and game.current_player == turn % players
        moves = game.legal_swaps()
        assert len(moves) == 16 * (players - 1)
        assert all(move.player == game.current_player != move.other_player for move in moves)
        move = moves[pick % len(moves)]
        before = game.table()
        game.apply(move)
        after = game.table()
        own, other = (move.player, move.own_position - 1), (move.other_player, move.other_position - 1)
        assert after[own[0]][own[1]] == before[other[0]][other[1]]
        assert after[other[0]][other[1]] == before[own[0]][own[1]]
        changed = {(p, i) for p in range(players) for i in range(4) if before[p][i] != after[p][i]}
        assert changed <= {own, other}
    assert game.swaps_made == len(picks)


def test_equal_values_swap_uses_the_turn_and_changes_nothing() -> None:
    game = Game(((1, 2, 3, 4), (2, 1, 4, 3)))
    before = game.table()
    game.swap(1, 1, 2)
    assert game.table() == before and game.turn == 1 and game.current_player == 1


@pytest.mark.parametrize("move, problem", [
    (Swap(1, 1, 0, 1), "belongs to player 0"),
    (Swap(0, 1, 0, 2), "not another player"),
    (Swap(0, 1, 2, 1), "not another player"),
    (Swap(0, 5, 1, 1), "position 5"),
    (Swap(0, 1, 1, 0), "position 0"),
])
def test_illegal_swaps_are_refused(move: Swap, problem: str) -> None:
    game = Game(((1, 2, 3, 4), (2, 1, 4, 3)))
    with pytest.raises(BadInput, match=problem):
        game.apply(move)
    assert game.turn == 0


def test_declare_ends_and_judges_the_game() -> None:
    lost = Game(((2, 2, 3, 4), (1, 1, 3, 4)))
    assert lost.declare() is False and lost.over and lost.legal_swaps() == []
    with pytest.raises(BadInput, match="over"):
        lost.swap(1, 1, 1)
    with pytest.raises(BadInput, match="over"):
        lost.declare()
    won = Game(((2, 2, 3, 4), (1, 1, 3, 4)))
    won.swap(1, 1, 2)
    assert won.declare() is True and won.swaps_made == 1


def _has_equal_value_swap(hands: tuple[tuple[int, ...], ...], player: int) -> bool:
    game = Game(hands)
    game.turn = player
    table = game.table()
    return any(table[m.player][m.own_position - 1] == table[m.other_player][m.other_position - 1]
               for m in game.legal_swaps())


@given(players_counts, seeds)
def test_a_turn_can_be_let_go_by_unless_the_hand_owns_whole_values(players: int, seed: int) -> None:
    """A player can swap equal values unless every value in their hand has all its copies there:
    possible only with 2 players (hand a a b b) or 4 players (hand a a a a)."""
    hands = random_deal(players, random.Random(seed))
    for player, hand in enumerate(hands):
        owns_whole_values = all(hand.count(value) == players for value in hand)
        assert _has_equal_value_swap(hands, player) == (not owns_whole_values)
        if owns_whole_values:
            assert players in (2, 4)


def test_parse_action() -> None:
    game = Game(((2, 2, 3, 4), (1, 1, 3, 4)))
    assert parse_action("declare", game) == DECLARE
    assert parse_action("2 1 4", game) == Swap(0, 2, 1, 4)
    for text in ("", "swap 1 2", "swap one 1 1", "swap 1 0 1"):
        with pytest.raises(BadInput):
            parse_action(text, game)


def _game_after_one_swap() -> Game:
    game = Game(((2, 1, 3, 4), (1, 2, 3, 4), (3, 4, 1, 2)))
    game.swap(1, 1, 1)  # player 0's 2 for player 1's 1: both cards are now public
    return game


def test_beginner_sees_everything() -> None:
    game = _game_after_one_swap()
    for viewer in range(3):
        assert view_of(game, viewer, Variant.BEGINNER).cards == game.table()


def test_intermediate_hides_own_cards_except_swapped_ones() -> None:
    game = _game_after_one_swap()
    table = game.table()
    view = view_of(game, 0, Variant.INTERMEDIATE)
    assert view.cards[0] == (1, None, None, None)
    assert view.cards[1:] == table[1:]
    assert view_of(game, 1, Variant.INTERMEDIATE).cards[1] == (2, None, None, None)
    assert view.settled == {(0, 1)}  # the 1 arrived at position 1; player 1's 2 did not


def test_advanced_shows_own_hand_and_public_swaps_only() -> None:
    game = _game_after_one_swap()
    table = game.table()
    view = view_of(game, 2, Variant.ADVANCED)
    assert view.cards[2] == table[2]
    assert view.cards[0] == (1, None, None, None) and view.cards[1] == (2, None, None, None)
    assert view.settled == frozenset()


def test_advanced_needs_three_players() -> None:
    with pytest.raises(BadInput, match="advanced needs 3"):
        check_variant(Variant.ADVANCED, 2)
    with pytest.raises(BadInput):
        view_of(Game(((1, 2, 3, 4), (1, 2, 3, 4))), 0, Variant.ADVANCED)


@pytest.mark.parametrize("variant", list(Variant))
def test_everything_is_face_up_once_the_game_is_over(variant: Variant) -> None:
    game = _game_after_one_swap()
    game.declare()
    view = view_of(game, 1, variant)
    assert view.cards == game.table()
    assert "game over" in render_view(view)


def test_render_marks_unknown_cards() -> None:
    text = render_view(view_of(Game(((2, 1, 3, 4), (1, 2, 3, 4), (3, 4, 1, 2))), 1, Variant.INTERMEDIATE))
    assert "player 1 (you): ?  ?  ?  ?" in text and "player 2      : 3  4  1  2" in text
