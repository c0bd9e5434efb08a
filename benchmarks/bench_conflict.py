"""Contradictions: `solve` on states whose answers cannot all hold because one answer was
flipped (a typo: a wave's colour or exit changed), and the minimal conflict it names.

A state is a random mine of a preset, `n` random shots answered, and one of those answers
(one whose wave left the board by another port) flipped: its colour's lowest bit toggled
(`colour`) or its exit moved to another port (`exit`). Each state is solved as `orapa solve`
does (`solve(puzzle, limit=1)`); its CPU seconds and those spent naming the conflict (in
`conflict`, after the listing found no layout), the conflict's size, whether the conflict
names the flipped answer (it must: the mine gives every other answer) and, with `--check`,
whether the conflict is minimal (drop any member and the rest have a layout) are reported.
Deadlines count this process's CPU time (`bench_agent.use_cpu_clock`, the C kernels' too:
`bench_midgame.use_cpu_kernels`), so that a busy machine gives an idle one's figures. Before
the timings of a preset, a consistent state of it is solved and its SAT model built (both
cached per process; the model's building is shown apart).

    .venv/bin/python benchmarks/bench_conflict.py [--presets base,full,double] [--seeds 5]
        [--answers 6,12,24,36] [--flips colour,exit] [--timeout 60] [--check] [--per-state]

A flip that leaves the answers consistent (few answers: another layout gives them all) is
counted apart and not timed as a contradiction; so is a solve that reached its time limit
before `conflict` began (the listing could not decide: issue 31's work, not this one's). A
time limit inside `conflict` is timed, at the limit.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter, defaultdict

import common  # noqa: F401  (puts the project on sys.path)
from bench_agent import use_cpu_clock
from bench_midgame import use_cpu_kernels

from games.errors import LimitReached
from games.orapa.board import PORTS
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, ShotAnswer, puzzle_from_layout, shot_answer
from games.orapa.random_layouts import random_layout
import solver.orapa.api as api
from solver.orapa.api import solve
from solver.orapa.conflict import Satisfiability
from solver.orapa.consistent import ConsistentLayouts, session_for


def flipped_state(preset: str, seed: int, answers: int, flip: str
                  ) -> tuple[Puzzle, int] | None:
    """A state of `answers` shots with one answer flipped, and the flipped answer's index;
    None when no answered wave left by another port (nothing to flip)."""
    gems = gem_set(preset)
    truth = random_layout(gems, rng=random.Random(seed))
    rng = random.Random(f"{preset}/{seed}/{answers}/{flip}")
    observations = [shot_answer(truth, port) for port in rng.sample(range(PORTS), answers)]
    candidates = [i for i, a in enumerate(observations) if a.exit is not None and a.exit != a.port]
    if not candidates:
        return None
    index = rng.choice(candidates)
    original = observations[index]
    if flip == "colour":
        changed = ShotAnswer(original.port, original.exit, (original.color or 0) ^ 1)
    else:
        others = [p for p in range(PORTS) if p not in (original.exit, original.port)]
        changed = ShotAnswer(original.port, rng.choice(others), original.color)
    observations[index] = changed
    return Puzzle(gems, RuleOptions(), tuple(observations)), index


def is_minimal(puzzle: Puzzle, core: list[int]) -> bool:
    """Does every proper subset of the core (one member dropped) have a layout?"""
    for i in range(len(core)):
        rest = puzzle.with_observations([puzzle.observations[j] for j in core if j != core[i]])
        if ConsistentLayouts(rest).first() is None:
            return False
    return True


class TimedConflict:
    """`api.conflict` with its CPU seconds kept (`seconds` None until it is called)."""

    def __init__(self) -> None:
        self.inner = api.conflict
        self.seconds: float | None = None

    def __call__(self, *args, **kwargs):
        start = time.process_time()
        try:
            return self.inner(*args, **kwargs)
        finally:
            self.seconds = time.process_time() - start


def tally_engines() -> Counter:
    """How many checks each engine decided, over every conflict from now on."""
    tally: Counter = Counter()
    close = Satisfiability.close

    def counted_close(self: Satisfiability) -> None:
        tally.update(search=self.by_search, count=self.by_count, model=self.by_model)
        close(self)
    Satisfiability.close = counted_close   # type: ignore[method-assign]
    return tally


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presets", default="base,full,double")
    parser.add_argument("--seeds", type=int, default=5, help="mines 0..N-1 of each preset")
    parser.add_argument("--answers", default="6,12,24,36")
    parser.add_argument("--flips", default="colour,exit")
    parser.add_argument("--timeout", type=float, default=60.0, help="CPU seconds per solve")
    parser.add_argument("--check", action="store_true", help="check each conflict's minimality")
    parser.add_argument("--per-state", action="store_true")
    args = parser.parse_args()
    use_cpu_clock("cpu")
    use_cpu_kernels()
    answer_counts = [int(a) for a in args.answers.split(",")]
    groups: dict[tuple[str, int], list[float]] = defaultdict(list)
    in_conflict: dict[tuple[str, int], list[float]] = defaultdict(list)
    undecided: dict[tuple[str, int], int] = defaultdict(int)
    timed = api.conflict = TimedConflict()
    engines = tally_engines()
    sizes: dict[tuple[str, int], list[int]] = defaultdict(list)
    consistent: dict[tuple[str, int], int] = defaultdict(int)
    timed_out: dict[tuple[str, int], int] = defaultdict(int)
    wrong: list[str] = []
    for preset in args.presets.split(","):
        warm = random_layout(gem_set(preset), rng=random.Random(-1))
        solve(puzzle_from_layout(warm, gem_set(preset), RuleOptions()), limit=1)
        start = time.process_time()
        session_for(gem_set(preset), RuleOptions()).backend.solve([])
        print(f"{preset}: SAT model built in {time.process_time() - start:.2f} CPU s",
              flush=True)
        for answers in answer_counts:
            for flip in args.flips.split(","):
                for seed in range(args.seeds):
                    made = flipped_state(preset, seed, answers, flip)
                    if made is None:
                        continue
                    puzzle, index = made
                    key = (preset, answers)
                    timed.seconds = None
                    start = time.process_time()
                    try:
                        result = solve(puzzle, limit=1, timeout=args.timeout)
                    except LimitReached:
                        where = "in conflict" if timed.seconds is not None else "listing"
                        if timed.seconds is None:
                            undecided[key] += 1
                        else:
                            timed_out[key] += 1
                            groups[key].append(time.process_time() - start)
                            in_conflict[key].append(timed.seconds)
                        if args.per_state:
                            print(f"  {preset} {answers} {flip} seed {seed}: time limit "
                                  f"({where})", flush=True)
                        continue
                    seconds = time.process_time() - start
                    if result.status != "contradiction":
                        consistent[key] += 1
                        continue
                    core = result.conflict or []
                    groups[key].append(seconds)
                    in_conflict[key].append(timed.seconds or 0.0)
                    sizes[key].append(len(core))
                    label = f"{preset} {answers} {flip} seed {seed}"
                    if index not in core:
                        wrong.append(f"{label}: conflict {core} misses the flipped {index}")
                    if args.check and not is_minimal(puzzle, core):
                        wrong.append(f"{label}: conflict {core} is not minimal")
                    if args.per_state:
                        print(f"  {label}: {seconds:.3f} s ({timed.seconds or 0:.3f} in conflict), "
                              f"conflict {core} (flipped {index})", flush=True)
    print("CPU s of solve (of conflict): p50, p95, worst; limits in conflict; not timed: "
          "consistent, limit in the listing; conflict sizes")
    keys = sorted(set(groups) | set(undecided) | set(consistent))
    for key in keys:
        seconds, inner, core = groups[key], in_conflict[key], sizes[key]
        figures = " ".join(f"{statistics.median(v):.3f} {percentile(v, 0.95):.3f} {max(v):.3f}"
                           for v in (seconds, inner)) if seconds else "-"
        print(f"{key[0]:7} {key[1]:3} n {len(seconds):3}: {figures}; limits {timed_out[key]}; "
              f"not timed {consistent[key]} {undecided[key]}; sizes "
              f"{statistics.median(core) if core else '-'} median {max(core) if core else '-'} max")
    for label, values in (("solve", [s for v in groups.values() for s in v]),
                          ("conflict", [s for v in in_conflict.values() for s in v])):
        if values:
            print(f"all, {label}: n {len(values)}, p50 {statistics.median(values):.3f} s, "
                  f"p95 {percentile(values, 0.95):.3f} s, worst {max(values):.3f} s, "
                  f"total {sum(values):.1f} CPU s")
    print("checks decided by the wave search, the count, the model:",
          engines["search"], engines["count"], engines["model"])
    for line in wrong:
        print("WRONG", line)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
