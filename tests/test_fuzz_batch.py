"""Fuzzing `orapa batch` (issue 15, and issue 29's looping links and one-document `--json`),
and the issue's hostile files in real processes under a memory limit. The strategies and the
in-process runner are those of tests/test_fuzz_cli.py; `make fuzz` runs both with more
examples."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from solver.orapa.batch.results import STATUSES
from tests.test_fuzz_cli import FUZZ, MINE, ROOT, maybe, numbers, puzzle_file, run, seconds

# --- batch: a folder of fuzzed files, odd options, and odd results files ---

BATCH_KEYS = ("file", "status", "count", "seconds", "error")


def batch_command(folder: str, puzzle: str) -> st.SearchStrategy:
    """`orapa batch` over a folder of fuzzed files (or one of them, or a missing path), with
    odd values for its options and `--out` aimed at a fresh file, a puzzle, a directory or a
    place that cannot be written; one worker, short timeouts."""
    targets = st.sampled_from([folder, puzzle, folder + "/*.json", folder + "/none", "-",
                               folder + "/**/*.json", folder + "/loop/**"])
    outs = maybe(st.sampled_from([["--out", "results.jsonl"], []]),
                 st.sampled_from([["--out", puzzle], ["--out", folder], ["--out", "/proc/x/r"],
                                  ["--out", ""], ["--resume"]]))
    extras = st.lists(maybe(st.sampled_from([["--json"], ["--resume"], ["--no-progress"],
                                             ["--write-solutions"], ["--write-deductions"],
                                             ["--backend", "cp"]]),
                            st.sampled_from([["--address", "auto"], ["--engine", "nope"],
                                             ["--backend", "x"], ["--jobs"]])),
                      max_size=3)
    return st.builds(lambda target, out, extra, t, n, jobs: [
        "batch", target, "--jobs", jobs, "--timeout", t, "--count-limit", n, *out,
        *[x for option in extra for x in option]],
        targets, outs, extras, seconds, maybe(st.sampled_from(["5", "50"]), numbers),
        maybe(st.just("1"), st.sampled_from(["0", "-1", "x", "nan"])))


def check_batch(args: list[str]) -> None:
    """Batch's conventions: results are JSON lines with the interface keys (on standard output,
    or one summary document with `--out` and `--json`); errors one line; never a traceback."""
    status, out, err = run(args)
    assert status in (0, 2), (args, status, out[-300:], err[-300:])
    assert "Traceback" not in err, (args, err[-2000:])
    if status == 2:
        assert out == "", (args, out[:300])
        assert err.startswith("orapa: error: ") and err.count("\n") == 1, (args, err[:600])
        assert len(err) < 600, (args, len(err), err[:300])
        return
    if "--out" in args:
        if "--json" in args:
            assert set(json.loads(out)) >= {"files", "counts", "interrupted"}
        return
    if "--json" in args:            # one document: the summary and every line under `results`
        document = json.loads(out)
        assert set(document) >= {"results", "files", "counts", "interrupted"}
        lines = document["results"]
    else:
        lines = [json.loads(raw) for raw in out.splitlines()]
    for line in lines:
        raw = json.dumps(line)
        assert set(BATCH_KEYS) <= set(line) and line["status"] in STATUSES, (args, raw)
        if line["status"] == "error":
            assert line["error"] and len(line["error"]) <= 300, (args, raw[:400])


@FUZZ
@given(contents=st.lists(puzzle_file, min_size=1, max_size=3), data=st.data())
def test_batch_survives_any_files_and_options(tmp_path_factory, contents: list[str | bytes],
                                              data: st.DataObject) -> None:
    folder = tmp_path_factory.mktemp("batch")
    (folder / "sub").mkdir()                      # two directory links that loop
    os.symlink(folder, folder / "sub" / "loop")
    os.symlink(folder / "sub", folder / "loop")
    for i, content in enumerate(contents):
        path = folder / f"p{i}.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", errors="surrogatepass")
    check_batch(data.draw(batch_command(str(folder), str(folder / "p0.json"))))


# --- the hostile files, in real processes under a memory limit ---

MEMORY_LIMIT = 3 * 1024 ** 3  # address space: the imports (numpy, OR-tools) need about 1.5 GB


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _hostile_files(tmp: Path) -> list[tuple[list[str], str]]:
    big_layout = tmp / "big-layout.json"   # 46 MB, 600k gems: used 24 GB before
    gem = json.dumps(MINE["gems"][0])
    with big_layout.open("w") as handle:
        handle.write('{"gems": [' + ", ".join([gem] * 600_000) + "]}")
    squares = tmp / "squares.txt"
    squares.write_text("gems: 1000x white square\n")
    answers = tmp / "answers.txt"           # a million observations
    answers.write_text("gems: base\n" + "1 -> A transparent\n" * 1_000_000)
    nested = tmp / "nested.json"
    nested.write_text("[" * 5_000 + "]" * 5_000)
    absorbed = tmp / "absorbed.json"
    absorbed.write_text('{"gems": "base", "observations": [{"shot": "1", "exit": "absorbed"}]}')
    return [(["check", str(big_layout)], "too large"),
            (["solve", str(squares)], "1000 gems"),
            (["solve", str(answers)], "too large"),
            (["solve", str(nested)], "nested 5000 deep"),
            (["solve", str(absorbed), "--json"], '"conflict": [0]')]


def test_hostile_files_fail_fast_in_a_real_process_with_little_memory(tmp_path: Path) -> None:
    for args, expected in _hostile_files(tmp_path):
        done = subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, text=True,
                              capture_output=True, timeout=120, preexec_fn=_limited)
        assert done.returncode in (0, 2), (args, done.returncode, done.stderr[-500:])
        assert expected in done.stdout + done.stderr, (args, done.stderr[-500:])
        assert "Traceback" not in done.stderr and done.stderr.count("\n") <= 1


def test_batch_gives_each_hostile_file_a_line_at_once_with_little_memory(tmp_path: Path) -> None:
    """Before: batch `--timeout 20` did not stop a 38 s, 5.6 GB parse. Every file is bounded
    before it is read, and the timeout counts from the start of reading."""
    files = [Path(args[1]) for args, _ in _hostile_files(tmp_path)]
    done = subprocess.run([sys.executable, "-m", "cli", "batch", *map(str, files), "--jobs", "1",
                           "--timeout", "2"], cwd=ROOT, text=True, capture_output=True,
                          timeout=120, preexec_fn=_limited)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-500:]
    lines = {Path(line["file"]).name: line for line in map(json.loads, done.stdout.splitlines())}
    assert sorted(lines) == sorted(f.name for f in files)
    assert lines["absorbed.json"]["status"] == "contradiction"
    for name in ("big-layout.json", "answers.txt"):
        assert "too large" in lines[name]["error"], lines[name]
    assert all(line["seconds"] < 2 or line["status"] == "timeout" for line in lines.values())


@pytest.mark.parametrize("args", [["solve", "-"], ["check", "-"]])
def test_oversized_standard_input_is_refused(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, text=True,
                          input="gems: base\n" + "1 -> A transparent\n" * 100_000,
                          capture_output=True, timeout=120, preexec_fn=_limited)
    assert done.returncode == 2 and "-: too large (over" in done.stderr
