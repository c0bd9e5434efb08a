"""bench_agent's seed lists and paired comparison (the benchmark itself is not run here)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from bench_agent import compare, parse_seeds  # noqa: E402


def test_seed_lists() -> None:
    assert parse_seeds("0-3,7,9-10") == [0, 1, 2, 3, 7, 9, 10]
    assert parse_seeds("5") == [5]
    with pytest.raises(argparse.ArgumentTypeError):
        parse_seeds("1-x")


def test_compare_pairs_the_common_seeds(tmp_path: Path) -> None:
    before, after = tmp_path / "before.jsonl", tmp_path / "after.jsonl"
    before.write_text("".join(json.dumps({"seed": s, "questions": q}) + "\n"
                              for s, q in [(0, 12), (1, 14), (2, 10)]))
    after.write_text("".join(json.dumps({"seed": s, "questions": q}) + "\n"
                             for s, q in [(1, 13), (2, 10), (3, 20)]))
    result = compare(str(before), str(after))
    assert result["seeds"] == [1, 2] and result["difference"] == -0.5
    assert result["games_changed"] == 1 and result["before"] == 12.0


def test_the_cpu_clock_leaves_the_sat_backend_working(monkeypatch: pytest.MonkeyPatch) -> None:
    """With `--clock cpu` the SAT backend's threading is a stand-in with a CPU timer; the
    backend also asks it which thread it runs on (to hold SIGINT back while a solver is made),
    which failed on every model call before the stand-in had those functions."""
    import random
    import time

    import bench_agent
    from games.orapa.gems import gem_set
    from games.orapa.layout import RuleOptions
    from games.orapa.puzzle import puzzle_from_layout
    from games.orapa.random_layouts import random_layout
    from solver.orapa.api import solve
    from solver.orapa.sat import backends

    monkeypatch.setattr(time, "monotonic", time.monotonic)    # given back after the test
    monkeypatch.setattr(backends, "threading", backends.threading)
    bench_agent.use_cpu_clock("cpu")
    mine = random_layout(gem_set("base"), rng=random.Random(3))
    puzzle = puzzle_from_layout(mine, gem_set("base"), RuleOptions(), ports=range(10))
    found = solve(puzzle, limit=1, count_limit=5, method="model", timeout=30)
    assert found.solutions
