"""`--labels sheet|bga` on `orapa next`, `orapa review` and `orapa solve` (RULINGS O10): ports
printed for people in the chosen scheme, JSON in the sheet's names."""
from __future__ import annotations

import json

from hypothesis import given, strategies as st

from commands.orapa.review import _answer, _wrong_text
from commands.orapa.solve import answer_words, question_text
from games.orapa.board import PORTS, parse_port, port_label
from tests.cli_runner import run_cli

GAME = "gems: base\n15 -> C purple\n3 -> 3 white\n"
# the same two answers as Board Game Arena's screen writes them
GAME_BGA = "gems: base\nlabels: bga\nE -> K purple\n3 -> 3 white\n"


@given(st.integers(0, PORTS - 1), st.sampled_from(["sheet", "bga"]))
def test_a_question_or_answer_is_relabelled_port_for_port(port: int, labels: str) -> None:
    sheet = port_label(port)
    assert parse_port(question_text(sheet, labels), labels) == port
    written = answer_words(f"{sheet} red 2 bounces", labels)
    assert written == f"{port_label(port, labels)} red 2 bounces"
    assert question_text("E4", labels) == "E4" and answer_words("absorbed", labels) == "absorbed"


def test_next_prints_the_ranking_in_bga_labels_and_json_in_the_sheets(capsys, tmp_path) -> None:
    game = tmp_path / "game.txt"
    game.write_text(GAME)
    args = ("next", str(game), "--sample", "200", "--top", "5")
    _, sheet, _ = run_cli(capsys, *args)
    status, bga, _ = run_cli(capsys, *args, "--labels", "bga", "--explain")
    assert status == 0
    _, document, _ = run_cli(capsys, *args, "--labels", "bga", "--json")
    ranking = json.loads(document)["ranking"]
    best = ranking[0]["question"]                         # the sheet's name, as INTERFACE says
    assert sheet.startswith(f"ask {best} (")
    assert bga.startswith(f"ask {question_text(best, 'bga')} (")
    rows = [line.split()[0] for line in bga.splitlines()[2:7]]
    assert rows == [question_text(q["question"], "bga") for q in ranking[:5]]
    # --explain: each answer's exit in BGA labels (sheet 12, BGA B, is the left end of row 2)
    explained = bga.split("\n\n")[1].splitlines()[1:]
    for line in explained:
        word = line.split()[0]
        assert word in ("absorbed", "...") or parse_port(word, "bga") >= 0


def test_review_writes_questions_answers_and_best_in_bga_labels(capsys, tmp_path) -> None:
    # the two reviews' counts are bounded by work: the same however loaded the machine (a
    # count cut on the clock once gave an estimate, and skills of 74.94 against 75.x)
    sheet, bga = tmp_path / "sheet.txt", tmp_path / "bga.txt"
    sheet.write_text(GAME)
    bga.write_text(GAME_BGA)
    _, from_sheet, _ = run_cli(capsys, "review", str(sheet), "--json")
    _, from_bga, _ = run_cli(capsys, "review", str(bga), "--json", "--labels", "bga")
    assert json.loads(from_sheet) == json.loads(from_bga)      # JSON keeps the sheet's names
    status, out, _ = run_cli(capsys, "review", str(bga), "--labels", "bga")
    assert status == 0
    head, _, first, second = out.splitlines()[:4]
    assert first.split()[1:4] == ["E", "K", "purple"]   # sheet 15 -> C, as BGA writes it
    assert second.split()[1:4] == ["3", "3", "white"]
    best = json.loads(from_sheet)["questions"][0]["best"]["question"]
    column = head.index("best")
    assert first[column:].split()[0] == question_text(best, "bga")


def test_review_wrong_guess_names_the_telling_shot_in_the_scheme() -> None:
    wrong = {"correct": False, "unreproduced": [], "question": "15",
             "guess_answer": {"shot": "15", "exit": "C", "bounces": 3},
             "mine_answer": {"shot": "15", "exit": "absorbed"}}
    assert _wrong_text(wrong, "bga") == (
        "the guess gives every answer, but question E tells it from the mine: the guess "
        "answers K 3 bounces, the mine absorbed")
    assert _answer({"shot": "1", "exit": "K", "color": "red", "bounces": 1}) == "K red 1 bounce"


def test_solve_names_conflicting_answers_in_bga_labels(capsys, tmp_path) -> None:
    game = tmp_path / "clash.txt"
    game.write_text("gems: base\n15 -> C purple\n15 -> D white\n")
    status, out, _ = run_cli(capsys, "solve", str(game), "--labels", "bga")
    assert status == 0 and out.splitlines() == [
        "contradiction: 0 consistent layouts", "  observation 0: E -> K purple",
        "  observation 1: E -> L white"]
    _, out, _ = run_cli(capsys, "solve", str(game))
    assert "  observation 0: 15 -> C purple" in out            # the default is unchanged
