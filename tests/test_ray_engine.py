"""`--engine ray` on a real local Ray instance. Batch: the local engine's lines, resume after
the driver is killed or stopped, lost or failing tasks retried once and then reported, chunk
sizes, the install hint. Generate: the local engine's shards, and a shard that fails twice
(its worker killed, or an exception) reported and left for `--resume`, not retried for ever.

One Ray instance (2 CPUs, no dashboard) serves the whole module: starting Ray takes seconds.
The Ray tests share one xdist worker (`make test` runs `--dist loadgroup`).
"""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import root
from commands.common import run_main
from games.errors import BadInput
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from generator.ray_generate import map_ray
from generator.shards import (MANIFEST, Generation, ShardSpec, finished_shards, map_local,
                              summary_text)
from solver.cluster import check_reachable, import_ray, ray_session
from solver.orapa.batch.runner import BatchOptions, open_results, run_batch
from solver.orapa.batch.ray_batch import run_ray_batch
from solver.orapa.batch.ray_chunks import MAX_CHUNK, MIN_CHUNK_SECONDS, ChunkSizer, RayBatch
from tests.cli_runner import run_cli
from tests.ray_support import cluster  # noqa: F401 (the module's Ray instance, a fixture)
from tests.ray_support import (CRASH_MARK, FAILING_SHARD, HANG_MARK, chunk_with_session,
                               crash_on_mark, failing_shard_task, free_port, hang_on_mark,
                               raising_chunk_task, write_puzzles)

ray = pytest.importorskip("ray")
ORAPA = Path(sys.executable).parent / "orapa"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """60 puzzles (unique and ambiguous), a broken file and one with a bad rule."""
    d = tmp_path_factory.mktemp("ray_batch")
    paths = write_puzzles(d / "sub", 60, seed=20)
    (d / "broken.json").write_text('{"gems": "base", "observations": [', encoding="utf-8")
    (d / "rules.json").write_text('{"gems": "base", "rules": {"touching": "edge"}}',
                                  encoding="utf-8")
    assert len(paths) == 60
    return d


def _key(line: dict) -> str:
    """A line without its time: what must be the same on both engines."""
    return json.dumps({k: v for k, v in line.items() if k != "seconds"}, sort_keys=True)


def _keys(text: str) -> list[str]:
    return sorted(_key(json.loads(raw)) for raw in text.splitlines())


def test_same_lines_as_the_local_engine(cluster: str, folder: Path) -> None:
    args = [str(folder), str(folder / "missing*.json")]
    local, remote = io.StringIO(), io.StringIO()
    options = BatchOptions(count_limit=20)
    run_batch(args, local, options, jobs=2, progress=False)
    summary = run_ray_batch(args, remote, options, progress=False)
    assert _keys(remote.getvalue()) == _keys(local.getvalue())
    lines = [json.loads(raw) for raw in remote.getvalue().splitlines()]
    assert len(lines) == len({line["file"] for line in lines}) == len(summary.times)
    statuses = {Path(line["file"]).name: line["status"] for line in lines}
    assert statuses["broken.json"] == statuses["rules.json"] == "error"
    assert statuses["missing*.json"] == "error"
    assert {"unique", "ambiguous"} <= set(statuses.values())
    assert summary.engine["name"] == "ray" and summary.engine["workers"] == 2
    assert summary.engine["tasks"] < len(lines)          # files went in chunks
    assert summary.peak_rss_mb["workers"] > 0


def test_timeouts_hold_per_puzzle(cluster: str, tmp_path: Path) -> None:
    # double, few shots: a great many layouts, which the exact counter (base and full) cannot
    # count in time either
    write_puzzles(tmp_path, 6, seed=21, shots=(3, 4), preset="double")
    out = io.StringIO()
    summary = run_ray_batch([str(tmp_path)], out, BatchOptions(timeout=0.5, count_limit=10 ** 7),
                            progress=False)
    lines = [json.loads(raw) for raw in out.getvalue().splitlines()]
    assert len(lines) == 6 and summary.counts["timeout"] >= 3
    for line in lines:
        assert line["status"] in ("timeout", "ambiguous") and line["seconds"] < 10
        if line["status"] == "timeout":
            assert line["exact"] is False and line["count"] is not None


def test_a_file_that_hangs_past_the_hard_limit_gets_the_local_timeout_line(
        cluster: str, tmp_path: Path) -> None:
    paths = write_puzzles(tmp_path, 16, seed=26, shots=(30, 36))
    stuck = paths[2].with_name(f"{HANG_MARK}.json")
    paths[2].rename(stuck)
    # --timeout 0.2: a task that has not answered 1.3 s per file (plus 2 s to start a worker
    # process, and the time the chunk ahead of it may take) after it was sent is stopped
    engine = RayBatch(ray, BatchOptions(timeout=0.2), workers=2, task_cost=0.05,
                      chunk_task=hang_on_mark, start_grace=2.0)
    engine.sizer.observe(0.01)
    engine.sizer.observe(0.01)                 # chunks of 2 files from the start (16 // 8)
    ordered = sorted(str(p) for p in tmp_path.iterdir())
    by_file = {line["file"]: line for line in engine.lines(ordered, len(ordered))}
    engine.close()
    assert sorted(by_file) == ordered
    line = by_file[str(stuck)]
    assert line["status"] == "timeout" and line["exact"] is False and line["count"] is None
    assert line["error"].startswith(f"{stuck}: worker stopped: still not answered after")
    others = [line for name, line in by_file.items() if name != str(stuck)]
    # solved (on a machine so busy that starting a worker takes seconds, a few may time out)
    assert sum(line["status"] in ("unique", "ambiguous") for line in others) >= 12
    assert engine.stopped >= 2                 # its chunk, then the file on its own
    assert engine.lost == 0


def test_command_resume_and_progress(cluster: str, folder: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results.jsonl"
    status, stdout, stderr = run_cli(capsys, "batch", str(folder / "sub"), "--engine", "ray",
                                     "--out", str(out), "--json", "--progress")
    assert status == 0
    summary = json.loads(stdout)
    assert summary["files"] == 60 and summary["engine"]["name"] == "ray"
    assert "file" in stderr and "%" in stderr            # the tqdm bar, on standard error
    status, stdout, _ = run_cli(capsys, "batch", str(folder), "--engine", "ray", "--out",
                                str(out), "--resume", "--json", "--no-progress")
    assert status == 0 and json.loads(stdout)["skipped"] == 60
    files = [json.loads(raw)["file"] for raw in out.read_text().splitlines()]
    assert len(files) == len(set(files)) == len(list(folder.rglob("*.json")))


def _resume_finishes_every_file_once(puzzles: Path, out: Path, finished: int, total: int
                                     ) -> None:
    """`--resume` on an interrupted run: it skips the finished files, solves the rest, and the
    results then hold every file exactly once."""
    stream, skip = open_results(str(out), resume=True)
    with stream:
        rest = run_ray_batch([str(puzzles)], stream, skip=skip, progress=False)
    assert rest.skipped == finished and len(rest.times) == total - finished
    files = [json.loads(raw)["file"] for raw in out.read_text().splitlines()]
    assert sorted(files) == sorted(str(p) for p in puzzles.iterdir())


def test_resume_after_the_driver_is_killed(cluster: str, tmp_path: Path) -> None:
    puzzles = tmp_path / "many"
    write_puzzles(puzzles, 150, seed=22, shots=(20, 28))
    out = tmp_path / "results.jsonl"
    proc = subprocess.Popen([str(ORAPA), "batch", str(puzzles), "--engine", "ray", "--address",
                             cluster, "--out", str(out), "--no-progress"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline and \
            (not out.exists() or out.read_text().count("\n") < 10):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)
    finished = out.read_text().count("\n")
    assert 10 <= finished < 150, proc.stderr.read().decode()[-2000:]
    _resume_finishes_every_file_once(puzzles, out, finished, 150)


def test_lost_tasks_are_retried_and_a_file_lost_twice_is_reported(cluster: str,
                                                                   tmp_path: Path) -> None:
    paths = write_puzzles(tmp_path, 12, seed=23, shots=(30, 36))
    bad = paths[5].with_name(f"{CRASH_MARK}.json")
    paths[5].rename(bad)
    # one worker, measured as slow to schedule: chunks of 3 files from the start
    engine = RayBatch(ray, BatchOptions(), workers=1, task_cost=0.05, chunk_task=crash_on_mark)
    engine.sizer.observe(0.01)
    ordered = sorted(str(p) for p in tmp_path.iterdir())
    lines = list(engine.lines(ordered, len(ordered)))
    engine.close()
    by_file = {line["file"]: line for line in lines}
    assert len(lines) == len(by_file) == 12
    assert by_file[str(bad)]["status"] == "error"
    assert "lost twice" in by_file[str(bad)]["error"] and str(bad) in by_file[str(bad)]["error"]
    assert all(line["status"] in ("unique", "ambiguous")
               for name, line in by_file.items() if name != str(bad))
    assert engine.lost == 2                # the chunk holding it, then the file on its own


def test_a_chunk_that_raises_twice_is_reported_not_retried_for_ever(cluster: str,
                                                                    tmp_path: Path) -> None:
    puzzles, attempts = tmp_path / "puzzles", tmp_path / "attempts"
    attempts.mkdir()
    paths = write_puzzles(puzzles, 8, seed=24, shots=(30, 36))
    bad = paths[3].with_name(f"{CRASH_MARK}.json")
    paths[3].rename(bad)
    engine = RayBatch(ray, BatchOptions(), workers=1, task_cost=0.05,
                      chunk_task=raising_chunk_task(str(attempts)))
    engine.sizer.observe(0.01)                 # chunks of 2 files from the start
    ordered = sorted(str(p) for p in puzzles.iterdir())
    by_file = {line["file"]: line for line in engine.lines(ordered, len(ordered))}
    engine.close()
    assert sorted(by_file) == ordered
    error = by_file[str(bad)]["error"]
    assert by_file[str(bad)]["status"] == "error" and by_file[str(bad)]["count"] is None
    assert error.startswith(f"{bad}: failed twice (ModuleNotFoundError: No module named")
    assert error.endswith("not retried again") and "\n" not in error
    assert all(line["status"] in ("unique", "ambiguous")
               for name, line in by_file.items() if name != str(bad))
    # twice as a chunk, then twice on its own: four runs, then the line
    assert len(list(attempts.iterdir())) == 4 and engine.lost == 2


def test_sigterm_stops_the_driver_like_the_local_engine(cluster: str, tmp_path: Path) -> None:
    puzzles = tmp_path / "many"
    write_puzzles(puzzles, 100, seed=25, shots=(20, 28))
    out = tmp_path / "results.jsonl"
    proc = subprocess.Popen([str(ORAPA), "batch", str(puzzles), "--engine", "ray", "--address",
                             cluster, "--out", str(out), "--no-progress", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline and \
                (not out.exists() or out.read_text().count("\n") < 10):
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
    assert proc.returncode == 143, stderr[-2000:]
    summary = json.loads(stdout)
    assert summary["interrupted"] is True and summary["signal"] == "SIGTERM"
    finished = out.read_text().count("\n")
    assert summary["files"] == finished and 10 <= finished < 100
    assert "terminated; the finished results are kept" in stderr
    _resume_finishes_every_file_once(puzzles, out, finished, 100)


def test_the_model_is_built_once_per_worker_process(cluster: str, folder: Path) -> None:
    engine = RayBatch(ray, BatchOptions(backend="sat"), workers=2,
                      chunk_task=chunk_with_session)
    paths = sorted(str(p) for p in (folder / "sub").iterdir())
    lines = list(engine.lines(paths, len(paths)))
    engine.close()
    assert len(lines) == 60
    models: dict[int, set[int]] = {}
    for line in lines:
        pid, model = line["worker"]
        models.setdefault(pid, set()).add(model)
    assert engine.chunks > len(models)           # workers took several chunks each...
    assert all(len(ids) == 1 for ids in models.values())   # ...and kept one model


@settings(max_examples=200, deadline=None)
@given(cost=st.floats(1e-5, 1.0), per_file=st.floats(1e-5, 100.0),
       workers=st.integers(1, 512), remaining=st.integers(0, 10 ** 7))
def test_chunk_size_keeps_overhead_small_and_the_tail_balanced(cost: float, per_file: float,
                                                                workers: int,
                                                                remaining: int) -> None:
    sizer = ChunkSizer(cost, workers)
    assert sizer.size(remaining) == 1                    # nothing measured yet
    for _ in range(workers):
        sizer.observe(per_file)
    size = sizer.size(remaining)
    assert 1 <= size <= MAX_CHUNK
    if size > 1:                                         # no bigger than a quarter per worker
        assert size <= remaining // (4 * workers)
    if size < MAX_CHUNK and size < max(1, remaining // (4 * workers)):
        assert cost <= 0.02 * size * max(per_file, 1e-4) * (1 + 1e-9)   # overhead <= 2%
        assert size * max(per_file, 1e-4) >= MIN_CHUNK_SECONDS * (1 - 1e-9)


def test_without_ray_the_engine_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)       # `import ray` now fails
    with pytest.raises(BadInput, match=r"pip install -e '\.\[cluster\]'"):
        import_ray()
    status, stdout, stderr = run_cli(capsys, "batch", str(tmp_path), "--engine", "ray")
    assert status == 2 and stdout == "" and len(stderr.splitlines()) == 1
    assert "[cluster]" in stderr
    status, stdout, stderr = run_cli(capsys, "generate", "--gems", "base", "--count", "3",
                                     "--seed", "1", "--out", str(tmp_path / "g"), "--engine",
                                     "ray")
    assert status == 2 and stdout == "" and len(stderr.splitlines()) == 1
    assert "pip install -e '.[cluster]'" in stderr
    assert not (tmp_path / "g").exists()          # refused before anything was written


def test_an_address_nobody_answers_is_bad_input_at_once() -> None:
    port = free_port()                                # nothing listens there
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}"):
        with pytest.raises(BadInput, match="cannot connect to Ray"):
            check_reachable(address)
    with pytest.raises(BadInput, match="expected auto, HOST:PORT"):
        check_reachable("headnode")
    check_reachable("auto")                           # resolved by Ray itself


def test_address_needs_the_ray_engine_and_a_session_is_reused(
        cluster: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, stderr = run_cli(capsys, "batch", str(tmp_path), "--address", "auto")
    assert status == 2 and "--address" in stderr and len(stderr.splitlines()) == 1
    status, _, stderr = run_cli(capsys, "batch", str(tmp_path), "--engine", "ray",
                                "--keep-warm", "60")   # its own Ray instance ends with it
    assert status == 2 and "--keep-warm" in stderr and len(stderr.splitlines()) == 1
    with pytest.raises(SystemExit) as stop:
        run_main(root, ["batch", str(tmp_path), "--engine", "cloud"])
    assert stop.value.code == 2
    with ray_session("127.0.0.1:1") as same:        # already connected: no second cluster
        assert same is ray and ray.is_initialized()
    assert ray.is_initialized()                      # and the caller's connection stays


# --- generation -----------------------------------------------------------------------------

SHARD_SPEC = ShardSpec(gem_set("base"), RuleOptions(), "all", seed=11)


def _shards(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.glob("*.jsonl"))
            if p.name != MANIFEST}


def test_generation_on_ray_writes_the_local_engines_shards(cluster: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture) -> None:
    args = ["generate", "--gems", "base+black", "--count", "7", "--seed", "9", "--shard-size",
            "3", "--json"]
    status, stdout, _ = run_cli(capsys, *args, "--out", str(tmp_path / "ray"), "--engine", "ray")
    assert status == 0
    on_ray = json.loads(stdout)
    status, stdout, _ = run_cli(capsys, *args, "--out", str(tmp_path / "local"), "--jobs", "2")
    assert status == 0
    local = json.loads(stdout)
    shards = sorted(p.name for p in (tmp_path / "local").glob("base*.jsonl"))
    assert shards == [f"base+black-0000{i}.jsonl" for i in (1, 2, 3)]
    for name in shards:
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()
    for key in ("shards", "count", "layouts", "rejected", "rates", "difficulty", "shots"):
        assert on_ray[key] == local[key]
    assert on_ray["count"] == 7 and on_ray["failed_shards"] == []
    assert on_ray["layouts"] == 7 + sum(on_ray["rejected"].values())


@pytest.mark.parametrize("how, reason", [
    ("crash", "lost twice with its worker (WorkerCrashedError)"),
    ("raise", "failed twice (RuntimeError: shard 2 cannot be made)"),
])
def test_a_shard_that_fails_twice_is_reported_and_left_for_resume(
        cluster: str, tmp_path: Path, capsys: pytest.CaptureFixture, how: str,
        reason: str) -> None:
    attempts = tmp_path / "attempts"
    attempts.mkdir()
    out = tmp_path / "run"
    failing = failing_shard_task(how, str(attempts))
    summary = Generation(SHARD_SPEC, 7, out, shard_size=2, progress=False).run(
        lambda jobs: map_ray(jobs, workers=2, shard_task=failing))
    assert len(list(attempts.iterdir())) == 2             # run once more, then reported
    assert summary["failed_shards"] == [FAILING_SHARD]
    assert f"orapa: shard {FAILING_SHARD}: {reason}; left for --resume" in capsys.readouterr().err
    assert sorted(finished_shards(out)) == [1, 3, 4] and summary["count"] == 5
    assert "shards that failed twice (left for --resume): [2]" in summary_text(summary, out)
    again = Generation(SHARD_SPEC, 7, out, shard_size=2, resume=True, progress=False).run(
        lambda jobs: map_ray(jobs, workers=2))
    assert again["failed_shards"] == [] and again["count"] == 7
    whole = Generation(SHARD_SPEC, 7, tmp_path / "local", shard_size=2, progress=False).run(
        lambda jobs: map_local(jobs, 1))
    assert _shards(out) == _shards(tmp_path / "local")
    assert again["rates"] == whole["rates"]
