"""Wave tracing speed: all 36 shots of one layout, and the numpy batch tracer.

Targets (issue 2): all 36 shots of a base layout under 1 ms; the batch tracer at least 500,000
shots per second on one core.

    .venv/bin/python benchmarks/bench_trace.py
"""
from __future__ import annotations

import random
import time

import common  # noqa: F401  (puts the project on sys.path)
from common import summary

from games.orapa.batch import layout_codes, trace_batch
from games.orapa.gems import gem_set
from games.orapa.layout import Layout
from games.orapa.sampling import random_layout
from games.orapa.waves import trace_answers


def main() -> None:
    rng = random.Random(2026)
    mines = [random_layout(gem_set("base"), rng=rng) for _ in range(2000)]

    cold, warm = [], []
    for mine in mines:
        fresh = Layout(mine.gems)            # nothing cached: includes building the cell grid
        start = time.perf_counter()
        trace_answers(fresh)
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        trace_answers(fresh)
        warm.append(time.perf_counter() - start)
    print(f"all 36 shots of one base layout, grid included: {summary(cold)}")
    print(f"all 36 shots of one base layout, grid cached:   {summary(warm)}")

    for preset in ("base", "full", "double"):
        pool = mines if preset == "base" else [random_layout(gem_set(preset), rng=rng)
                                               for _ in range(500 if preset == "double" else 2000)]
        codes = layout_codes((pool * (20_000 // len(pool) + 1))[:20_000])
        rates = []
        for _ in range(5):
            start = time.perf_counter()
            trace_batch(codes)
            rates.append(codes.shape[0] * 36 / (time.perf_counter() - start))
        rates.sort()
        print(f"batch tracer, {preset}: median {rates[2]:,.0f} shots/s "
              f"over {codes.shape[0]:,} layouts x 36 shots (best {rates[-1]:,.0f})")


if __name__ == "__main__":
    main()
