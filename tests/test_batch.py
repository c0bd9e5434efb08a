"""`orapa batch`: path expansion, one line per file for every kind of file, resume after a stop."""
from __future__ import annotations

import dataclasses
import io
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import root
from commands.common import run_main
from games.errors import BadInput
from games.orapa.drawing import render_deductions
from games.orapa.files import parse_layout
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import CellAnswer, Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from games.orapa.text_format import format_puzzle_text
from solver.orapa.api import solve
from solver.orapa.batch.pool import Lost
from solver.orapa.batch.runner import (DEFAULT_COUNT_LIMIT, INTERFACE_KEYS, STATUSES, BatchOptions,
                                       expand_paths, hard_timeout, lost_line, open_results,
                                       run_batch, solve_file)
from tests.child_signals import default_sigint

ORAPA = Path(sys.executable).parent / "orapa"
GEMS, RULES = gem_set("base"), RuleOptions()
MANY = 400  # base puzzles take ~6 ms each: a one-worker run lasts seconds, not a poll's 10 ms


def _random_puzzle(rng: random.Random, shots: int) -> Puzzle:
    mine = random_layout(GEMS, RULES, rng)
    return puzzle_from_layout(mine, GEMS, RULES, sorted(rng.sample(range(36), shots)))


def _write(path: Path, puzzle: Puzzle) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(puzzle.to_json(), handle)


@pytest.fixture(scope="module")
def puzzles() -> dict[str, Puzzle]:
    """A unique puzzle, an ambiguous one with few layouts, and a contradictory one."""
    rng = random.Random(6)
    good = _random_puzzle(rng, 36)
    while True:
        ambiguous = _random_puzzle(rng, 12)
        result = solve(ambiguous, limit=0, count_limit=DEFAULT_COUNT_LIMIT)
        if result.status == "ambiguous" and result.exact and result.count <= 6:
            break
    assert good.solution is not None
    cell = 0
    content = good.solution.cell_content(cell)
    wrong = CellAnswer(cell, "white" if content == "empty" else "empty")
    contradiction = dataclasses.replace(good, solution=None).with_observations(good.observations + (wrong,))
    return {"good": good, "ambiguous": ambiguous, "contradiction": contradiction}


@pytest.fixture()
def mixed(tmp_path: Path, puzzles: dict[str, Puzzle]) -> Path:
    """A directory with one file of every kind, some in a subdirectory."""
    d = tmp_path / "mixed"
    _write(d / "good.json", puzzles["good"])
    _write(d / "sub" / "ambiguous.json", puzzles["ambiguous"])
    shutil.copy(d / "good.json", d / "sub" / "duplicate.json")
    _write(d / "contradiction.json", puzzles["contradiction"])
    (d / "text.txt").write_text(format_puzzle_text(puzzles["good"]), encoding="utf-8")
    (d / "malformed.json").write_text('{"gems": "base", "observations": [', encoding="utf-8")
    (d / "rules.json").write_text('{"gems": "base", "rules": {"touching": "edge"}}',
                                  encoding="utf-8")
    (d / "binary.txt").write_bytes(b"\xff\xfe\x00gems")
    (d / "README.md").write_text("not a puzzle", encoding="utf-8")
    (d / "good.solution.json").write_text("{}", encoding="utf-8")
    (d / ".hidden").mkdir()
    _write(d / ".hidden" / "skipped.json", puzzles["good"])
    return d


def _lines(text: str) -> dict[str, dict]:
    """Result lines by file name; fails on a repeated file."""
    result: dict[str, dict] = {}
    for raw in text.splitlines():
        line = json.loads(raw)
        name = Path(line["file"]).name
        assert name not in result, f"{name} listed twice"
        result[name] = line
    return result


def test_expand_paths_walks_directories_globs_and_named_files(mixed: Path) -> None:
    found = list(expand_paths([str(mixed)]))
    assert [os.path.relpath(p, mixed) for p in found] == [
        "binary.txt", "contradiction.json", "good.json", "malformed.json", "rules.json",
        "text.txt", os.path.join("sub", "ambiguous.json"), os.path.join("sub", "duplicate.json")]
    # a glob, a named file of any suffix, a file reached twice, a missing path
    args = [str(mixed / "**" / "a*.json"), str(mixed / "README.md"), str(mixed / "sub"),
            str(mixed / "missing.json")]
    assert [os.path.relpath(p, mixed) for p in expand_paths(args)] == [
        os.path.join("sub", "ambiguous.json"), "README.md", os.path.join("sub", "duplicate.json"),
        "missing.json"]
    assert list(expand_paths([str(mixed / "sub")], skip={str(mixed / "sub" / "ambiguous.json")})
                ) == [os.path.normpath(mixed / "sub" / "duplicate.json")]


def test_mixed_directory_gives_the_right_line_for_each_file(mixed: Path,
                                                            puzzles: dict[str, Puzzle]) -> None:
    out = io.StringIO()
    summary = run_batch([str(mixed), str(mixed / "nothing*.json")], out, BatchOptions(), jobs=2,
                        progress=False, recycle_after=3)      # workers replaced on the way
    lines = _lines(out.getvalue())
    for line in lines.values():
        assert set(INTERFACE_KEYS) <= set(line) and line["seconds"] >= 0
    ambiguous = solve(puzzles["ambiguous"], limit=0).count
    expected = {"good.json": ("unique", 1), "duplicate.json": ("unique", 1),
                "text.txt": ("unique", 1), "ambiguous.json": ("ambiguous", ambiguous),
                "contradiction.json": ("contradiction", 0), "malformed.json": ("error", None),
                "rules.json": ("error", None), "binary.txt": ("error", None),
                "nothing*.json": ("error", None)}
    assert {name: (line["status"], line["count"]) for name, line in lines.items()} == expected
    for name in ("good.json", "ambiguous.json", "contradiction.json"):
        assert lines[name]["exact"] is True and lines[name]["error"] is None
    assert "malformed JSON" in lines["malformed.json"]["error"]
    assert "rules.touching" in lines["rules.json"]["error"]
    assert "cannot read" in lines["binary.txt"]["error"]
    assert "No such file" in lines["nothing*.json"]["error"]
    for name in ("malformed.json", "rules.json", "binary.txt"):
        assert lines[name]["error"].startswith(str(mixed / name))
    assert summary.counts == {"unique": 3, "ambiguous": 1, "contradiction": 1, "timeout": 0,
                              "error": 4}
    assert len(summary.times) == 9 and not summary.interrupted


def test_timeout_and_count_limit(tmp_path: Path) -> None:
    # billions of layouts, under a rule the exact counter does not take (touching any): they
    # are listed, and the listing cannot finish (the empty base board under touching corner
    # is counted now, and its count is kept on disk)
    path = tmp_path / "open.json"
    path.write_text('{"gems": "base", "rules": {"touching": "any"}, "observations": []}')
    line = solve_file(str(path), BatchOptions(timeout=0.3, count_limit=10 ** 9))
    assert line["status"] == "timeout" and line["exact"] is False
    assert isinstance(line["count"], int) and line["error"] is None
    line = solve_file(str(path), BatchOptions(count_limit=5))
    assert (line["status"], line["count"], line["exact"]) == ("ambiguous", 5, False)


def test_writes_solution_and_deduction_map(tmp_path: Path, puzzles: dict[str, Puzzle]) -> None:
    options = BatchOptions(write_solutions=True, write_deductions=True)
    _write(tmp_path / "good.json", puzzles["good"])
    line = solve_file(str(tmp_path / "good.json"), options)
    assert line["wrote"] == str(tmp_path / "good.solution.json")
    layout, _ = parse_layout((tmp_path / "good.solution.json").read_text(), "solution")
    assert layout == puzzles["good"].solution
    _write(tmp_path / "ambiguous.json", puzzles["ambiguous"])
    line = solve_file(str(tmp_path / "ambiguous.json"), options)
    assert line["status"] == "ambiguous"
    assert line["wrote"] == str(tmp_path / "ambiguous.deductions.txt")
    drawing = (tmp_path / "ambiguous.deductions.txt").read_text()
    marks = [row.split("│")[1].split() for row in drawing.splitlines() if row.count("│") == 2]
    truth = render_deductions({c: puzzles["ambiguous"].solution.cell_content(c)
                               for c in range(80)})
    true_marks = [row.split("│")[1].split() for row in truth.splitlines() if row.count("│") == 2]
    assert len(marks) == 8 and any("?" in row for row in marks)   # ambiguous: some cell open
    assert all(m in ("?", t) for row, true_row in zip(marks, true_marks)
               for m, t in zip(row, true_row))                     # the rest as in the mine
    # written files are not puzzles for the next walk
    assert sorted(Path(p).name for p in expand_paths([str(tmp_path)])) == [
        "ambiguous.json", "good.json"]


def _result(name: str, status: str = "unique") -> str:
    """A result line as batch writes it."""
    line = dict.fromkeys(INTERFACE_KEYS + ("exact", "wrote"))
    line.update(file=name, status=status, count=1, seconds=0.01, exact=True)
    return json.dumps(line) + "\n"


def test_open_results_resumes_locks_and_repairs_only_its_own_torn_line(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    stream, skip = open_results(str(out), resume=True)
    stream.close()
    assert skip == {os.path.realpath(out)}
    torn = _result("c.json")[:25]                   # our writer cut off by a crash
    out.write_text(_result("a.json") + _result("b.json", "error") + torn, encoding="utf-8")
    stream, skip = open_results(str(out), resume=True)
    assert skip == {os.path.realpath(p) for p in ("a.json", "b.json", out)}
    assert out.read_text(encoding="utf-8") == _result("a.json") + _result("b.json", "error")
    with pytest.raises(BadInput, match="another batch is writing"):
        open_results(str(out))
    stream.write(_result("c.json"))
    stream.close()
    assert out.read_text(encoding="utf-8").count("\n") == 3
    # a whole last line that lost only its newline is kept, counted, and gets its newline
    out.write_text(_result("a.json") + _result("b.json").rstrip("\n"), encoding="utf-8")
    stream, skip = open_results(str(out), resume=True)
    stream.write(_result("c.json"))
    stream.close()
    assert skip == {os.path.realpath(p) for p in ("a.json", "b.json", out)}
    assert out.read_text(encoding="utf-8") == "".join(map(_result, ("a.json", "b.json",
                                                                  "c.json")))
    # without --resume nothing is skipped, but the file is checked all the same
    stream, skip = open_results(str(out))
    stream.close()
    assert skip == {os.path.realpath(out)}


A, B = _result("a.json").encode(), _result("b.json").encode()
NOT_RESULTS = {
    "notes": b"my notes\nabout puzzles\n",
    "notes without a final newline": b"notes about puzzles",
    "binary": bytes(range(256)) * 4,
    "a puzzle": b'{"gems": "base", "observations": [{"shot": "1", "exit": "absorbed"}]}\n',
    "a puzzle without a newline": b'{"gems": "base", "observations": []}',
    "results then notes": A + b"and a note\n",
    "results then a note without a newline": A + b"and a note",
    "a torn line alone": b'{"file": "a.json", "sta',
    "a torn line in the middle": A + b'{"file": "a.json", "sta\n' + B,
    "a line missing a key": b'{"file": "a.json", "status": "unique", "count": 1}\n',
    "an unknown status": A + _result("b.json", "solved").encode(),
    "latin-1 text": "caf\xe9 au lait\n".encode("latin-1"),
    "a line of megabytes": A + b"0" * (3 << 20),
}


@pytest.mark.parametrize("kind", sorted(NOT_RESULTS))
@pytest.mark.parametrize("resume", [False, True])
def test_a_file_that_is_not_a_results_file_is_refused_and_left_alone(
        tmp_path: Path, kind: str, resume: bool) -> None:
    data = NOT_RESULTS[kind]
    out = tmp_path / "results.jsonl"
    out.write_bytes(data)
    before = out.stat()
    with pytest.raises(BadInput, match=r"results.jsonl: line \d+: not a batch results file"):
        open_results(str(out), resume)
    assert out.read_bytes() == data and out.stat().st_mtime_ns == before.st_mtime_ns
    open_results(str(tmp_path / "other.jsonl"))[0].close()   # no lock or descriptor left over
    with pytest.raises(BadInput):                             # and it is refused again
        open_results(str(out), resume)


GOOD = st.sampled_from([_result("a.json"), _result("b.json", "timeout"), _result("c.json"),
                        "\n", "  \n"])
BAD = st.sampled_from(["notes\n", '{"gems": "base"}\n', '{"file": "x"}\n', "[1, 2]\n"])


@st.composite
def results_files(draw: st.DrawFn) -> bytes:
    """Result lines, now and then another line among them, the last one whole, torn at any
    byte, or junk."""
    lines = draw(st.lists(GOOD, max_size=5))
    if draw(st.integers(0, 3)) == 0:
        lines.insert(draw(st.integers(0, len(lines))), draw(BAD))
    text = "".join(lines).encode()
    end = draw(st.sampled_from(["whole", "torn", "junk"]))
    if end == "torn":
        line = _result("d.json").encode()
        text += line[:draw(st.integers(0, len(line)))]
    elif end == "junk":
        text += draw(st.binary(max_size=40))
    return text


@settings(max_examples=150, deadline=None)
@given(results_files(), st.booleans())
def test_open_results_changes_nothing_but_its_own_torn_end(data: bytes, resume: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "results.jsonl"
        out.write_bytes(data)
        try:
            stream, skip = open_results(str(out), resume)
        except BadInput as exc:
            assert out.read_bytes() == data              # refused: not a byte changed
            assert len(str(exc).splitlines()) == 1 and len(str(exc)) < 300
            return
        stream.close()
        after = out.read_bytes()
        lines = after.decode("utf-8").splitlines()
        assert all(not raw.strip() or json.loads(raw)["status"] in STATUSES for raw in lines)
        assert after == b"" or after.endswith(b"\n")
        if after != data:                                # the only two repairs
            cut = data[len(after):]
            assert (after == data + b"\n") or (data.startswith(after) and b"\n" not in cut
                                               and cut.startswith(b'{"file": "'))
        listed = {json.loads(raw)["file"] for raw in lines if raw.strip()}
        expected = {os.path.realpath(name) for name in listed} if resume else set()
        assert skip == expected | {os.path.realpath(out)}


def test_command_refuses_a_puzzle_as_out_and_changes_nothing(tmp_path: Path,
                                                             puzzles: dict[str, Puzzle]) -> None:
    puzzle = tmp_path / "puzzle.json"
    _write(puzzle, puzzles["good"])
    data = puzzle.read_bytes()
    for extra in ([], ["--resume"]):
        proc = subprocess.run([str(ORAPA), "batch", str(puzzle), "--out", str(puzzle), *extra],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and proc.stdout == ""
        assert proc.stderr.startswith(f"orapa: error: {puzzle}: line 1: not a batch results")
        assert len(proc.stderr.splitlines()) == 1 and puzzle.read_bytes() == data


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Enough middling puzzles that a one-worker run is still busy when it is stopped."""
    d = tmp_path_factory.mktemp("many")
    rng = random.Random(11)
    for i in range(MANY):
        _write(d / f"p{i:03d}.json", _random_puzzle(rng, rng.randint(20, 28)))
    return d


def _start(puzzle_dir: Path, out: Path) -> subprocess.Popen[str]:
    """Start `orapa batch` in its own session and wait for its first finished lines."""
    proc = subprocess.Popen([str(ORAPA), "batch", str(puzzle_dir), "--jobs", "1", "--out",
                             str(out), "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            # Ctrl-C as at a terminal, even when this test run was started in
                            # the background (its children then inherit SIGINT ignored)
                            preexec_fn=default_sigint)
    while proc.poll() is None and (not out.exists() or out.read_text().count("\n") < 2):
        time.sleep(0.005)
    return proc


def _check_one_line_per_file(out: Path) -> None:
    lines = _lines(out.read_text())
    assert sorted(lines) == [f"p{i:03d}.json" for i in range(MANY)]
    assert all(line["status"] in ("unique", "ambiguous") for line in lines.values())


def test_ctrl_c_keeps_finished_lines_and_resume_completes(many: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    proc = _start(many, out)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    finished = len(_lines(out.read_text()))
    assert 2 <= finished < MANY and proc.returncode == 130 and "interrupted" in stderr, \
        (finished, proc.returncode, stderr[-2000:])
    summary = json.loads(stdout)
    assert summary["interrupted"] is True and summary["files"] == finished
    resumed = subprocess.run([str(ORAPA), "batch", str(many), "--jobs", "2", "--out", str(out),
                              "--resume", "--json"], capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0
    summary = json.loads(resumed.stdout)
    assert summary["skipped"] == finished and summary["files"] == MANY - finished
    _check_one_line_per_file(out)


def test_killed_run_resumes_with_exactly_one_line_per_file(many: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    proc = _start(many, out)
    os.killpg(proc.pid, signal.SIGKILL)         # the batch and its workers, at once
    proc.communicate(timeout=60)
    finished = out.read_text().count("\n")      # a cut-off last line does not count
    assert finished < MANY
    stream, skip = open_results(str(out), resume=True)
    with stream:
        summary = run_batch([str(many)], stream, jobs=2, skip=skip, progress=False)
    assert summary.skipped == finished and len(summary.times) == MANY - finished
    _check_one_line_per_file(out)


def test_command_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for args, message in ((["batch", str(tmp_path), "--resume"], "--resume"),
                          (["batch", str(tmp_path), "--jobs", "0"], "--jobs"),
                          (["batch", str(tmp_path), "--out", str(tmp_path)], str(tmp_path))):
        with pytest.raises(SystemExit) as stop:
            run_main(root, args)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("orapa: error:") and message in err and len(err.splitlines()) == 1


def test_timeout_counts_the_reading_and_what_cannot_be_a_puzzle_is_not_read(
        tmp_path: Path, puzzles: dict[str, Puzzle]) -> None:
    path = tmp_path / "good.json"
    _write(path, puzzles["good"])
    line = solve_file(str(path), BatchOptions(timeout=1e-9))   # spent before solving starts
    assert (line["status"], line["count"], line["exact"]) == ("timeout", None, False)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)                                  # no writer: reading it would never end
    big = tmp_path / "big.json"
    big.write_text(" " * (2 << 20) + json.dumps(puzzles["good"].to_json()), encoding="utf-8")
    started = time.monotonic()
    for source, reason in ((fifo, "not a regular file"), (big, "too large"),
                           (Path("/dev/zero"), "not a regular file")):
        line = solve_file(str(source), BatchOptions())
        assert line["status"] == "error" and reason in line["error"]
        assert line["error"].startswith(str(source))
    assert time.monotonic() - started < 5


def test_a_worker_past_its_hard_deadline_gives_a_timeout_line_not_an_answer() -> None:
    line = lost_line(Lost("p.json", "still not answered after 3.1 s", True, 3.1))
    assert (line["status"], line["count"], line["exact"]) == ("timeout", None, False)
    assert line["error"].startswith("p.json: worker stopped") and line["seconds"] == 3.1
    line = lost_line(Lost("p.json", "the worker solving it exited with status 3, 3 times",
                          False, 0.2))
    assert (line["status"], line["count"]) == ("error", None)
    assert set(INTERFACE_KEYS) <= set(line)
    assert hard_timeout(BatchOptions()) is None and hard_timeout(BatchOptions(timeout=2)) > 2


def test_a_failed_solver_call_drops_the_cached_models_and_is_never_answered(
        tmp_path: Path, puzzles: dict[str, Puzzle], monkeypatch: pytest.MonkeyPatch) -> None:
    import solver.orapa.batch.runner as runner
    from solver.orapa import consistent
    path = tmp_path / "good.json"
    _write(path, puzzles["good"])
    real_solve, failures = runner.solve, []

    def failing(puzzle: Puzzle, **kwargs):         # the way a signal in the C solver ended
        session = consistent.session_for(puzzle.gems, puzzle.rules)
        if len(failures) < failing.times:
            failures.append(session)
            raise RuntimeError("Caught keyboard interrupt")
        assert session not in failures             # never the session of a failed call
        return real_solve(puzzle, **kwargs)

    monkeypatch.setattr(runner, "solve", failing)
    failing.times = 1                              # once: solved again on fresh models
    line = solve_file(str(path), BatchOptions())
    assert (line["status"], line["count"], line["error"]) == ("unique", 1, None)
    failing.times = 3                              # twice in a row: an error line, no answer
    line = solve_file(str(path), BatchOptions())
    assert (line["status"], line["count"], line["exact"]) == ("error", None, None)
    assert "internal error: RuntimeError: Caught keyboard interrupt" in line["error"]
    assert not consistent._sessions()                # nothing left of the failed calls


def test_a_dash_is_the_puzzle_on_standard_input(tmp_path: Path, puzzles: dict[str, Puzzle]
                                                ) -> None:
    """Before: `orapa batch -` said "-: empty file" whatever standard input held (the workers
    do not share it); INTERFACE says a file argument `-` reads standard input."""
    path = tmp_path / "good.json"
    _write(path, puzzles["good"])
    text = json.dumps(puzzles["good"].to_json())
    proc = subprocess.run([str(ORAPA), "batch", "-", str(path), "--write-solutions"],
                          input=text, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    lines = _lines(proc.stdout)
    assert proc.returncode == 0 and set(lines) == {"-", "good.json"}
    assert lines["-"]["status"] == lines["good.json"]["status"] == "unique"
    assert lines["-"]["wrote"] is None and "nothing written" in lines["-"]["error"]
    assert not (tmp_path / "-.solution.json").exists()
    proc = subprocess.run([str(ORAPA), "batch", "-"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert _lines(proc.stdout)["-"]["error"].startswith("-: empty file")


def test_out_may_be_a_pipe_or_a_device_but_is_never_read_back(tmp_path: Path,
                                                              puzzles: dict[str, Puzzle]) -> None:
    """Before: `--out /dev/stdout` into a pipe, and `--out FIFO`, waited for ever: the check
    of the results file read from the very pipe batch was to write to."""
    path = tmp_path / "good.json"
    _write(path, puzzles["good"])
    proc = subprocess.run(f"{ORAPA} batch {path} --out /dev/stdout --json | cat", shell=True,
                          capture_output=True, text=True, timeout=60)
    first, summary = proc.stdout.splitlines()
    assert proc.returncode == 0 and json.loads(first)["status"] == "unique"
    assert json.loads(summary)["files"] == 1
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for out, extra, message in ((fifo, [], "cannot write: a FIFO nobody reads"),
                                ("/dev/null", ["--resume"], "--resume needs a regular results")):
        proc = subprocess.run([str(ORAPA), "batch", str(path), "--out", str(out), *extra],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and message in proc.stderr and proc.stderr.count("\n") == 1
    proc = subprocess.run([str(ORAPA), "batch", str(path), "--out", "/dev/null", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and json.loads(proc.stdout)["counts"]["unique"] == 1
