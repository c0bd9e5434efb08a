"""Bad, oversized and mistaken input files: one short line, exit 2, before any work (issue 15,
items 4, 5, 7 and 8)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.limits import MAX_FILE_BYTES, MAX_GEMS, MAX_JSON_DEPTH, QUOTE_CHARS
from tests.cli_runner import run_cli

MINE = {"gems": [
    {"shape": "parallelogram", "color": "red", "vertices": [[0, 0], [2, 0], [3, 1], [1, 1]]},
    {"shape": "triangle", "color": "yellow", "vertices": [[6, 1], [8, 1], [6, 3]]},
    {"shape": "large-triangle", "color": "blue", "vertices": [[1, 4], [5, 4], [3, 6]]},
    {"shape": "large-triangle", "color": "white", "vertices": [[6, 8], [8, 6], [10, 8]]},
    {"shape": "square", "color": "white", "vertices": [[8, 2], [9, 3], [8, 4], [7, 3]]}]}


def _write(tmp_path: Path, name: str, content: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return str(path)


def _error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run a command that must fail on bad input: its one error line."""
    status, out, err = run_cli(capsys, *args)
    assert status == 2, (status, out, err)
    assert out == "" and err.count("\n") == 1 and err.startswith("orapa: error: ")
    assert len(err) < 500 and "Traceback" not in err
    return err


@pytest.mark.parametrize("command", [["solve"], ["convert", "--to", "text"], ["next"]])
def test_a_layout_given_where_a_puzzle_belongs_is_named(tmp_path, capsys, command) -> None:
    """Before: read as a puzzle with its vertices dropped ('ambiguous: at least 10000')."""
    path = _write(tmp_path, "mine.json", json.dumps(MINE))
    err = _error(capsys, command[0], path, *command[1:])
    assert "this is a layout" in err and "expected a puzzle" in err


@pytest.mark.parametrize("command", ["check", "simulate", "show"])
def test_a_puzzle_without_a_solution_given_to_a_layout_command_is_named(tmp_path, capsys,
                                                                        command) -> None:
    path = _write(tmp_path, "p.json", json.dumps({"gems": "base", "observations": []}))
    assert "a puzzle without a solution, expected a layout" in _error(capsys, command, path)


@pytest.mark.parametrize("content, message", [
    ("", "empty file"),
    ("  \n\n", "empty file"),
    ("\ufeff", "empty file"),
    ("[1, 2]", "a list, expected a"),
    ("[", "malformed JSON"),
])
@pytest.mark.parametrize("command", ["check", "solve"])
def test_empty_files_and_json_that_is_no_object_are_told_from_the_text_format(
        tmp_path, capsys, content: str, message: str, command: str) -> None:
    """Before: '[' and an empty file were read as text ('expected an answer such as ...')."""
    path = _write(tmp_path, "f.json", content)
    err = _error(capsys, command, path)
    assert message in err and "expected an answer such as" not in err


def test_a_byte_order_mark_is_skipped(tmp_path, capsys) -> None:
    puzzle = _write(tmp_path, "p.json", "\ufeff" + json.dumps({"gems": "base", "observations": [
        {"shot": "1", "exit": "absorbed"}]}))
    layout = _write(tmp_path, "mine.json", "\ufeff" + json.dumps(MINE))
    status, out, _ = run_cli(capsys, "solve", puzzle, "--json")
    assert status == 0 and json.loads(out)["status"] == "contradiction"
    status, out, _ = run_cli(capsys, "check", layout)
    assert (status, out) == (0, "legal: 5 gems\n")


def test_deep_json_nesting_is_refused_before_parsing(tmp_path, capsys) -> None:
    """Before: a RecursionError traceback at 5,000 levels."""
    for depth in (MAX_JSON_DEPTH + 1, 5_000, 200_000):
        path = _write(tmp_path, "deep.json", "[" * depth + "]" * depth)
        assert f"nested {depth} deep" in _error(capsys, "solve", path)
        assert f"nested {depth} deep" in _error(capsys, "check", path)
    # brackets inside strings do not count: this parses, and only the gem set is wrong
    path = _write(tmp_path, "strings.json", json.dumps({"gems": "[\\\"" * 100}))
    assert "unknown gem set" in _error(capsys, "solve", path)


def test_oversized_files_are_refused_unread(tmp_path, capsys) -> None:
    """Before: 46 MB of layout used 24 GB; now the size is checked before reading."""
    line = '1 -> A transparent\n'
    text = "gems: base\n" + line * (MAX_FILE_BYTES // len(line) + 1)
    path = _write(tmp_path, "huge.txt", text)
    assert "too large" in _error(capsys, "solve", path)
    assert "too large" in _error(capsys, "check", path)


@pytest.mark.parametrize("command", [["solve"], ["check"], ["convert", "--to", "json"], ["next"]])
def test_endless_devices_and_directories_are_refused_not_read_forever(tmp_path, capsys,
                                                                      command: list[str]) -> None:
    """Before: `solve /dev/zero` never returned (a device claims a size of 0, and was read to
    its end); now no reader takes more than MAX_FILE_BYTES + 1 bytes of anything."""
    assert "/dev/zero: too large (over " in _error(capsys, *command, "/dev/zero")
    assert "Is a directory" in _error(capsys, *command, str(tmp_path))


def test_a_pipe_is_read_as_it_comes(tmp_path, capsys) -> None:
    """Process substitution (`orapa solve <(...)`) gives a pipe, which must still work."""
    import os
    import threading
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    text = "gems: base\n15 -> B blue\n"
    writer = threading.Thread(target=fifo.write_text, args=(text,), daemon=True)
    writer.start()
    status, out, _ = run_cli(capsys, "convert", str(fifo), "--to", "text")
    writer.join(10)
    assert status == 0 and "15 -> B blue" in out


def test_too_many_gems_are_refused_in_every_format(tmp_path, capsys) -> None:
    """Before: 1,000 gems printed a 36 MB error line; 10,000 a MemoryError traceback."""
    layout = _write(tmp_path, "big.json", json.dumps({"gems": MINE["gems"] * 200}))
    assert f"1000 gems, more than the {MAX_GEMS} allowed" in _error(capsys, "check", layout)
    gems = [{"shape": "square", "color": "white"}] * (MAX_GEMS + 1)
    puzzle = _write(tmp_path, "p.json", json.dumps({"gems": gems, "observations": []}))
    assert "15 gems" in _error(capsys, "solve", puzzle)
    text = _write(tmp_path, "p.txt", "gems: 1000x white square\n")
    assert "line 1: gems: 1000 gems" in _error(capsys, "solve", text)
    twice = _write(tmp_path, "p2.txt", "gems: 10 white square, 10 red parallelogram\n")
    assert "20 gems" in _error(capsys, "solve", twice)


def test_too_many_observations_are_refused(tmp_path, capsys) -> None:
    shots = [{"shot": "1", "exit": "A", "color": "transparent"}] * 1_001
    puzzle = _write(tmp_path, "p.json", json.dumps({"gems": "base", "observations": shots}))
    assert "1001 observations" in _error(capsys, "solve", puzzle)
    text = _write(tmp_path, "p.txt", "gems: base\n" + "1 -> A transparent\n" * 1_001)
    assert "line 1002" in _error(capsys, "solve", text)


def test_error_lines_quote_little_of_a_huge_value(tmp_path, capsys) -> None:
    for content in ("gems: " + "x" * 500_000 + "\n",
                    json.dumps({"gems": "y" * 500_000}),
                    json.dumps({"gems": "base", "observations": [{"shot": "z" * 500_000,
                                                                  "exit": "absorbed"}]}),
                    "gems: base\n" + "q" * 500_000 + "\n",
                    json.dumps({"gems": "base", "rules": {"k" * 500_000: 1}})):
        err = _error(capsys, "solve", _write(tmp_path, "p", content))
        assert "(500" in err and len(err) - len(str(tmp_path)) < 200 + QUOTE_CHARS


def test_a_message_with_newlines_stays_one_line(tmp_path, capsys) -> None:
    err = _error(capsys, "solve", str(tmp_path / "no\nsuch\nfile"))
    assert "no\\nsuch\\nfile" in err
    # click lays its list of choices out on lines; they are joined, not escaped
    err = _error(capsys, "convert", str(tmp_path))
    assert "Missing option '--to'. Choose from: json, text" in err


@pytest.mark.parametrize("observation, message", [
    ({"shot": "1", "cell": "A1", "exit": "A", "color": "red"}, "both 'shot' and 'cell'"),
    ({"shot": "1", "exit": "absorbed", "color": "red"}, "an absorbed shot has no 'color'"),
    ({"cell": "A1", "content": "red", "exit": "A"}, "a cell question has no 'exit'"),
])
def test_observations_mixing_two_questions_are_refused(tmp_path, capsys, observation,
                                                       message) -> None:
    path = _write(tmp_path, "p.json", json.dumps({"gems": "base",
                                                  "observations": [observation]}))
    assert f"observations[0]: {message}" in _error(capsys, "solve", path)


def test_a_duplicated_key_is_refused(tmp_path, capsys) -> None:
    """Before: the last value silently won."""
    path = _write(tmp_path, "p.json", '{"gems": "base",\n "observations": [],\n "gems": "full"}')
    assert "line 3: duplicated key 'gems'" in _error(capsys, "solve", path)
    shots = ('{"gems": "base", "observations": [{"shot": "1", "exit": "A", "color": "red"}, '
             '{"shot": "2", "shot": "3", "exit": "absorbed"}]}')
    assert "duplicated key 'shot'" in _error(capsys, "solve", _write(tmp_path, "q.json", shots))


def test_a_solution_contradicting_the_observations_is_refused(tmp_path, capsys) -> None:
    puzzle = {"gems": "base", "observations": [{"shot": "15", "exit": "B", "color": "blue"},
                                               {"shot": "1", "exit": "A", "color": "red"}],
              "solution": MINE}
    err = _error(capsys, "solve", _write(tmp_path, "p.json", json.dumps(puzzle)))
    assert "solution: contradicts observations[1] (1 -> A red): the solution gives 1 -> 1 red" \
        in err
    text = "gems: base\n15 -> B blue\n1 -> A red\n" + "".join(
        f"solution: {g['color']} {g['shape']} " + " ".join(f"{x},{y}" for x, y in g["vertices"])
        + "\n" for g in MINE["gems"])
    err = _error(capsys, "solve", _write(tmp_path, "p.txt", text))
    assert "line 4: solution: contradicts the answer on line 3 (1 -> A red)" in err
    puzzle["observations"].pop()
    status, out, _ = run_cli(capsys, "convert", _write(tmp_path, "ok.json", json.dumps(puzzle)),
                             "--to", "text")
    assert status == 0 and "solution: red parallelogram" in out


class TestGenerateOut:
    """`generate --out`: checked before any work, never overwriting puzzles (item 5, 8)."""

    def _generate(self, capsys, out: str, *extra: str) -> tuple[int, str, str]:
        return run_cli(capsys, "generate", "--gems", "base", "--count", "2", "--seed", "5",
                       "--out", out, "--json", *extra)

    def test_a_path_that_cannot_be_a_directory(self, tmp_path, capsys) -> None:
        a_file = _write(tmp_path, "file", "notes")
        assert "exists and is not a directory" in _error(
            capsys, "generate", "--gems", "base", "--count", "1", "--seed", "1", "--out", a_file)
        assert "cannot create the directory" in _error(
            capsys, "generate", "--gems", "base", "--count", "1", "--seed", "1",
            "--out", a_file + "/below")
        assert Path(a_file).read_text() == "notes"

    def test_puzzles_already_there_are_kept_unless_forced(self, tmp_path, capsys) -> None:
        out = str(tmp_path / "set")
        status, first, _ = self._generate(capsys, out)
        assert status == 0
        kept = (tmp_path / "set" / "base-0002.json").read_text()
        (tmp_path / "set" / "base-0002.json").write_text("my own notes")
        status, _, err = self._generate(capsys, out)
        assert status == 2 and "base-0001.json already exists" in err and "--force" in err
        assert (tmp_path / "set" / "base-0002.json").read_text() == "my own notes"
        status, again, _ = self._generate(capsys, out, "--force")
        assert status == 0 and again == first
        assert (tmp_path / "set" / "base-0002.json").read_text() == kept


@pytest.mark.parametrize("content, message", [
    # found by the fuzzer (tests/test_fuzz_cli.py): an IndexError and a ValueError before
    ("gems: base\n:\n", "line 2: cannot read ':': an answer needs a port or a cell"),
    ("gems: base\n -> \n", "line 2: cannot read '->'"),
    (json.dumps({"gems": [{"shape": "parallelogram", "color": "red", "vertices": []}]}),
     "layout.gems[0].vertices: 0 vertices: every shape has 3 or 4"),
    (json.dumps({"gems": [{"shape": "square", "color": "white", "vertices": [[1, 1]] * 9}]}),
     "9 vertices"),
    ("gems: base\nsolution: red parallelogram 1,1\n", "line 2: red parallelogram: 1 vertices"),
])
def test_degenerate_answers_and_vertices_are_named(tmp_path, capsys, content: str,
                                                   message: str) -> None:
    command = "check" if content.startswith("{") else "solve"
    assert message in _error(capsys, command, _write(tmp_path, "f", content))


def test_a_guess_of_the_wrong_gem_set_names_its_file(tmp_path, capsys) -> None:
    """Before: "guess: gems do not match the gem set", without saying which file."""
    puzzle = _write(tmp_path, "p.txt", "gems: base+diamond\n15 -> B blue\n")
    guess = _write(tmp_path, "mine.json", json.dumps(MINE))
    err = _error(capsys, "verify", puzzle, guess)
    assert err.startswith(f"orapa: error: {guess}: gems do not match the gem set")


@pytest.mark.parametrize("args", [
    ["generate", "--gems", "base", "--count", "1", "--seed", "1", "--out", ""],
    ["batch", "p.json", "--out", ""], ["show", "m.json", "--svg", ""],
    ["play", "--auto", "--mine", ""]])
def test_an_empty_path_is_refused(capsys, args: list[str]) -> None:
    """Before: generate --out "" wrote into the current directory; batch said ": cannot write"."""
    err = _error(capsys, *args)
    assert "an empty path" in err


def test_standard_input_cannot_be_both_puzzle_and_guess(capsys) -> None:
    """Before: `verify - -` read the puzzle, then called the guess an empty file."""
    assert "already holds the puzzle" in _error(capsys, "verify", "-", "-")


def test_generate_checks_its_output_names_lazily(tmp_path) -> None:
    """Before: `generate --count 1000000000` built a billion paths (and stat'ed each) before
    the first puzzle. Now the directory is read once and the paths come one at a time."""
    import itertools
    from games.errors import BadInput
    from generator.generate import output_paths
    (tmp_path / "base-0000000500.json").write_text("{}")  # numbers as wide as the count's
    (tmp_path / "base-500.json").write_text("{}")         # not a name generate writes
    with pytest.raises(BadInput, match="base-0000000500.json already exists"):
        output_paths(str(tmp_path), "base", 10 ** 9)
    first = list(itertools.islice(output_paths(str(tmp_path), "base", 499), 2))
    assert [p.name for p in first] == ["base-0001.json", "base-0002.json"]
    assert next(output_paths(str(tmp_path), "base", 10 ** 9, force=True)).name == \
        "base-0000000001.json"
