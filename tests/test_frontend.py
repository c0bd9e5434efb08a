"""The browser app's own unit tests (Vitest, in web/frontend/tests) and checks, run by `make test`.

They include the in-browser tracer checked against `orapa simulate`/`orapa ask` on the 200
layouts of web/frontend/tests/fixtures/tracer.json.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

FRONTEND = Path(__file__).resolve().parent.parent / "web" / "frontend"


def test_vitest_suite_passes() -> None:
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed: the browser app's unit tests need Node")
    if not (FRONTEND / "node_modules").is_dir():
        pytest.skip("web/frontend/node_modules is missing: run `make frontend` first")
    done = subprocess.run(["npm", "test", "--silent"], cwd=FRONTEND, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "failed" not in done.stdout.lower()


def test_type_check_format_and_import_cycles_pass() -> None:
    """`npm run check`: TypeScript's type check, prettier's format check and (once the script
    names it) madge's import-cycle check over the app's sources."""
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed: the browser app's checks need Node")
    if not (FRONTEND / "node_modules").is_dir():
        pytest.skip("web/frontend/node_modules is missing: run `make frontend` first")
    done = subprocess.run(["npm", "run", "check", "--silent"], cwd=FRONTEND, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
