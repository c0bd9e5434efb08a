"""Fuzzing the command line (issue 15: make the class impossible, not just each instance).

Hypothesis builds malformed, oversized and deeply nested inputs for every file format (layout
JSON, puzzle JSON, the puzzle text format) and odd values for every command's options, and runs
them through the real entry point (`commands.common.run_main` on `cli.root`, in process). For
every input:

- the exit status is 0, 2 (bad input) or 3 (a limit was reached), never a traceback;
- on status 2 standard error is one short line `orapa: error: ...` and standard output is empty;
- with `--json` and status 0 standard output is exactly one JSON document;
- each run finishes within `HANG_SECONDS` (a guard against hangs, not a speed test: the searches
  get small `--timeout`s, so a run past it is a bug).

A few real subprocesses run the issue's hostile files under a memory limit (RLIMIT_AS).
`make fuzz` runs the same with `FUZZ_EXAMPLES` (default here 25) many more examples; batch and the
hostile files in real processes are in tests/test_fuzz_batch.py.
"""
from __future__ import annotations

import contextlib
import errno
import io
import json
import random
import os
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cli import root
from commands.common import run_main
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import CellAnswer, Puzzle, ShotAnswer, all_shot_answers, cell_answer
from games.orapa.random_layouts import random_layout
from games.orapa.text_format import format_puzzle_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
HANG_SECONDS = 60
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])

PORTS = [str(n) for n in range(1, 19)] + list("ABCDEFGHIJKLMNOPQR")
CELLS = [f"{c}{r}" for c in "ABCDEFGHIJ" for r in range(1, 9)]
COLOURS = ["red", "yellow", "blue", "white", "transparent", "black", "orange", "purple",
           "green", "pink", "light yellow", "light blue", "light orange", "light purple",
           "light green", "grey", "violet", "clear"]
GEM_COLOURS = COLOURS[:6]
SHAPES = ["parallelogram", "triangle", "large-triangle", "square", "small-triangle", "block"]
SETS = ["base", "base+diamond", "base+black", "full", "first-edition"]
MINE = {"gems": [
    {"shape": "parallelogram", "color": "red", "vertices": [[0, 0], [2, 0], [3, 1], [1, 1]]},
    {"shape": "triangle", "color": "yellow", "vertices": [[6, 1], [8, 1], [6, 3]]},
    {"shape": "large-triangle", "color": "blue", "vertices": [[1, 4], [5, 4], [3, 6]]},
    {"shape": "large-triangle", "color": "white", "vertices": [[6, 8], [8, 6], [10, 8]]},
    {"shape": "square", "color": "white", "vertices": [[8, 2], [9, 3], [8, 4], [7, 3]]}]}


class Hang(Exception):
    """A command ran past HANG_SECONDS."""


class FullStream(io.StringIO):
    """Standard output on a full device (`> /dev/full`): every write fails with ENOSPC."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


STREAMS = ("normal", "closed-out", "full-out", "closed-in")


def run(args: list[str], streams: str = "normal") -> tuple[int, str, str]:
    """One command in process: (exit status, stdout, stderr); any other exception escapes.
    `streams`: standard output closed (`>&-`) or on a full device, or standard input closed
    (`<&-`); their "stdout" is then empty."""
    out, err = io.StringIO(), io.StringIO()
    target: io.StringIO | None = {"closed-out": None, "full-out": FullStream()}.get(streams, out)
    stdin = sys.stdin

    def alarm(signum: int, frame: Any) -> None:
        raise Hang(" ".join(args)[:300])

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(HANG_SECONDS)
    try:  # in a scratch directory: a fuzzed `--svg` or `--out` writes there, not in the tree
        with tempfile.TemporaryDirectory() as scratch, contextlib.chdir(scratch), \
                contextlib.redirect_stdout(target), contextlib.redirect_stderr(err):
            if streams == "closed-in":
                sys.stdin = None
            try:
                run_main(root, args)
                status = 0
            except SystemExit as exit_:
                status = int(exit_.code or 0)
    finally:
        sys.stdin = stdin
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return status, out.getvalue(), err.getvalue()


def check(args: list[str], streams: str = "normal") -> tuple[int, str, str]:
    """Run and assert the conventions every command keeps; with standard output closed or
    full, a command that has something to print cannot succeed (status 2, or 3 at a limit)."""
    if streams == "closed-in":
        args = ["-" if "/fuzz" in a and a.endswith("input") else a for a in args]
    status, out, err = run(args, streams)
    assert status in (0, 2, 3), (args, streams, status, out[-300:], err[-300:])
    assert "Traceback" not in err, (args, err[-2000:])
    if streams in ("closed-out", "full-out"):
        assert status in (2, 3), (args, streams, status, err[-300:])
    if streams == "closed-in" and "-" in args:        # nothing to read: never a success
        assert status == 2, (args, status, err[-300:])
    if status == 2:
        assert out == "", (args, out[:300])
        assert err.startswith("orapa: error: ") and err.count("\n") == 1, (args, err[:600])
        assert len(err) < 600, (args, len(err), err[:300])
    if "--json" in args and (status == 0 or (status == 3 and out)):
        json.loads(out)  # one document, also the partial one printed at a limit
    return status, out, err


# --- strategies: JSON values, then each file format built from right and wrong parts ---

junk_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
    st.text(max_size=12), st.sampled_from(PORTS + CELLS + COLOURS + SHAPES + SETS + [
        "absorbed", "", " ", "-1", "0", "99", "K1", "A0", "J9", "1e9", "nan", "\u00e9", "\x00"]),
    st.text(alphabet="x", min_size=2_000, max_size=5_000))
json_values = st.recursive(junk_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


def maybe(strategy: st.SearchStrategy, wrong: st.SearchStrategy = json_values
          ) -> st.SearchStrategy:
    """Mostly a sensible value (7 in 8), sometimes anything at all."""
    return st.one_of(*[strategy] * 7, wrong)


points = st.lists(st.lists(st.integers(-2, 12), min_size=2, max_size=2), min_size=0, max_size=6)
gem_json = st.fixed_dictionaries({"shape": maybe(st.sampled_from(SHAPES)),
                                  "color": maybe(st.sampled_from(GEM_COLOURS))},
                                 optional={"vertices": maybe(points)})
gem_sets = maybe(st.one_of(st.sampled_from(SETS), st.lists(gem_json, min_size=1, max_size=16)))
shot_json = st.fixed_dictionaries(
    {"shot": maybe(st.sampled_from(PORTS))},
    optional={"exit": maybe(st.sampled_from(PORTS + ["absorbed"])),
              "color": maybe(st.sampled_from(COLOURS)), "cell": st.sampled_from(CELLS)})
cell_json = st.fixed_dictionaries(
    {"cell": maybe(st.sampled_from(CELLS))},
    optional={"content": maybe(st.sampled_from(COLOURS + ["empty", "absorbed"])),
              "exit": st.sampled_from(PORTS)})
rules_json = st.fixed_dictionaries({}, optional={
    "mirror": maybe(st.booleans()), "touching": maybe(st.sampled_from(["corner", "any"])),
    "visibility": maybe(st.booleans())})
layout_json = st.one_of(
    st.just(MINE),
    st.fixed_dictionaries({"gems": maybe(st.lists(gem_json, max_size=16))}),
    json_values)
puzzle_json = st.fixed_dictionaries(
    {"gems": gem_sets},
    optional={"rules": maybe(rules_json),
              "observations": maybe(st.lists(st.one_of(shot_json, cell_json), max_size=12)),
              "solution": maybe(st.just(MINE))})


@st.composite
def deep(draw: st.DrawFn) -> str:
    """JSON nested far too deep, inside a document or alone."""
    depth = draw(st.sampled_from([17, 100, 1_000, 50_000]))
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
    inner = opener * depth + "1" + closer * depth
    return draw(st.sampled_from([inner, '{"gems": "base", "observations": ' + inner + "}"]))


HUGE_NUMBERS = st.integers(31, 6_000).map(lambda n: "9" * n)   # past the 30 digits allowed
text_lines = st.one_of(
    st.builds(lambda p, e, c: f"{p} -> {e} {c}", maybe(st.sampled_from(PORTS), st.text(max_size=6)),
              maybe(st.sampled_from(PORTS), st.text(max_size=6)), st.sampled_from(COLOURS)),
    st.builds(lambda p: f"{p} -> absorbed", st.sampled_from(PORTS)),
    st.builds(lambda c, v: f"{c} = {v}", st.sampled_from(CELLS),
              st.sampled_from(COLOURS + ["empty", "absorbed"])),
    st.builds(lambda s: f"gems: {s}", st.one_of(st.sampled_from(SETS), st.builds(
        lambda n, c, s: f"{n}x {c} {s}", st.one_of(st.integers(0, 5_000), HUGE_NUMBERS),
        st.sampled_from(COLOURS),
        st.sampled_from(SHAPES)))),
    st.builds(lambda r: f"rules: {r}", maybe(st.sampled_from(
        ["mirror=off", "touching=any", "visibility=no mirror=on", ""]), st.text(max_size=30))),
    st.builds(lambda g, p: f"solution: {g} " + " ".join(f"{x},{y}" for x, y in p),
              st.sampled_from([f"{c} {s}" for c in GEM_COLOURS for s in SHAPES]),
              st.one_of(points, st.tuples(st.tuples(HUGE_NUMBERS, st.just(1))))),
    st.builds(lambda n: f"{n} -> A red", HUGE_NUMBERS))
text_lines = maybe(text_lines, st.text(max_size=40))
puzzle_text = st.builds(lambda head, lines: "\n".join(head + lines) + "\n",
                        st.lists(st.sampled_from(["gems: base", "gems: full", "# note"]),
                                 max_size=1),
                        st.lists(text_lines, max_size=15))


def serialised(strategy: st.SearchStrategy) -> st.SearchStrategy:
    """JSON text, sometimes damaged: truncated, with a BOM, a duplicated key, or as bytes."""
    def damage(text: str, how: str, cut: int) -> str | bytes:
        if how == "cut":
            return text[:cut % (len(text) + 1)]
        if how == "bom":
            return "\ufeff" + text
        if how == "dup" and text.startswith("{") and len(text) > 2:
            return '{"gems": "base", ' + text[1:]
        if how == "bytes":
            return text.encode("utf-16")
        if how == "huge":         # an integer Python refuses to convert (over 4300 digits)
            digits = "9" * (4_301 + cut)
            return ('{"n": ' + digits + ", " + text[1:]) if text.startswith("{") else digits
        return text
    return st.builds(damage, strategy.map(json.dumps),
                     st.sampled_from(["none", "none", "cut", "bom", "dup", "bytes", "huge"]),
                     st.integers(0, 10_000))


@st.composite
def near_valid_puzzle(draw: st.DrawFn) -> str:
    """A real mine's answers (some shots, some cells), then a few mutations: the solver's own
    paths (the precheck, the searches, the conflict) rather than the parsers'."""
    preset = draw(st.sampled_from(SETS + ["double"]))
    mine = random_layout(gem_set(preset), rng=random.Random(draw(st.integers(0, 2**32 - 1))))
    ports = draw(st.lists(st.integers(0, 35), max_size=36, unique=True))
    answers = [all_shot_answers(mine)[p] for p in ports]
    answers += [cell_answer(mine, c) for c in draw(st.lists(st.integers(0, 79), max_size=6))]
    for _ in range(draw(st.integers(0, 3))):
        if not answers:
            break
        i = draw(st.integers(0, len(answers) - 1))
        old = answers[i]
        if isinstance(old, ShotAnswer):
            answers[i] = ShotAnswer(old.port, draw(st.one_of(st.none(), st.integers(0, 35))),
                                    draw(st.integers(0, 15)))
            if answers[i].exit is None:
                answers[i] = ShotAnswer(old.port, None, None)
        else:
            answers[i] = CellAnswer(old.cell, draw(st.sampled_from(
                ["empty", "absorbed", *GEM_COLOURS[:5]])))
    puzzle = Puzzle(gem_set(preset), RuleOptions(), tuple(answers),
                    mine if draw(st.booleans()) and answers == [
                        a for a in answers if a.holds(mine)] else None)
    if draw(st.booleans()):
        return format_puzzle_text(puzzle)
    return json.dumps(puzzle.to_json())


odd_file = st.one_of(deep(), st.binary(max_size=200), st.just(""), st.just("\ufeff"))
puzzle_file = st.one_of(*[serialised(puzzle_json), puzzle_text, near_valid_puzzle()] * 3,
                        serialised(layout_json),
                        odd_file)
layout_file = st.one_of(*[serialised(layout_json)] * 6, serialised(puzzle_json), puzzle_text,
                        odd_file)

# --- options: odd values for every option of every command ---

numbers = st.sampled_from(["0", "1", "-1", "nan", "inf", "-inf", "1e400", "2.5", "x", "",
                           "99999999999999999999", "0x10", "1,,3", " 3"])
seconds = maybe(st.sampled_from(["0.01", "0.2", "0.5", "1"]),
                st.sampled_from(["0", "nan", "inf", "-1", "x", "1e-9", ""]))
counts = maybe(st.sampled_from(["1", "2", "10"]), numbers)


def layout_command(path: str) -> st.SearchStrategy:
    """A command that reads a layout from `path`, with odd option values."""
    layout_cmds = st.sampled_from([["check"], ["simulate"], ["show", "--no-color"], ["ask"]])
    return st.one_of(
        st.builds(lambda c, extra: c + [path] + [x for option in extra for x in option],
                  layout_cmds,
                  st.lists(maybe(st.sampled_from([["--json"], ["--no-mirror"], ["--touching",
                                                                                  "any"],
                                                  ["--no-visibility"]]),
                                 st.sampled_from([["--touching"], ["Z"], ["--svg"]])),
                           max_size=3)),
        st.builds(lambda cells, extra: ["ask", path, *cells] + extra,
                  st.lists(maybe(st.sampled_from(CELLS), st.sampled_from(["K9", "15", ""])),
                           max_size=4), st.lists(st.just("--json"), max_size=1)))


def puzzle_command(path: str) -> st.SearchStrategy:
    """A command that reads a puzzle from `path`; searches get a short timeout."""
    return st.one_of(
        st.builds(lambda extra, t, n: ["solve", path, "--timeout", t, "--count-limit", n]
                  + [x for o in extra for x in o],
                  st.lists(st.sampled_from([["--json"], ["--show"], ["--limit", "0"],
                                            ["--limit", "2"], ["--method", "model"],
                                            ["--backend", "cp"], ["--limit", "-1"]]),
                           max_size=3), seconds, maybe(st.sampled_from(["5", "50"]), numbers)),
        st.builds(lambda t: ["verify", path, str(ROOT / "puzzles/base/base-easy-01.json"),
                             "--timeout", t, "--json"], seconds),
        st.builds(lambda t: ["verify", str(ROOT / "puzzles/base/base-easy-01.json"), path,
                             "--timeout", t], seconds),
        st.builds(lambda b, top: ["next", path, "--budget", b, "--top", top, "--sample", "50"],
                  maybe(st.sampled_from(["0.05", "0.2"]), st.sampled_from(["nan", "-1"])),
                  counts),
        st.builds(lambda to: ["convert", path, "--to", to],
                  maybe(st.sampled_from(["json", "text"]), st.just("yaml"))))


other_commands = st.one_of(
    st.builds(lambda m, f, p: ["mandragora", "play", "--moves", m, "--first", f,
                               "--pattern", p, "--json"],
              st.one_of(numbers, st.lists(st.sampled_from(["1", "2", "3", "4", "5", "6", "",
                                                            "99", "-1", "x"]),
                                          max_size=8).map(",".join)),
              st.sampled_from(["player", "opponent", "nobody"]), st.sampled_from("ABCDEZ")),
    st.builds(lambda d, t: ["mandragora", "solve", "--pattern", "A", "--moves",
                               "1,2,3,4,5,6,7,8,1,2", "--depth", d, "--time-limit", t],
              counts, seconds),
    st.builds(lambda m, lvl: ["ripple", "play", "--moves", m, "--json"] + lvl,
              st.one_of(numbers, st.text(max_size=20), st.just("red@3,3,blue@0,0")),
              st.lists(st.sampled_from(["--power", "--level", "9"]), max_size=2)),
    st.builds(lambda m, lvl: ["ripple", "best", "--moves", m, "--level", lvl, "--json"],
              st.sampled_from(["", "red@3,3", "red@9,9", "red@3", "x"]),
              st.sampled_from(["0", "1", "-1", "nan"])),
    st.builds(lambda h, t: ["uncovered", "score", "--hands", h, "--turns", t, "--json"],
              st.sampled_from(["1243,3412", "1234", "12345,1234", "1111,2222", "", "1243,,3412",
                               "4321,4321,4321,4321,4321,4321,4321"]), counts),
    st.builds(lambda h: ["uncovered", "optimum", "--hands", h, "--json"],
              st.sampled_from(["1243,3412", "2143,1234,3412", "x", "0000,1234", "1243"])),
    st.builds(lambda g, c, clues: ["generate", "--gems", g, "--count", c, "--seed", "1",
                                   "--out", "/proc/orapa-fuzz/x", "--clues", clues],
              st.sampled_from(["base", "nope", "[", "[]", '[{"shape": "square"}]', "double"]),
              st.sampled_from(["0", "-1", "x", "1"]), st.sampled_from(["all", "none"])),
    st.builds(lambda s, g: ["play", "--auto", "--seed", s, "--gems", g, "--budget", "0.05",
                            "--json"], st.sampled_from(["x", "1e3"]),
              st.sampled_from(["nope", "[]", "base+nothing"])),
)


streams = st.sampled_from(["normal"] * 5 + list(STREAMS[1:]))


def _write(tmp_path_factory: pytest.TempPathFactory, content: str | bytes) -> str:
    path = tmp_path_factory.mktemp("fuzz") / "input"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
    return str(path)


@FUZZ
@given(content=puzzle_file, data=st.data())
def test_every_puzzle_command_survives_any_file(tmp_path_factory, content: str | bytes,
                                                data: st.DataObject) -> None:
    check(data.draw(puzzle_command(_write(tmp_path_factory, content))), data.draw(streams))


@FUZZ
@given(content=layout_file, data=st.data())
def test_every_layout_command_survives_any_file(tmp_path_factory, content: str | bytes,
                                                data: st.DataObject) -> None:
    check(data.draw(layout_command(_write(tmp_path_factory, content))), data.draw(streams))


@FUZZ
@given(args=other_commands)
def test_every_other_command_survives_odd_options(args: list[str]) -> None:
    check(args)
