"""Options and small behaviours every command shares (issue 15, items 6 and 9)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from commands.common import plural
from tests.cli_runner import run_cli

ROOT = Path(__file__).resolve().parent.parent
SOLVED = str(ROOT / "puzzles" / "base" / "base-easy-01.json")


@pytest.mark.parametrize("args", [
    ["solve", SOLVED, "--timeout"], ["verify", SOLVED, SOLVED, "--timeout"],
    ["next", SOLVED, "--budget"], ["mandragora", "solve", "--time-limit"],
    ["ripple", "play", "--json", "--timed"], ["batch", SOLVED, "--timeout"],
])
@pytest.mark.parametrize("value", ["nan", "NaN", "inf", "-inf", "-1", "0", "-0", "1e400", "soon"])
def test_durations_must_be_finite_and_positive(capsys, args: list[str], value: str) -> None:
    """Before: `--timeout nan` and `--time-limit nan` were accepted and meant no limit, batch
    took `--timeout nan` (every file a timeout) and crashed on `--timeout inf`, and `--timeout
    0` gave up before starting. Every duration goes through `commands.common.Seconds`."""
    status, out, err = run_cli(capsys, *args, value)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert f"Invalid value for '{args[-1]}'" in err


@pytest.mark.parametrize("args", [["batch", SOLVED], ["generate", "--count", "2", "--out", "unused"]])
@pytest.mark.parametrize("value", ["0", "1025", "100000"])
def test_jobs_are_bounded(capsys, args: list[str], value: str) -> None:
    """Before: `--jobs 100000` forked a process per job (generate: per shard) and exhausted
    the machine; now a count past `commands.common.MAX_JOBS` is bad input, refused at once."""
    status, out, err = run_cli(capsys, *args, "--jobs", value)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "Invalid value for '--jobs'" in err


def test_solve_past_its_time_limit_prints_text_without_json(tmp_path, capsys) -> None:
    """Before: raw JSON with the status 'unknown', which INTERFACE does not list."""
    puzzle = tmp_path / "double.txt"
    puzzle.write_text("gems: double\n1 -> 1 red\n")
    status, out, err = run_cli(capsys, "solve", str(puzzle), "--timeout", "0.01")
    assert status == 3 and out.startswith("unfinished: at least ") and "{" not in out
    assert err.startswith("orapa: limit reached: ")
    status, out, _ = run_cli(capsys, "solve", str(puzzle), "--timeout", "0.01", "--json")
    document = json.loads(out)
    assert status == 3 and document["exact"] is False
    assert document["status"] in ("unique", "ambiguous", "contradiction")


def test_next_on_a_solved_puzzle_says_so(capsys) -> None:
    """Before: 'ask A1 (cell): -0.000 bits expected'."""
    status, out, _ = run_cli(capsys, "next", SOLVED)
    assert status == 0 and out.startswith("solved: exactly 1 consistent layout")
    status, out, _ = run_cli(capsys, "next", SOLVED, "--json")
    document = json.loads(out)
    assert document["solved"] is True and document["candidates"] == 1
    assert all(str(q["expected_bits"]) == "0.0" for q in document["ranking"])


def test_next_on_an_open_puzzle_is_not_solved(tmp_path, capsys) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("gems: base\n15 -> B blue\n")
    status, out, _ = run_cli(capsys, "next", str(puzzle), "--json", "--budget", "0.3")
    assert status == 0 and json.loads(out)["solved"] is False


@pytest.mark.parametrize("moves, item", [("1,,3", 2), (",1", 1), ("1,", 2), ("1, ,3", 2)])
def test_mandragora_moves_with_an_empty_item_are_refused(capsys, moves: str, item: int) -> None:
    """Before: `--moves 1,,3` silently skipped the empty item."""
    status, _, err = run_cli(capsys, "mandragora", "play", "--moves", moves)
    assert status == 2 and f"item {item} is empty" in err


def test_plurals_agree_with_their_counts() -> None:
    assert [plural(n, "gem") for n in (0, 1, 2)] == ["0 gems", "1 gem", "2 gems"]
    assert plural(1.0, "layout", ".3g") == "1 layout"
    assert plural(1234.5, "layout", ".3g") == "1.23e+03 layouts"


def test_summaries_agree_with_their_counts(tmp_path) -> None:
    """Before: "1 files in 0.1 s" (batch) and "1 puzzles in 1 shards" (generate --shard-size)."""
    from generator.shards import summary_text
    from solver.orapa.batch.results import BatchSummary
    summary = BatchSummary()
    summary.add({"status": "unique", "seconds": 0.1})
    assert summary.text().startswith("1 file in ")
    text = summary_text({"count": 1, "shards": [1], "wall_seconds": 0.1, "interrupted": False,
                         "failed_shards": [], "rates": {}, "difficulty": {}, "layouts": 1},
                        tmp_path)
    assert text.startswith("1 puzzle in 1 shard written to ")


def test_mandragora_runs_without_its_c_kernel() -> None:
    """The kernel is optional (a machine without gcc installs without it): exact solves then
    run the Python reference, with the same answer and a one-line notice on standard error."""
    import os
    moves = "4,8,1,6,5,7,3,8,4,6,2,8,4,7,2"       # 12 pieces left: quick in Python too
    args = [sys.executable, "-m", "cli", "mandragora", "solve", "--moves", moves, "--json"]
    compiled = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=120)
    python = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "ORAPA_MANDRAGORA_KERNEL": "python"})
    assert python.returncode == 0 and json.loads(python.stdout) == json.loads(compiled.stdout)
    assert python.stderr.count("\n") == 1 and "C kernel is not built" in python.stderr


@pytest.mark.parametrize("args", [["simulate", SOLVED], ["batch", SOLVED, "--jobs", "1"]])
def test_a_closed_standard_output_exits_like_sigpipe_without_a_word(args: list[str]) -> None:
    """Before: `orapa ... | head -1` could end with a silent exit status 1 (click's), which
    the interface does not list; now 141, as for a process killed by SIGPIPE."""
    proc = subprocess.Popen([sys.executable, "-m", "cli", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()                        # before the command has written a byte
    try:
        err = proc.stderr.read()
        status = proc.wait(timeout=120)
    finally:
        proc.kill()
    assert status == 141 and "Traceback" not in err


def test_exact_bound_stops_where_listing_would_fill_memory(capsys) -> None:
    """Before: `next --exact-bound 1e12` listed 2e8 layouts of an open puzzle (past 60 s and
    growing: the budget does not stop a listing)."""
    from commands.orapa.advice import MAX_EXACT_BOUND
    from solver.orapa.counting.consistent_sample import LISTING_BOUND
    assert MAX_EXACT_BOUND == LISTING_BOUND
    status, _, err = run_cli(capsys, "next", SOLVED, "--exact-bound", str(LISTING_BOUND + 1))
    assert status == 2 and "Invalid value for '--exact-bound'" in err


def _orapa(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("command", [
    ["mandragora", "play", "--interactive"],
    ["uncovered", "play", "--players", "2", "--seed", "1"],
    ["ripple", "play", "--opponent", "human"],
])
def test_the_end_of_input_ends_every_interactive_game_with_status_0(command) -> None:
    """Before: Mandragora and Uncovered exited 130 ('aborted'), Ripple 0."""
    done = _orapa(*command)
    assert done.returncode == 0, done.stderr
    assert "(input ended)" in done.stdout + done.stderr and "Traceback" not in done.stderr


def test_an_interactive_mandragora_move_that_is_no_number_is_named() -> None:
    """Before: 'cannot sow area -1'."""
    done = _orapa("mandragora", "play", "--interactive", stdin="x\nq\n")
    assert done.returncode == 0
    assert "'x' is not an area" in done.stderr and "-1" not in done.stderr
    done = _orapa("mandragora", "play", "--interactive", stdin="7" * 5000 + "\nq\n")
    assert done.returncode == 0 and "...' (1000 chars) is not an area" in done.stderr


@pytest.mark.parametrize("command", [
    ["mandragora", "play", "--interactive"],
    ["uncovered", "play", "--players", "2", "--seed", "1"],
    ["ripple", "play", "--opponent", "human"],
])
def test_an_endless_interactive_line_is_cut_and_the_game_goes_on(command) -> None:
    """Before: an answer line was read whole, however long (a megabyte without a newline)."""
    done = _orapa(*command, stdin="7" * 2_000_000 + "\nq\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert len(done.stdout + done.stderr) < 20_000


def test_progress_bars_stay_off_a_redirected_standard_error(tmp_path) -> None:
    """Before: generate and play wrote tqdm bars into a file or pipe."""
    done = _orapa("generate", "--gems", "base", "--count", "1", "--seed", "2",
                  "--out", str(tmp_path))
    assert done.returncode == 0 and done.stderr == ""
    assert "1 puzzle written" in done.stdout
