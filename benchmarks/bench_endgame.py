"""Endgame benchmark: the exact expected questions of the advisor's listed-phase policy.

`bench_agent.py` plays whole games, and two runs of the same code on the same mines already
differ by about 0.3 questions a game over 19 seeds: a small change to the endgame drowns in that
noise. Once the consistent layouts are listed, though, the policy can be valued exactly. For a
listed state S (every layout equally likely to be the mine) the autoplayer asks the question q
the advisor ranks first, and

    E(S) = 0 when |S| = 1, else 1 + sum over the answers a of |S_a| / |S| * E(S_a),

the policy's own expected number of questions, with no sampling in it. This script takes the
first listed state of every game of a `bench_agent.py --out` file (the answers of the game's
log up to the first `enumeration` decision, from the mine of its seed), lists the layouts, and
computes E over the whole policy tree. Without a file it first plays `--games` mines of
`--gems` (default 20 of `base`) with the current defaults. `--set MODULE.NAME=VALUE` changes a
constant first, as in bench_agent.py; `--compare A B` prints the paired difference of two
`--out` files of this script. The same states valued two ways differ only where the policies
differ.

    .venv/bin/python benchmarks/bench_endgame.py GAMES.jsonl --out endgame.jsonl
    .venv/bin/python benchmarks/bench_endgame.py GAMES.jsonl --set \
        solver.orapa.advisor.tree.GROUP_BITS=3.2 --out gb.jsonl
    .venv/bin/python benchmarks/bench_endgame.py --compare endgame.jsonl gb.jsonl
    .venv/bin/python benchmarks/bench_endgame.py GAMES.jsonl --optimum 60 --out opt.jsonl
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_agent import compare as paired_difference  # noqa: E402
from bench_agent import play_one, set_constants  # noqa: E402
from games.orapa.gems import gem_set  # noqa: E402
from games.orapa.layout import RuleOptions  # noqa: E402
from games.orapa.puzzle import Puzzle  # noqa: E402
from games.orapa.random_layouts import random_layout  # noqa: E402
from solver.orapa.advisor import ranking, tree  # noqa: E402
from solver.orapa.advisor.autoplay import answer  # noqa: E402
from solver.orapa.advisor.defaults import BUDGET, SAMPLE, decision_rng  # noqa: E402
from solver.orapa.counting.consistent_sample import consistent_candidates  # noqa: E402


LISTING_BUDGET = 300.0   # seconds: the state is listed however loaded the machine is


def first_listed_state(game: dict) -> tuple[Puzzle, int] | None:
    """The puzzle of a game at its first listed decision with more than two layouts, and the
    number of answers before it (None when the game never had one)."""
    for k, (method, count) in enumerate(zip(game["methods"], game["candidates"])):
        if method == "enumeration" and count > 2:
            break
    else:
        return None
    gems, rules = gem_set(game["gems"]), RuleOptions()
    mine = random_layout(gems, rules, random.Random(game["seed"]))
    answers = tuple(answer(mine, q) for q in game["log"][:k])
    return Puzzle(gems, rules, answers), k


def first_question(columns: np.ndarray) -> int:
    """The question the advisor asks over listed layouts whose answers are `columns` (more
    than two layouts): the head of the `questions` strategy's tree order."""
    return int(ranking.planned_questions(columns)[0][0])


def policy_value(columns: np.ndarray) -> tuple[float, int]:
    """The policy's exact expected questions over equally likely rows, and the decisions
    taken in its whole tree."""
    table = tree.AnswerTable(columns)
    decisions = 0

    def value(members: np.ndarray) -> float:
        nonlocal decisions
        n = len(members)
        if n <= 1:
            return 0.0
        if n == 2:
            return 1.0
        decisions += 1
        groups = table.split(members, first_question(columns[members]))
        return 1.0 + sum(len(g) * value(g) for g in groups) / n

    return value(np.arange(len(columns))), decisions


def optimum(columns: np.ndarray) -> float:
    """The least expected questions any policy needs over equally likely rows: the tree search
    at full width and unbounded depth (exponential: small sets only)."""
    width = columns.shape[1]
    search = tree.TreeSearch(tree.AnswerTable(columns), None, root_width=width, node_width=width)
    return search.value(np.arange(len(columns)), depth=len(columns))


def value_game(args: tuple[dict, list[str], int]) -> dict | None:
    """One game's first listed state, valued under the policy (and at the optimum when it
    holds at most `optimum_up_to` layouts)."""
    game, settings, optimum_up_to = args
    set_constants(settings)
    state = first_listed_state(game)
    if state is None:
        return None
    puzzle, k = state
    start = time.process_time()
    candidates = consistent_candidates(puzzle, SAMPLE, ranking.EXACT_BOUND, LISTING_BUDGET,
                                       decision_rng(game["seed"], k))
    if not candidates.exact:
        return {"seed": game["seed"], "answers": k, "error": "the layouts were not listed"}
    _, columns = ranking.score_questions(candidates, ranking.open_questions(puzzle))
    expected, decisions = policy_value(columns)
    result = {"seed": game["seed"], "answers": k, "layouts": len(candidates.layouts),
              "expected": expected, "decisions": decisions,
              "played": len(game["log"]) - k, "cpu_seconds": time.process_time() - start}
    if len(columns) <= optimum_up_to:
        result["optimum"] = optimum(columns)
    return result


def compare(before: Path, after: Path) -> None:
    """Paired difference of two --out files over the states both valued."""
    paired = paired_difference(str(before), str(after), key="expected", digits=4)
    print(f"{len(paired['seeds'])} states: before {paired['before']:.4f}, "
          f"after {paired['after']:.4f}, difference {paired['difference']:+.4f} "
          f"+- {paired['standard_error']:.4f} ({paired['games_changed']} states changed)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", nargs="?", type=Path, metavar="GAMES.jsonl",
                        help="a bench_agent.py --out file")
    parser.add_argument("--gems", default="base", help="without a file: the gem set to play")
    parser.add_argument("--games", type=int, default=20,
                        help="without a file: how many mines to play first")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--optimum", type=int, default=0, metavar="N",
                        help="also compute the optimum of the states of at most N layouts "
                             "(60 takes about a minute)")
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    games = {}
    if args.file is None:
        tasks = [(args.gems, seed, "questions", SAMPLE, BUDGET, False, ranking.EXACT_BOUND)
                 for seed in range(args.games)]
        with Pool(args.jobs) as pool:
            for game in tqdm(pool.imap_unordered(play_one, tasks), total=len(tasks),
                             desc=f"playing {args.gems}", file=sys.stderr):
                games[game["seed"]] = {"gems": args.gems, **game}
    else:
        for line in args.file.read_text().splitlines():
            game = json.loads(line)
            games[game["seed"]] = game
    done = set()
    if args.out and args.out.exists():
        done = {json.loads(line)["seed"] for line in args.out.read_text().splitlines()}
    todo = [(games[s], args.set, args.optimum) for s in sorted(games) if s not in done]
    results = []
    with Pool(args.jobs) as pool, tqdm(total=len(todo), desc="valuing",
                                       file=sys.stderr) as bar:
        for result in pool.imap_unordered(value_game, todo):
            bar.update()
            if result is None:
                continue
            results.append(result)
            if args.out:
                with args.out.open("a") as out:
                    out.write(json.dumps(result) + "\n")
    valued = [r for r in results if "expected" in r]
    if valued:
        expected = statistics.mean(r["expected"] for r in valued)
        print(f"{len(valued)} states: expected questions {expected:.4f} (played "
              f"{statistics.mean(r['played'] for r in valued):.3f}), median layouts "
              f"{statistics.median(r['layouts'] for r in valued)}")
    small = [r for r in valued if "optimum" in r]
    if small:
        print(f"{len(small)} states of at most {args.optimum} layouts: policy "
              f"{statistics.mean(r['expected'] for r in small):.4f}, optimum "
              f"{statistics.mean(r['optimum'] for r in small):.4f}")


if __name__ == "__main__":
    main()
