"""Ripple variants (R5), notation, the game record and the position key."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import BadInput
from games.ripple import (
    BLUE, GREEN, RED, YELLOW, Move, Rules, RippleGame, board_rows, cell_index, legal_moves,
    new_position, parse_move, parse_moves, parse_palettes, play, position_from_rows, position_key,
)

EMPTY = ["......."] * 7


def with_row(index: int, row: str, to_move: int = 1, rules: Rules | None = None):
    rows = list(EMPTY)
    rows[index] = row
    return position_from_rows(rows, to_move, rules)


# --- power stones ------------------------------------------------------------------------------

POWER = Rules(power_stones=2)


@pytest.mark.parametrize("row, expected", [
    ("....r..", "...r..r"),  # two free squares: two steps
    ("....r.B", "...r.rB"),  # second step blocked: one step
    ("....rB.", "...rrB."),  # first step blocked: stays
    (".....r.", "...r..r"),  # the edge after one step
    ("....rr.", "...r.rr"),  # chain: (3,5) goes first to the edge, then (3,4) follows one step
])
def test_power_stone_pushes_two_squares_checking_each_step(row, expected) -> None:
    after = play(POWER, with_row(3, row, rules=POWER), Move(cell_index(3, 3), RED, power=True))
    assert board_rows(after)[3] == expected


def test_power_stones_are_counted_and_run_out() -> None:
    position = new_position(POWER)
    for cell in (0, 1, 2, 3):
        position = play(POWER, position, Move(cell * 7, BLUE, power=True))
    assert position.power_left == (0, 0)
    assert all(not m.power for m in legal_moves(POWER, position))
    with pytest.raises(BadInput, match="no power stone"):
        play(POWER, position, Move(40, RED, power=True))
    with pytest.raises(BadInput, match="no power stone"):
        play(Rules(), new_position(Rules()), Move(40, RED, power=True))


# --- asymmetric colours ------------------------------------------------------------------------

def test_asymmetric_colours_limit_each_player() -> None:
    rules = Rules(palettes=parse_palettes("rb,green+yellow"))
    assert rules.palettes == ((RED, BLUE), (GREEN, YELLOW))
    start = new_position(rules)
    assert {m.colour for m in legal_moves(rules, start)} == {RED, BLUE}
    with pytest.raises(BadInput, match="may not use green"):
        play(rules, start, Move(0, GREEN))
    after = play(rules, start, Move(0, RED))
    assert {m.colour for m in legal_moves(rules, after)} == {GREEN, YELLOW}


@pytest.mark.parametrize("text", ["rr,gy", "rbg,gy", "rb", "rb,gq"])
def test_bad_palettes_are_bad_input(text) -> None:
    with pytest.raises(BadInput):
        Rules(palettes=parse_palettes(text))


# --- timed mode --------------------------------------------------------------------------------

class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_timed_mode_charges_each_player_and_flags_the_slow_one() -> None:
    clock = FakeClock()
    game = RippleGame(Rules(seconds_per_player=60), clock=clock)
    clock.now = 30.0
    game.play(Move(0, RED))
    clock.now = 40.0
    game.play(Move(48, BLUE))
    assert game.time_left == [30.0, 50.0]
    clock.now = 71.0  # player 1 thinks 31 s more: 1 s too long
    position = game.play(Move(24, GREEN))
    assert (position.winner, position.reason) == (2, "time")
    assert len(game.history) == 2 and position.stone_at(24) is None


def test_untimed_game_has_no_clock() -> None:
    game = RippleGame()
    game.play(Move(0, RED))
    assert game.time_left == []


# --- the record, the key, the notation ---------------------------------------------------------

def test_history_keeps_scores_and_changes_after_each_move() -> None:
    moves = parse_moves("red@6,0,red@6,1,red@5,0,blue@3,3,red@4,0")
    game = RippleGame.replay(Rules(), moves)
    assert [(r.number, r.player, str(r.move)) for r in game.history][:2] == [(1, 1, "red@6,0"), (2, 2, "red@6,1")]
    assert [r.scores for r in game.history] == [(0, 0), (0, 0), (3, 0), (3, 0), (6, 0)]
    assert [r.change for r in game.history] == [(0, 0), (0, 0), (3, 0), (0, 0), (3, 0)]


def test_key_is_the_same_for_transposed_moves_and_differs_by_side_to_move() -> None:
    rules = Rules()
    one = RippleGame.replay(rules, parse_moves("red@0,0,blue@6,6,green@3,3")).position
    other = RippleGame.replay(rules, parse_moves("green@3,3,blue@6,6,red@0,0")).position
    assert position_key(one) == position_key(other)
    assert position_key(one) != position_key(one._replace(to_move=1))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(".rbgyRBGY"), min_size=49, max_size=49), st.sampled_from([1, 2]))
def test_board_rows_round_trip_and_keys_identify_boards(chars, to_move) -> None:
    rows = ["".join(chars[r * 7:(r + 1) * 7]) for r in range(7)]
    position = position_from_rows(rows, to_move)
    assert board_rows(position) == rows
    flipped = position._replace(placed_by_1=position.placed_by_1 ^ position.occupied)
    assert position.occupied == 0 or position_key(flipped) != position_key(position)


@pytest.mark.parametrize("text, message", [
    ("red@3", "odd number of commas"),
    ("purple@1,1", "unknown colour"),
    ("red@7,0", "off the 7x7 board"),
    ("red@3,3,blue@x,1", "item 2"),
    ("red3,3", "not colour@row,col"),
])
def test_bad_move_text_is_bad_input(text, message) -> None:
    with pytest.raises(BadInput, match=message):
        parse_moves(text)


def test_move_text_forms() -> None:
    assert parse_move(" Y+@ 6, 0") == Move(cell_index(6, 0), YELLOW, True)
    assert str(Move(cell_index(2, 5), GREEN)) == "green@2,5"


def test_occupied_square_is_illegal() -> None:
    game = RippleGame.replay(Rules(), parse_moves("red@3,3"))
    with pytest.raises(BadInput, match="occupied"):
        game.play(parse_move("blue@3,3"))
