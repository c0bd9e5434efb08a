"""Issue 29, the command line's second round: hostile inputs that used to end in a traceback,
a lost file or a hang. Each test here failed on the code before the fix."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_runner import run_cli

ROOT = Path(__file__).resolve().parent.parent
EASY = ROOT / "puzzles/base/base-easy-01.json"
HUGE = "9" * 5_000   # Python refuses to convert more than 4300 digits: it was a traceback


def _huge_puzzle(tmp_path: Path) -> Path:
    text = EASY.read_text(encoding="utf-8")
    path = tmp_path / "huge.json"
    path.write_text(text.replace('"exit": "7"', f'"exit": "7", "bounces": {HUGE}', 1))
    return path


@pytest.mark.parametrize("command", [["check"], ["solve"], ["next"], ["convert", "--to", "text"],
                                     ["show"], ["verify", str(EASY)], ["simulate"]])
def test_a_number_of_thousands_of_digits_is_bad_input(capsys, tmp_path, command):
    path = _huge_puzzle(tmp_path)
    args = [command[0], str(path), *command[1:]]
    status, out, err = run_cli(capsys, *args)
    assert status == 2 and out == ""
    assert err == f"orapa: error: {path}: a number of 5000 digits (at most 30)\n"


def test_a_huge_number_in_gems_or_a_mine_option_is_bad_input(capsys, tmp_path):
    status, _, err = run_cli(capsys, "generate", "--gems", f'[{{"shape": {HUGE}}}]', "--count",
                             "1", "--seed", "1", "--out", str(tmp_path / "g"))
    assert status == 2 and err.startswith("orapa: error: --gems: a number of 5000 digits")
    status, _, err = run_cli(capsys, "play", "--auto", "--mine", str(_huge_puzzle(tmp_path)))
    assert status == 2 and "a number of 5000 digits" in err


def test_batch_gives_a_huge_number_its_own_error_line(capsys, tmp_path):
    path = _huge_puzzle(tmp_path)
    status, out, _ = run_cli(capsys, "batch", str(path), "--jobs", "1", "--no-progress")
    line = json.loads(out)
    assert status == 0 and line["status"] == "error"
    assert line["error"] == f"{path}: a number of 5000 digits (at most 30)"
