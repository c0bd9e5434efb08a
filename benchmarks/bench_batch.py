"""Batch benchmark: throughput of `orapa batch` with 1 and 2 workers, and peak memory by size.

Generates random base-set puzzles (uniform random layouts, a random 12 to 36 of the 36 shots:
mostly unique, some ambiguous), runs the real console command on them and reads its JSON
summary. Targets (issue 6): `--jobs 2` at least 1.6x the throughput of `--jobs 1`, and peak
memory flat as the number of files grows.

    .venv/bin/python benchmarks/bench_batch.py --files 1000 --big 5000

Throughput is files per wall-clock second. CPU seconds (all processes) are shown too: on a
shared machine the scheduler (Linux autogroup) gives one terminal session a fair share of the
cores however many processes it runs, so the wall-clock ratio there says little; the CPU per
file says how much the second worker costs, hence what two idle cores would give.
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
from games.orapa.random_layouts import random_layout  # noqa: E402

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
          f"CPU {summary['cpu_seconds']:.1f} s "
          f"({summary['cpu_seconds'] / summary['command_seconds']:.2f} cores busy), "
          f"median puzzle {summary['median_seconds']:.3f} s, "
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
        runs: dict[int, list[dict]] = {1: [], 2: []}
        for round_ in range(args.rounds):          # 2 1 / 1 2 / ...: drift hits both alike
            for jobs in ((2, 1) if round_ % 2 == 0 else (1, 2)):
                summary = run(root / "small", jobs, root / f"run{round_}-{jobs}.jsonl")
                report(f"--jobs {jobs}", summary)
                runs[jobs].append(summary)
        speedup = (sum(r["wall_seconds"] for r in runs[1])
                   / sum(r["wall_seconds"] for r in runs[2]))
        two = runs[2][0]
        cpu = {j: sum(r["cpu_seconds"] for r in runs[j]) / sum(r["files"] for r in runs[j])
               for j in (1, 2)}
        print(f"throughput --jobs 2 / --jobs 1: {speedup:.2f}x (target >= 1.6x); "
              f"CPU per file {cpu[1] * 1000:.0f} ms (1 job), {cpu[2] * 1000:.0f} ms (2 jobs): "
              f"an idle two-core machine would give about {2 * cpu[1] / cpu[2]:.2f}x", flush=True)
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
