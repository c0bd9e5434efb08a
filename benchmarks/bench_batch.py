"""Batch benchmark: throughput of `orapa batch` with 1 and 2 workers, and peak memory by size.

Generates random base-set puzzles (uniform random layouts, a random 12 to 36 of the 36 shots:
mostly unique, some ambiguous), runs the real console command on them and reads its JSON
summary. Targets (issue 6): `--jobs 2` at least 1.6x the throughput of `--jobs 1`, and peak
memory flat as the number of files grows.

    .venv/bin/python benchmarks/bench_batch.py --files 1000 --big 5000

Throughput is files per wall-clock second; CPU seconds (all processes) are shown too, since a
loaded machine slows the wall clock but not the work.
"""
from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.orapa.gems import gem_set  # noqa: E402
from games.orapa.layout import RuleOptions  # noqa: E402
from games.orapa.puzzle import puzzle_from_layout  # noqa: E402
from games.orapa.sampling import random_layout  # noqa: E402

ORAPA = Path(sys.executable).parent / "orapa"


def generate(directory: Path, count: int, seed: int) -> None:
    """`count` puzzle files, each with a random subset of 12 to 36 shots."""
    rng = random.Random(seed)
    gems, rules = gem_set("base"), RuleOptions()
    directory.mkdir(parents=True, exist_ok=True)
    for i in tqdm(range(count), desc=f"generating {count}", file=sys.stderr, leave=False):
        mine = random_layout(gems, rules, rng)
        shots = sorted(rng.sample(range(36), rng.randint(12, 36)))
        with open(directory / f"p{i:05d}.json", "w", encoding="utf-8") as handle:
            json.dump(puzzle_from_layout(mine, gems, rules, shots).to_json(), handle)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(directory: Path, jobs: int, out: Path) -> dict:
    """One `orapa batch` run: its summary plus the CPU seconds it used."""
    cpu = _children_cpu()
    start = time.perf_counter()
    proc = subprocess.run([str(ORAPA), "batch", str(directory), "--jobs", str(jobs),
                           "--out", str(out), "--json", "--no-progress"],
                          capture_output=True, text=True, check=True)
    summary = json.loads(proc.stdout)
    summary["cpu_seconds"] = _children_cpu() - cpu
    summary["command_seconds"] = time.perf_counter() - start
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == summary["files"], "one line per file"
    return summary


def report(label: str, summary: dict) -> None:
    counts = ", ".join(f"{n} {s}" for s, n in summary["counts"].items() if n)
    print(f"{label}: {summary['files']} files in {summary['wall_seconds']:.1f} s "
          f"({summary['files'] / summary['wall_seconds']:.2f} files/s), "
          f"CPU {summary['cpu_seconds']:.1f} s, median puzzle {summary['median_seconds']:.3f} s, "
          f"peak RSS main {summary['peak_rss_mb']['main']:.0f} MB, "
          f"largest worker {summary['peak_rss_mb']['workers']:.0f} MB; {counts}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000, help="puzzles for the throughput runs")
    parser.add_argument("--big", type=int, default=5000, help="puzzles for the memory run")
    parser.add_argument("--rounds", type=int, default=1,
                        help="runs of each job count, alternating which goes first")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench_batch_") as tmp:
        root = Path(tmp)
        generate(root / "small", args.files, args.seed)
        walls: dict[int, list[float]] = {1: [], 2: []}
        first: dict[int, dict] = {}
        for round_ in range(args.rounds):          # 2 1 / 1 2 / ...: drift hits both alike
            for jobs in ((2, 1) if round_ % 2 == 0 else (1, 2)):
                summary = run(root / "small", jobs, root / f"run{round_}-{jobs}.jsonl")
                report(f"--jobs {jobs}", summary)
                walls[jobs].append(summary["wall_seconds"])
                first.setdefault(jobs, summary)
        one, two = first[1], first[2]
        speedup = sum(walls[1]) / sum(walls[2])
        print(f"throughput --jobs 2 / --jobs 1: {speedup:.2f}x (target >= 1.6x); "
              f"CPU per file {one['cpu_seconds'] / one['files'] * 1000:.0f} ms (1 job), "
              f"{two['cpu_seconds'] / two['files'] * 1000:.0f} ms (2 jobs)", flush=True)
        if args.big:
            generate(root / "big", args.big, args.seed + 1)
            big = run(root / "big", 2, root / "big.jsonl")
            report("--jobs 2", big)
            print(f"peak memory {args.files} -> {args.big} files: main "
                  f"{two['peak_rss_mb']['main']:.0f} -> {big['peak_rss_mb']['main']:.0f} MB, "
                  f"largest worker {two['peak_rss_mb']['workers']:.0f} -> "
                  f"{big['peak_rss_mb']['workers']:.0f} MB")


if __name__ == "__main__":
    main()
