"""Warm solver processes between runs of `orapa batch --engine ray --address` (a local Ray
instance of the module's own): the second run finds the first run's processes, `--keep-warm 0`
leaves none behind, an idle one ends itself, and the pool's names and slots."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from solver.orapa.batch.runner import BatchOptions
from solver.orapa.batch.ray_chunks import RayBatch
from solver.orapa.batch.ray_pool import NAMESPACE, open_pool, source_version, worker_slots
from tests.ray_support import cluster  # noqa: F401 (the module's Ray instance, a fixture)
from tests.ray_support import ray_env, write_puzzles

ray = pytest.importorskip("ray")
ORAPA = Path(sys.executable).parent / "orapa"


def _named(prefix: str) -> set[str]:
    return {entry["name"] for entry in ray.util.list_named_actors(all_namespaces=True)
            if entry["namespace"] == NAMESPACE and entry["name"].startswith(prefix)}


def _running(pid: int) -> bool:
    """Whether a process is alive (a zombie, ended but not yet reaped, is not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _batch(cluster: str, puzzles: Path, out: Path, *extra: str) -> dict:
    done = subprocess.run([str(ORAPA), "batch", str(puzzles), "--engine", "ray", "--address",
                           cluster, "--out", str(out), "--json", "--no-progress", *extra],
                          capture_output=True, text=True, env=ray_env(), timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_a_second_run_finds_the_first_runs_workers_warm(cluster: str, tmp_path: Path) -> None:
    puzzles = tmp_path / "puzzles"
    write_puzzles(puzzles, 30, seed=40)
    first = _batch(cluster, puzzles, tmp_path / "first.jsonl", "--keep-warm", "300")
    assert first["engine"]["warm_workers"] == 0 and first["files"] == 30
    names = _named(f"batch-{source_version()}-")
    assert len(names) == 2                       # one per CPU, named, still up after the run
    second = _batch(cluster, puzzles, tmp_path / "second.jsonl")
    assert second["engine"]["warm_workers"] == 2
    assert _named(f"batch-{source_version()}-") == names
    lines = sorted((tmp_path / name).read_text().splitlines() for name in
                   ("first.jsonl", "second.jsonl"))
    strip = [[{k: v for k, v in json.loads(raw).items() if k != "seconds"} for raw in sorted(run)]
             for run in lines]
    assert strip[0] == strip[1]                  # the same answers from warm processes


def test_keep_warm_zero_leaves_no_process_behind(cluster: str, tmp_path: Path) -> None:
    puzzles = tmp_path / "puzzles"
    write_puzzles(puzzles, 6, seed=41)
    before = _named("")
    summary = _batch(cluster, puzzles, tmp_path / "out.jsonl", "--keep-warm", "0",
                     "--jobs", "1")
    assert summary["engine"]["warm_workers"] == 0 and summary["files"] == 6
    assert _named("") == before


def test_an_idle_warm_worker_ends_itself(cluster: str) -> None:
    pool = open_pool(ray, 1, keep_warm=1.0, purpose="expiry")
    pid, node = ray.get(pool.started)[0]
    assert node == ray.get_runtime_context().get_node_id()
    assert len(_named("expiry-")) == 1
    deadline = time.monotonic() + 60
    while (_named("expiry-") or _running(pid)) and time.monotonic() < deadline:
        time.sleep(0.25)
    assert not _named("expiry-")                 # its name is free again...
    assert not _running(pid)                     # ...and its process gone


def test_busy_workers_do_not_expire(cluster: str) -> None:
    pool = open_pool(ray, 1, keep_warm=0.5, purpose="busy")
    actor = pool.actors[0]
    assert ray.get(actor.run.remote(time.sleep, 2.5)) is None   # four idle checks pass meanwhile
    assert ray.get(actor.pid.remote()) == ray.get(pool.started)[0][0]
    ray.kill(actor)


def test_the_source_version_follows_the_code(tmp_path: Path) -> None:
    for package in ("games", "solver", "generator"):
        (tmp_path / package).mkdir()
    module = tmp_path / "solver" / "model.py"
    module.write_text("A = 1\n")
    version = source_version(tmp_path)
    (tmp_path / "solver" / "__pycache__").mkdir()
    (tmp_path / "solver" / "__pycache__" / "model.cpython-311.pyc").write_bytes(b"\0")
    (tmp_path / "solver" / "_kernel.cpython-311-x86_64-linux-gnu.so").write_bytes(b"\1")
    (tmp_path / "README.md").write_text("not code")
    assert source_version(tmp_path) == version   # builds, caches, other files: no change
    module.write_text("A = 2\n")
    changed = source_version(tmp_path)
    assert changed != version
    (tmp_path / "solver" / "_kernel.c").write_text("int x;\n")
    assert source_version(tmp_path) != changed   # a C source counts


def _fake_cluster(here: str, nodes: dict[str, int], dead: tuple[str, ...] = ()
                  ) -> SimpleNamespace:
    listing = [{"NodeID": node, "Alive": node not in dead, "Resources": {"CPU": cpus}}
               for node, cpus in nodes.items()]
    return SimpleNamespace(nodes=lambda: listing, get_runtime_context=lambda: SimpleNamespace(
        get_node_id=lambda: here))


def test_worker_slots_spread_over_the_live_nodes_the_drivers_first() -> None:
    fake = _fake_cluster("b", {"a": 3, "b": 1, "c": 2}, dead=("c",))
    assert worker_slots(fake, 2) == [("b", 0), ("a", 0)]
    assert worker_slots(fake, 4) == [("b", 0), ("a", 0), ("a", 1), ("a", 2)]
    # more workers than CPUs: more slots on the same nodes, never a repeated one
    slots = worker_slots(fake, 7)
    assert len(set(slots)) == 7 and {node for node, _ in slots} == {"a", "b"}


@pytest.mark.parametrize("gone", [1, 2])
def test_a_warm_worker_gone_when_found_leaves_its_slot_to_ray_tasks(cluster: str,
                                                                   tmp_path: Path,
                                                                   gone: int) -> None:
    paths = sorted(str(p) for p in write_puzzles(tmp_path, 10, seed=42))
    pool = open_pool(ray, 2, keep_warm=300.0, purpose=f"gone{gone}")
    for actor in pool.actors[:gone]:             # as if they had just ended themselves
        ray.kill(actor, no_restart=True)
        with pytest.raises(ray.exceptions.RayActorError):
            ray.get(actor.pid.remote(), timeout=60)
    pool.started = [actor.where.remote() for actor in pool.actors]   # found, then first calls
    engine = RayBatch(ray, BatchOptions(), workers=2, pool=pool)
    assert len(pool.actors) == 2 - gone
    lines = list(engine.lines(paths, len(paths)))
    assert sorted(line["file"] for line in lines) == paths
    assert all(line["status"] in ("unique", "ambiguous") for line in lines)
    assert engine.lost == 0
    for actor in pool.actors:
        ray.kill(actor)


def test_waiting_for_the_workers_twice_keeps_them(cluster: str) -> None:
    pool = open_pool(ray, 2, keep_warm=None)
    pool.wait_started()
    pool.wait_started()
    assert len(pool.actors) == 2
    pool.close()


def test_two_batches_at_once_share_the_warm_workers(cluster: str, tmp_path: Path) -> None:
    runs = []
    for name, seed in (("a", 43), ("b", 44)):
        write_puzzles(tmp_path / name, 40, seed=seed)
        runs.append(subprocess.Popen(
            [str(ORAPA), "batch", str(tmp_path / name), "--engine", "ray", "--address", cluster,
             "--out", str(tmp_path / f"{name}.jsonl"), "--json", "--no-progress"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ray_env()))
    for name, run in zip("ab", runs):
        stdout, stderr = run.communicate(timeout=300)
        assert run.returncode == 0, stderr[-2000:]
        summary = json.loads(stdout)
        assert summary["files"] == 40 and summary["counts"]["error"] == 0
        assert summary["engine"]["task_chunks"] == 0          # both ran on the workers
        files = sorted(json.loads(raw)["file"] for raw in
                       (tmp_path / f"{name}.jsonl").read_text().splitlines())
        assert files == sorted(str(p) for p in (tmp_path / name).iterdir())
    assert len(_named(f"batch-{source_version()}-")) == 2       # one set, shared
