"""`orapa serve` refuses bad options in one line with exit status 2, before starting anything."""
from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.cli_runner import run_cli
from tests.web.pg_cluster import free_port


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


def test_a_file_that_is_not_a_database_or_a_folder(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    """Both were a hang or a thread traceback: now one line, exit 2, before serving."""
    monkeypatch.delenv("ORAPA_DATABASE_URL", raising=False)
    (tmp_path / "mine.json").write_text('{"gems": []}')
    (tmp_path / "folder.db").mkdir()
    for name, words in (("mine.json", "is not a SQLite database"), ("folder.db", "is a folder")):
        status, out, err = run_cli(capsys, "serve", "--database",
                                   f"sqlite:///{tmp_path / name}", "--port", str(free_port()))
        assert status == 2 and words in err and len(err.strip().splitlines()) == 1, err


def test_a_port_in_use_is_bad_input(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ORAPA_DATABASE_URL", raising=False)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, out, err = run_cli(capsys, "serve", "--database",
                                   f"sqlite:///{tmp_path / 'o.db'}", "--port", str(port))
    assert status == 2 and f"--port: {port} is already in use" in err
    assert len(err.strip().splitlines()) == 1


def test_no_password_is_printed(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ORAPA_DATABASE_URL", raising=False)
    url = f"postgresql://orapa:TopSecretPw@127.0.0.1:{free_port()}/orapa"
    status, out, err = run_cli(capsys, "serve", "--database", url, "--port", str(free_port()))
    assert status == 2 and "TopSecretPw" not in out + err and "orapa:***@" in err
    secret = tmp_path / "url"
    secret.write_text(url + "\n")          # the URL from a file: off the command line
    status, out, err = run_cli(capsys, "serve", "--database-file", str(secret), "--port",
                               str(free_port()))
    assert status == 2 and "TopSecretPw" not in out + err and "cannot open" in err
    status, out, err = run_cli(capsys, "serve", "--database-file", str(tmp_path / "none"))
    assert status == 2 and "--database-file: cannot read" in err
