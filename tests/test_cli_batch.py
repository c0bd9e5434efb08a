"""Issue 29 for `orapa batch`: name clashes of written files, globs over directory links that
loop, and the `--json` contract."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_runner import run_cli

ROOT = Path(__file__).resolve().parent.parent
EASY = [ROOT / f"puzzles/base/base-easy-0{i}.json" for i in (1, 2, 3)]


def _lines(out: str) -> dict[str, dict]:
    return {Path(line["file"]).name: line for line in map(json.loads, out.splitlines())}


def _gems(layout: dict) -> list[str]:
    return sorted(json.dumps(gem, sort_keys=True) for gem in layout["gems"])


def test_write_solutions_keeps_a_file_another_puzzle_or_an_earlier_run_made(capsys, tmp_path):
    """`a.json` and `a.txt` both wrote `a.solution.json` (a.json's was lost) and an existing
    `b.solution.json` was overwritten without a word."""
    shutil.copy(EASY[0], tmp_path / "a.json")
    status, text, _ = run_cli(capsys, "convert", "--to", "text", str(EASY[2]))
    (tmp_path / "a.txt").write_text(text)
    shutil.copy(EASY[1], tmp_path / "b.json")
    (tmp_path / "b.solution.json").write_text("mine\n")
    status, out, _ = run_cli(capsys, "batch", str(tmp_path), "--write-solutions", "--jobs", "1",
                             "--no-progress")
    lines = _lines(out)
    assert status == 0 and lines["a.json"]["wrote"] == str(tmp_path / "a.solution.json")
    solution_a = json.loads((tmp_path / "a.solution.json").read_text())
    assert _gems(solution_a) == _gems(json.loads(EASY[0].read_text())["solution"])
    for name, kept in (("a.txt", "a.solution.json"), ("b.json", "b.solution.json")):
        assert lines[name]["wrote"] is None and lines[name]["status"] == "unique"
        assert lines[name]["error"].startswith(f"{tmp_path / kept}: already exists")
    assert (tmp_path / "b.solution.json").read_text() == "mine\n"
    # the same run again: the files hold the same text, so they count as written
    status, out, _ = run_cli(capsys, "batch", str(tmp_path / "a.json"), "--write-solutions",
                             "--jobs", "1", "--no-progress")
    assert _lines(out)["a.json"]["wrote"] and _lines(out)["a.json"]["error"] is None
    # --overwrite replaces what differs
    status, out, _ = run_cli(capsys, "batch", str(tmp_path / "b.json"), "--write-solutions",
                             "--overwrite", "--jobs", "1", "--no-progress")
    assert _lines(out)["b.json"]["wrote"] and (tmp_path / "b.solution.json").read_text() != \
        "mine\n"
    assert not list(tmp_path.glob(".*.tmp"))


def _looping_tree(root: Path) -> Path:
    """L/a/x.json, L/a/b/y.json, and two directory links that loop (b/up -> a, b/top -> L)."""
    tree = root / "L"
    (tree / "a" / "b").mkdir(parents=True)
    shutil.copy(EASY[0], tree / "a" / "x.json")
    shutil.copy(EASY[1], tree / "a" / "b" / "y.json")
    os.symlink("..", tree / "a" / "b" / "up")
    os.symlink("../..", tree / "a" / "b" / "top")
    return tree


@pytest.mark.parametrize("pattern", ["L/**/*.json", "L/**", "**/y.json", "L/*/*/*.json"])
def test_a_glob_over_looping_directory_links_ends_and_lists_each_file_once(tmp_path, pattern):
    """Two looping links made `orapa batch 'L/**/*.json'` run past 100 s with no output."""
    _looping_tree(tmp_path)
    done = subprocess.run([sys.executable, "-m", "cli", "batch", pattern, "--jobs", "1",
                           "--no-progress"], cwd=tmp_path, text=True, capture_output=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-500:]
    files = sorted(json.loads(line)["file"] for line in done.stdout.splitlines())
    expected = {"L/**/*.json": ["L/a/b/y.json", "L/a/x.json"], "L/**": ["L/a/b/y.json",
                                                                         "L/a/x.json"],
                "**/y.json": ["L/a/b/y.json"], "L/*/*/*.json": ["L/a/b/y.json"]}[pattern]
    assert files == expected


def test_the_glob_matches_what_python_glob_matches_without_links(tmp_path):
    import glob
    from solver.orapa.batch.paths import glob_paths
    for name in ("a/x.json", "a/b/y.json", "a/b/c/z.txt", ".hidden/h.json", "a/.h.json", "t.json"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}")
    for pattern in ("**/*.json", "a/**/*.json", "*/*.json", "a/b/*", "**", "a/**",
                    "[at]*", "a/?/*.json", ".hidden/*.json", "nothing/**/*.json"):
        full = str(tmp_path / pattern)
        python = sorted({os.path.normpath(p) for p in glob.glob(full, recursive=True)})
        assert glob_paths(full) == python, pattern


def test_batch_json_without_out_prints_one_document(capsys):
    """The contract says `--json` prints one JSON document; batch printed JSON lines."""
    status, out, err = run_cli(capsys, "batch", *map(str, EASY[:2]), "--jobs", "1", "--json")
    document = json.loads(out)                     # one document, whole standard output
    assert status == 0 and err == ""
    assert [Path(line["file"]).name for line in document["results"]] == [
        "base-easy-01.json", "base-easy-02.json"]
    assert document["files"] == 2 and document["counts"]["unique"] == 2
    assert document["interrupted"] is False
    status, out, _ = run_cli(capsys, "batch", str(EASY[0]), "--jobs", "1", "--no-progress")
    assert json.loads(out)["file"] == str(EASY[0])   # without --json: JSON lines, as before
