"""Exact Mandragora solves of random positions, and the start positions under a time budget.

    .venv/bin/python benchmarks/bench_mandragora.py [--samples 9] [--pieces 15 18]
    .venv/bin/python benchmarks/bench_mandragora.py --starts 60   # each opening, 60 s each
    .venv/bin/python benchmarks/bench_mandragora.py --exact-starts 26   # table of 2**26 entries
    .venv/bin/python benchmarks/bench_mandragora.py --retrograde 7 --samples 20

Prints, per piece count, the median and worst solve time (wall clock), the median CPU time (less
disturbed by other jobs on a shared machine), nodes searched and nodes per second,
and the ratio of the median to the target (15 pieces: 0.5 s, 18 pieces: 5 s). With --starts,
searches every distinct opening (pattern x first mover) by iterative deepening for the given
seconds and prints the value reached, whether it is exact, the depth and the peak memory.
With --exact-starts BITS, solves every distinct opening to the end with the compiled solver and
a table of 2**BITS entries (16 bytes each), printing the exact value for the first mover, a best
first area, nodes, wall and CPU time and peak memory. With --retrograde PIECES, checks the
compiled solver's value of every state reachable from random positions against retrograde
analysis of the whole state graph (an exactness check of the repetition handling, too slow
for the tests beyond 5 pieces).
"""
from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.mandragora import OPPONENT, PATTERNS, PLAYER, SIDE_NAMES, Position  # noqa: E402
from games.mandragora.position import random_position  # noqa: E402
from solver.mandragora.exact import pack  # noqa: E402
from solver.mandragora.kernel import KernelSolver, table_bits_for  # noqa: E402
from solver.mandragora.retrograde import retrograde_values  # noqa: E402
from solver.mandragora.solver import solve  # noqa: E402

TARGETS = {15: 0.5, 18: 5.0}


def peak_memory_mb() -> float:
    """Peak resident memory of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench_random(pieces: int, samples: int, seed: int) -> None:
    rng = random.Random(seed)
    times, cpu, nodes = [], [], []
    for _ in range(samples):
        position = random_position(rng, pieces)
        start, start_cpu = time.perf_counter(), time.process_time()
        solution = solve(position)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        nodes.append(solution.nodes)
        assert solution.exact
    median = statistics.median(times)
    target = TARGETS.get(pieces)
    ratio = f", median/target {median / target:.2f}" if target else ""
    print(f"{pieces} pieces, {samples} positions: median {median:.2f} s, worst {max(times):.2f} s, "
          f"median CPU {statistics.median(cpu):.2f} s, worst CPU {max(cpu):.2f} s, "
          f"median nodes {statistics.median(nodes):.0f}, "
          f"{sum(nodes) / sum(times):.0f} nodes/s{ratio}", flush=True)


def openings() -> list[tuple[str, int, Position]]:
    """(pattern name, first mover, start position) of every distinct opening (C = D)."""
    distinct: dict[tuple[str, ...], str] = {}
    for name, board in PATTERNS.items():
        distinct.setdefault(board, name)
    return [(name, first, Position(board, first, first))
            for board, name in distinct.items() for first in (PLAYER, OPPONENT)]


def bench_exact_starts(table_bits: int) -> None:
    """Exact value and best first area of every opening; the best area is then checked by
    solving the position after it with a fresh table."""
    for name, first, position in openings():
        solver = KernelSolver(table_bits)
        start, start_cpu = time.perf_counter(), time.process_time()
        value, best, nodes = solver.solve(position)
        wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        deepest = solver.kernel.deepest
        del solver  # free its table before the check allocates another
        child = position.play(best)
        follow = KernelSolver(table_bits).solve(child)[0]
        reward = child.score(first)
        checked = reward + (follow if child.to_move == first else -follow) == value
        print(f"pattern {name}, {SIDE_NAMES[first]} first: exact value {value:+d} for the first "
              f"mover, best first area {best} ({'checked' if checked else 'CHECK FAILED'}), "
              f"{nodes} nodes, longest path {deepest} plies, {wall:.1f} s wall, "
              f"{cpu:.1f} s CPU, peak {peak_memory_mb():.0f} MB",
              flush=True)


def bench_retrograde(pieces: int, samples: int, seed: int) -> None:
    rng = random.Random(seed)
    states = mismatches = 0
    start = time.perf_counter()
    for _ in range(samples):
        values = retrograde_values(pack(random_position(rng, pieces)))
        kernel = KernelSolver(table_bits_for(pieces))  # one table for the whole graph
        states += len(values)
        mismatches += sum(kernel.value(state)[0] != value for state, value in values.items())
    print(f"{pieces} pieces, {samples} positions: {states} reachable states checked against "
          f"retrograde analysis, {mismatches} mismatches, {time.perf_counter() - start:.0f} s")


def bench_starts(seconds: float) -> None:
    for name, first, position in openings():
        start = time.perf_counter()
        solution = solve(position, time_limit=seconds)
        print(f"pattern {name}, {SIDE_NAMES[first]} first: value {solution.value:g} "
              f"({'exact' if solution.exact else f'depth {solution.depth} estimate'}), "
              f"best area {solution.best}, {solution.nodes} nodes, "
              f"{time.perf_counter() - start:.0f} s, peak {peak_memory_mb():.0f} MB",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=9)
    parser.add_argument("--pieces", type=int, nargs="+", default=[15, 18])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--starts", type=float, default=None, metavar="SECONDS")
    parser.add_argument("--exact-starts", type=int, default=None, metavar="BITS")
    parser.add_argument("--retrograde", type=int, default=None, metavar="PIECES")
    args = parser.parse_args()
    if args.retrograde is not None:
        bench_retrograde(args.retrograde, args.samples, args.seed)
        return
    if args.exact_starts is not None:
        bench_exact_starts(args.exact_starts)
        return
    if args.starts is not None:
        bench_starts(args.starts)
        return
    for pieces in args.pieces:
        bench_random(pieces, args.samples, args.seed)
    print(f"peak memory {peak_memory_mb():.0f} MB")


if __name__ == "__main__":
    main()
