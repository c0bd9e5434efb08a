"""Ripple AI: levels take immediate wins, the search never hands the opponent one when it can
avoid it, and the commands print the INTERFACE.md documents."""
from __future__ import annotations

import json
import random

import pytest

from cli import root
from commands.common import run_main
from games.ripple import Rules, legal_moves, new_position, next_position, position_from_rows
from solver.ripple.ai import RipplePlayer, best_move, greedy_choice

RULES = Rules()
# Player 1 to move; blue at (5,2) joins the four on the bottom edge (pushes cannot move them).
FOUR_ON_THE_EDGE = ["......."] * 5 + ["......."] + ["bbbb..."]


def opponent_can_win_at_once(position) -> bool:
    mover = position.to_move
    return any(next_position(position, m).winner == mover for m in legal_moves(RULES, position))


@pytest.mark.parametrize("level", [1, 2, 3])
def test_levels_take_an_immediate_mega_group(level) -> None:
    position = position_from_rows(FOUR_ON_THE_EDGE, 1)
    move = RipplePlayer(RULES, level, seed=1).choose(position).move
    assert next_position(position, move).winner == 1


def _mid_game_positions(count: int, seed: int):
    """Positions from games between two greedy players (who leave tactics on the board)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = new_position(RULES)
        for _ in range(rng.randrange(6, 20)):
            if position.over:
                break
            position = next_position(position, greedy_choice(RULES, position, rng).move)
        if not position.over:
            found.append(position)
    return found


@pytest.mark.parametrize("position", _mid_game_positions(4, seed=8))
def test_search_never_allows_an_avoidable_immediate_loss(position) -> None:
    choice = best_move(RULES, position, level=2)
    child = next_position(position, choice.move)
    if child.over:
        assert child.winner == position.to_move
        return
    safe_exists = any(
        not (c := next_position(position, m)).over and not opponent_can_win_at_once(c)
        for m in legal_moves(RULES, position)
    )
    assert not safe_exists or not opponent_can_win_at_once(child)


def test_best_value_sees_a_forced_win() -> None:
    choice = best_move(RULES, position_from_rows(FOUR_ON_THE_EDGE, 1), level=2)
    assert choice.value > 1000


def run(args: list[str], capsys) -> tuple[int, str, str]:
    try:
        run_main(root, args)
        status = 0
    except SystemExit as done:
        status = done.code
    out, err = capsys.readouterr()
    return status, out, err


def test_play_json_follows_the_interface(capsys) -> None:
    status, out, _ = run(["ripple", "play", "--moves", "red@6,0,red@6,1,red@5,0,blue@3,3", "--json"], capsys)
    document = json.loads(out)
    assert status == 0
    assert document["board"][5:] == ["r......", "rR....."] and document["board"][3] == "...B..."
    assert (document["scores"], document["to_move"], document["over"], document["winner"]) == (
        {"1": 3, "2": 0}, 1, False, None)
    assert [h["scores"]["1"] for h in document["history"]] == [0, 0, 3, 3]


def test_play_json_reports_the_winner(capsys) -> None:
    moves = "blue@6,0,red@0,0,blue@6,1,red@0,6,blue@6,2,red@6,6,blue@6,3,green@3,3,blue@5,1"
    status, out, _ = run(["ripple", "play", "--moves", moves, "--json"], capsys)
    document = json.loads(out)
    assert (status, document["over"], document["winner"]) == (0, True, 1)


def test_best_json_gives_a_legal_move(capsys) -> None:
    status, out, _ = run(["ripple", "best", "--moves", "red@3,3", "--level", "2", "--json"], capsys)
    document = json.loads(out)
    assert status == 0 and set(document) == {"move", "value"}
    assert "@" in document["move"] and document["move"] != "red@3,3"


@pytest.mark.parametrize("args, message", [
    (["ripple", "play", "--moves", "red@3,3,blue@3,3", "--json"], "occupied"),
    (["ripple", "best", "--moves", "pink@1,1"], "unknown colour"),
    (["ripple", "play", "--palettes", "rb,gy", "--moves", "green@0,0", "--json"], "may not use green"),
    (["ripple", "best", "--moves", "blue@6,0,red@0,0,blue@6,1,red@0,6,blue@6,2,red@6,6,blue@6,3,green@3,3,blue@5,1"],
     "already over"),
])
def test_bad_input_exits_2_with_one_line(args, message, capsys) -> None:
    status, out, err = run(args, capsys)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_power_stone_moves_in_the_cli(capsys) -> None:
    status, out, _ = run(["ripple", "play", "--power", "--moves", "red@3,4,blue@0,0,red+@3,3", "--json"], capsys)
    assert status == 0 and json.loads(out)["board"][3] == "...r..r"
