"""Helpers for the Ray tests: puzzle folders, a task that loses its worker, a two-node cluster.

Imported by the Ray worker processes too (the crashing task), so it needs nothing but the
project and the standard library at import time.
"""
from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import pytest

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.batch.runner import BatchOptions
from solver.orapa.consistent import session_for
from generator.shards import ShardJob, ShardResult, make_shard
from solver.orapa.batch.ray_chunks import solve_chunk

RAY = Path(sys.executable).parent / "ray"
Chunk = tuple[list[dict[str, Any]], float, float]     # what a chunk task returns
CRASH_MARK = "crash"
HANG_MARK = "hang"


def write_puzzles(directory: Path, count: int, seed: int, shots: tuple[int, int] = (12, 36),
                  preset: str = "base") -> list[Path]:
    """`count` puzzle files of the gem set `preset` with a random `shots` range of the 36 shots
    each."""
    rng = random.Random(seed)
    gems, rules = gem_set(preset), RuleOptions()
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(count):
        mine = random_layout(gems, rules, rng)
        puzzle = puzzle_from_layout(mine, gems, rules, sorted(rng.sample(range(36),
                                                                        rng.randint(*shots))))
        path = directory / f"p{i:04d}.json"
        path.write_text(json.dumps(puzzle.to_json()), encoding="utf-8")
        paths.append(path)
    return paths


def crash_on_mark(paths: list[str], options: BatchOptions) -> Chunk:
    """`solve_chunk`, except that a chunk holding a file named with CRASH_MARK kills its worker
    process (as a segfault or the kernel's OOM killer would)."""
    if any(CRASH_MARK in Path(path).name for path in paths):
        os._exit(1)
    return solve_chunk(paths, options)


FAILING_SHARD = 2


def _log_attempt(folder: str, what: str) -> None:
    """Leave one file per attempt in `folder`, so a test can count them."""
    (Path(folder) / f"{what}-{os.getpid()}-{time.monotonic_ns()}").touch()


def failing_shard_task(how: str, attempts: str) -> Callable[[ShardJob], ShardResult]:
    """`make_shard`, except that shard FAILING_SHARD fails every time: its worker process dies
    (`how` = "crash", as a segfault or the OOM killer) or it raises (`how` = "raise", a bug).
    Each attempt leaves a file in the folder `attempts` (the closure travels to the workers)."""
    def task(job: ShardJob) -> ShardResult:
        if job.index == FAILING_SHARD:
            _log_attempt(attempts, how)
            if how == "crash":
                os._exit(1)
            raise RuntimeError(f"shard {job.index} cannot be made\nsecond line")
        return make_shard(job)
    return task


def raising_chunk_task(attempts: str) -> Callable[[list[str], BatchOptions], Chunk]:
    """`solve_chunk`, except that a chunk holding a file named with CRASH_MARK raises, as a
    node without the project installed would on every file; attempts are logged as above."""
    def task(paths: list[str], options: BatchOptions) -> Chunk:
        if any(CRASH_MARK in Path(path).name for path in paths):
            _log_attempt(attempts, "chunk")
            raise ModuleNotFoundError("No module named 'solver'")
        return solve_chunk(paths, options)
    return task


def hang_on_mark(paths: list[str], options: BatchOptions) -> Chunk:
    """`solve_chunk`, except that a chunk holding a file named with HANG_MARK never returns, as
    a solver that cannot be interrupted (CaDiCaL) would not."""
    if any(HANG_MARK in Path(path).name for path in paths):
        time.sleep(3600)
    return solve_chunk(paths, options)


def chunk_with_session(paths: list[str], options: BatchOptions
                       ) -> Chunk:
    """`solve_chunk`, each line tagged with its worker process and the identity of that
    process's cached base model (the same object for every chunk when it is built once)."""
    lines, peak, cpu = solve_chunk(paths, options)
    model = id(session_for(gem_set("base"), RuleOptions()))
    for line in lines:
        line["worker"] = [os.getpid(), model]
    return lines, peak, cpu


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def local_ray(cpus: int = 2) -> Iterator[str]:
    """A local Ray instance (no dashboard) for a test module; its address, for drivers in
    other processes. Shut down however the tests end."""
    import ray
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")    # drivers of the tests only
    ray.init(address="local", num_cpus=cpus, include_dashboard=False, logging_level="ERROR")
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A local Ray instance (2 CPUs) for a test module; its address, for drivers in other
    processes. A module imports it to use it.

    The Ray modules carry no `xdist_group`: under `-n 3` each worker starts its own instance
    for the tests of a module it runs. Grouped (2026-11-27), one instance served every test of
    test_ray_engine.py in the suite's first, busiest minutes (load 16): the hard-limit test's
    tasks, all force-cancelled when none could start in time, left the driver so that the
    crash case's tasks never reached the raylet, and pytest-timeout ended the worker after
    420 s, with the 600 tests still queued on it. Seen in both grouped runs of the suite;
    grouped beside three other files at a load of 4, the same tests passed."""
    with local_ray(2) as address:
        yield address


def ray_env() -> dict[str, str]:
    """The environment of the test cluster's processes and drivers (no token on localhost)."""
    return {**os.environ, "RAY_AUTH_MODE": "disabled"}


class Node:
    """One `ray start --block` node in its own session, so it can be killed as a whole."""

    def __init__(self, args: list[str], log: Path) -> None:
        self.log = log
        with open(log, "w", encoding="utf-8") as handle:
            self.proc = subprocess.Popen([str(RAY), "start", "--block", "--disable-usage-stats",
                                          *args], stdout=handle, stderr=subprocess.STDOUT,
                                         env=ray_env(), start_new_session=True)

    def _members(self) -> list[int]:
        """Its processes: its process group, plus the task workers its raylet started (Ray puts
        each worker in a process group of its own)."""
        group = []
        children: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            pid, ppid, pgid = int(entry.name), int(fields[1]), int(fields[2])
            children.setdefault(ppid, []).append(pid)
            if pgid == self.proc.pid:
                group.append(pid)
        found, todo = set(group), list(group)
        while todo:
            for child in children.get(todo.pop(), []):
                if child not in found:
                    found.add(child)
                    todo.append(child)
        return sorted(found)

    def kill(self) -> None:
        """SIGKILL every process of the node at once: the node is gone, as in a power cut.
        Twice, in case the raylet started a worker between the listing and the kill."""
        for _ in range(2):
            for pid in self._members():
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:    # cannot happen after SIGKILL; never hang a test
            pass


def processes_mentioning(text: str) -> list[int]:
    """Processes whose command line holds `text` (a test cluster's own temporary folder, which
    every Ray process of that cluster is started with)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if text.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def kill_leftovers(text: str, timeout: float = 15.0) -> list[int]:
    """Wait up to `timeout` for the processes mentioning `text` to end, SIGKILL those still
    there; the ones that had to be killed (a leak, when the cluster was already stopped)."""
    deadline = time.monotonic() + timeout
    while processes_mentioning(text) and time.monotonic() < deadline:
        time.sleep(0.2)
    leaked = processes_mentioning(text)
    for pid in leaked:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return leaked


def wait_until_started(node: Node, timeout: float = 120.0) -> None:
    """Wait until `ray start --block` says the node is up (it then blocks)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if "block forever" in node.log.read_text(encoding="utf-8", errors="replace"):
            return
        if node.proc.poll() is not None:
            raise RuntimeError(f"ray start failed: {node.log.read_text()[-2000:]}")
        time.sleep(0.2)
    raise TimeoutError(f"ray start: no node after {timeout} s")


_NODES_UP = """
import sys, time, ray
ray.init(address=sys.argv[1], logging_level="ERROR", log_to_driver=False)
deadline = time.monotonic() + float(sys.argv[3])
while time.monotonic() < deadline:
    listed = sum(1 for node in ray.nodes() if node["Alive"] and node["Resources"].get("CPU"))
    if min(listed, ray.cluster_resources().get("CPU", 0)) >= int(sys.argv[2]):
        sys.exit(0)
    time.sleep(0.2)
sys.exit(1)
"""


def wait_for_nodes(address: str, nodes: int, timeout: float = 120.0) -> None:
    """Wait until the cluster at `address` lists `nodes` live nodes with CPUs (one CPU each),
    in its node table and in the resource view its scheduler places actors by."""
    done = subprocess.run([sys.executable, "-c", _NODES_UP, address, str(nodes), str(timeout)],
                          env=ray_env(), capture_output=True, text=True, timeout=timeout + 60)
    if done.returncode:
        raise TimeoutError(f"{address}: fewer than {nodes} nodes after {timeout} s: "
                           f"{done.stderr[-2000:]}")
