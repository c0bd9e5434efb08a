"""`make test` runs `--dist loadgroup`: the tests of one `xdist_group` must run on one worker
(the browser review shares one duel; the linters share mypy's cache; two search tests share
one listing). pytest 9.2 broke that silently with pytest-xdist 3.8
(pytest-xdist issue 1386), and tests/conftest.py mends it; this test runs a small suite under
the same conftest hook and says so if an upgrade breaks it again."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
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
    (tmp_path / "conftest.py").write_text(
        "from tests.conftest import pytest_collection_modifyitems  # noqa: F401\n",
        encoding="utf-8")
    for name in ("test_a.py", "test_b.py"):
        (tmp_path / name).write_text(GROUPED, encoding="utf-8")
    where = tmp_path / "where.txt"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "xdist.plugin", "-n", "2",
                           "--dist", "loadgroup", "-p", "no:cacheprovider", "--rootdir",
                           str(tmp_path), str(tmp_path)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "WHERE": str(where), "PYTHONPATH": str(ROOT),
                               "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"})   # xdist alone: quick
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    workers = where.read_text().split()
    assert len(workers) == 12 and len(set(workers)) == 1, workers
