"""Two Ray nodes on this machine (`ray start --head` and `ray start --address`): one is killed
in the middle of `orapa batch --engine ray`, and the batch still lists every file exactly once.
Every process of the test cluster is gone afterwards (it runs under a temporary folder of its
own, named on every Ray process's command line), however the test ends.

`ORAPA_CLUSTER_FILES` sets the number of puzzles (default 200 in `make test`; `make cluster-test`
runs 2,000).
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tests.ray_support import (Node, free_port, kill_leftovers, ray_env, wait_for_nodes,
                               wait_until_started, write_puzzles)

pytest.importorskip("ray")
ORAPA = Path(sys.executable).parent / "orapa"
FILES = int(os.environ.get("ORAPA_CLUSTER_FILES", "200"))


def _workers(node: Node) -> list[str]:
    """Task worker processes of a node (named `ray::<task>` by Ray)."""
    names = []
    for pid in node._members():
        try:
            name = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode()
        except OSError:
            continue
        if name.startswith("ray::") and "Agent" not in name:
            names.append(name)
    return names


def test_a_node_killed_mid_batch_loses_and_repeats_nothing(tmp_path: Path) -> None:
    puzzles = tmp_path / "puzzles"
    write_puzzles(puzzles, FILES, seed=30, shots=(10, 12))    # about 50 ms each
    # Ray's sockets live under its temporary folder: a short path keeps them under 108 bytes
    root = tempfile.mkdtemp(prefix="orapa-ray-", dir="/tmp")
    port = free_port()
    nodes: list[Node] = []
    driver: subprocess.Popen | None = None
    try:
        head = Node(["--head", "--port", str(port), "--num-cpus", "1",
                     "--include-dashboard=false", "--temp-dir", root,
                     "--ray-client-server-port", str(free_port())], tmp_path / "head.log")
        nodes.append(head)
        wait_until_started(head)
        second = Node(["--address", f"127.0.0.1:{port}", "--num-cpus", "1", "--temp-dir", root],
                      tmp_path / "second.log")
        nodes.append(second)
        wait_until_started(second)
        wait_for_nodes(f"127.0.0.1:{port}", 2)       # both in the list the driver reads
        out = tmp_path / "results.jsonl"
        driver = subprocess.Popen([str(ORAPA), "batch", str(puzzles), "--engine", "ray",
                                   "--address", f"127.0.0.1:{port}", "--out", str(out),
                                   "--count-limit", "1000", "--json", "--no-progress"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env=ray_env(), start_new_session=True)
        deadline = time.monotonic() + 180         # until the second node has a task worker
        while driver.poll() is None and time.monotonic() < deadline and \
                not (_workers(second) and out.exists() and out.read_text().count("\n") >= 5):
            time.sleep(0.05)
        assert driver.poll() is None, f"the batch ended before the node was killed: " \
                                      f"{driver.communicate()}"
        second.kill()                               # the node and its workers, at once
        done_before = out.read_text().count("\n")
        stdout, stderr = driver.communicate(timeout=300)
        assert driver.returncode == 0, stderr[-3000:]
        assert done_before < FILES
        lines = [json.loads(raw) for raw in out.read_text().splitlines()]
        files = sorted(line["file"] for line in lines)
        assert files == sorted(str(p) for p in puzzles.iterdir())      # every file, once
        assert all(line["status"] in ("unique", "ambiguous") for line in lines)
        summary = json.loads(stdout)
        assert summary["files"] == FILES and summary["counts"]["error"] == 0
        assert summary["engine"]["worker_nodes"] == 2     # a worker on each node at the start
        assert summary["engine"]["task_chunks"] >= 1      # the lost node's chunks, as tasks
        head.kill()
        assert kill_leftovers(root) == []           # the cluster's processes all ended
    finally:
        if driver is not None and driver.poll() is None:
            os.killpg(driver.pid, signal.SIGKILL)
            driver.wait(timeout=30)
        for node in reversed(nodes):
            if node.proc.poll() is None:
                node.kill()
        kill_leftovers(root, timeout=5)
        shutil.rmtree(root, ignore_errors=True)
