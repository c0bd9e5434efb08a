"""Running `orapa` commands in-process for tests, with the CLI's own error conventions."""
from __future__ import annotations

import pytest

from cli import root
from commands.common import run_main


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run one command: (exit status, standard output, standard error)."""
    try:
        run_main(root, list(args))
        status = 0
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err
