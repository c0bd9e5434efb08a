"""The README and docs stay true: no links out of the repository, the interface copy in step,
and the README's tour reproduced by the real commands (issue 15, README and docs)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli_runner import run_cli

ROOT = Path(__file__).resolve().parent.parent
# the shared contract beside the repository (or beside its worktrees), when there is one
SHARED_INTERFACE = next((folder / "shared" / "INTERFACE.md" for folder in ROOT.parents
                         if (folder / "shared" / "INTERFACE.md").exists()), ROOT / "no-such-file")
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_pages_point_only_inside_the_repository(page: Path) -> None:
    """A clone has no ../shared: the interface lives in docs/interface.md."""
    text = page.read_text(encoding="utf-8")
    assert "../shared" not in text and "/work/shared" not in text


def test_the_readme_links_the_interface_inside_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/interface.md)" in readme and (ROOT / "docs" / "interface.md").exists()


@pytest.mark.skipif(not SHARED_INTERFACE.exists(), reason="no shared interface beside this tree")
def test_the_interface_copy_is_in_step_with_the_shared_contract() -> None:
    """Every line of the shared contract is in the copy, in its order: the project may add
    (rows of its own endpoints), never rename or drop."""
    ours = iter((ROOT / "docs" / "interface.md").read_text(encoding="utf-8").splitlines())
    for number, line in enumerate(SHARED_INTERFACE.read_text(encoding="utf-8").splitlines(), 1):
        assert any(mine == line for mine in ours), \
            f"docs/interface.md lacks line {number} of the shared contract (or moved it): {line}"


def _readme_block(command: str) -> str:
    """What the README shows after `$ COMMAND`, up to the next prompt or the block's end."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^\$ " + re.escape(command) + r"\n(.*?)(?=^\$ |^```)", readme,
                      re.MULTILINE | re.DOTALL)
    assert found, command
    return found.group(1)


@pytest.mark.parametrize("command", [
    "orapa verify examples/table.txt examples/mine.json", "orapa check examples/mine.json",
    "orapa simulate examples/mine.json --shot 15 --shot 1 --shot D"])
def test_the_readme_tour_prints_what_the_commands_print(tmp_path, capsys, monkeypatch,
                                                        command: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples").mkdir()
    for name in ("examples/mine.json", "examples/table.txt"):
        (tmp_path / name).write_text(_readme_block(f"cat {name}"), encoding="utf-8")
    status, out, _ = run_cli(capsys, *command.split()[1:])
    assert status == 0 and out == _readme_block(command)
