"""The throwaway PostgreSQL cluster of the tests and benchmarks never outlives its owner."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.web.pg_cluster import find_binaries

ROOT = Path(__file__).resolve().parents[2]
START_THEN_VANISH = """
import json, os
from tests.web.pg_cluster import Cluster, find_binaries
cluster = Cluster(find_binaries()).start()
postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
print(json.dumps({"root": str(cluster.root), "postmaster": postmaster}), flush=True)
os._exit(0)      # as pytest-timeout ends a hung run: no cleanup of any kind
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.skipif(find_binaries() is None, reason="no PostgreSQL server binaries")
def test_a_cluster_whose_owner_vanished_is_stopped_and_deleted() -> None:
    done = subprocess.run([sys.executable, "-c", START_THEN_VANISH], cwd=ROOT, check=True,
                          capture_output=True, text=True, timeout=120)
    started = json.loads(done.stdout)
    deadline = time.monotonic() + 30
    while (_alive(started["postmaster"]) or Path(started["root"]).exists()) \
            and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _alive(started["postmaster"]), "the cluster outlived its owner"
    assert not Path(started["root"]).exists()
