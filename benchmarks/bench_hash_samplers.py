"""Samplers with guarantees against the advisor's own sampler, on one game state (issue 5).

Issue 5 suggests UniGen or CMSGen for near-uniform samples. This script plays the advisor's
first `--questions` questions against the mine of `--seed`, then asks each sampler for
`--samples` consistent layouts of that state, over the SAT model's placement variables (an
independent support: every other variable follows from them, and each layout is one placement
assignment):

- `families`: the advisor's exact sampler (`solver.orapa.counting.consistent_sample.consistent_candidates`);
- `unigen`: UniGen 3 through `pyunigen` (hashing, a uniformity guarantee);
- `cmsgen`: CMSGen through `pycmsgen` (random-polarity SAT calls, no guarantee).

UniGen and CMSGen cannot be interrupted from Python, so each runs in a child process that is
stopped after `--limit` seconds. They are optional packages:

    .venv/bin/pip install -e '.[samplers]'
    .venv/bin/python benchmarks/bench_hash_samplers.py --gems full --seed 0 --questions 3
"""
from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import random
import sys
import time

import common  # noqa: F401  (puts the project on sys.path)
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle
from games.orapa.random_layouts import random_layout
from solver.orapa.advisor.ranking import advise
from solver.orapa.advisor.autoplay import answer
from solver.orapa.sat.backends import plain_clauses
from solver.orapa.sat.model import OrapaModel
from solver.orapa.counting.consistent_sample import consistent_candidates


def game_state(preset: str, seed: int, questions: int) -> Puzzle:
    """The puzzle after the advisor's first `questions` questions against the mine of `seed`."""
    gems, rules = gem_set(preset), RuleOptions()
    mine = random_layout(gems, rules, random.Random(seed))
    puzzle = Puzzle(gems, rules)
    for _ in range(questions):
        best = advise(puzzle, rng=random.Random(seed)).best
        puzzle = puzzle.with_observations(list(puzzle.observations)
                                          + [answer(mine, best.question)])
    return puzzle


def sampler_input(puzzle: Puzzle) -> tuple[list[list[int]], list[int]]:
    """The model's clauses with the answers as unit clauses, and the placement variables."""
    model = OrapaModel(puzzle.gems, puzzle.rules)
    units = [[lit] for obs in puzzle.observations for lit in model.observation_literals(obs)]
    clauses = plain_clauses(model.cnf) + units
    return clauses, [v for group in model.layout.placement for v in group]


def run_unigen(clauses: list[list[int]], support: list[int], n: int, out) -> None:
    from pyunigen import Sampler

    start = time.monotonic()
    sampler = Sampler(seed=1)
    for clause in clauses:
        sampler.add_clause(clause)
    cells, hashes, samples = sampler.sample(num=n, sampling_set=support)
    out.put((len(samples), time.monotonic() - start, cells * 2 ** hashes))


def run_cmsgen(clauses: list[list[int]], support: list[int], n: int, out) -> None:
    from pycmsgen import Solver

    start = time.monotonic()
    solver = Solver(seed=1)
    solver.add_clauses(clauses)
    for i in range(n):
        solver.solve()
        out.put((i + 1, time.monotonic() - start, None))


def timed(target, clauses: list[list[int]], support: list[int], n: int, limit: float
          ) -> tuple[int, float, float | None]:
    """(samples produced, seconds, count estimate) of `target` in a child stopped at `limit`."""
    out: multiprocessing.Queue = multiprocessing.Queue()
    child = multiprocessing.Process(target=target, args=(clauses, support, n, out))
    start = time.monotonic()
    child.start()
    child.join(limit)
    if child.is_alive():
        child.terminate()
        child.join()
    last = (0, time.monotonic() - start, None)
    while not out.empty():
        last = out.get()
    return last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gems", default="full")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--questions", type=int, default=3)
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--limit", type=float, default=120.0, help="seconds per sampler")
    args = parser.parse_args()
    puzzle = game_state(args.gems, args.seed, args.questions)
    print(f"{args.gems}, seed {args.seed}, after {args.questions} questions: "
          + ", ".join(str(o) for o in puzzle.observations))
    start = time.monotonic()
    ours = consistent_candidates(puzzle, n=args.samples, rng=random.Random(1))
    print(f"families: {len(ours.layouts)} layouts ({ours.method}, about {ours.count:.3g} "
          f"consistent) in {time.monotonic() - start:.2f} s")
    clauses, support = sampler_input(puzzle)
    for name, target in (("unigen", run_unigen), ("cmsgen", run_cmsgen)):
        if importlib.util.find_spec(f"py{name}") is None:
            print(f"{name}: skipped (py{name} is not installed: pip install -e '.[samplers]')")
            continue
        made, seconds, count = timed(target, clauses, support, args.samples, args.limit)
        counted = "" if count is None else f", about {count:.3g} consistent"
        print(f"{name}: {made} of {args.samples} samples in {seconds:.1f} s"
              f" (limit {args.limit:.0f} s{counted})")


if __name__ == "__main__":
    sys.exit(main())
