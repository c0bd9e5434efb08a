"""Puzzle generator: throughput, and how often random layouts are unique, traps or ambiguous.

Run: .venv/bin/python benchmarks/bench_generate.py [--full 200] [--minimal 30]
     [--minimal-full 20] [--layouts 1000] [--seed 1]

One process, one core. Targets: 10 unique full-shot base puzzles per second, 10 minimal-clue
base puzzles per second (issue 21). Anything built once per process (the SAT model, used for
traps and rejections) is built before the clock starts. Times are wall clock and CPU time of
this process.
1. Full-shot `base` puzzles per second (rejected layouts included in the time).
2. Minimal-clue `base` puzzles per second, with shots, levels and rejections, and the
   minimiser's work: wave searches per puzzle and their nodes against the final proofs' nodes
   (the proof is needed anyway: its nodes rate the puzzle).
3. The same for minimal-clue `full` puzzles (seven gems), with the layouts skipped as too hard.
4. On N random legal layouts each of `base`, `full` and `first-edition`: the shares that are
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
from games.orapa.layout import RuleOptions  # noqa: E402
from games.orapa.random_layouts import random_layout  # noqa: E402
from generator.generate import Generator, TOO_HARD  # noqa: E402
from solver.orapa.consistent import session_for  # noqa: E402


def warm_up(name: str, clues: str = "all") -> None:
    """Build the gem set's solver model (used for rejections and traps) and, for minimal
    clues, the generator's caches, off the clock."""
    session_for(gem_set(name), RuleOptions())
    Generator(gem_set(name), rng=random.Random(0), clues=clues).next()


def throughput(clues: str, count: int, seed: int, name: str = "base") -> None:
    """Generate `count` puzzles of a gem set and print the rate."""
    generator = Generator(gem_set(name), rng=random.Random(seed), clues=clues)
    seconds, cpu = [], []
    found = []
    for _ in tqdm(range(count), desc=f"{name}, clues {clues}", file=sys.stderr, leave=False):
        start, start_cpu = time.perf_counter(), time.process_time()
        found.append(generator.next())
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    total = sum(seconds)
    print(f"{name}, clues {clues}: {count} puzzles in {total:.1f} s = {count / total:.2f} "
          f"puzzles/s, {count / sum(cpu):.2f} per CPU second (median {statistics.median(seconds):.3f} s, "
          f"worst {max(seconds):.2f} s); rejected layouts {dict(generator.rejected)}")
    if clues == "minimal":
        shots = Counter(g.shots for g in found)
        levels = Counter(g.difficulty.level for g in found)
        work = sorted(g.difficulty.work for g in found)
        measures = Counter(g.difficulty.measure for g in found)
        print(f"  shots {dict(sorted(shots.items()))}; levels {dict(levels)}; work "
              f"({dict(measures)}) median {statistics.median(work):.0f}, terciles "
              f"{work[len(work) // 3]}..{work[2 * len(work) // 3]}")
        effort = generator.minimiser
        if effort["searches"]:
            print(f"  minimiser: {effort['searches'] / count:.2f} wave searches per puzzle, "
                  f"{effort['nodes']} nodes in all, "
                  f"{effort['nodes'] / effort['proof_nodes']:.2f} times the final proofs' "
                  f"{effort['proof_nodes']}")
        if generator.rejected[TOO_HARD]:
            print(f"  {generator.rejected[TOO_HARD]} unique layouts skipped as too hard to cut "
                  f"down within a check's budget")


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
    parser.add_argument("--minimal-full", type=int, default=20,
                        help="minimal-clue full puzzles to time")
    parser.add_argument("--layouts", type=int, default=1000, help="layouts per gem set")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warm_up("base", "minimal")
    throughput("all", args.full, args.seed)
    throughput("minimal", args.minimal, args.seed)
    if args.minimal_full:
        warm_up("full", "minimal")
        throughput("minimal", args.minimal_full, args.seed, "full")
    for name in ("base", "full", "first-edition") if args.layouts else ():
        warm_up(name)
        shares(name, args.layouts, args.seed)


if __name__ == "__main__":
    main()
