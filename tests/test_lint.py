"""The Python linters pass: ruff (pyflakes and pycodestyle's errors) and mypy (not strict).

Both read their settings from pyproject.toml ([tool.ruff], [tool.mypy]), so a run by hand
(`.venv/bin/ruff check`, `.venv/bin/mypy`) says the same as this test. A failure shows the
linter's own report. Both come with the test extras (`pip install -e '.[test]'`).
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# a lint failure is not flaky: never rerun it (make test reruns failing tests twice)
pytestmark = [pytest.mark.flaky(reruns=0), pytest.mark.xdist_group("lint")]


def run_linter(module: str, *args: str) -> None:
    """Run `python -m module args` at the project's root; fail with its output."""
    if importlib.util.find_spec(module) is None:
        pytest.fail(f"{module} is not installed: pip install -e '.[test]' installs it")
    done = subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    if done.returncode != 0:
        pytest.fail(f"{module} {' '.join(args)} found problems:\n{done.stdout}{done.stderr}",
                    pytrace=False)


def test_ruff() -> None:
    run_linter("ruff", "check", "--no-cache", "--output-format", "concise", ".")


def test_mypy() -> None:
    # the cache lives with pytest's own (git ignores it); a warm run takes under a second
    run_linter("mypy", "--cache-dir", str(ROOT / ".pytest_cache" / "mypy"))
