"""Small helpers shared by the benchmark scripts: timing summaries and a fixed seed."""
from __future__ import annotations

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def summary(seconds: list[float]) -> str:
    """Median, 95th percentile and worst of a list of timings, in milliseconds."""
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (f"median {1000 * statistics.median(ordered):.2f} ms, p95 {1000 * p95:.2f} ms, "
            f"worst {1000 * ordered[-1]:.2f} ms (n={len(ordered)})")
