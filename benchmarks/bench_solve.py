"""Solver speed (issues 3 and 21): proving full-shot puzzles unique, enumeration rate, the CLI,
and the double set (14 gems) as users meet it: `solve` with its defaults and `orapa batch`.

    .venv/bin/python benchmarks/bench_solve.py [--layouts 100]
    .venv/bin/python benchmarks/bench_solve.py --double-only [--double-layouts 30]

ORAPA_FRONTIER=python measures the Python frontier search instead of the compiled one.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import common  # noqa: F401
from common import summary

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.api import solve
from solver.orapa.consistent import METHODS, ConsistentLayouts, session_for

ROOT = Path(__file__).resolve().parent.parent


def full_shot(preset: str, count: int, rng: random.Random,
              methods: tuple[str, ...] = METHODS) -> None:
    """Prove 36-shot puzzles unique (or find the twin) with each method on the same layouts;
    the model is built once beforehand, as a long-running process would have it."""
    gems = gem_set(preset)
    start = time.perf_counter()
    session = session_for(gems, RuleOptions())
    for port in range(36):
        session.model.shot(port)
    session.backend.sync()
    build = time.perf_counter() - start
    puzzles = [(truth, puzzle_from_layout(truth, gems, RuleOptions()))
               for truth in (random_layout(gems, rng=rng) for _ in range(count))]
    full_shot_puzzles(preset, puzzles, methods, build)


def full_shot_puzzles(preset: str, puzzles: list, methods: tuple[str, ...],
                      build: float | None = None) -> None:
    """`full_shot` on given (truth, puzzle) pairs."""
    if build is None:
        start = time.perf_counter()
        session = session_for(gem_set(preset), RuleOptions())
        for port in range(36):
            session.model.shot(port)
        session.backend.sync()
        build = time.perf_counter() - start
    count = len(puzzles)
    for method in methods:
        times, cpu, statuses, engines = [], [], Counter(), Counter()
        for truth, puzzle in puzzles:
            start, start_cpu = time.perf_counter(), time.process_time()
            result = solve(puzzle, limit=2, count_limit=1, method=method)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            assert result.status == "ambiguous" or result.solutions == [truth]
            statuses[result.status] += 1
            engines["waves" if "families" in result.stats else "model"] += 1
        print(f"{preset}, 36 shots, unique or twin found ({count} layouts), method {method}: "
              f"{summary(times)}; CPU median {statistics.median(cpu) * 1000:.1f} ms; "
              f"{dict(statuses)}; engines {dict(engines)}; model built once in {build:.2f} s")


def double_set(count: int, rng: random.Random, model: int) -> None:
    """The double set (14 gems), 36 shots, on `count` seeded random legal layouts: proving unique
    or finding the twin (`limit=2, count_limit=1`), the exact count with `orapa solve`'s
    defaults, and `orapa batch --jobs 1` over the same puzzles as files (start-up included);
    then `model` of them by the SAT model alone. Wall and CPU time, median / p95 / worst."""
    gems = gem_set("double")
    puzzles = [(truth, puzzle_from_layout(truth, gems, RuleOptions()))
               for truth in (random_layout(gems, rng=rng) for _ in range(count))]
    for label, limit, count_limit in (("unique or twin found", 2, 1),
                                      ("exact count, solve's defaults", 10, 10_000)):
        times, cpu, statuses, engines = [], [], Counter(), Counter()
        for truth, puzzle in puzzles:
            start, start_cpu = time.perf_counter(), time.process_time()
            result = solve(puzzle, limit=limit, count_limit=count_limit)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            assert truth in result.solutions or (result.status == "ambiguous"
                                                 and len(result.solutions) == limit)
            assert result.exact or count_limit == 1
            statuses[result.status] += 1
            engines["waves" if "families" in result.stats else "model"] += 1
        print(f"double, 36 shots, {label} ({count} layouts), method auto: wall {summary(times)}; "
              f"CPU {summary(cpu)}; {dict(statuses)}; engines {dict(engines)}")
    orapa = str(Path(sys.executable).parent / "orapa")
    with tempfile.TemporaryDirectory() as tmp:
        for i, (_, puzzle) in enumerate(puzzles):
            (Path(tmp) / f"double-{i:03d}.json").write_text(json.dumps(puzzle.to_json()))
        start = time.perf_counter()
        out = subprocess.run([orapa, "batch", tmp, "--jobs", "1", "--no-progress"],
                             capture_output=True, check=True, text=True, timeout=3600)
        elapsed = time.perf_counter() - start
        lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
        seconds = [line["seconds"] for line in lines if line.get("seconds") is not None]
        print(f"double, `orapa batch --jobs 1` on the same {len(lines)} files: per file "
              f"{summary(seconds)}; whole run {elapsed:.2f} s; "
              f"{dict(Counter(line['status'] for line in lines))}")
    if model:
        full_shot_puzzles("double", puzzles[:model], ("model",))


def enumeration(count: int, rng: random.Random, shots: int = 6, cap: int = 20_000,
                seconds: float = 10.0, many: int = 1_000) -> None:
    """Layouts listed per second on puzzles with `shots` random shots, CPU time of this
    process; "many solutions" are the puzzles with at least `many` layouts."""
    gems = gem_set("base")
    rates, totals, engines = [], [0, 0.0], Counter()
    many_rates = []
    for _ in range(count):
        truth = random_layout(gems, rng=rng)
        puzzle = puzzle_from_layout(truth, gems, RuleOptions(),
                                    ports=rng.sample(range(36), shots))
        layouts = ConsistentLayouts(puzzle)
        start = time.process_time()
        found = 0
        for _ in layouts.layouts():
            found += 1
            if found >= cap or time.process_time() - start > seconds:
                break
        elapsed = time.process_time() - start
        engines[layouts.engine] += 1
        rates.append(found / elapsed)
        if found >= many:
            many_rates.append(found / elapsed)
        totals[0] += found
        totals[1] += elapsed
    rates.sort()
    many_rates.sort()
    print(f"enumeration, base, {shots} random shots ({count} puzzles, up to {cap:,} layouts or "
          f"{seconds:.0f} CPU s each): median {rates[len(rates) // 2]:,.0f} layouts/s, "
          f"worst {rates[0]:,.0f}, overall {totals[0] / totals[1]:,.0f} layouts/s; "
          f"engines {dict(engines)}")
    if many_rates:
        print(f"  the {len(many_rates)} puzzles with at least {many:,} layouts: median "
              f"{many_rates[len(many_rates) // 2]:,.0f} layouts/s, worst {many_rates[0]:,.0f}")


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
    parser.add_argument("--double-layouts", type=int, default=30)
    parser.add_argument("--double-model", type=int, default=0,
                        help="of those, how many the SAT model alone proves too (slow: minutes)")
    parser.add_argument("--double-only", action="store_true", help="only the double set")
    parser.add_argument("--enumeration-puzzles", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(2026)
    if not args.double_only:
        cli_call(rng)
        full_shot("base", args.layouts, rng)
        enumeration(args.enumeration_puzzles, rng)
        full_shot("full", args.layouts, rng)
    # double has more gems than the plain wave search takes (WAVE_SEARCH_MAX_GEMS): auto is
    # the frontier search (the model when it runs out of time); its own seed, so that
    # --double-only measures the same layouts
    double_set(args.double_layouts, random.Random(21), args.double_model)


if __name__ == "__main__":
    main()
