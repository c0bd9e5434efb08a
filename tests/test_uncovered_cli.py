"""`orapa uncovered optimum | score | play`: JSON documents of INTERFACE.md, errors exit 2."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli import root
from commands.common import run_main
from games.uncovered import Game, parse_hands
from solver.uncovered.search import solve

HANDS = "1243,3412,2143"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the CLI as the console script does; return (exit status, stdout, stderr)."""
    try:
        run_main(root, args)
        status = 0
    except SystemExit as exc:
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_optimum_json_follows_the_interface(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["uncovered", "optimum", "--hands", HANDS, "--json"], capsys)
    document = json.loads(out)
    assert status == 0 and set(document) == {"optimum", "swaps"}
    assert document["optimum"] == solve(parse_hands(HANDS)).optimum == len(document["swaps"])
    game = Game(parse_hands(HANDS))
    for turn, (player, own, other, position) in enumerate(document["swaps"]):
        assert player == turn % 3
        game.swap(own, other, position)
    assert game.declare()


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    optimum = solve(parse_hands(HANDS)).optimum
    status, out, _ = run(["uncovered", "score", "--hands", HANDS, "--turns", str(optimum + 2), "--json"], capsys)
    assert status == 0 and json.loads(out) == {"score": 2}


@pytest.mark.parametrize("args, message", [
    (["optimum", "--hands", "1243,3412,214"], "hand 2 has 3 cards"),
    (["optimum", "--hands", "1243"], "1 hands given"),
    (["score", "--hands", HANDS, "--turns", "1"], "fewest is"),
    (["optimum", "--hands", HANDS, "--win", "sideways"], "sideways"),
    (["play", "--players", "2", "--variant", "advanced"], "advanced needs 3"),
    (["play", "--players", "7"], "7 players"),
])
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["uncovered", *args, "--json"], capsys)
    assert status == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_hot_seat_game_to_a_win_with_json_result() -> None:
    moves = "\nswap 1 1 2\n\ndeclare\n"
    result = CliRunner().invoke(root, ["uncovered", "play", "--hands", "2234,1134,1234",
                                       "--players", "3", "--variant", "advanced", "--json"], input=moves)
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["won"] is True and document["turns"] == 1 and document["score"] == 0
    assert document["swaps"] == [[0, 1, 1, 2]]
    assert "player 0 (you): 2  2  3  4" in result.stderr and "player 1      : ?  ?  ?  ?" in result.stderr


def test_hot_seat_shows_only_each_players_view_and_reports_a_loss() -> None:
    moves = "\nswap 9 1 1\nswap 1 1 1\n\ndeclare\n"
    result = CliRunner().invoke(root, ["uncovered", "play", "--hands", "2234,1134", "--players", "2",
                                       "--variant", "intermediate"], input=moves)
    assert result.exit_code == 0, result.output
    assert "player 0 (you): ?  ?  ?  ?" in result.stdout
    assert "player 1 (you): 2  ?  ?  ?" in result.stdout
    assert "not a legal move" in result.stdout
    assert "lost (a lost game has no score) after 1 swaps" in result.stdout
