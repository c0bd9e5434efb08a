"""Puzzle generator: throughput, and how often random layouts are unique, traps or ambiguous.

Run: .venv/bin/python benchmarks/bench_generate.py [--full 200] [--minimal 30] [--layouts 1000]
     [--seed 1]

One process, one core. Targets: 10 unique full-shot base puzzles per second, 1 minimal-clue
base puzzle per second. The solver's model is built before the clock starts (a one-off
0.3-1.5 s per gem set and process).
1. Full-shot `base` puzzles per second (rejected layouts included in the time).
2. Minimal-clue `base` puzzles per second, with shots, levels and rejections.
3. On N random legal layouts each of `base`, `full` and `first-edition`: the shares that are
   unique from 36 shots, traps (a twin differing only in white or transparent gems) and
   otherwise ambiguous.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tqdm import tqdm  # noqa: E402

from games.orapa.gems import gem_set  # noqa: E402
from games.orapa.sampling import random_layout  # noqa: E402
from generator.generate import Generator, TOO_HARD  # noqa: E402


def warm_up(name: str, clues: str = "all") -> None:
    """Build the gem set's solver model (and for minimal clues its template) off the clock."""
    Generator(gem_set(name), rng=random.Random(0), clues=clues).next()


def throughput(clues: str, count: int, seed: int) -> None:
    """Generate `count` base puzzles and print the rate."""
    generator = Generator(gem_set("base"), rng=random.Random(seed), clues=clues)
    seconds = []
    found = []
    for _ in tqdm(range(count), desc=f"base, clues {clues}", file=sys.stderr, leave=False):
        start = time.perf_counter()
        found.append(generator.next())
        seconds.append(time.perf_counter() - start)
    total = sum(seconds)
    print(f"base, clues {clues}: {count} puzzles in {total:.1f} s = {count / total:.2f} "
          f"puzzles/s (median {statistics.median(seconds):.3f} s, worst {max(seconds):.2f} s); "
          f"rejected layouts {dict(generator.rejected)}")
    if clues == "minimal":
        shots = Counter(g.shots for g in found)
        levels = Counter(g.difficulty.level for g in found)
        conflicts = sorted(g.difficulty.conflicts for g in found)
        print(f"  shots {dict(sorted(shots.items()))}; levels {dict(levels)}; conflicts "
              f"median {statistics.median(conflicts):.0f}, quartiles "
              f"{conflicts[len(conflicts) // 4]}..{conflicts[3 * len(conflicts) // 4]}")
        if generator.rejected[TOO_HARD]:
            print(f"  {generator.rejected[TOO_HARD]} unique layouts skipped as too hard to cut "
                  f"down within the conflict budget")


def shares(name: str, layouts: int, seed: int) -> None:
    """Classify `layouts` random legal layouts of a gem set and print the shares."""
    generator = Generator(gem_set(name), rng=random.Random(seed))
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    for _ in tqdm(range(layouts), desc=name, file=sys.stderr, leave=False):
        verdict, _, _ = generator.classify(random_layout(generator.gems, generator.rules,
                                                         generator.rng))
        counts[verdict] += 1
    elapsed = time.perf_counter() - start
    parts = ", ".join(f"{kind} {100 * counts[kind] / layouts:.1f}%"
                      for kind in ("unique", "trap", "ambiguous"))
    print(f"{name}: {layouts} random legal layouts: {parts} ({elapsed:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", type=int, default=200, help="full-shot puzzles to time")
    parser.add_argument("--minimal", type=int, default=30, help="minimal puzzles to time")
    parser.add_argument("--layouts", type=int, default=1000, help="layouts per gem set")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warm_up("base", "minimal")
    throughput("all", args.full, args.seed)
    throughput("minimal", args.minimal, args.seed)
    for name in ("base", "full", "first-edition"):
        warm_up(name)
        shares(name, args.layouts, args.seed)


if __name__ == "__main__":
    main()
