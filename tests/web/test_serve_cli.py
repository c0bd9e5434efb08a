"""`orapa serve` refuses bad options in one line with exit status 2, before starting anything."""
from __future__ import annotations

import pytest

from tests.cli_runner import run_cli


@pytest.mark.parametrize("args, message", [
    (["--database", "mysql://localhost/x"], "--database: expected sqlite:///PATH"),
    (["--database", "sqlite:///"], "--database: a SQLite URL names a file"),
    (["--workers", "2"], "--workers: SQLite runs in one process"),
    (["--database", "postgresql://nobody@127.0.0.1:1/none"], "--database: cannot open"),
    (["--port", "0"], "--port"),
])
def test_bad_options_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch, tmp_path: object,
                                            args: list[str], message: str) -> None:
    monkeypatch.delenv("ORAPA_DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    status, out, err = run_cli(capsys, "serve", *args)
    assert status == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1
