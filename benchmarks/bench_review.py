"""Review speed (issue 32): a game of 15 questions (random distinct shots at a random mine)
reviewed, without and with the advisor playing the same mine. Targets: base under 5 s, full
under 20 s (the medians).

    .venv/bin/python benchmarks/bench_review.py [--games 5] [--presets base,full] [--no-advisor]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import common  # noqa: F401

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, shot_answer
from games.orapa.random_layouts import random_layout
from solver.orapa.review.game import review

QUESTIONS = 15
TARGETS = {"base": 5.0, "full": 20.0}


def game(preset: str, seed: int) -> tuple[Puzzle, object]:
    """A hidden mine and the answers to 15 random distinct shots at it."""
    rng = random.Random(seed)
    gems = gem_set(preset)
    mine = random_layout(gems, rng=rng)
    ports = rng.sample(range(36), QUESTIONS)
    return Puzzle(gems, RuleOptions(), tuple(shot_answer(mine, p) for p in ports)), mine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--presets", default="base,full")
    parser.add_argument("--no-advisor", action="store_true",
                        help="Only the review's own figures (not advisor_questions).")
    args = parser.parse_args()
    for preset in args.presets.split(","):
        bare, whole, cpu = [], [], []
        for seed in range(args.games):
            puzzle, mine = game(preset, seed)
            start, used = time.perf_counter(), time.process_time()
            review(puzzle, seed=seed)
            bare.append(time.perf_counter() - start)
            cpu.append(time.process_time() - used)
            if not args.no_advisor:
                start = time.perf_counter()
                review(puzzle, mine, seed=seed)
                whole.append(time.perf_counter() - start)
        target = TARGETS.get(preset)
        line = (f"{preset}: review of {QUESTIONS} questions median {statistics.median(bare):.2f} s"
                f" (worst {max(bare):.2f} s, CPU median {statistics.median(cpu):.2f} s)")
        if whole:
            line += (f"; with the advisor on the mine median {statistics.median(whole):.2f} s "
                     f"(worst {max(whole):.2f} s)")
        if target is not None:
            worst_median = statistics.median(whole or bare)
            line += f"; target {target:.0f} s: {'met' if worst_median < target else 'NOT met'}"
        print(f"{line} (n={args.games})", flush=True)


if __name__ == "__main__":
    main()
