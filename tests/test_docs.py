"""The README and docs stay true: no links out of the repository, the interface copy in step,
and the README's tour reproduced by the real commands (issue 15, README and docs)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli_runner import run_cli

ROOT = Path(__file__).resolve().parent.parent
# the shared contract beside the repository (or beside its worktrees), when there is one
SHARED_INTERFACE = next((folder / "shared" / "INTERFACE.md" for folder in ROOT.parents
                         if (folder / "shared" / "INTERFACE.md").exists()), ROOT / "no-such-file")
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]


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


# --- issue 35: the README is a user's document that stays true -------------------------------

README = ROOT / "README.md"
LINKED_PAGES = PAGES
README_LIMIT = 15_000


def test_the_readme_stays_short() -> None:
    """A newcomer's page: measurements and details live in docs/, not here."""
    assert len(README.read_text(encoding="utf-8")) < README_LIMIT


def _readme_commands() -> list[tuple[str, ...]]:
    """Every `orapa COMMAND [SUBCOMMAND]` the README names, in code or in prose."""
    from cli import root

    text = README.read_text(encoding="utf-8")
    found: set[tuple[str, ...]] = set()
    for match in re.finditer(r"\borapa ([a-z][a-z-]*)((?:[ |\\]+[a-z][a-z-]*)*)", text):
        command = match.group(1)
        found.add((command,))
        group = root.commands.get(command)
        if group is not None and hasattr(group, "commands"):
            # `orapa ripple play|best`: every subcommand named after the group
            for word in re.split(r"[ |\\]+", match.group(2).strip()):
                if word in group.commands:
                    found.add((command, word))
    return sorted(found)


@pytest.mark.parametrize("command", _readme_commands(), ids=" ".join)
def test_every_command_the_readme_shows_exists(capsys, command: tuple[str, ...]) -> None:
    status, out, err = run_cli(capsys, *command, "--help")
    assert status == 0 and out.startswith("Usage: orapa " + " ".join(command)), err


def test_the_readme_names_the_commands_it_should() -> None:
    """The scan above finds the commands (a broken pattern would pass on nothing)."""
    names = {" ".join(command) for command in _readme_commands()}
    assert {"solve", "simulate", "serve", "ripple best", "uncovered optimum",
            "database backup"} <= names


_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings: lower case, punctuation dropped,
    spaces to hyphens."""
    anchors = set()
    for heading in re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchors.add(slug)
    return anchors


@pytest.mark.parametrize("page", LINKED_PAGES, ids=lambda p: p.name)
def test_every_relative_link_points_at_a_file_in_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    broken = []
    for target in _LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):     # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists() or ROOT not in (linked, *linked.parents):
            broken.append(target)
        elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
            broken.append(target)
    assert not broken, f"{page.name}: links to nothing: {broken}"


def test_the_link_check_sees_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Top\n[there](page.md#top) [gone](missing.md) [nowhere](#no-such)\n",
                    encoding="utf-8")
    targets = _LINK.findall(page.read_text(encoding="utf-8"))
    assert targets == ["page.md#top", "missing.md", "#no-such"]
    assert _anchors(page) == {"top"}


def _readme_shell_examples() -> list[tuple[str, str]]:
    """(command, what the README shows) for each `$ ...; echo $?` example: a command shown
    with its exit status, run through the shell as a reader would."""
    text = README.read_text(encoding="utf-8")
    examples = []
    for block in re.findall(r"```\n(.*?)```", text, re.S):
        lines = block.splitlines()
        for number, line in enumerate(lines):
            if line.startswith("$ ") and line.endswith("; echo $?"):
                shown = []
                for after in lines[number + 1:]:
                    if after.startswith("$ "):
                        break
                    shown.append(after)
                examples.append((line[2:], "\n".join(shown)))
    return examples


def test_the_readme_shows_its_exit_status_examples() -> None:
    assert len(_readme_shell_examples()) >= 2


@pytest.mark.parametrize("command, shown", _readme_shell_examples(),
                         ids=[c for c, _ in _readme_shell_examples()])
def test_each_exit_status_example_prints_what_the_readme_shows(command: str, shown: str) -> None:
    import os
    import subprocess
    import sys

    environment = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}"
                                        f"{os.environ.get('PATH', '')}")
    environment.pop("NO_COLOR", None)
    done = subprocess.run(["bash", "-c", "exec 2>&1; " + command], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.rstrip("\n") == shown


def test_the_readme_text_format_example_reads(capsys, tmp_path: Path) -> None:
    """The plain-text example is a puzzle the parser takes as it stands."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Plain-text puzzles"):]
    example = re.search(r"```\n(.*?)```", section, re.S).group(1)
    (tmp_path / "example.txt").write_text(example, encoding="utf-8")
    status, out, err = run_cli(capsys, "convert", str(tmp_path / "example.txt"), "--to", "json")
    assert status == 0, err
    puzzle = json.loads(out)
    assert puzzle["gems"] == "base" or len(puzzle["gems"]) == 5
    assert len(puzzle["observations"]) == 5


def test_the_readme_board_picture_is_what_orapa_show_draws(capsys) -> None:
    """docs/mine.svg is the output of the command the README names beside it."""
    text = README.read_text(encoding="utf-8")
    assert "(docs/mine.svg)" in text
    status, out, _ = run_cli(capsys, "show", str(ROOT / "examples" / "mine.json"),
                             "--shot", "15", "--svg", "-")
    assert status == 0
    assert out.rstrip("\n") == (ROOT / "docs" / "mine.svg").read_text(encoding="utf-8").rstrip(
        "\n"), "regenerate: orapa show examples/mine.json --shot 15 --svg docs/mine.svg"


def _command_table_options() -> list[tuple[tuple[str, ...], str]]:
    """(command, option) for every `--option` the README's command table gives a command."""
    text = README.read_text(encoding="utf-8")
    table = text[text.index("## Commands"):]
    table = table[:table.index("\n\n", table.index("| command |"))]
    found = []
    for cell in re.findall(r"^\| `orapa ([^`]*)`", table, re.MULTILINE):
        command = (cell.split()[0],)    # the rows with options are single commands
        found += [(command, option) for option in re.findall(r"--[a-z][a-z-]*", cell)]
    return found


def test_the_command_table_has_options() -> None:
    assert len(_command_table_options()) >= 20


@pytest.mark.parametrize("command, option", _command_table_options(),
                         ids=[" ".join(c) + " " + o for c, o in _command_table_options()])
def test_every_option_in_the_command_table_exists(capsys, command: tuple[str, ...],
                                                  option: str) -> None:
    status, out, _ = run_cli(capsys, *command, "--help")
    assert status == 0 and re.search(re.escape(option) + r"\b", out), f"orapa {command} {option}"
