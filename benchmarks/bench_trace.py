"""Wave tracing speed: all 36 shots of one layout, and the batch tracer.

Targets (issue 2): all 36 shots of a base layout under 1 ms; the batch tracer at least 500,000
shots per second on one core. Issue 21: at least 16.7 million shots/s for "36 shots of a
layout, grid cached" (10x the fastest public tracer), from the compiled tracer.

Each figure is given for the tracer the project runs (compiled when built) and for the Python
and numpy references it replaced, as medians of 5 passes; the rates are per second of CPU time
of this process (the machine is shared), wall-clock figures alongside.

    .venv/bin/python benchmarks/bench_trace.py
"""
from __future__ import annotations

import random
import statistics
import time
from typing import Callable

import common  # noqa: F401  (puts the project on sys.path)

from games.orapa.array_tracer import layout_codes, numpy_trace_batch, trace_batch
from games.orapa.gems import gem_set
from games.orapa.layout import Layout
from games.orapa.random_layouts import random_layout
from games.orapa.waves import COMPILED, python_trace_answers, trace_answers


def rate(work: Callable[[], int], passes: int = 5) -> tuple[float, float]:
    """Median (CPU, wall) shots per second of `work`, which returns the shots it traced."""
    cpu, wall = [], []
    for _ in range(passes):
        c0, w0 = time.process_time(), time.perf_counter()
        shots = work()
        cpu.append(shots / (time.process_time() - c0))
        wall.append(shots / (time.perf_counter() - w0))
    return statistics.median(cpu), statistics.median(wall)


def micro(seconds: list[float]) -> str:
    """Median and 95th percentile wall time in microseconds."""
    ordered = sorted(seconds)
    return (f"median {1e6 * statistics.median(ordered):.1f} us, "
            f"p95 {1e6 * ordered[int(0.95 * (len(ordered) - 1))]:.1f} us (n={len(ordered)})")


def per_layout(tracer: Callable[[Layout], object], mines: list[Layout]) -> Callable[[], int]:
    def work() -> int:
        for mine in mines:
            tracer(mine)
        return 36 * len(mines)
    return work


def main() -> None:
    rng = random.Random(2026)
    mines = [random_layout(gem_set("base"), rng=rng) for _ in range(2000)]
    print(f"compiled tracer: {'built' if COMPILED is not None else 'NOT built (Python loops)'}")

    cold, warm = [], []
    for mine in mines:
        fresh = Layout(mine.gems)            # nothing cached: includes building the cell grid
        start = time.perf_counter()
        trace_answers(fresh)
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        trace_answers(fresh)
        warm.append(time.perf_counter() - start)
    print(f"all 36 shots of one base layout, grid included: {micro(cold)}")
    print(f"all 36 shots of one base layout, grid cached:   {micro(warm)}")

    for mine in mines:                       # the grid cached for both tracers
        mine.quarter_bytes, mine.cell_occupancy
    fast = rate(per_layout(trace_answers, mines))
    slow = rate(per_layout(python_trace_answers, mines))
    print(f"36 shots of a layout, grid cached, 2,000 base layouts: trace_answers "
          f"{fast[0] / 1e6:.2f} M shots/s (wall {fast[1] / 1e6:.2f} M); Python reference "
          f"{slow[0] / 1e6:.2f} M (wall {slow[1] / 1e6:.2f} M); ratio {fast[0] / slow[0]:.1f}x")

    for preset in ("base", "full", "double"):
        pool = mines if preset == "base" else [random_layout(gem_set(preset), rng=rng)
                                               for _ in range(500 if preset == "double" else 2000)]
        codes = layout_codes((pool * (20_000 // len(pool) + 1))[:20_000])
        shots = codes.shape[0] * 36
        batch = rate(lambda: (trace_batch(codes), shots)[1])
        numpy = rate(lambda: (numpy_trace_batch(codes), shots)[1])
        print(f"batch tracer, {preset}, {codes.shape[0]:,} layouts x 36 shots: trace_batch "
              f"{batch[0] / 1e6:.2f} M shots/s (wall {batch[1] / 1e6:.2f} M); numpy reference "
              f"{numpy[0] / 1e6:.2f} M (wall {numpy[1] / 1e6:.2f} M); ratio "
              f"{batch[0] / numpy[0]:.1f}x")


if __name__ == "__main__":
    main()
