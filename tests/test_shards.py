"""Sharded generation (`orapa generate --shard-size`): shards the same whatever the workers,
whole files only, resume after a kill, refusal of a different run, and the rates it reports."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.errors import BadInput
from games.orapa.files import parse_puzzle
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from generator.shards import (MANIFEST, SUMMARY, Generation, ShardJob, ShardSpec, make_shard,
                              map_local, plan)
from generator.sharded_run import run_sharded
from solver.orapa.api import solve
from tests.cli_runner import run_cli

ORAPA = Path(sys.executable).parent / "orapa"
SPEC = ShardSpec(gem_set("base"), RuleOptions(), "all", seed=3)


def _shards(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.glob("*.jsonl"))
            if p.name != MANIFEST}


@given(size=st.integers(1, 5000), full=st.integers(0, 300), last=st.integers(1, 5000))
def test_plan_covers_the_count_in_numbered_shards_of_at_most_the_size(size: int, full: int,
                                                                     last: int) -> None:
    count = full * size + min(last, size)
    shards = plan(count, size)
    assert len(shards) == full + 1
    assert [index for index, _ in shards] == list(range(1, len(shards) + 1))
    assert sum(n for _, n in shards) == count and all(1 <= n <= size for _, n in shards)
    assert all(n == size for _, n in shards[:-1])


def test_a_shard_depends_only_on_the_seed_and_its_number() -> None:
    first = make_shard(ShardJob(SPEC, 2, 4))
    again = make_shard(ShardJob(SPEC, 2, 4))
    other = make_shard(ShardJob(SPEC, 3, 4))
    assert first.lines == again.lines and first.rejected == again.rejected
    assert [line["puzzle"] for line in first.lines] != [line["puzzle"] for line in other.lines]
    for line in first.lines:
        assert line["id"].startswith("base-00002-") and line["shots"] == 36
        assert line["difficulty"] in ("easy", "medium", "hard") and line["nodes"] > 0
        puzzle = parse_puzzle(json.dumps(line["puzzle"]), line["id"])
        result = solve(puzzle, limit=1)
        assert result.status == "unique" and result.solutions[0] == puzzle.solution


def test_one_worker_and_two_write_the_same_files_and_summary(tmp_path: Path) -> None:
    one = Generation(SPEC, 9, tmp_path / "one", shard_size=4, progress=False)
    two = Generation(SPEC, 9, tmp_path / "two", shard_size=4, progress=False)
    first = one.run(lambda jobs: map_local(jobs, 1))
    second = two.run(lambda jobs: map_local(jobs, 2))
    assert _shards(tmp_path / "one") == _shards(tmp_path / "two")
    assert list(_shards(tmp_path / "one")) == [f"base-0000{i}.jsonl" for i in (1, 2, 3)]
    for key in ("shards", "count", "layouts", "rejected", "rates", "difficulty", "shots"):
        assert first[key] == second[key]
    assert first["count"] == 9 and sum(first["difficulty"].values()) == 9
    assert first["layouts"] == 9 + sum(first["rejected"].values())
    assert sum(first["rates"].values()) == pytest.approx(1.0, abs=1e-5)
    assert json.loads((tmp_path / "one" / SUMMARY).read_text()) == first


def test_resume_refuses_another_run_and_finishes_this_one(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture) -> None:
    out = tmp_path / "run"
    args = ["generate", "--gems", "base", "--count", "6", "--seed", "4", "--out", str(out),
            "--shard-size", "2", "--jobs", "1"]
    assert run_cli(capsys, *args)[0] == 0
    complete = _shards(out)
    # a run stopped after shard 1: shard 3 missing, shard 2 written but not yet listed
    (out / "base-00003.jsonl").unlink()
    manifest = (out / MANIFEST).read_text().splitlines()
    (out / MANIFEST).write_text(manifest[0] + "\n" + manifest[1][:10])   # cut-off line
    status, _, stderr = run_cli(capsys, *args)
    assert status == 2 and "--resume" in stderr and len(stderr.splitlines()) == 1
    status, _, stderr = run_cli(capsys, *args[:6], "5", *args[7:], "--resume")
    assert status == 2 and "seed" in stderr
    status, stdout, _ = run_cli(capsys, *args, "--resume", "--json")
    assert status == 0 and json.loads(stdout)["count"] == 6
    assert _shards(out) == complete


def test_a_killed_run_resumes_to_the_same_shards(tmp_path: Path) -> None:
    args = [str(ORAPA), "generate", "--gems", "base", "--count", "60", "--seed", "8",
            "--shard-size", "4", "--jobs", "1"]
    whole = subprocess.run(args + ["--out", str(tmp_path / "whole")], capture_output=True,
                           timeout=300)
    assert whole.returncode == 0
    out = tmp_path / "killed"
    proc = subprocess.Popen(args + ["--out", str(out)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    while proc.poll() is None and len(_shards(out) if out.exists() else {}) < 2:
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)
    assert len(_shards(out)) < 15
    resumed = subprocess.run(args + ["--out", str(out), "--resume", "--json"],
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0
    assert _shards(out) == _shards(tmp_path / "whole")
    assert json.loads(resumed.stdout)["count"] == 60


def test_bad_sharded_options(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    base = ["generate", "--gems", "base", "--count", "2", "--seed", "1", "--out", str(tmp_path)]
    for extra, name in ((["--shard-size", "9999"], "--shard-size"), (["--resume"], "--resume"),
                        (["--jobs", "2"], "--jobs")):
        status, stdout, stderr = run_cli(capsys, *base, *extra)
        assert status == 2 and name in stderr and len(stderr.splitlines()) == 1
    with pytest.raises(BadInput, match="not a directory"):
        (tmp_path / "file").write_text("x")
        run_sharded(Generation(SPEC, 2, tmp_path / "file", progress=False))
