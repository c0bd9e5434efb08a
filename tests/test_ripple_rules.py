"""Ripple rules: the seed's movement examples, R1/R2 pushing, R3 groups and points, R4 endings."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import BadInput
from games.ripple import (
    BLUE, DRAW, GREEN, RED, YELLOW, Move, Rules, RippleGame, all_groups, board_rows, cell_index,
    legal_moves, new_position, play, position_from_rows, row_col,
)
from games.ripple.board import cells_of, group_points
from games.ripple.rules import groups_of

EMPTY_ROW = "......."


def board(*rows: str) -> list[str]:
    """Seven rows; missing ones at the bottom are empty."""
    return list(rows) + [EMPTY_ROW] * (7 - len(rows))


def stones(position, colour) -> list[tuple[int, int]]:
    return sorted(row_col(c) for c in cells_of(position.colours[colour]))


def place(rows: list[str], row: int, col: int, colour: int = RED, to_move: int = 1, power: bool = False,
          rules: Rules | None = None):
    rules = rules or Rules(power_stones=2 if power else 0)
    start = position_from_rows(rows, to_move, rules)
    return play(rules, start, Move(cell_index(row, col), colour, power))


def empty_with(*placed: tuple[int, int, str]) -> list[str]:
    grid = [list(EMPTY_ROW) for _ in range(7)]
    for r, c, ch in placed:
        grid[r][c] = ch
    return ["".join(row) for row in grid]


# --- the seed's three movement examples -------------------------------------------------------

def test_seed_example_straight_push() -> None:
    after = place(empty_with((3, 5, "r")), 3, 3)
    assert stones(after, RED) == [(3, 3), (3, 6)]


def test_seed_example_diagonal_push() -> None:
    after = place(empty_with((4, 4, "r")), 2, 2)
    assert stones(after, RED) == [(2, 2), (5, 5)]


def test_seed_example_neighbour_moves_when_free_and_stays_when_blocked() -> None:
    assert stones(place(empty_with((1, 2, "r")), 1, 1), RED) == [(1, 1), (1, 3)]
    blocked = place(empty_with((1, 2, "r"), (1, 3, "B")), 1, 1)
    assert stones(blocked, RED) == [(1, 1), (1, 2)]
    assert stones(blocked, BLUE) == [(1, 3)]


# --- R1/R2: directions, blocking, the edge, the order of a chain -------------------------------

@pytest.mark.parametrize("stone, expected", [
    ((0, 3), (0, 3)),  # straight up, already on the edge
    ((3, 6), (3, 6)),  # straight right, on the edge
    ((0, 6), (0, 6)),  # corner
    ((0, 5), (0, 5)),  # diagonal off the top edge: stays, does not slide along it
    ((1, 5), (0, 6)),
    ((5, 4), (6, 5)),  # a knight's-move offset goes diagonally (signs of both differences)
    ((1, 2), (0, 1)),
])
def test_direction_is_the_sign_of_each_difference_and_the_edge_stops(stone, expected) -> None:
    after = place(empty_with((*stone, "R")), 3, 3)
    assert stones(after, RED) == sorted([(3, 3), expected])


def test_other_colours_block_and_never_move() -> None:
    rows = empty_with((3, 4, "r"), (3, 5, "G"), (2, 2, "b"), (4, 4, "y"))
    after = place(rows, 3, 3)
    assert stones(after, RED) == [(3, 3), (3, 4)]
    assert (stones(after, GREEN), stones(after, BLUE), stones(after, YELLOW)) == ([(3, 5)], [(2, 2)], [(4, 4)])


def test_chain_moves_farthest_first_so_a_line_advances_together() -> None:
    after = place(empty_with((3, 4, "r"), (3, 5, "R")), 3, 3)
    assert board_rows(after)[3] == "...r.rR"  # nearest-first would leave (3,4) stuck


def test_chain_against_the_edge_does_not_move() -> None:
    after = place(empty_with((3, 4, "r"), (3, 5, "R"), (3, 6, "r")), 3, 3)
    assert board_rows(after)[3] == "...rrRr"


def test_diagonal_chain_and_placers_travel_with_their_stones() -> None:
    after = place(empty_with((4, 4, "R"), (5, 5, "r")), 3, 3, to_move=2)
    rows = board_rows(after)
    assert (rows[3][3], rows[5][5], rows[6][6]) == ("R", "R", "r")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 48), st.sampled_from([RED, BLUE, GREEN, YELLOW])), max_size=60))
def test_engine_matches_a_plain_reading_of_r1_r2(choices) -> None:
    """Replay random games on the engine and on a dictionary board moved exactly as R2 words it."""
    rules = Rules()
    position = new_position(rules)
    reference: dict[tuple[int, int], tuple[int, int]] = {}
    for cell, colour in choices:
        if position.over or position.stone_at(cell) is not None:
            continue
        player = position.to_move
        position = play(rules, position, Move(cell, colour))
        sr, sc = row_col(cell)
        same = [sq for sq, (col, _) in reference.items() if col == colour]
        same.sort(key=lambda sq: (-max(abs(sq[0] - sr), abs(sq[1] - sc)), sq[0], sq[1]))
        reference[(sr, sc)] = (colour, player)
        for r, c in same:
            target = (r + (r > sr) - (r < sr), c + (c > sc) - (c < sc))
            if 0 <= target[0] < 7 and 0 <= target[1] < 7 and target not in reference:
                reference[target] = reference.pop((r, c))
        expected = [["."] * 7 for _ in range(7)]
        for (r, c), (col, placer) in reference.items():
            letter = "rbgy"[col]
            expected[r][c] = letter if placer == 1 else letter.upper()
        assert board_rows(position) == ["".join(row) for row in expected]
        first, second = position.scores
        groups = all_groups(position)
        assert first == sum(g.points for g in groups if g.owner == 1)
        assert second == sum(g.points for g in groups if g.owner == 2)


# --- R3: groups, ownership, points ------------------------------------------------------------

@pytest.mark.parametrize("size, points", [(1, 0), (2, 0), (3, 3), (4, 6), (5, 10), (6, 15), (7, 18), (8, 21),
                                          (9, 24), (12, 33)])
def test_points_table_row(size, points) -> None:
    block = sum(1 << cell_index(i % 2, i // 2) for i in range(size))  # a 2-row strip, connected
    assert group_points(size) == points
    found = groups_of(RED, block, block)
    assert [(g.size, g.owner, g.points) for g in found] == ([(size, 1, points)] if size >= 3 else [])


def test_groups_connect_diagonally() -> None:
    position = position_from_rows(empty_with((0, 0, "g"), (1, 1, "g"), (2, 2, "G")), 1)
    (group,) = all_groups(position)
    assert (group.size, group.owner, group.points) == (3, 1, 3)


@pytest.mark.parametrize("rows, owner, scores", [
    (empty_with((0, 0, "r"), (0, 1, "R"), (0, 2, "r"), (0, 3, "R")), None, (0, 0)),
    (empty_with((0, 0, "r"), (0, 1, "R"), (0, 2, "R"), (0, 3, "R")), 2, (0, 6)),
    (empty_with(*((0, c, "r") for c in range(3)), *((1, c, "R") for c in range(3))), None, (0, 0)),
])
def test_ownership_majority_and_ties(rows, owner, scores) -> None:
    position = position_from_rows(rows, 1)
    (group,) = all_groups(position)
    assert group.owner == owner
    assert position.scores == scores


def test_seed_scoring_example_two_stones_against_one() -> None:
    game = RippleGame.replay(Rules(), [Move(cell_index(6, 0), RED), Move(cell_index(6, 1), RED),
                                       Move(cell_index(5, 0), RED)])
    assert [r.scores for r in game.history] == [(0, 0), (0, 0), (3, 0)]
    assert game.history[-1].change == (3, 0)


def test_scattering_a_group_takes_its_points_away() -> None:
    start = position_from_rows(empty_with((3, 2, "r"), (3, 3, "r"), (3, 4, "r")), 2)
    assert start.scores == (3, 0)
    game = RippleGame(positions=[start])
    game.play(Move(cell_index(2, 3), RED))
    assert stones(game.position, RED) == [(2, 3), (4, 1), (4, 3), (4, 5)]
    assert (game.history[-1].scores, game.history[-1].change) == ((0, 0), (-3, 0))


def test_tied_group_of_six_is_worth_nothing_and_wins_nothing() -> None:
    rows = empty_with(*((0, c, "r") for c in range(3)), (1, 0, "R"), (1, 1, "R"), (3, 1, "R"))
    after = place(rows, 4, 1, to_move=2)  # (3,1) is pushed to (2,1): three stones each
    (group,) = all_groups(after)
    assert (group.size, group.owner) == (6, None)
    assert not after.over and after.scores == (0, 0)


# --- R4: endings and their priority -----------------------------------------------------------

TWO_MEGAS = board("rrrr...", EMPTY_ROW, "...r...", EMPTY_ROW, "...R...", EMPTY_ROW, "RRRR...")
POINTS_BOARD = board("..GG.bb", "..GG.bb", EMPTY_ROW, "..GG.bb", ".RGG.bb", EMPTY_ROW, "RR..bbb")


@pytest.mark.parametrize("mover", [1, 2])
def test_both_own_a_mega_group_the_mover_wins(mover) -> None:
    after = place(TWO_MEGAS, 3, 3, to_move=mover)
    assert sorted(g.size for g in all_groups(after)) == [5, 5]
    assert (after.winner, after.reason) == (mover, "mega group")


def test_mega_group_of_the_other_player_wins_for_them() -> None:
    rows = [EMPTY_ROW] * 2 + TWO_MEGAS[2:]
    rows[2] = EMPTY_ROW
    after = place(rows, 3, 3, to_move=1)
    assert (after.winner, after.reason) == (2, "mega group")


def test_mega_group_beats_a_score_of_fifteen() -> None:
    start = position_from_rows(board("....bb.", "....bb.", EMPTY_ROW, "bb.....", "bb.R...", EMPTY_ROW,
                                     "RRRRbbb"), 1)
    assert start.scores == (15, 6)
    after = play(Rules(), start, Move(cell_index(3, 3), RED))
    assert (after.winner, after.reason) == (2, "mega group")


def test_move_that_reaches_fifteen_wins_on_points() -> None:
    rows = board("....bb.", "....bb.", EMPTY_ROW, ".....bb", ".....bb", EMPTY_ROW, "rr.....")
    after = place(rows, 5, 0, to_move=1)
    assert after.scores == (15, 0)
    assert (after.winner, after.reason) == (1, "points")


def test_equal_scores_of_fifteen_go_to_the_mover() -> None:
    start = position_from_rows(POINTS_BOARD, 1)
    assert start.scores == (15, 12)
    after = play(Rules(), start, Move(cell_index(3, 1), RED))
    assert after.scores == (15, 15)
    assert (after.winner, after.reason) == (1, "points")


def test_higher_score_wins_even_when_the_other_player_moved() -> None:
    rows = list(POINTS_BOARD)
    rows[6] = "RRR.bbb"
    after = place(rows, 3, 1, to_move=1)
    assert after.scores == (15, 18)
    assert (after.winner, after.reason) == (2, "points")


def test_opponent_reaching_fifteen_on_my_move_wins_for_them() -> None:
    rows = [r.replace("b", ".") for r in POINTS_BOARD]
    after = place(rows, 3, 1, to_move=1)
    assert after.scores == (0, 15)
    assert (after.winner, after.reason) == (2, "points")


def _full_board_but_last(changes: dict[tuple[int, int], str]) -> list[str]:
    """48 stones coloured by 2x2 pattern (no two touching stones share a colour); (6,6) left empty."""
    rows = []
    for r in range(7):
        row = ""
        for c in range(7):
            letter = "rbgy"[(r % 2) * 2 + c % 2]
            row += changes.get((r, c), letter if (r + c) % 2 else letter.upper())
        rows.append(row)
    return rows[:6] + [rows[6][:6] + "."]


def test_full_board_with_equal_scores_is_a_draw() -> None:
    after = place(_full_board_but_last({}), 6, 6, to_move=2)
    assert after.scores == (0, 0)
    assert (after.winner, after.reason) == (DRAW, "board full")
    assert legal_moves(Rules(), after) == []


def test_full_board_goes_to_the_higher_score() -> None:
    after = place(_full_board_but_last({(0, 0): "r", (0, 1): "r", (0, 2): "r"}), 6, 6, to_move=2)
    assert after.scores == (3, 0)
    assert (after.winner, after.reason) == (1, "board full")


def test_no_move_after_the_end() -> None:
    after = place(TWO_MEGAS, 3, 3)
    with pytest.raises(BadInput, match="over"):
        play(Rules(), after, Move(cell_index(6, 6), RED))
