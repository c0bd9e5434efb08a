"""The lazy frontier search alone (issue 31): per state, CPU seconds, nodes and leaves.

Counting a state is the lazy search (`solver/orapa/search/_lazy.c`) and the counting kernel
over its leaves; this runs the search alone to its end (or `--seconds` of CPU), on issue 31's
states (`bench_midgame.count_states`), so that a state bound by the search is told apart from
one bound by the kernel. A line per state, then the states the search did not finish.

    .venv/bin/python benchmarks/bench_lazy.py [--preset full] [--mines 25] [--answers 3]
                                              [--seconds 10] [--states 0,7,14,16]
                                              [--complement]

With `--complement`, each state with an absorbed wave is also counted whole, as it is now
(`count_layouts`, which follows the wave), and by its complement
(`solver.orapa.counting.complement`: the other answers' layouts minus those where the wave
leaves by each port), each within `--seconds` of the wall clock: CPU seconds, count, exact.
"""
from __future__ import annotations

import argparse
import time

import common  # noqa: F401  (puts the project on sys.path)
from bench_midgame import count_states

from solver.orapa.counting import family_counts
from solver.orapa.counting.complement import absorbed_shot, complement_count
from solver.orapa.search import frontier_compiled


def search_alone(puzzle, seconds: float) -> tuple[float, bool, int, int, bool]:
    """(CPU seconds, finished, nodes, leaves, absorbed wave among the answers) of the lazy
    search run alone on the puzzle, stopped after `seconds` of CPU (this process's time, so
    that a busy machine gives an idle one's figures)."""
    kernel = frontier_compiled._KERNEL
    assert kernel is not None, "the compiled frontier search is not built"
    start = time.process_time()
    search = family_counts._start_search(puzzle, lazy=True)
    nodes = leaves = 0
    finished = True
    absorbed = False
    if search is not None:
        setup, handle = search
        absorbed = any(o.exit is None for o in setup.shots)
        while True:   # small batches, so that the CPU time is looked at often
            status, work, _, found = kernel.lazy_step(handle, 256, -1.0, -1)
            nodes += work
            leaves += found
            if status == 1:
                break
            if time.process_time() - start > seconds:
                finished = False
                break
    return time.process_time() - start, finished, nodes, leaves, absorbed


def both_counts(puzzle, seconds: float) -> str:
    """The state counted by following its absorbed wave and by the complement, each within
    `seconds` of the wall clock: CPU seconds, count and whether it is exact, for each."""
    out = []
    for name, count in (("whole", family_counts.count_layouts), ("complement", complement_count)):
        start = time.process_time()
        found = count(puzzle, time.monotonic() + seconds)
        exact = "exact" if found is not None and found.exact else "stopped"
        out.append(f"{name} {time.process_time() - start:.2f} s {found.count if found else 0:,}"
                   f" {exact}")
    return "; ".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="full")
    parser.add_argument("--mines", type=int, default=25)
    parser.add_argument("--answers", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds a state at most")
    parser.add_argument("--states", default="", help="indices to run, comma-separated")
    parser.add_argument("--complement", action="store_true",
                        help="also count states with an absorbed wave whole and by complement")
    args = parser.parse_args()
    only = {int(i) for i in args.states.split(",") if i}
    unfinished = []
    for index, (_, puzzle) in enumerate(count_states(args.preset, args.mines, [args.answers])):
        if only and index not in only:
            continue
        seconds, finished, nodes, leaves, absorbed = search_alone(puzzle, args.seconds)
        note = "" if finished else "  (not finished)"
        print(f"{index:3d}  {seconds:7.2f} s  {nodes:>11,} nodes  {leaves:>10,} leaves"
              f"{'  absorbed wave' if absorbed else ''}{note}", flush=True)
        if not finished:
            unfinished.append(index)
        if args.complement and absorbed_shot(puzzle) is not None:
            print(f"     {both_counts(puzzle, args.seconds)}", flush=True)
    print(f"not finished in {args.seconds:g} s of CPU: {unfinished or 'none'}")


if __name__ == "__main__":
    main()
