"""`orapa show` and `orapa convert`, run through the console command and `cli.run_main`."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.cli_runner import run_cli

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout

ORAPA = Path(sys.executable).parent / "orapa"
MINE = random_layout(gem_set("full"), rng=random.Random(5))
PUZZLE = puzzle_from_layout(MINE, gem_set("full"), RuleOptions(), [0, 14, 35])


def orapa(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ORAPA), *args], capture_output=True, text=True, input=stdin,
                          timeout=60)


run = run_cli


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    paths = {"layout": tmp_path / "mine.json", "puzzle": tmp_path / "puzzle.json",
             "text": tmp_path / "puzzle.txt"}
    paths["layout"].write_text(json.dumps(MINE.to_json()))
    paths["puzzle"].write_text(json.dumps(PUZZLE.to_json()))
    paths["text"].write_text("gems: base\n15 -> 8 violet\nE4 = white\n")
    return paths


def test_show_draws_the_board_and_the_shot(capsys, files) -> None:
    status, out, err = run(capsys, "show", str(files["layout"]), "--shot", "15")
    assert (status, err) == (0, "")
    assert out.splitlines()[0].split() == [str(n) for n in range(1, 11)]
    assert "wave: 15 -> 1 red" in out and "↑ " in out and "\x1b[" not in out


def test_show_json_and_svg(capsys, files, tmp_path) -> None:
    svg = tmp_path / "board.svg"
    status, out, _ = run(capsys, "show", str(files["puzzle"]), "--shot", "15", "--shot", "q",
                         "--svg", str(svg), "--json")
    assert status == 0
    document = json.loads(out)
    assert document == {"layout": MINE.to_json(), "svg": str(svg), "results": [
        {"shot": "15", "exit": "1", "color": "red"},
        {"shot": "Q", "exit": "L", "color": "light yellow"}]}
    tree = ET.parse(svg)
    assert len(tree.getroot().findall(".//{http://www.w3.org/2000/svg}polygon")) == 7


def test_show_json_without_svg_and_with_puzzle_text(capsys, files) -> None:
    files["text"].write_text(
        "gems: white square\nsolution: white square 1,0 2,1 1,2 0,1\n")
    status, out, _ = run(capsys, "show", str(files["text"]), "--json")
    assert status == 0
    assert json.loads(out) == {"layout": {"gems": [{"shape": "square", "color": "white",
                                                    "vertices": [[1, 0], [2, 1], [1, 2], [0, 1]]}]},
                               "results": [], "svg": None}


def test_convert_text_to_json_and_back(capsys, files) -> None:
    status, out, _ = run(capsys, "convert", str(files["text"]), "--to", "json")
    assert status == 0
    data = json.loads(out)
    assert data["observations"] == [{"shot": "15", "exit": "8", "color": "purple"},
                                    {"cell": "E4", "content": "white"}]
    files["puzzle"].write_text(out)
    status, out, _ = run(capsys, "convert", str(files["puzzle"]), "--to", "text")
    assert out == ("gems: base\nrules: mirror=on touching=corner visibility=on\n"
                   "15 -> 8 purple\nE4 = white\n")


def test_convert_json_flag_and_solution_kept(capsys, files) -> None:
    status, out, _ = run(capsys, "convert", str(files["puzzle"]), "--to", "text", "--json")
    document = json.loads(out)
    assert status == 0 and document["format"] == "text"
    assert document["puzzle"].count("solution: ") == 7
    files["text"].write_text(document["puzzle"])
    status, out, _ = run(capsys, "convert", str(files["text"]), "--to", "json", "--json")
    assert Puzzle.from_json(json.loads(out)["puzzle"]).to_json() == PUZZLE.to_json()


def test_console_command_reads_stdin(files) -> None:
    result = orapa("convert", "-", "--to", "json", stdin=files["text"].read_text())
    assert result.returncode == 0 and json.loads(result.stdout)["gems"] == "base"


@pytest.mark.parametrize("args, message", [
    (["convert", "BAD", "--to", "json"], "BAD: line 2: unknown colour 'mauve'"),
    (["show", "LAYOUT", "--shot", "Z"], "--shot: unknown port 'Z'"),
    (["show", "BAD"], "BAD: line 2: unknown colour 'mauve'"),
    (["show", "missing.json"], "missing.json: cannot read"),
])
def test_bad_input_is_one_line_on_stderr_and_exit_2(files, tmp_path, args, message) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("gems: base\n1 -> 2 mauve\n")
    names = {"BAD": str(bad), "LAYOUT": str(files["layout"])}
    result = orapa(*[names.get(a, a) for a in args])
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and message.replace("BAD", str(bad)) in lines[0], result.stderr
