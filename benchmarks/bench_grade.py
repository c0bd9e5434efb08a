"""Grading speed (`generator.difficulty.grade`, what `orapa generate --difficulty` and the daily
puzzle pay per puzzle): the puzzles of generator seeds 0..N-1 graded, CPU seconds per grade
(median, p95, worst) and the grades found. Generating is not timed.

    .venv/bin/python benchmarks/bench_grade.py [--puzzles 20] [--gems base] [--clues minimal]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

import common  # noqa: F401

from games.orapa.gems import gem_set
from generator.difficulty import grade
from generator.generate import Generator


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=20)
    parser.add_argument("--gems", default="base")
    parser.add_argument("--clues", default="minimal", choices=["all", "minimal"])
    args = parser.parse_args()
    cpu: list[float] = []
    grades: Counter[str] = Counter()
    points: list[int] = []
    for seed in range(args.puzzles):
        found = Generator(gem_set(args.gems), rng=random.Random(seed), clues=args.clues).next()
        used = time.process_time()
        graded = grade(found.puzzle, found.difficulty, seed)
        cpu.append(time.process_time() - used)
        grades[graded.level] += 1
        points.append(graded.points)
    ordered = sorted(cpu)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    print(f"{args.gems}, clues {args.clues}: {args.puzzles} grades, CPU per grade median "
          f"{statistics.median(ordered):.2f} s, p95 {p95:.2f} s, worst {ordered[-1]:.2f} s, "
          f"total {sum(cpu):.1f} s; grades {dict(sorted(grades.items()))}; points {points}",
          flush=True)


if __name__ == "__main__":
    main()
