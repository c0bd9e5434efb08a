"""Games in progress (issue 21): `orapa solve` and the advisor's listing on `full` states of a
few answers, with the compiled frontier search and with the plain wave search it replaced.

A state is a random `full` mine with `--answers` random shots answered. On each state, both
engines (the plain one is what runs on a machine without the C extension):
- `solve(puzzle, count_limit=10000)` as `orapa solve` calls it: CPU seconds, and whether the
  waves answered or the SAT model had to (`--timeout` CPU seconds at most);
- `consistent_candidates` as `orapa next` calls it (1.5 s budget): CPU seconds and the method
  (`enumeration` = every layout listed, `families` = a uniform sample, `partial` = a sample
  from the families found in time, not uniform).
Deadlines count this process's CPU time (as `bench_agent.py --clock cpu`), so a busy machine
gives the figures of an idle one. Then, for comparison, `solve` on `--full-shot` random base
and `full` layouts with all 36 shots answered, with each engine.

    .venv/bin/python benchmarks/bench_midgame.py [--mines 10] [--answers 6,8,10,12]
                                                 [--full-shot 100]

Issue 31 (`--counts`): on base and full, random mines with 0, 3, 6, 9 and 12 answers (shots and
cell questions mixed), `solve` and the deduction map with exact counts, against the listing:

    .venv/bin/python benchmarks/bench_midgame.py --counts --mines 50 --answers 0,3,6,9,12 \
        --timeout 10 [--now-only]

the deduction map alone (`--map`: CPU seconds, and how many maps had every cell proved):

    .venv/bin/python benchmarks/bench_midgame.py --map --presets base --mines 50 \
        --answers 0,3,6,9,12 --timeout 5 [--clock cpu] [--per-state]

(`--map --clock cpu`, the default there: the map's deadlines on this process's CPU time, the C
kernels' included (`KernelClock`), so that two runs on a shared machine agree; `--clock wall`:
as a person at a busy machine sees it. The states of a run depend on its largest number of
answers: `--answers 6,12` are the states of `--answers 0,3,6,9,12`.)

and `orapa next --json`, the whole command's CPU time, on the same states:

    .venv/bin/python benchmarks/bench_midgame.py --next --presets base,full,double --mines 10 \
        --answers 0,3,6,9,12 [--clock cpu] [--per-state]

(`--clock cpu`: the command's deadlines on its own CPU time, for a shared machine;
`--per-state`: a line per state, to see which go unranked.)
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter, deque
from contextlib import contextmanager
from typing import Iterator

from tqdm import tqdm

import common  # noqa: F401  (puts the project on sys.path)
from bench_agent import use_cpu_clock

from games.errors import LimitReached
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import CellAnswer, Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.search import frontier_compiled
from solver.orapa.api import solve
from solver.orapa.counting.consistent_sample import consistent_candidates

ENGINES = ("compiled", "plain")
KERNEL = frontier_compiled._KERNEL


@contextmanager
def engine_in_use(engine: str) -> Iterator[None]:
    """Run the block with the compiled search (`compiled`) or without it (`plain`), as on a
    machine where the C extension was not built."""
    frontier_compiled._KERNEL = KERNEL if engine == "compiled" else None
    try:
        yield
    finally:
        frontier_compiled._KERNEL = KERNEL


def states(mines: int, answers: list[int]) -> list[tuple[int, Puzzle]]:
    """(answers, puzzle) for every mine and every number of answers."""
    gems, rules = gem_set("full"), RuleOptions()
    found = []
    for seed in range(mines):
        rng = random.Random(seed)
        mine = random_layout(gems, rules, rng)
        ports = rng.sample(range(36), max(answers))
        found += [(k, puzzle_from_layout(mine, gems, rules, ports[:k])) for k in answers]
    return found


def solve_time(puzzle: Puzzle, timeout: float) -> tuple[float, str]:
    """CPU seconds of `orapa solve`'s work on the puzzle, and who answered: waves, model, or
    `timeout`."""
    start = time.process_time()
    try:
        result = solve(puzzle, limit=10, count_limit=10_000, timeout=timeout)
        engine = "waves" if "families" in result.stats else "model"
    except LimitReached:
        engine = "timeout"
    return time.process_time() - start, engine


def full_shot(count: int) -> None:
    """CPU milliseconds of `solve` on 36-shot puzzles of random base and `full` layouts."""
    for preset in ("base", "full"):
        gems, rng = gem_set(preset), random.Random(7)
        puzzles = [puzzle_from_layout(random_layout(gems, rng=rng), gems, RuleOptions())
                   for _ in range(count)]
        for engine in ENGINES:
            times = []
            with engine_in_use(engine):
                for puzzle in puzzles:
                    start = time.process_time()
                    solve(puzzle)
                    times.append(1000 * (time.process_time() - start))
            times.sort()
            print(f"36 shots, {preset:4s} {engine:8s}  median {statistics.median(times):.2f} ms, "
                  f"p95 {times[int(0.95 * (len(times) - 1))]:.2f} ms, worst {times[-1]:.2f} ms "
                  f"({count} layouts)")


def count_states(preset: str, mines: int, answers: list[int]) -> list[tuple[int, Puzzle]]:
    """Issue 31's states: per random mine, 0, 3, ... random answers, each a shot or (one in
    four) a cell question. `preset` may name an answer kind after a slash (`full/bounces`:
    shots answered with their bounce counts, RULINGS O9)."""
    preset, _, answer = preset.partition("/")
    gems, rules = gem_set(preset), RuleOptions(answer=answer or "colour")
    found = []
    for seed in range(mines):
        rng = random.Random(1000 + seed)
        mine = random_layout(gems, rules, rng)
        ports, cells = rng.sample(range(36), max(answers)), rng.sample(range(80), max(answers))
        kinds = [rng.random() < 0.25 for _ in range(max(answers))]
        for k in answers:
            shots = [p for p, cell in zip(ports[:k], kinds) if not cell]
            asked = [CellAnswer(c, mine.cell_content(c)) for c, cell in zip(cells[:k], kinds)
                     if cell]
            puzzle = puzzle_from_layout(mine, gems, rules, shots)
            found.append((k, puzzle.with_observations(list(puzzle.observations) + asked)))
    return found


def _timed(call) -> tuple[float, bool]:
    """CPU seconds of a call and whether its count came out exact (False past its time)."""
    start = time.process_time()
    try:
        exact = call()
    except LimitReached:
        exact = False
    return time.process_time() - start, exact


def exact_counts(presets: list[str], mines: int, answers: list[int], timeout: float,
                 before: bool = True) -> None:
    """Issue 31: `orapa solve`'s count and the deduction map, exact by counting, against the
    listing they replaced (`exact.COUNT_SECONDS = 0`: count up to 10,000 listed layouts);
    CPU seconds p95 and worst per preset and number of answers, and how many were exact."""
    from solver.orapa.counting import exact as exact_module
    from solver.orapa.api import deductions
    counting_seconds = exact_module.COUNT_SECONDS
    print(f"{mines} random mines per preset; CPU seconds: p50 / p95 / worst (exact/all); "
          f"time limit {timeout:g} s")
    print("preset  answers   " + ("solve before                 " if before else "")
          + "solve now                    map now")
    for preset in presets:
        rows: dict[int, list[tuple[float, bool, float, bool, float, bool]]] = {}
        for k, puzzle in tqdm(count_states(preset, mines, answers), desc=preset, unit="state"):
            listed = (0.0, False)
            if before:
                exact_module.COUNT_SECONDS = 0.0
                listed = _timed(lambda: solve(puzzle, 10, 10_000, timeout=timeout).exact)
                exact_module.COUNT_SECONDS = counting_seconds
            now = _timed(lambda: solve(puzzle, 10, 10_000, timeout=timeout).exact)
            found = _timed(lambda: deductions(puzzle, timeout=timeout).exact)
            rows.setdefault(k, []).append((*listed, *now, *found))
        for k in answers:
            cells = []
            for i in (0, 2, 4) if before else (2, 4):
                times = sorted(r[i] for r in rows[k])
                p95 = times[int(0.95 * (len(times) - 1))]
                exact = sum(r[i + 1] for r in rows[k])
                cells.append(f"{statistics.median(times):5.2f} / {p95:6.2f} / {times[-1]:6.2f} "
                             f"({exact}/{len(times)})")
            print(f"{preset:6s}  {k:7d}   " + "   ".join(cells))


def deduction_maps(presets: list[str], mines: int, answers: list[int], timeout: float,
                   per_state: bool = False) -> None:
    """Issue 31: the deduction map (`api.deductions(partial=True)`, as the hints endpoint and
    `orapa solve --show` ask it) on the --counts states: CPU seconds p50 / p95 / worst per
    preset and number of answers, how many maps came back with every cell proved (no cell
    left `undecided` by the time limit) and how many with an exact count; then the three
    slowest states of the row (mine number: CPU seconds), to profile them one by one; with
    `per_state`, a line for every state past a second as well."""
    from solver.orapa.api import deductions
    print(f"{mines} random mines per preset; CPU seconds of the map: p50 / p95 / worst "
          f"(proved/all, exact count/all); time limit {timeout:g} s")
    for preset in presets:
        rows: dict[int, list[tuple[float, bool, bool, int]]] = {}
        for i, (k, puzzle) in enumerate(tqdm(count_states(preset, mines, answers),
                                             desc=preset, unit="state")):
            start = time.process_time()
            found = deductions(puzzle, timeout=timeout, partial=True)
            rows.setdefault(k, []).append((time.process_time() - start, not found.undecided,
                                           found.exact, i // len(answers)))
            if per_state and rows[k][-1][0] >= 1.0:
                tqdm.write(f"{preset} {k} answers, mine {i // len(answers)}: "
                           f"{rows[k][-1][0]:.2f} s, "
                           f"{'proved' if not found.undecided else 'unproved'}")
        for k in answers:
            times = sorted(r[0] for r in rows[k])
            slowest = ", ".join(f"mine {r[3]}: {r[0]:.2f}"
                                for r in sorted(rows[k], reverse=True)[:3])
            print(f"{preset:6s}  {k:7d}   {statistics.median(times):5.2f} / "
                  f"{times[int(0.95 * (len(times) - 1))]:6.2f} / {times[-1]:6.2f} "
                  f"({sum(r[1] for r in rows[k])}/{len(times)} proved, "
                  f"{sum(r[2] for r in rows[k])}/{len(times)} exact; slowest {slowest})",
                  flush=True)


class KernelClock:
    """The C kernels' deadlines for a process whose `time.monotonic` is its CPU time.

    The kernels read CLOCK_MONOTONIC: they are handed the CPU seconds left as wall seconds,
    and on a shared machine, where the process gets a share of a core, they stop after that
    share of their CPU seconds (a count of 1.5 s of CPU given 2 s stopped at 1 s under a load
    of 4 on 2 cores), so two runs of the map differed. Here the seconds left are divided by
    the share of a core this process had over the last `WINDOW` seconds of wall time."""

    WINDOW = 2.0
    LOWEST_SHARE = 0.1

    def __init__(self) -> None:
        self.marks: deque[tuple[float, float]] = deque()   # (wall, CPU) readings

    def share(self) -> float:
        """This process's CPU seconds per wall second lately (1 with too short a window)."""
        wall, cpu = time.clock_gettime(time.CLOCK_MONOTONIC), time.process_time()
        self.marks.append((wall, cpu))
        while len(self.marks) > 2 and wall - self.marks[1][0] >= self.WINDOW:
            self.marks.popleft()
        first_wall, first_cpu = self.marks[0]
        if wall - first_wall < 0.05:
            return 1.0
        return min(1.0, max(self.LOWEST_SHARE, (cpu - first_cpu) / (wall - first_wall)))

    def kernel_deadline(self, deadline: float | None) -> float:
        """`deadline` (CPU time) on CLOCK_MONOTONIC, as the kernels read it; -1 for none."""
        if deadline is None:
            return -1.0
        left = max(0.0, deadline - time.process_time())
        return time.clock_gettime(time.CLOCK_MONOTONIC) + left / self.share()


def use_cpu_kernels() -> None:
    """Put the C kernels' deadlines on this process's CPU time too (`KernelClock`)."""
    from solver.orapa.counting import family_counts
    clock = KernelClock()
    frontier_compiled._kernel_deadline = clock.kernel_deadline
    family_counts._kernel_deadline = clock.kernel_deadline


# `orapa next` run with its deadlines on its own CPU clock (`--clock cpu`): bench_agent's
# use_cpu_clock, then the command's own entry point
CPU_CLOCK_CHILD = ("import sys; sys.path.insert(0, sys.argv.pop(1)); import common; "
                   "from bench_agent import use_cpu_clock; use_cpu_clock('cpu'); "
                   "import cli; sys.argv[0] = 'orapa'; sys.exit(cli.main())")


def next_commands(presets: list[str], mines: int, answers: list[int], budget: float,
                  clock: str = "wall", per_state: bool = False) -> None:
    """Issue 31: `orapa next --json` as a person runs it, the whole command (start-up, the
    decision, the output): CPU seconds of the child process, p50 / p95 / worst, how many
    states ran past the budget + 20%, and how many got a real ranking (exit 0, more than one
    layout in the sample, a best question worth more than 0 bits). With `clock` "cpu" the
    command's deadlines read its own CPU time (as `bench_agent.py --clock cpu` does), so that
    other work on a shared machine does not take the decision's time away: the advisor's
    clock is otherwise the wall's. `per_state`: a line for every state too (its mine, its
    answers, CPU seconds, exit status, layouts in the sample, the best question's bits), to
    see which states go unranked."""
    import json
    import resource
    import subprocess
    import sys
    import tempfile
    from pathlib import Path
    orapa = Path(sys.executable).with_name("orapa")
    command = [str(orapa)] if clock == "wall" else [
        sys.executable, "-c", CPU_CLOCK_CHILD, str(Path(__file__).resolve().parent)]
    print(f"`orapa next --json --budget {budget:g}`, {mines} random mines per preset; CPU "
          f"seconds of the whole command (and wall seconds; the advisor's clock: {clock}): "
          f"p50 / p95 / worst (past {1.2 * budget:.2f} s)")
    with tempfile.TemporaryDirectory() as folder:
        for preset in presets:
            rows: dict[int, list[tuple[float, float, int, bool]]] = {}
            for i, (k, puzzle) in enumerate(tqdm(count_states(preset, mines, answers),
                                                 desc=preset, unit="state")):
                path = Path(folder) / f"{preset}-{i}.json"
                path.write_text(json.dumps(puzzle.to_json()))
                # perf_counter: use_cpu_clock made this process's monotonic its CPU time
                used, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
                done = subprocess.run(command + ["next", "--json", "--budget", str(budget),
                                                 str(path)], capture_output=True, check=False)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                ranked, sample, bits = False, 0, 0.0
                if done.returncode == 0:
                    advice = json.loads(done.stdout)
                    sample, bits = advice["sample"], advice["expected_bits"]
                    ranked = sample > 1 and bits > 0
                cpu = (after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
                rows.setdefault(k, []).append((cpu, time.perf_counter() - start,
                                               done.returncode, ranked))
                if per_state:
                    tqdm.write(f"{preset} mine {i // len(answers)} answers {k}: CPU {cpu:.2f} s, "
                               f"exit {done.returncode}, sample {sample}, best {bits:.2f} bits")
            for k in answers:
                cells = []
                for i in (0, 1):
                    times = sorted(r[i] for r in rows[k])
                    over = sum(t > 1.2 * budget for t in times)
                    cells.append(f"{statistics.median(times):5.2f} / "
                                 f"{times[int(0.95 * (len(times) - 1))]:6.2f} / "
                                 f"{times[-1]:6.2f} ({over} over)")
                failed = sum(r[2] != 0 for r in rows[k])
                real = sum(r[3] for r in rows[k])
                print(f"{preset:6s}  {k:7d}   CPU {cells[0]}   wall {cells[1]}   "
                      f"{failed} exit != 0, {real} ranked")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--counts", action="store_true",
                        help="issue 31: exact counts and deduction maps (base and full, "
                             "0 to 12 answers), before and after, and nothing else")
    parser.add_argument("--map", action="store_true",
                        help="issue 31: the deduction map on the --counts states of --presets, "
                             "the library call's CPU time, and nothing else")
    parser.add_argument("--presets", default="base,full",
                        help="with --counts or --map; full/bounces: shots answered by bounces")
    parser.add_argument("--next", action="store_true",
                        help="issue 31: `orapa next --json` on the --counts states of "
                             "--presets (base,full,double), the whole command's CPU time")
    parser.add_argument("--budget", type=float, default=1.5, help="with --next")
    parser.add_argument("--clock", choices=("wall", "cpu"), default=None,
                        help="with --next (default wall) and --map (default cpu): the "
                             "deadlines on the wall clock (as a person runs it) or on the "
                             "process's own CPU time (a shared machine; with --map, the C "
                             "kernels' too)")
    parser.add_argument("--per-state", action="store_true",
                        help="with --next: a line for every state as well; with --map, "
                             "for every state past a second")
    parser.add_argument("--now-only", action="store_true",
                        help="with --counts: skip the listing the counts replaced")
    parser.add_argument("--mines", type=int, default=10)
    parser.add_argument("--answers", default="6,8,10,12", help="answered shots per state")
    parser.add_argument("--timeout", type=float, default=60.0, help="CPU seconds per solve")
    parser.add_argument("--full-shot", type=int, default=100, help="36-shot layouts per set")
    args = parser.parse_args()
    if KERNEL is None:
        print("skipped: the compiled frontier search was not built")
        return
    answers = [int(a) for a in args.answers.split(",")]
    if not (args.map and args.clock == "wall"):
        use_cpu_clock("cpu")
    if args.next:
        next_commands(args.presets.split(","), args.mines, answers, args.budget,
                      args.clock or "wall", args.per_state)
        return
    if args.map:
        if args.clock != "wall":
            use_cpu_kernels()
        print(f"clock: {args.clock or 'cpu'}")
        deduction_maps(args.presets.split(","), args.mines, answers, args.timeout,
                       args.per_state)
        return
    if args.counts:
        exact_counts(args.presets.split(","), args.mines, answers, args.timeout,
                     not args.now_only)
        return
    results: dict[tuple[str, int], list[tuple[float, str, float, str]]] = {}
    for k, puzzle in tqdm(states(args.mines, answers), desc="states", unit="state"):
        for engine in ENGINES:
            with engine_in_use(engine):
                seconds, answered = solve_time(puzzle, args.timeout)
                start = time.process_time()
                candidates = consistent_candidates(puzzle, 1500, 10_000, 1.5, random.Random(k))
                advice = time.process_time() - start
            results.setdefault((engine, k), []).append(
                (seconds, answered, advice, candidates.method))
    print(f"{args.mines} random `full` mines; CPU seconds (median / worst); who answered")
    print("answers  engine    solve median  worst   answered by        "
          "advisor median  worst   methods")
    for k in answers:
        for engine in ENGINES:
            rows = results[engine, k]
            solves, advices = [r[0] for r in rows], [r[2] for r in rows]
            by = ", ".join(f"{n} {e}" for e, n in sorted(Counter(r[1] for r in rows).items()))
            methods = ", ".join(f"{n} {m}" for m, n in
                                sorted(Counter(r[3] for r in rows).items()))
            print(f"{k:7d}  {engine:8s}  {statistics.median(solves):12.3f}  "
                  f"{max(solves):6.2f}   {by:17s}  {statistics.median(advices):14.3f}  "
                  f"{max(advices):6.2f}   {methods}")
    full_shot(args.full_shot)


if __name__ == "__main__":
    main()
