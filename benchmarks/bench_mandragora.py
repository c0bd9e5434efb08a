"""Exact Mandragora solves of random positions, and the start positions under a time budget.

    .venv/bin/python benchmarks/bench_mandragora.py [--samples 9] [--pieces 15 18]
    .venv/bin/python benchmarks/bench_mandragora.py --starts 60   # each opening, 60 s each
    .venv/bin/python benchmarks/bench_mandragora.py --exact-starts 26   # table of 2**26 entries

Prints, per piece count, the median and worst solve time (wall clock), the median CPU time (less
disturbed by other jobs on a shared machine), nodes searched and nodes per second,
and the ratio of the median to the target (15 pieces: 0.5 s, 18 pieces: 5 s). With --starts,
searches every distinct opening (pattern x first mover) by iterative deepening for the given
seconds and prints the value reached, whether it is exact, the depth and the peak memory.
With --exact-starts BITS, solves every distinct opening to the end with the compiled solver and
a table of 2**BITS entries (16 bytes each), printing the exact value for the first mover, a best
first area, nodes, wall and CPU time and peak memory.
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
from solver.mandragora_kernel import KernelSolver  # noqa: E402
from solver.mandragora_solver import solve  # noqa: E402

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
          f"median CPU {statistics.median(cpu):.2f} s, "
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
    for name, first, position in openings():
        solver = KernelSolver(table_bits)
        start, start_cpu = time.perf_counter(), time.process_time()
        value, best, nodes = solver.solve(position)
        print(f"pattern {name}, {SIDE_NAMES[first]} first: exact value {value:+d} for the first "
              f"mover, best first area {best}, {nodes} nodes, "
              f"{time.perf_counter() - start:.1f} s wall, {time.process_time() - start_cpu:.1f} s "
              f"CPU, peak {peak_memory_mb():.0f} MB", flush=True)


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
    args = parser.parse_args()
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
