"""The README's tour runs as printed (issue 29): every `$ ` command of its code blocks is run
from the top of the repository on the files in `examples/`, and what it prints must be the
lines that follow it in the README, to the next command or the end of the block."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.cli_runner import run_cli

ROOT = Path(__file__).resolve().parent.parent


def tour_commands() -> list[tuple[str, str]]:
    """(command, the output the README shows) for each command of the tour section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    tour = text[text.index("## A short tour"):]
    tour = tour[:tour.index("\n## ", 1)]
    found = []
    for block in re.findall(r"```\n(.*?)```", tour, re.S):
        command, output = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    found.append((command, "\n".join(output)))
                command, output = line[2:], []
            else:
                output.append(line)
        if command is not None:
            found.append((command, "\n".join(output)))
    return found


def test_the_tour_uses_only_shipped_files() -> None:
    commands = tour_commands()
    assert len(commands) >= 10
    for command, _ in commands:
        for word in shlex.split(command):
            if word.endswith((".json", ".txt")):
                assert word.startswith("examples/") and (ROOT / word).is_file(), command


@pytest.mark.parametrize("command, expected", tour_commands(),
                         ids=[c for c, _ in tour_commands()])
def test_each_tour_command_prints_what_the_readme_shows(capsys, monkeypatch, command, expected):
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("NO_COLOR", raising=False)
    words = shlex.split(command)
    if words[0] == "cat":
        assert (ROOT / words[1]).read_text(encoding="utf-8").rstrip("\n") == expected
        return
    assert words[0] == "orapa"
    status, out, err = run_cli(capsys, *words[1:])
    assert status == 0, err
    assert out.rstrip("\n") == expected


def test_the_svg_the_tour_mentions(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    status, out, _ = run_cli(capsys, "show", "examples/mine.json", "--svg", "-")
    assert status == 0 and out.startswith("<svg")
