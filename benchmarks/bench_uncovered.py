"""Uncovered! optimum: solver time on random deals and the optimum distribution over all 3-player deals.

Run: .venv/bin/python benchmarks/bench_uncovered.py [--deals 200] [--seed 2024] [--all-three]

1. IDA* on random deals for 2..6 players: median, mean and worst seconds, and how far the optimum
   lies above the root lower bound (target: 6-player median under 0.2 s).
2. The distribution of optima over all 369,600 3-player deals from the breadth-first table, for
   both win rules, with its run time.
3. With --all-three, IDA* on every 3-player deal (two processes) checked against that table.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tqdm import tqdm  # noqa: E402

from games.uncovered import WinRule, all_deals, deal_count, random_deal  # noqa: E402
from solver.uncovered.search import TargetSearch, solve  # noqa: E402
from solver.uncovered.table import distance_table, optimum_distribution, table_code  # noqa: E402


def time_random_deals(players: int, deals: int, seed: int) -> None:
    """Time IDA* on random deals and print median, mean, worst and bound gaps."""
    rng = random.Random(seed)
    seconds, gaps, optima = [], Counter(), []
    for _ in tqdm(range(deals), desc=f"{players} players", file=sys.stderr, leave=False):
        hands = random_deal(players, rng)
        start = time.perf_counter()
        optimum = solve(hands).optimum
        seconds.append(time.perf_counter() - start)
        optima.append(optimum)
        gaps[optimum - TargetSearch(hands, (1, 2, 3, 4)).lower_bound()] += 1
    print(f"{players} players, {deals} deals: median {statistics.median(seconds):.4f} s, "
          f"mean {statistics.mean(seconds):.4f} s, worst {max(seconds):.4f} s; "
          f"optimum median {statistics.median(optima)}, max {max(optima)}; "
          f"optimum - root bound: {dict(sorted(gaps.items()))}")


def distribution(win: WinRule) -> dict[int, int]:
    """Print and return the 3-player distribution of optima from the BFS table, with its time."""
    start = time.perf_counter()
    counts = optimum_distribution(3, win)
    elapsed = time.perf_counter() - start
    total = sum(counts.values())
    mean = sum(k * v for k, v in counts.items()) / total
    print(f"3 players, win rule {win.value}: {total} deals in {elapsed:.2f} s (BFS table); mean optimum {mean:.3f}")
    print("  optimum: " + "  ".join(f"{k}: {v}" for k, v in counts.items()))
    return counts


def _optimum(hands: tuple[tuple[int, ...], ...]) -> int:
    return solve(hands).optimum


def solve_every_three_player_deal() -> None:
    """IDA* on all 369,600 3-player deals with two processes, compared with the BFS table."""
    table = distance_table(3)
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(tqdm(pool.map(_optimum, all_deals(3), chunksize=2000), total=deal_count(3),
                            desc="all 3-player deals", file=sys.stderr))
    elapsed = time.perf_counter() - start
    disagree = sum(int(table[0, table_code(hands)]) != optimum for hands, optimum in zip(all_deals(3), results))
    print(f"IDA* on all {len(results)} 3-player deals: {elapsed:.1f} s with 2 processes "
          f"({1000 * elapsed / len(results) * 2:.2f} ms per deal per core); "
          f"deals where it differs from BFS: {disagree}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="random deals per player count")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--all-three", action="store_true", help="also run IDA* on every 3-player deal")
    args = parser.parse_args()
    for players in range(2, 7):
        time_random_deals(players, args.deals, args.seed)
    for win in WinRule:
        distribution(win)
    if args.all_three:
        solve_every_three_player_deal()


if __name__ == "__main__":
    main()
