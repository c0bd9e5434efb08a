"""Where the autoplayer's questions go: a profile of a `bench_agent.py --out` file (issue 21).

For every game it replays the log against the seed's mine and, at every state whose layouts were
listed, compares the questions the advisor still took with
- an oracle that knows the mine: the fewest questions whose answers on the mine rule out every
  other listed layout (greedy set cover, so an upper bound on the oracle's count), and
- the decision-tree search's own estimate of the questions left (`expected_questions`).
It also reports the information per question (log2 of the count before over the count after) over
the sampled phase, split into stretches with and without a `partial` (biased) sample, counted
between decisions whose counts are unbiased estimates.

    .venv/bin/python benchmarks/profile_agent.py full.jsonl --gems full
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.orapa.gems import gem_set  # noqa: E402
from games.orapa.layout import Layout, RuleOptions  # noqa: E402
from games.orapa.puzzle import Puzzle  # noqa: E402
from games.orapa.random_layouts import random_layout  # noqa: E402
from solver.orapa.advisor.autoplay import answer, decide  # noqa: E402
from solver.orapa.advisor.ranking import answer_keys, open_questions  # noqa: E402


def oracle_questions(layouts: list[Layout], mine: Layout, puzzle: Puzzle) -> int:
    """Greedy set cover: questions whose answers on the mine rule out every other layout."""
    questions = open_questions(puzzle)
    shots, cells = answer_keys(layouts)
    mine_shots, mine_cells = answer_keys([mine])
    columns = np.stack([shots[:, i] if k == "shot" else cells[:, i] for k, i in questions], axis=1)
    truth = np.array([mine_shots[0, i] if k == "shot" else mine_cells[0, i]
                      for k, i in questions])
    differ = columns != truth
    alive = differ.any(axis=1)   # every layout but the mine (and any the questions cannot split)
    asked = 0
    while alive.any():
        best = int(differ[alive].sum(axis=0).argmax())
        alive &= ~differ[:, best]
        asked += 1
    return asked


def phase_bits(games: list[dict]) -> dict[str, tuple[int, float]]:
    """(questions, bits per question) over stretches of sampled decisions between unbiased
    counts, with and without a partial sample inside."""
    totals = {"uniform": [0, 0.0], "partial": [0, 0.0]}
    for g in games:
        methods, counts = g["methods"], g["candidates"]
        if "enumeration" not in methods:
            continue
        listed = methods.index("enumeration")
        marks = [k for k in range(listed) if methods[k] != "partial"] + [listed]
        for a, b in zip(marks, marks[1:]):
            kind = "partial" if "partial" in methods[a:b] else "uniform"
            totals[kind][0] += b - a
            totals[kind][1] += math.log2(counts[a] / counts[b])
    return {k: (q, round(bits / q, 2) if q else 0.0) for k, (q, bits) in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", help="a bench_agent.py --out file")
    parser.add_argument("--gems", default="full")
    args = parser.parse_args()
    gems, rules = gem_set(args.gems), RuleOptions()
    with open(args.games, encoding="utf-8") as f:
        games = [g for g in map(json.loads, f) if g.get("gems", args.gems) == args.gems]
    first: list[tuple[int, int, int, float | None]] = []
    for g in sorted(games, key=lambda g: g["seed"]):
        seed = g["seed"]
        mine = random_layout(gems, rules, random.Random(seed))
        puzzle = Puzzle(gems, rules)
        seen = False
        for k, question in enumerate(g["log"]):
            if g["methods"][k] == "enumeration":
                advice = decide(puzzle, seed=seed)
                if advice.candidates.exact:
                    layouts = advice.candidates.layouts
                    row = (len(layouts), g["questions"] - k,
                           oracle_questions(layouts, mine, puzzle),
                           advice.best.expected_questions)
                    print(f"seed {seed} after {k}: {row[0]} layouts, advisor {row[1]}, "
                          f"oracle {row[2]}, search estimate {row[3] and round(row[3], 2)}",
                          file=sys.stderr)
                    if not seen:
                        first.append(row)
                        seen = True
            puzzle = puzzle.with_observations(puzzle.observations + (answer(mine, question),))
    estimates = [r[3] for r in first if r[3] is not None]
    print(json.dumps({
        "games": len(games),
        "average_questions": round(statistics.mean(g["questions"] for g in games), 2),
        "first_listed": {"games": len(first),
                         "median_layouts": statistics.median(r[0] for r in first),
                         "advisor_questions": round(statistics.mean(r[1] for r in first), 2),
                         "oracle_questions": round(statistics.mean(r[2] for r in first), 2),
                         "search_estimate": round(statistics.mean(estimates), 2)
                         if estimates else None},
        "sampled_phase_bits_per_question": phase_bits(games),
        "partial_decisions": sum(m == "partial" for g in games for m in g["methods"]),
        "decisions": sum(len(g["methods"]) for g in games)}))


if __name__ == "__main__":
    main()
