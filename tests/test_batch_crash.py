"""`orapa batch` under signals and crashes: no false answer, no lost or doubled file, no hang.

SIGINT, SIGTERM and SIGKILL go to the main process and to a worker at seeded random moments;
then `--resume` finishes the run, and every file must be listed exactly once with the answer a
clean run gives. `ORAPA_CRASH_ROUNDS` (set by `make fuzz-batch`) runs more random moments.
"""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.batch.runner import BatchOptions, open_results, run_batch, solve_file

ORAPA = Path(sys.executable).parent / "orapa"
ROUNDS = int(os.environ.get("ORAPA_CRASH_ROUNDS", "1"))
pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(),
                                reason="finds the workers through /proc")


def _write_puzzles(folder: Path, rules: RuleOptions, count: int, shots: tuple[int, int],
                   seed: int) -> dict[str, tuple]:
    """Random base-set puzzles, and each one's answer as a clean solve gives it."""
    rng = random.Random(seed)
    gems = gem_set("base")
    answers = {}
    for i in range(count):
        mine = random_layout(gems, rules, rng)
        puzzle = puzzle_from_layout(mine, gems, rules, sorted(rng.sample(range(36),
                                                                         rng.randint(*shots))))
        path = folder / f"p{i:03d}.json"
        path.write_text(json.dumps(puzzle.to_json()), encoding="utf-8")
        answers[str(path)] = _answer(solve_file(str(path), BatchOptions()))
    return answers


def _answer(line: dict) -> tuple:
    return line["status"], line["count"], line["exact"]


def _check(out: Path, answers: dict[str, tuple]) -> None:
    """Every file listed exactly once, with the clean run's answer."""
    lines = [json.loads(raw) for raw in out.read_text(encoding="utf-8").splitlines()]
    files = [line["file"] for line in lines]
    assert sorted(files) == sorted(answers), "a file is missing or listed twice"
    assert {line["file"]: _answer(line) for line in lines} == answers


def _workers(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _start(folder: Path, out: Path, jobs: int = 2, ignore_sigint: bool = False
           ) -> subprocess.Popen[str]:
    """`orapa batch` in its own session; waits until its workers are up."""
    # explicit either way: a test run started in the background (`make test &`, CI) hands
    # its children SIGINT ignored, and a batch started so keeps ignoring it, as it should
    disposition = signal.SIG_IGN if ignore_sigint else signal.SIG_DFL
    preexec = lambda: signal.signal(signal.SIGINT, disposition)  # noqa: E731
    proc = subprocess.Popen([str(ORAPA), "batch", str(folder), "--jobs", str(jobs), "--out",
                             str(out), "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=preexec)
    deadline = time.monotonic() + 60
    while len(_workers(proc.pid)) < jobs and proc.poll() is None:
        assert time.monotonic() < deadline, "the workers never started"
        time.sleep(0.01)
    return proc


def _assert_quiet(stderr: str) -> None:
    assert "Traceback" not in stderr and "Error" not in stderr, stderr


@pytest.fixture(scope="module")
def model_puzzles(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """Puzzles under rule `touching any`: the wave search does not apply, the SAT model
    answers every one, in many short solver calls."""
    folder = tmp_path_factory.mktemp("model")
    return folder, _write_puzzles(folder, RuleOptions(touching="any"), 6, (16, 30), 5)


def test_sigint_reaching_workers_never_gives_a_false_answer(
        model_puzzles: tuple[Path, dict], tmp_path: Path) -> None:
    """Issue 15: the batch started with SIGINT ignored (`orapa batch ... &` in a script), and
    SIGINT sent to every process of the run again and again, at seeded random gaps. Before
    the fix PySAT's handler jumped out of the C solver mid-search: "internal error: Caught
    keyboard interrupt" lines, then "contradiction" for later puzzles of that worker (exit 0;
    seen in a single process), a crash, or a worker deadlocked for ever (this test, run
    against the old worker setup, gets error lines for every file, or the hang)."""
    folder, answers = model_puzzles
    out = tmp_path / "results.jsonl"
    rng = random.Random(15)
    proc = _start(folder, out, ignore_sigint=True)
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, signal.SIGINT)
        except ProcessLookupError:
            break
        time.sleep(rng.uniform(0.01, 0.3))        # bursts and gaps: calls after a hit run
    if proc.poll() is None:                         # before the fix a worker could hang too
        os.killpg(proc.pid, signal.SIGKILL)
        pytest.fail("the batch hung under SIGINT")
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 0, stderr
    _assert_quiet(stderr)
    assert json.loads(stdout)["interrupted"] is False
    _check(out, answers)


@pytest.fixture(scope="module")
def wave_puzzles(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """Enough quick puzzles that a two-worker run lasts a second or two."""
    folder = tmp_path_factory.mktemp("waves")
    return folder, _write_puzzles(folder, RuleOptions(), 40, (14, 24), 9)


MAIN_EXIT = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGKILL: -signal.SIGKILL}


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL],
                         ids=lambda s: s.name)
@pytest.mark.parametrize("round_", range(ROUNDS))
def test_signal_to_the_main_process_then_resume(wave_puzzles: tuple[Path, dict],
                                                tmp_path: Path, signum: signal.Signals,
                                                round_: int) -> None:
    folder, answers = wave_puzzles
    rng = random.Random(f"{signum.name}{round_}")
    out = tmp_path / "results.jsonl"
    proc = _start(folder, out)
    workers = _workers(proc.pid)
    time.sleep(rng.uniform(0.0, 0.8))
    os.kill(proc.pid, signum)
    stdout, stderr = proc.communicate(timeout=60)   # EOF: the workers closed stderr too
    _assert_quiet(stderr)
    for pid in workers:                             # no worker outlives the batch
        assert _gone(pid), f"worker {pid} still running"
    if proc.returncode == 0:                        # it finished before the signal
        _check(out, answers)
        return
    if proc.returncode == -signum and signum != signal.SIGKILL:
        # the signal came after the run had given back its handlers, on its way out (the
        # summary printed, the interpreter exiting), and the default action ended it: only
        # possible once every file was answered
        _check(out, answers)
        return
    assert proc.returncode == MAIN_EXIT[signum]
    if signum != signal.SIGKILL:
        summary = json.loads(stdout)
        assert summary["interrupted"] is True and summary["signal"] == signum.name
        done = out.read_text(encoding="utf-8").count("\n")
        assert summary["files"] == done
        assert stderr.strip().splitlines()[-1].endswith("the finished results are kept")
    stream, skip = open_results(str(out), resume=True)
    with stream:
        run_batch([str(folder)], stream, jobs=2, skip=skip, progress=False)
    _check(out, answers)


def _gone(pid: int, within: float = 5.0) -> bool:
    """Has the process exited (gone, or a zombie) within a few seconds? A process that just
    closed its files may not be a zombie yet."""
    deadline = time.monotonic() + within
    while True:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return True
        if state in ("Z", "X") or time.monotonic() > deadline:
            return state in ("Z", "X")
        time.sleep(0.02)


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_signals_to_workers_change_no_answer(wave_puzzles: tuple[Path, dict], tmp_path: Path,
                                             round_: int) -> None:
    """SIGINT, then SIGTERM, then SIGKILL, each to a worker at a random moment of one run:
    SIGINT does nothing, a killed worker's file is redone by a fresh one."""
    folder, answers = wave_puzzles
    rng = random.Random(f"workers{round_}")
    out = tmp_path / "results.jsonl"
    proc = _start(folder, out)
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
        time.sleep(rng.uniform(0.0, 0.4))
        workers = _workers(proc.pid)
        if workers:
            os.kill(rng.choice(workers), signum)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0, stderr
    _assert_quiet(stderr)
    assert json.loads(stdout)["files"] == len(answers)
    _check(out, answers)
