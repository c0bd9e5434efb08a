"""Advisor benchmark: the autoplayer against random mines (issue 5).

Plays `--games` mines (seeds `--first-seed`, +1, ...; default 0) of each gem set and reports, per
set, the average number of questions until the solver proves the layout forced (with its
standard error: games differ by about 1.4 questions, so 100 games pin the average to about
+-0.14), their distribution and the worst, the median and 95th percentile seconds per decision,
how the candidates were obtained (enumeration, prior, families, partial) and that every game
ended with the true layout. Targets for `base`: average <= 7.5 questions, worst <= 11, median
decision < 2 s on one core (`--jobs 1`). With `--jobs 2` the games run in two processes (the
decision times then share the machine).

`--clock cpu` (the default) makes every deadline of the advisor count the CPU seconds of the
game's own process instead of wall-clock seconds, so that a machine busy with other jobs plays
the same games as an idle one (the time budgets inside the sampler and the SAT solver's
interrupt are otherwise wall clock, and a loaded machine then gets more `partial` samples);
`--clock wall` measures as a user at a busy machine would see it. (With `cpu`, the decision
"seconds" are CPU seconds too.)

`--compare BEFORE.jsonl AFTER.jsonl` reads two `--out` files (finished or not) and prints the
paired difference in questions over the seeds both hold, with its standard error: the same mines
played two ways differ far less than different mines do.

    .venv/bin/python benchmarks/bench_agent.py --games 100 --gems base
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Callable

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.orapa.gems import gem_set  # noqa: E402
from solver.orapa.advisor.autoplay import EXACT_BOUND, autoplay  # noqa: E402


_process_time = time.process_time


class CpuTimer(threading.Thread):
    """threading.Timer's interface, firing after `interval` CPU seconds of this process."""

    def __init__(self, interval: float, function: Callable[..., object],
                 args: tuple | None = None, kwargs: dict | None = None) -> None:
        super().__init__(daemon=True)
        self.target_time = _process_time() + interval
        self.function, self.args, self.kwargs = function, args or (), kwargs or {}
        self.finished = threading.Event()

    def cancel(self) -> None:
        self.finished.set()

    def run(self) -> None:
        while not self.finished.wait(0.005):
            if _process_time() >= self.target_time:
                self.function(*self.args, **self.kwargs)
                return


def set_constants(settings: list[str]) -> None:
    """Worker set-up for trials: `module.NAME=value` assignments (a Python literal each)."""
    import ast
    import importlib
    for setting in settings:
        target, value = setting.split("=", 1)
        module, name = target.rsplit(".", 1)
        mod = importlib.import_module(module)
        if not hasattr(mod, name):
            raise SystemExit(f"--set {setting}: {module} has no {name}")
        setattr(mod, name, ast.literal_eval(value))


def set_up_worker(clock: str, settings: list[str]) -> None:
    use_cpu_clock(clock)
    set_constants(settings)


def use_cpu_clock(clock: str) -> None:
    """Worker set-up: with `cpu`, time.monotonic (the advisor's and the solver's deadlines)
    reads this process's CPU time, and the SAT solver's interrupt timer counts CPU time too."""
    if clock != "cpu":
        return
    import threading
    import solver.orapa.sat.backends as backends
    time.monotonic = _process_time  # type: ignore[assignment]
    # the backend's own threading, but its interrupt timer on CPU time (it also asks which
    # thread it runs on, to hold SIGINT back while a solver is made)
    backends.threading = type(sys)("cpu_threading")
    backends.threading.Timer = CpuTimer
    backends.threading.current_thread = threading.current_thread
    backends.threading.main_thread = threading.main_thread


def play_one(task: tuple[str, int, str, int, float, bool, int]) -> dict:
    """One game: questions, decision times, methods, solved?"""
    preset, seed, strategy, sample, budget, lookahead, exact_bound = task
    game = autoplay(gem_set(preset), seed=seed, strategy=strategy, sample=sample, budget=budget,
                    lookahead=lookahead, exact_bound=exact_bound)
    return {"seed": seed, "questions": game.questions, "solved": game.solved == game.mine,
            "seconds": [s.seconds for s in game.steps],
            "cpu_seconds": [s.cpu_seconds for s in game.steps],
            "candidates": [s.candidates for s in game.steps], "methods": [s.method for s in game.steps],
            "bits": [round(s.expected_bits, 4) for s in game.steps],
            "log": [s.question for s in game.steps]}


def compare(before_file: str, after_file: str, key: str = "questions", digits: int = 3) -> dict:
    """Paired figures of one field (`key`) of two `--out` files over the seeds both hold it
    for (bench_endgame.py compares its own files this way)."""
    def load(path: str) -> dict[int, dict]:
        with open(path, encoding="utf-8") as f:
            return {g["seed"]: g for g in map(json.loads, f) if key in g}
    before, after = load(before_file), load(after_file)
    seeds = sorted(set(before) & set(after))
    if len(seeds) < 2:
        raise SystemExit(f"--compare: {before_file} and {after_file} share fewer than 2 seeds")
    diff = [after[s][key] - before[s][key] for s in seeds]
    mean = {name: round(statistics.mean(run[s][key] for s in seeds), digits)
            for name, run in (("before", before), ("after", after))}
    return {"seeds": seeds, **mean,
            "difference": round(statistics.mean(diff), digits),
            "standard_error": round(statistics.stdev(diff) / len(diff) ** 0.5, digits),
            "games_changed": sum(abs(d) > 1e-9 for d in diff)}


def parse_seeds(text: str) -> list[int]:
    """'0-11,13,15-19' -> [0, ..., 11, 13, 15, ..., 19]."""
    seeds: list[int] = []
    try:
        for part in text.split(","):
            low, _, high = part.partition("-")
            seeds.extend(range(int(low), int(high or low) + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seeds like 0-11,13, got {text!r}") from None
    return seeds


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0, help="seeds run from here")
    parser.add_argument("--seeds", type=parse_seeds, metavar="LIST",
                        help="play exactly these seeds instead, e.g. 0-11,13-19")
    parser.add_argument("--gems", action="append", help="gem set(s); default base and full")
    parser.add_argument("--strategy", default="questions")
    parser.add_argument("--sample", type=int, default=1500)
    parser.add_argument("--budget", type=float, default=1.5)
    parser.add_argument("--lookahead", action="store_true")
    parser.add_argument("--exact-bound", type=int, default=EXACT_BOUND)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="write every game as one JSON line here")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="deadlines in CPU seconds of the game's process (default) or wall")
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                        help="trials: set a module constant in every worker")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"),
                        help="print the paired difference of two --out files and stop")
    args = parser.parse_args()
    if args.compare:
        print(json.dumps(compare(*args.compare)))
        return
    summary = {}
    for preset in args.gems or ["base", "full"]:
        tasks = [(preset, seed, args.strategy, args.sample, args.budget, args.lookahead,
                  args.exact_bound)
                 for seed in (args.seeds or range(args.first_seed, args.first_seed + args.games))]
        start = time.monotonic()
        games = []
        with Pool(args.jobs, initializer=set_up_worker, initargs=(args.clock, args.set)) as pool:
            for g in tqdm(pool.imap_unordered(play_one, tasks), total=len(tasks), desc=preset,
                          file=sys.stderr):
                games.append(g)
                if args.out:  # each game as it ends: a long run can be read while it goes
                    with open(args.out, "a", encoding="utf-8") as out:
                        out.write(json.dumps({"gems": preset, **g}) + "\n")
        games.sort(key=lambda g: g["seed"])
        questions = [g["questions"] for g in games]
        seconds = [s for g in games for s in g["seconds"]]
        cpu = [s for g in games for s in g["cpu_seconds"]]
        methods = Counter(m for g in games for m in g["methods"])
        summary[preset] = {
            "games": len(games), "solved": sum(g["solved"] for g in games),
            "seeds": ",".join(str(g["seed"]) for g in games) if args.seeds
            else f"{args.first_seed}..{args.first_seed + args.games - 1}",
            "average_questions": round(statistics.mean(questions), 2),
            "standard_error": round(statistics.stdev(questions) / len(questions) ** 0.5, 3)
            if len(questions) > 1 else None,
            "questions": dict(sorted(Counter(questions).items())),
            "worst_questions": max(questions),
            "median_decision_s": round(statistics.median(seconds), 3),
            "p95_decision_s": round(percentile(seconds, 0.95), 3),
            "median_decision_cpu_s": round(statistics.median(cpu), 3),
            "p95_decision_cpu_s": round(percentile(cpu, 0.95), 3),
            "methods": dict(methods), "wall_s": round(time.monotonic() - start, 1)}
        print(f"{preset}: {json.dumps(summary[preset])}", flush=True)
    print(json.dumps({"strategy": args.strategy, "lookahead": args.lookahead,
                      "sample": args.sample, "budget": args.budget, "jobs": args.jobs,
                      "exact_bound": args.exact_bound, "clock": args.clock,
                      "set": args.set,
                      "results": summary}))


if __name__ == "__main__":
    main()
