"""The batch worker pool: every file answered once, whatever happens to the workers."""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from solver.orapa.batch.pool import ATTEMPTS, Lost, WorkerPool


def _work(path: str) -> dict:
    """A stand-in for solve_file whose behaviour the path's name chooses."""
    name = Path(path).name
    if name.startswith("hang"):
        time.sleep(120)
    elif name.startswith("die"):
        os._exit(3)
    elif name.startswith("kill"):
        os.kill(os.getpid(), signal.SIGKILL)
    elif name.startswith("once"):                 # dies the first time only
        marker = Path(path + ".tried")
        if not marker.exists():
            marker.touch()
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(10)
    elif name.startswith("sigint"):               # SIGINT to itself: blocked, no effect
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
    return {"file": path, "pid": os.getpid()}


def test_every_file_is_answered_once_or_reported_lost(tmp_path: Path) -> None:
    names = [f"ok{i}" for i in range(9)] + ["hang", "die", "kill", "once", "sigint"]
    paths = [str(tmp_path / name) for name in names]
    pool = WorkerPool(_work, jobs=2, recycle_after=3, hard_timeout=1.5)
    started = time.monotonic()
    outcomes = list(pool.results(iter(paths)))
    elapsed = time.monotonic() - started
    answered = [o["file"] for o in outcomes if isinstance(o, dict)]
    lost = {Path(o.path).name: o for o in outcomes if isinstance(o, Lost)}
    assert sorted(answered + [o.path for o in lost.values()]) == sorted(paths)
    assert sorted(lost) == ["die", "hang", "kill"]
    assert lost["hang"].timed_out and lost["hang"].seconds >= 1.5
    assert not lost["die"].timed_out and "exited with status 3" in lost["die"].reason
    assert f"{ATTEMPTS} times" in lost["die"].reason
    assert "killed by SIGKILL" in lost["kill"].reason
    assert elapsed < 30                                  # the hung worker did not hold it up
    # recycling: no worker answered more than 3 files
    pids = [o["pid"] for o in outcomes if isinstance(o, dict)]
    assert max(pids.count(p) for p in set(pids)) <= 3
    assert pool.replaced >= 2 * ATTEMPTS + 2             # die x3, kill x3, hang, once


def test_closing_the_results_stops_every_worker(tmp_path: Path) -> None:
    others = set(_children())   # processes other tests of this worker started (a database)
    pool = WorkerPool(_work, jobs=2, hard_timeout=None)
    outcomes = pool.results(iter([str(tmp_path / "ok"), str(tmp_path / "hang1"),
                                  str(tmp_path / "hang2")]))
    assert next(outcomes)["file"].endswith("ok")
    children = [pid for pid in _children() if pid not in others]
    assert len(children) >= 2
    outcomes.close()
    deadline = time.monotonic() + 10
    while set(_children()) & set(children) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not set(_children()) & set(children)


def _children() -> list[int]:
    """This process's live (not zombie) children, from /proc."""
    found = []
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        for pid in (task / "children").read_text().split():
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state != "Z":
                found.append(int(pid))
    return found


def test_workers_are_started_only_for_files_waiting(tmp_path: Path) -> None:
    """Before: `orapa batch one.json --jobs 100000` forked 100,000 processes up front."""
    pool = WorkerPool(_work, jobs=100_000, hard_timeout=None)
    outcomes = list(pool.results(iter([str(tmp_path / "ok1"), str(tmp_path / "ok2")])))
    assert sorted(Path(o["file"]).name for o in outcomes) == ["ok1", "ok2"]
    assert len({o["pid"] for o in outcomes}) <= 2 and pool.replaced == 0
    assert list(WorkerPool(_work, jobs=100_000).results(iter([]))) == []
