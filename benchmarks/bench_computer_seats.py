"""Computer seats of the game server (solver/{ripple,mandragora,uncovered}/computer.py): thinking
time per move at each level, and how the levels fare.

Ripple and Mandragora: each level plays `--games` games against the easy level (taking each side
in turn) through the seated-game protocol; we print its wins, draws and losses and its seconds
per move (median, 95th percentile, worst; target: strong under 2 s). Uncovered!: `--tables`
tables of 3 to 6 computers of one level per variant; we print how many are won and the median
score (swaps beyond the optimum; 0 is perfect).

    .venv/bin/python benchmarks/bench_computer_seats.py --games 4 --tables 12
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.mandragora.seated import MandragoraSeated  # noqa: E402
from games.ripple.seated import RippleSeated  # noqa: E402
from solver.computer_levels import COMPUTER_LEVELS  # noqa: E402
from solver.mandragora import computer as mandragora_computer  # noqa: E402
from solver.ripple import computer as ripple_computer  # noqa: E402
from solver.uncovered import computer as uncovered_computer  # noqa: E402
from solver.uncovered.score import seated_game  # noqa: E402

SEATS = [{"role": "player", "kind": "computer"}] * 6
MANDRAGORA_PATTERNS = "ABCE"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def duel(make: Callable[[int], Any], choose: Callable[..., dict], level: str, games: int
         ) -> tuple[list[int], list[float]]:
    """`level` against easy; returns [won, drawn, lost] for `level` and its seconds per move."""
    tally, seconds = [0, 0, 0], []
    for number in range(games):
        game = make(number)
        side = number % 2
        while not game.over:
            seat = game.to_move
            began = time.perf_counter()
            action = choose(game, seat, level if seat == side else "easy")
            if seat == side:
                seconds.append(time.perf_counter() - began)
            game.act(seat, action)
        winners = game.result()["winners"]
        tally[0 if winners == [side] else 1 if len(winners) == 2 else 2] += 1
    return tally, seconds


def report_duels(name: str, make: Callable[[int], Any], choose: Callable[..., dict], games: int) -> None:
    print(f"{name}: each level against easy, {games} games, sides alternating")
    print("| level | won / drawn / lost | moves | median s | p95 s | worst s |")
    print("|---|---|---|---|---|---|")
    for level in COMPUTER_LEVELS:
        tally, seconds = duel(make, choose, level, games)
        print(f"| {level} | {tally[0]} / {tally[1]} / {tally[2]} | {len(seconds)} | "
              f"{statistics.median(seconds):.3f} | {percentile(seconds, 0.95):.3f} | {max(seconds):.3f} |", flush=True)


def report_tables(tables: int) -> None:
    print(f"Uncovered!: {tables} tables of 3 to 6 computers per variant and level")
    print("| variant | level | won | median score | median s | worst s |")
    print("|---|---|---|---|---|---|")
    for variant in ("beginner", "intermediate", "advanced"):
        for level in COMPUTER_LEVELS:
            won, scores, seconds = 0, [], []
            for number in range(tables):
                players = 3 + number % 4
                game = seated_game({"variant": variant, "seed": 1000 + number}, SEATS[:players])
                while not game.over:
                    seat = game.to_move
                    began = time.perf_counter()
                    action = uncovered_computer.choose_action(game, seat, level)
                    seconds.append(time.perf_counter() - began)
                    game.act(seat, action)
                result = game.result()
                if result["outcome"] == "win":
                    won += 1
                    scores.append(result["score"])
            middle = statistics.median(scores) if scores else "-"
            print(f"| {variant} | {level} | {won}/{tables} | {middle} | {statistics.median(seconds):.3f} | "
                  f"{max(seconds):.3f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="Ripple and Mandragora games per level")
    parser.add_argument("--tables", type=int, default=8, help="Uncovered! tables per variant and level")
    args = parser.parse_args()
    report_duels("Ripple", lambda n: RippleSeated.create({}, SEATS[:2]), ripple_computer.choose_action, args.games)
    report_duels("Mandragora Mania",
                 lambda n: MandragoraSeated.create({"pattern": MANDRAGORA_PATTERNS[n // 2 % 4]}, SEATS[:2]),
                 mandragora_computer.choose_action, args.games)
    report_tables(args.tables)


if __name__ == "__main__":
    main()
