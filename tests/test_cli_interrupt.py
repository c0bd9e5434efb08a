"""Ctrl-C during `orapa generate`, for every preset (issue 29): status 130, one line on standard
error, and every puzzle file left behind whole. Ctrl-C inside PySAT's compiled solvers used to
come out as a `pysolvers.error` traceback (status 1).

The moment of the signal is random; `make fuzz` sets ORAPA_INTERRUPT_ROUNDS to try more of them.
"""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games.orapa.gems import PRESETS
from generator.shards import RUN
from tests.child_signals import default_sigint

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = int(os.environ.get("ORAPA_INTERRUPT_ROUNDS", "1"))
SMALL_TRIANGLES = json.dumps([{"shape": "small-triangle", "color": "white"}] * 14)
KEPT = "orapa: interrupted; the puzzles written are kept\n"


def _start(gems: str, out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "cli", "generate", "--gems", gems,
                             "--count", "1000000", "--seed", "3", "--out", str(out), *extra],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_sigint)


def _interrupt_all(runs: list[tuple[str, subprocess.Popen, Path]], rng: random.Random,
                   started: str = ".") -> None:
    """Wait until each run has started its work (`started` is in its --out: the directory
    itself, or a sharded run's run file), then send each SIGINT at a random moment of its
    next second and a half. (A fixed 4 s wait sent some, on a loaded machine, before the
    command had even been read: a traceback of the import, status 1.)"""
    for _, process, out in runs:
        waited = 0.0
        while waited < 120 and not (out / started).exists() and process.poll() is None:
            time.sleep(0.05)
            waited += 0.05
        time.sleep(rng.uniform(0, 1.5))
        process.send_signal(signal.SIGINT)


def _check_interrupted(name: str, process: subprocess.Popen, out: Path) -> None:
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, (name, process.returncode, stderr[-2000:])
    assert stderr == KEPT, (name, stderr[-2000:])
    for path in out.glob("*.json"):                 # every file there is a whole puzzle
        assert "solution" in json.loads(path.read_text(encoding="utf-8")), path
    assert not list(out.glob(".*.part")), name
    assert stdout.count(" written to ") == 1, (name, stdout[-500:])


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_ctrl_c_during_generate_of_every_preset_is_status_130_and_one_line(tmp_path, round_):
    rng = random.Random(round_)
    sets = [*PRESETS, SMALL_TRIANGLES]
    runs = []
    for i, gems in enumerate(sets):
        out = tmp_path / f"set{i}"
        runs.append((gems[:20], _start(gems, out), out))
    try:
        _interrupt_all(runs, rng)
        for name, process, out in runs:
            _check_interrupted(name, process, out)
    finally:
        for _, process, _ in runs:
            if process.poll() is None:
                process.kill()
                process.wait()


def test_ctrl_c_during_a_sharded_run_made_in_this_process(tmp_path):
    out = tmp_path / "shards"
    process = _start("double", out, "--shard-size", "2", "--jobs", "1")
    try:
        _interrupt_all([("double", process, out)], random.Random(1), RUN)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, stderr[-2000:]
    assert stderr == "orapa: interrupted; the finished shards are kept\n", stderr[-2000:]


@pytest.mark.parametrize("sharded", [False, True])
def test_ctrl_c_as_soon_as_the_output_is_made_says_what_is_kept(tmp_path, sharded: bool):
    """The moment --out is made (a sharded run: its run file), the generation has begun:
    Ctrl-C then said only "orapa: interrupted" while the progress bar, the generator or the
    shards' plan were being set up."""
    out = tmp_path / "out"
    extra = ("--shard-size", "2", "--jobs", "1") if sharded else ()
    process = _start("base", out, *extra)
    started = out / RUN if sharded else out
    try:
        while not started.exists() and process.poll() is None:
            time.sleep(0.002)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    kept = "the finished shards are kept" if sharded else "the puzzles written are kept"
    assert (process.returncode, stderr) == (130, f"orapa: interrupted; {kept}\n")


@pytest.mark.parametrize("command, prompt_on", [
    (["ripple", "play", "--opponent", "human"], "stdout"),
    (["mandragora", "play", "--interactive"], "stderr")])
def test_ctrl_c_at_a_prompt_is_one_line(command, prompt_on):
    """Click printed a blank line and `orapa: aborted` for Ctrl-C at a prompt."""
    process = subprocess.Popen([sys.executable, "-m", "cli", *command], cwd=ROOT, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, preexec_fn=default_sigint)
    try:
        stream, seen = getattr(process, prompt_on), ""
        while not seen.endswith(": "):          # the prompt: the game waits for a move
            char = stream.read(1)
            assert char, "the game ended before asking"
            seen += char
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, stderr
    assert stderr.endswith("orapa: interrupted\n") and "aborted" not in stderr, stderr
