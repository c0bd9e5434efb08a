"""Mandragora Mania rules engine: loops, sowing, scoring, extra turns, the end, repetition."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from games.errors import BadInput
from games.mandragora import (
    MIRROR, OPPONENT, PATTERNS, PLAYER, SOWING_TARGETS, Match, Position, describe, mirror_board,
    replay, sow,
)
from games.mandragora.position import random_position


def test_seed_movement_examples() -> None:
    # the player sows three pieces from area 1: they land on 2, 3 and 4
    areas = {1: "KPC", 2: "", 3: "", 4: ""}
    board, again = sow(Position.from_areas(areas, PLAYER, PLAYER).board, PLAYER, 1)
    assert (board[1], board[2], board[3], board[4], again) == ("", "C", "P", "K", False)
    # the opponent sows four pieces from area 6: they land on 4, 7, 2 and 8
    board, again = sow(Position.from_areas({6: "MKPC"}, OPPONENT, PLAYER).board, OPPONENT, 6)
    assert (board[6], board[4], board[7], board[2], board[8]) == ("", "C", "P", "K", "M")
    assert not again


@pytest.mark.parametrize(("side", "area", "path"), [
    (PLAYER, 1, (2, 3, 4, 5, 0, 6, 4, 7, 2, 8, 1, 2)),
    (PLAYER, 2, (3, 4, 5, 0, 6, 4, 7, 2, 8, 1, 2, 3)),
    (PLAYER, 3, (4, 5, 0, 6, 4, 7, 2, 8, 1, 2, 3, 4)),
    (PLAYER, 4, (5, 0, 6, 4, 7, 2, 8, 1, 2, 3, 4, 5)),
    (PLAYER, 5, (0, 6, 4, 7, 2, 8, 1, 2, 3, 4, 5, 0)),
    (OPPONENT, 6, (4, 7, 2, 8, 9, 1, 2, 3, 4, 5, 6, 4)),
    (OPPONENT, 7, (2, 8, 9, 1, 2, 3, 4, 5, 6, 4, 7, 2)),
    (OPPONENT, 8, (9, 1, 2, 3, 4, 5, 6, 4, 7, 2, 8, 9)),
    (OPPONENT, 2, (8, 9, 1, 2, 3, 4, 5, 6, 4, 7, 2, 8)),
    (OPPONENT, 4, (7, 2, 8, 9, 1, 2, 3, 4, 5, 6, 4, 7)),
])
def test_loops_for_every_start_area(side: int, area: int, path: tuple[int, ...]) -> None:
    assert SOWING_TARGETS[side, area][:len(path)] == path
    assert (9 if side == PLAYER else 0) not in SOWING_TARGETS[side, area]


def test_mirror_map_swaps_the_loops_and_is_an_involution() -> None:
    assert all(MIRROR[MIRROR[area]] == area for area in range(10))
    for area in (1, 2, 3, 4, 5):
        assert tuple(MIRROR[t] for t in SOWING_TARGETS[PLAYER, area]) == \
            SOWING_TARGETS[OPPONENT, MIRROR[area]]
    assert mirror_board(PATTERNS["A"])[6] == PATTERNS["A"][1]


positions = st.builds(random_position, st.randoms(use_true_random=False), st.integers(1, 24))


@settings(max_examples=200, deadline=None)
@given(positions, st.data())
def test_mirrored_play_is_play_mirrored(position: Position, data: st.DataObject) -> None:
    moves = position.legal_moves()
    if not moves:
        assert not position.mirrored().legal_moves()
        return
    area = data.draw(st.sampled_from(moves))
    assert position.play(area).mirrored() == position.mirrored().play(MIRROR[area])
    assert position.mirrored().scores() == position.scores()[::-1]


@settings(max_examples=200, deadline=None)
@given(positions, st.data())
def test_sowing_keeps_every_piece(position: Position, data: st.DataObject) -> None:
    moves = position.legal_moves()
    if moves:
        child = position.play(data.draw(st.sampled_from(moves)))
        assert sorted("".join(child.board)) == sorted("".join(position.board))
        assert child.pieces_in_play() <= position.pieces_in_play()


def test_stack_order_top_piece_first() -> None:
    board, _ = sow(Position.from_areas({3: "MKC", 4: "PA"}, PLAYER, PLAYER).board, PLAYER, 3)
    # C (top of 3) lands on 4 above P, A; K goes to 5; M reaches the base
    assert (board[4], board[5], board[0]) == ("PAC", "K", "M")


@pytest.mark.parametrize(("scorer_first", "values"), [(True, (1, 2, 2, 3, 3)),
                                                    (False, (1, 3, 3, 4, 4))])
@pytest.mark.parametrize("side", [PLAYER, OPPONENT])
def test_scoring_values_depend_on_move_order(scorer_first: bool, values: tuple[int, ...],
                                             side: int) -> None:
    first = side if scorer_first else 1 - side
    next_to_base, other_area = (5, 6) if side == PLAYER else (8, 1)
    for piece, value in zip("MKPCA", values):
        position = Position.from_areas({next_to_base: piece, other_area: "M"}, side, first)
        after = position.play(next_to_base)
        assert after.score(side) == value and after.score(1 - side) == 0
        assert after.board[0 if side == PLAYER else 9] == piece


def test_extra_turn_when_last_piece_lands_in_own_base() -> None:
    player = Position.from_areas({4: "MM", 3: "MM", 7: "M"}, PLAYER, PLAYER)
    assert player.play(4).to_move == PLAYER  # 4 -> 5, 0: the last piece ends in the base
    assert player.play(3).to_move == OPPONENT  # 3 -> 4, 5
    opponent = Position.from_areas({7: "MMM", 2: "M", 1: "M"}, OPPONENT, PLAYER)
    assert opponent.play(7).to_move == OPPONENT  # 7 -> 2, 8, 9
    assert opponent.play(2).to_move == PLAYER  # 2 -> 8
    passing = Position.from_areas({5: "MMM", 7: "M"}, PLAYER, PLAYER).play(5)
    assert passing.to_move == OPPONENT and passing.score(PLAYER) == 1  # scores, goes past


def test_game_ends_when_the_mover_has_no_move() -> None:
    match = Match(Position.from_areas({5: "M", 6: "CC"}, PLAYER, PLAYER))
    assert not match.over
    match.play(5)  # scores 1 and earns an extra turn, but the player has nothing left
    assert match.over and match.legal_moves() == ()
    assert describe(match)["winner"] == "player"  # the opponent's pieces score nothing
    with pytest.raises(BadInput):
        match.play(6)


def test_third_occurrence_ends_the_game_and_undo_counts_back() -> None:
    cycle = [3, 4, 2, 7, 3, 4, 2, 7]  # no piece scores, the board comes back
    match = Match(Position.from_areas({1: "K", 2: "M", 3: "P", 5: "M"}, PLAYER, OPPONENT))
    for area in cycle:
        match.play(area)
    assert match.position == match.positions[0] and not match.over
    for area in cycle:
        match.play(area)
    assert match.over and describe(match)["winner"] == "tie"
    match.undo()
    assert not match.over
    match.play(7)
    assert match.over


def test_replay_reports_the_bad_move() -> None:
    assert replay("A", "opponent", [6]).position.to_move == PLAYER
    with pytest.raises(BadInput, match="move 2 \\(area 1\\)"):
        replay("A", "player", [1, 1])
    with pytest.raises(BadInput, match="pattern"):
        replay("Z", "player", [])


def test_patterns_as_printed() -> None:
    assert PATTERNS["C"] == PATTERNS["D"]
    for board in PATTERNS.values():
        assert len("".join(board)) == 24 and board[0] == board[9] == ""
    assert PATTERNS["E"][7] == "MCM"


def test_random_play_always_terminates_with_consistent_scores() -> None:
    rng = random.Random(11)
    for _ in range(20):
        match = Match.start(rng.choice("ABCDE"), rng.choice((PLAYER, OPPONENT)))
        while not match.over:
            match.play(rng.choice(match.legal_moves()))
        assert sum(match.position.scores()) > 0
