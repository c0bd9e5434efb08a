"""Whole-command timings, Python start-up included: what a user waits for at the prompt.

Each command runs `--repeats` times as a subprocess of the installed `orapa`; the report gives
the median wall time and the median CPU time (user + system of the child), since wall times
on a shared machine include waiting for a core. Targets (issue 21): `orapa --help` under
0.15 s, `orapa simulate mine.json` under 0.25 s, `orapa solve --json` on a 36-shot base puzzle
under 0.3 s. The solve runs cycle over `--puzzles` different random base puzzles.

    .venv/bin/python benchmarks/bench_commands.py --repeats 11
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import common  # noqa: F401  (puts the project on sys.path)

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.random_layouts import random_layout
from games.orapa.puzzle import puzzle_from_layout


# as a user runs them: bytecode cached (a shell that sets PYTHONDONTWRITEBYTECODE would compile
# every module at every start, about 0.1 s more)
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def timed(argv: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, standard output) of one run; a failure stops the benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=11)
    parser.add_argument("--puzzles", type=int, default=5)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--orapa", default=str(Path(sys.executable).parent / "orapa"),
                        help="the command to time, e.g. 'python OTHER_CHECKOUT/cli.py' to "
                             "compare with another version  [default: the installed orapa]")
    args = parser.parse_args()

    orapa = shlex.split(args.orapa)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        mine = random_layout(gem_set("base"), rng=rng)
        mine_path = Path(tmp) / "mine.json"
        mine_path.write_text(json.dumps(mine.to_json()))
        puzzle_paths = []
        for i in range(args.puzzles):
            truth = random_layout(gem_set("base"), rng=rng)
            path = Path(tmp) / f"puzzle{i}.json"
            path.write_text(json.dumps(
                puzzle_from_layout(truth, gem_set("base"), RuleOptions()).to_json()))
            puzzle_paths.append(str(path))

        cases = [
            ("orapa --help", lambda i: [*orapa, "--help"], 0.15),
            ("orapa simulate mine.json", lambda i: [*orapa, "simulate", str(mine_path)], 0.25),
            ("orapa simulate mine.json --json",
             lambda i: [*orapa, "simulate", str(mine_path), "--json"], None),
            ("orapa check mine.json", lambda i: [*orapa, "check", str(mine_path)], None),
            ("orapa solve PUZZLE --json (36-shot base)",
             lambda i: [*orapa, "solve", puzzle_paths[i % len(puzzle_paths)], "--json"], 0.3),
            ("orapa mandragora --help", lambda i: [*orapa, "mandragora", "--help"], None),
        ]
        for _, argv, _ in cases:  # warm the file cache and write the bytecode once
            timed(argv(0))
        print(f"median of {args.repeats} runs (wall; CPU of the child), load average "
              f"{os.getloadavg()[0]:.1f}")
        for name, argv, target in cases:
            walls, cpus = [], []
            for i in range(args.repeats):
                wall, cpu, _ = timed(argv(i))
                walls.append(wall)
                cpus.append(cpu)
            goal = f"; target {target} s" if target else ""
            print(f"{name}: wall {statistics.median(walls):.3f} s (best {min(walls):.3f}), "
                  f"CPU {statistics.median(cpus):.3f} s{goal}")


if __name__ == "__main__":
    main()
