"""Solver speed (issue 3): proving full-shot puzzles unique, enumeration rate, and the CLI.

    .venv/bin/python benchmarks/bench_solve.py [--layouts 100]
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import common  # noqa: F401
from common import summary

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import puzzle_from_layout
from games.orapa.sampling import random_layout
from solver.api import solve
from solver.consistent import ConsistentLayouts, session_for

ROOT = Path(__file__).resolve().parent.parent


def full_shot(preset: str, count: int, rng: random.Random) -> None:
    gems = gem_set(preset)
    start = time.perf_counter()
    session = session_for(gems, RuleOptions())
    for port in range(36):
        session.model.shot(port)
    session.backend.sync()
    build = time.perf_counter() - start
    times, statuses, calls = [], {"unique": 0, "ambiguous": 0}, 0
    for _ in range(count):
        truth = random_layout(gems, rng=rng)
        puzzle = puzzle_from_layout(truth, gems, RuleOptions())
        start = time.perf_counter()
        result = solve(puzzle, limit=2, count_limit=1)
        times.append(time.perf_counter() - start)
        assert result.status == "ambiguous" or result.solutions == [truth]
        statuses[result.status] += 1
        calls += result.sat_calls
    print(f"{preset}, 36 shots, unique or twin found ({count} layouts): {summary(times)}; "
          f"model built once in {build:.2f} s; {statuses}; {calls / count:.1f} SAT calls each")


def enumeration(count: int, rng: random.Random, shots: int = 6, cap: int = 20_000,
                seconds: float = 10.0) -> None:
    gems = gem_set("base")
    rates, totals = [], [0, 0.0]
    for _ in range(count):
        truth = random_layout(gems, rng=rng)
        puzzle = puzzle_from_layout(truth, gems, RuleOptions(),
                                    ports=rng.sample(range(36), shots))
        layouts = ConsistentLayouts(puzzle)
        start = time.perf_counter()
        found = 0
        for _ in layouts.layouts():
            found += 1
            if found >= cap or time.perf_counter() - start > seconds:
                break
        elapsed = time.perf_counter() - start
        rates.append(found / elapsed)
        totals[0] += found
        totals[1] += elapsed
    rates.sort()
    print(f"enumeration, base, {shots} random shots ({count} puzzles, up to {cap:,} layouts or "
          f"{seconds:.0f} s each): median {rates[len(rates) // 2]:,.0f} layouts/s, "
          f"worst {rates[0]:,.0f}, overall {totals[0] / totals[1]:,.0f} layouts/s")


def cli_call(rng: random.Random, repeats: int = 7) -> None:
    truth = random_layout(gem_set("base"), rng=rng)
    puzzle = puzzle_from_layout(truth, gem_set("base"), RuleOptions())
    orapa = str(Path(sys.executable).parent / "orapa")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "puzzle.json"
        path.write_text(json.dumps(puzzle.to_json()))
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            out = subprocess.run([orapa, "solve", str(path), "--json"], capture_output=True,
                                 check=True, text=True)
            times.append(time.perf_counter() - start)
            assert json.loads(out.stdout)["status"] in ("unique", "ambiguous")
    print(f"one `orapa solve --json` call on a 36-shot base puzzle, Python start-up included: "
          f"{summary(times)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--layouts", type=int, default=100)
    parser.add_argument("--enumeration-puzzles", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(2026)
    cli_call(rng)
    full_shot("base", args.layouts, rng)
    enumeration(args.enumeration_puzzles, rng)
    for preset in ("full", "double"):
        full_shot(preset, args.layouts, rng)


if __name__ == "__main__":
    main()
