"""Ripple AI benchmark: the top level against a random player and a one-move greedy player.

Plays `--games` games against each opponent, the AI taking player 1 in even-numbered games and
player 2 in odd ones, and prints win rates and the AI's thinking time per move (median, 95th
percentile, worst). Targets (issue 8): >= 95% against random, >= 70% against greedy, < 1 s a move.

    .venv/bin/python benchmarks/bench_ripple.py --games 200 --jobs 2
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ripple import DRAW, Rules, new_position, next_position  # noqa: E402
from solver.ripple.ai import TOP_LEVEL, RipplePlayer  # noqa: E402

OPPONENTS = {"random": 0, "greedy": 1}


def play_one(task: tuple[int, int, int]) -> tuple[str, list[float], int, str]:
    """One game: (result for the AI 'win'/'draw'/'loss', AI seconds per move, moves, how it ended)."""
    level, opponent_level, game_number = task
    rules = Rules()
    ai_side = 1 if game_number % 2 == 0 else 2
    players = {
        ai_side: RipplePlayer(rules, level, seed=game_number),
        3 - ai_side: RipplePlayer(rules, opponent_level, seed=10_000 + game_number),
    }
    position = new_position(rules)
    seconds: list[float] = []
    moves = 0
    while not position.over:
        mover = position.to_move
        began = time.perf_counter()
        move = players[mover].choose(position).move
        if mover == ai_side:
            seconds.append(time.perf_counter() - began)
        position = next_position(position, move)
        moves += 1
    result = "draw" if position.winner == DRAW else "win" if position.winner == ai_side else "loss"
    return result, seconds, moves, position.reason or ""


def run_series(level: int, opponent: str, games: int, jobs: int) -> dict:
    """Play the series in `jobs` processes and summarise it."""
    tasks = [(level, OPPONENTS[opponent], n) for n in range(games)]
    results = []
    with Pool(jobs) as pool:
        for outcome in tqdm(pool.imap_unordered(play_one, tasks), total=games, desc=f"vs {opponent}",
                            file=sys.stderr):
            results.append(outcome)
    times = sorted(t for _, seconds, _, _ in results for t in seconds)
    tally = {key: sum(1 for r in results if r[0] == key) for key in ("win", "draw", "loss")}
    reasons: dict[str, int] = {}
    for _, _, _, reason in results:
        reasons[reason] = reasons.get(reason, 0) + 1
    return {
        "opponent": opponent,
        "games": games,
        **tally,
        "win_rate": tally["win"] / games,
        "median_s": statistics.median(times),
        "p95_s": times[int(0.95 * (len(times) - 1))],
        "worst_s": times[-1],
        "ai_moves": len(times),
        "mean_game_length": statistics.mean(r[2] for r in results),
        "endings": reasons,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--level", type=int, default=TOP_LEVEL)
    args = parser.parse_args()
    targets = {"random": 0.95, "greedy": 0.70}
    for opponent in OPPONENTS:
        row = run_series(args.level, opponent, args.games, args.jobs)
        verdict = "ok" if row["win_rate"] >= targets[opponent] and row["worst_s"] < 1.0 else "MISSED"
        print(f"level {args.level} vs {opponent}: {row['win']} won, {row['draw']} drawn, {row['loss']} lost "
              f"of {row['games']} ({row['win_rate']:.1%}; target {targets[opponent]:.0%}) [{verdict}]")
        print(f"  seconds per AI move over {row['ai_moves']} moves: median {row['median_s']:.3f}, "
              f"95th percentile {row['p95_s']:.3f}, worst {row['worst_s']:.3f}")
        print(f"  mean game length {row['mean_game_length']:.1f} moves; endings {row['endings']}")


if __name__ == "__main__":
    main()
