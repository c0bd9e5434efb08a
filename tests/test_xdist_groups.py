"""`make test` runs `--dist loadgroup`: the tests of one `xdist_group` (the Ray tests share one
local Ray instance per module; the linters) must run on one worker. pytest 9.2 broke that
silently with pytest-xdist 3.8 (pytest-xdist issue 1386: each worker then started Ray for each
module, and the Ray tests ran beside each other), so pyproject.toml keeps pytest below 9.2;
this test says so if an upgrade breaks it again."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

GROUPED = """
import os
import pytest

pytestmark = pytest.mark.xdist_group("together")


@pytest.mark.parametrize("i", range(6))
def test_where(i):
    with open(os.environ["WHERE"], "a") as out:
        out.write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")
"""


@pytest.mark.flaky(reruns=0)
def test_one_group_runs_on_one_worker(tmp_path: Path) -> None:
    for name in ("test_a.py", "test_b.py"):
        (tmp_path / name).write_text(GROUPED, encoding="utf-8")
    where = tmp_path / "where.txt"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "2", "--dist", "loadgroup",
                           "-p", "no:cacheprovider", str(tmp_path)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "WHERE": str(where)})
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    workers = where.read_text().split()
    assert len(workers) == 12 and len(set(workers)) == 1, workers
