"""The counting kernel's speed (issue 31): `count_layouts` on the --counts states of
`bench_midgame.py` (random mines, a few random answers), measured two ways.

- `--nodes N`: every state counted up to N kernel nodes (the same work before and after a
  change to the kernel, since the nodes are the search's, not its speed): CPU seconds, kernel
  nodes per second, and layouts counted per second.
- `--deadline S`: every state counted for at most S seconds of the wall clock (the kernel's
  deadline); how many come out exact in under 1 and under 5 CPU seconds, and the CPU seconds
  p50 / p95 / worst. On a shared machine give S room over 5 s (CPU time runs slower than the
  wall's there).

    .venv/bin/python benchmarks/bench_kernel.py [--preset full] [--mines 25] [--answers 3]
        [--nodes 20000000] [--deadline 5] [--marginals] [--per-state] [--no-visibility]

CPU time of this process (`time.process_time`); the deadline itself is the wall clock's, as
`count_layouts` takes it, so run it on a quiet machine.
"""
from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

import common  # noqa: F401  (puts the project on sys.path)
from bench_midgame import count_states

from solver.orapa.counting.family_counts import count_layouts


def by_nodes(states: list, nodes: int, marginals: bool, per_state: bool) -> None:
    """Each state up to `nodes` kernel nodes: CPU seconds, nodes/s and layouts/s."""
    seconds = work = layouts = 0.0
    for i, (k, puzzle) in enumerate(states):
        start = time.process_time()
        found = count_layouts(puzzle, max_nodes=nodes, marginals=marginals)
        spent = time.process_time() - start
        seconds += spent
        work += found.nodes
        layouts += found.count
        if per_state:
            print(f"  state {i:2d} ({k} answers): {spent:6.2f} s, {found.nodes:>11,} nodes, "
                  f"{found.count:>16,} layouts, exact {found.exact}", flush=True)
    print(f"up to {nodes:,} nodes a state, marginals {marginals}: {seconds:.2f} s CPU, "
          f"{work / seconds / 1e6:.1f} M nodes/s, {layouts / seconds / 1e9:.2f} G layouts/s")


def by_deadline(states: list, limit: float, marginals: bool, per_state: bool) -> None:
    """Each state for at most `limit` seconds: how many finish, and the CPU seconds."""
    times, exact_1, exact_5, exact_all = [], 0, 0, 0
    for i, (k, puzzle) in enumerate(states):
        start = time.process_time()
        found = count_layouts(puzzle, deadline=time.monotonic() + limit, marginals=marginals)
        spent = time.process_time() - start
        times.append(spent)
        exact_all += found.exact
        exact_1 += found.exact and spent < 1.0
        exact_5 += found.exact and spent < 5.0
        if per_state:
            print(f"  state {i:2d} ({k} answers): {spent:6.2f} s, {found.nodes:>11,} nodes, "
                  f"{found.count:>16,} layouts, exact {found.exact}", flush=True)
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    print(f"deadline {limit:g} s, marginals {marginals}: CPU p50 {statistics.median(ordered):.2f}"
          f" / p95 {p95:.2f} / worst {ordered[-1]:.2f} s; exact {exact_all}/{len(times)}, "
          f"exact under 1 s {exact_1}/{len(times)}, under 5 s {exact_5}/{len(times)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="full")
    parser.add_argument("--mines", type=int, default=25)
    parser.add_argument("--answers", default="3")
    parser.add_argument("--nodes", type=int, default=0, help="kernel nodes a state (0: skip)")
    parser.add_argument("--deadline", type=float, default=0, help="seconds a state (0: skip)")
    parser.add_argument("--marginals", action="store_true")
    parser.add_argument("--per-state", action="store_true")
    parser.add_argument("--no-visibility", action="store_true",
                        help="the same states under the rule visibility off")
    args = parser.parse_args()
    states = count_states(args.preset, args.mines, [int(a) for a in args.answers.split(",")])
    if args.no_visibility:
        states = [(k, replace(puzzle, rules=replace(puzzle.rules, visibility=False)))
                  for k, puzzle in states]
    if args.nodes:
        by_nodes(states, args.nodes, args.marginals, args.per_state)
    if args.deadline:
        by_deadline(states, args.deadline, args.marginals, args.per_state)


if __name__ == "__main__":
    main()
