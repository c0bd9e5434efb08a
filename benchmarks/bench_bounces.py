"""Bounce-count answers (RULINGS O9) against colour answers on random `base` mines.

Three figures, per seed a uniformly random base mine (`random_layout`, seed n):

1. Shots to force the mine. Without `--advisor` both answer kinds play one fixed
   policy: the 36 ports in a random order (seeded), a port whose answer the earlier shots
   already give (its own or an earlier exit) skipped. After each shot the solver's frontier
   search lists consistent layouts until a second one shows up. Reported: shots until one
   layout is left (colour), and for bounces, shots until every consistent layout has the same
   gems' shapes in the same places ("forced up to colour": shots never tell a blue large
   triangle from a white one), plus the cell questions (first differing cell, as the generator
   asks) that then settle the colours.
   With `--advisor`, the advisor plays instead (`autoplay`, ranking questions by the answers
   of the game's answer kind: exit and colour, or exit and bounce count) until the solver
   proves the mine forced; reported per answer kind: questions, of them shots and cells, and
   whether the mine is an O8 trap under that answer kind (`trapped`). `--progress FILE` keeps
   each seed's figures as it goes and `--summarize FILE...` reads them back.
2. Trap rate: the share of mines whose 36 answers another legal layout repeats (RULINGS O8 read
   under the answer kind), and the generator's verdict under bounce answers when it may ask
   cells (`generator.generate.Generator.classify`).
3. With `--listing`: CPU time to list and to solve bounce puzzles by the Python frontier search
   and by the compiled one.

    .venv/bin/python benchmarks/bench_bounces.py --seeds 200
    .venv/bin/python benchmarks/bench_bounces.py --advisor --seeds 40 --traps 0
    .venv/bin/python benchmarks/bench_bounces.py --listing --seeds 10
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import common  # noqa: F401  (puts the project on sys.path)

from games.errors import LimitReached
from games.orapa.board import PORTS
from games.orapa.gems import gem_set
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import Puzzle, ShotAnswer, cell_answer, puzzle_from_layout, shot_answer
from games.orapa.random_layouts import random_layout
from generator.generate import Generator
from solver.orapa.advisor.autoplay import autoplay
from solver.orapa.advisor.defaults import STRATEGY
from solver.orapa.api import solve
from solver.orapa.search import frontier_compiled
from solver.orapa.search.frontier_search import frontier_families, python_frontier_families

GEMS = gem_set("base")
SECONDS = 60.0   # per listing; past it the state counts as not forced


def shapes(layout: Layout) -> tuple:
    """The layout with colours forgotten: which quarters each shape covers."""
    by_shape: dict[str, int] = {}
    for placed in layout.gems:
        by_shape[placed.gem.shape] = by_shape.get(placed.gem.shape, 0) | placed.placement.mask
    return tuple(sorted(by_shape.items()))


def second(puzzle: Puzzle, mine: Layout, key) -> Layout | None:
    """A consistent layout whose `key` differs from the mine's, or None (forced under key)."""
    wanted = key(mine)
    deadline = time.monotonic() + SECONDS
    try:
        for family in frontier_families(puzzle, deadline):
            for member in family.members(deadline):
                if key(member) != wanted:
                    return member
    except LimitReached:
        return mine          # not proven: counted as not forced yet
    return None


def shots_to_force(mine: Layout, order: list[int], kind: str, key) -> tuple[int, Puzzle, Layout | None]:
    """Shots (in `order`, settled ports skipped) until `key` is forced; the puzzle then."""
    puzzle = Puzzle(GEMS, RuleOptions(answer=kind))
    known: set[int] = set()
    asked = 0
    twin = None
    for port in order:
        if port in known:
            continue
        answer = shot_answer(mine, port, kind)
        known.add(port)
        if answer.exit is not None:
            known.add(answer.exit)
        asked += 1
        puzzle = puzzle.with_observations(list(puzzle.observations) + [answer])
        twin = second(puzzle, mine, key)
        if twin is None:
            return asked, puzzle, None
    return asked, puzzle, twin


def cells_to_settle(puzzle: Puzzle, mine: Layout) -> int:
    """Cell questions (first cell telling the mine from a consistent twin) until it is forced."""
    asked = 0
    while (twin := second(puzzle, mine, lambda x: x.signature)) is not None:
        cell = next(c for c in range(80) if twin.cell_content(c) != mine.cell_content(c))
        puzzle = puzzle.with_observations(list(puzzle.observations) + [cell_answer(mine, cell)])
        asked += 1
    return asked


def describe(values: list[int]) -> str:
    return (f"mean {statistics.mean(values):.2f}, median {statistics.median(values)}, "
            f"max {max(values)} (n={len(values)})")


def trapped(mine: Layout, kind: str) -> str:
    """O8 under the answer kind: "no" when the 36 shots force the mine, "colours" when a twin
    repeats them with the same shapes in the same places (only the colours differ), "shapes"
    when a twin places some shape elsewhere, "unknown" past the listing's time limit."""
    puzzle = Puzzle(GEMS, RuleOptions(answer=kind),
                    tuple(shot_answer(mine, port, kind) for port in range(PORTS)))
    twin = second(puzzle, mine, lambda x: x.signature)
    if twin is None:
        return "no"
    if twin is mine:
        return "unknown"
    return "colours" if shapes(twin) == shapes(mine) else "shapes"


def advisor_games(seeds: range, sample: int, progress: str | None) -> None:
    """The advisor plays every seed's mine under colour and under bounce answers; each seed's
    figures (and whether the mine is an O8 trap under that answer kind) are appended to
    `progress` as one JSON line as soon as they are known, so a stopped run keeps them."""
    start = time.monotonic()
    figures: dict[str, dict[str, list[int]]] = {
        kind: {"questions": [], "shots": [], "cells": []} for kind in ("colour", "bounces")}
    traps: dict[str, dict[str, int]] = {"colour": {}, "bounces": {}}
    for seed in seeds:
        line, record = [], {"seed": seed}
        for kind, found in figures.items():
            clock = time.monotonic()
            game = autoplay(GEMS, RuleOptions(answer=kind), seed=seed, sample=sample)
            assert game.solved == game.mine, f"seed {seed}: {kind} game solved to another layout"
            shots = sum(isinstance(step.answer, ShotAnswer) for step in game.steps)
            found["questions"].append(game.questions)
            found["shots"].append(shots)
            found["cells"].append(game.questions - shots)
            trap = trapped(game.mine, kind)
            traps[kind][trap] = traps[kind].get(trap, 0) + 1
            record[kind] = {"questions": game.questions, "shots": shots, "trap": trap,
                            "seconds": round(time.monotonic() - clock, 1)}
            line.append(f"{kind} {game.questions} ({shots} shots, trap: {trap})")
        print(f"seed {seed}: " + ", ".join(line), flush=True)
        if progress:
            with open(progress, "a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
    print(f"base, seeds {seeds.start}..{seeds.stop - 1}, the advisor (strategy {STRATEGY}, "
          f"sample {sample}) ({time.monotonic() - start:.0f} s)")
    for kind, found in figures.items():
        print(f"  {kind} answers: questions {describe(found['questions'])}")
        print(f"    shots {describe(found['shots'])}; cells {describe(found['cells'])}")
        print(f"    O8 trap under {kind} answers: "
              + ", ".join(f"{k} {v}" for k, v in sorted(traps[kind].items())))
    extra = [b - c for b, c in zip(figures["bounces"]["questions"], figures["colour"]["questions"])]
    if len(extra) > 1:
        print(f"  paired, bounces minus colour: {statistics.mean(extra):+.2f} questions "
              f"(standard error {statistics.stdev(extra) / len(extra) ** 0.5:.2f})")


def summarize(paths: list[str]) -> None:
    """The figures of `--advisor` runs from their progress files (a stopped run's seeds, or
    several runs over different seeds), as the run itself prints them."""
    records = {}
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                records[record["seed"]] = record
    seeds = sorted(records)
    print(f"base, {len(seeds)} seeds ({seeds[0]}..{seeds[-1]}), the advisor, from {', '.join(paths)}")
    for kind in ("colour", "bounces"):
        games = [records[s][kind] for s in seeds]
        questions = [g["questions"] for g in games]
        shots = [g["shots"] for g in games]
        cells = [q - s for q, s in zip(questions, shots)]
        traps: dict[str, int] = {}
        for g in games:
            traps[g["trap"]] = traps.get(g["trap"], 0) + 1
        print(f"  {kind} answers: questions {describe(questions)}")
        print(f"    shots {describe(shots)}; cells {describe(cells)}; "
              f"games with a cell {sum(c > 0 for c in cells)}")
        print(f"    O8 trap under {kind} answers: "
              + ", ".join(f"{k} {v}" for k, v in sorted(traps.items())))
    extra = [records[s]["bounces"]["questions"] - records[s]["colour"]["questions"] for s in seeds]
    if len(extra) > 1:
        print(f"  paired, bounces minus colour: {statistics.mean(extra):+.2f} questions "
              f"(standard error {statistics.stdev(extra) / len(extra) ** 0.5:.2f}); "
              f"more {sum(e > 0 for e in extra)}, same {extra.count(0)}, "
              f"fewer {sum(e < 0 for e in extra)}")


def timed_listing(puzzle: Puzzle, search) -> tuple[float, int]:
    """CPU seconds to list every family of the puzzle with `search`, and how many."""
    start = time.process_time()
    families = sum(1 for _ in search(puzzle))
    return time.process_time() - start, families


def timed_solve(puzzle: Puzzle, compiled: bool) -> float:
    """CPU seconds `solve` takes on the puzzle, with or without the compiled frontier search."""
    kernel = frontier_compiled._KERNEL
    if not compiled:
        frontier_compiled._KERNEL = None      # what the search did before it took counts
    try:
        start = time.process_time()
        solve(puzzle, limit=10)
        return time.process_time() - start
    finally:
        frontier_compiled._KERNEL = kernel


def listing_speed(seeds: int) -> None:
    """Listing and solving bounce-count puzzles with the Python frontier search (the fallback
    before the compiled one took counts) and the compiled one, in CPU seconds (the machine
    is shared): random mines of base (12 ports of a seeded order, and all 36) and of full (all
    36; a 12-shot full state has too many families for the Python search)."""
    for preset, counts in (("base", (12, 36)), ("full", (36,))):
        gems = gem_set(preset)
        for shots in counts:
            lists = {"python": [], "compiled": []}
            solves = {"python": [], "compiled": []}
            for seed in range(seeds):
                mine = random_layout(gems, rng=random.Random(seed))
                ports = random.Random(seed).sample(range(PORTS), shots)
                puzzle = puzzle_from_layout(mine, gems, RuleOptions(answer="bounces"), ports)
                python, n = timed_listing(puzzle, python_frontier_families)
                compiled, m = timed_listing(puzzle, frontier_compiled.families)
                assert n == m, f"{preset} seed {seed}: the two searches list different families"
                lists["python"].append(python)
                lists["compiled"].append(compiled)
                solves["python"].append(timed_solve(puzzle, False))
                solves["compiled"].append(timed_solve(puzzle, True))
            line = []
            for name, values in (("list", lists), ("solve", solves)):
                for how in ("python", "compiled"):
                    line.append(f"{name} {how} median {1000 * statistics.median(values[how]):.1f} "
                                f"ms, worst {1000 * max(values[how]):.1f} ms")
            print(f"{preset}, {shots} bounce shots, {seeds} mines: " + "; ".join(line),
                  flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--traps", type=int, default=None, help="layouts for the trap rate")
    parser.add_argument("--advisor", action="store_true",
                        help="the advisor asks the questions (both answer kinds) instead of a "
                             "random shot order")
    parser.add_argument("--sample", type=int, default=300, help="the advisor's sample size")
    parser.add_argument("--first-seed", type=int, default=0, help="the first seed played")
    parser.add_argument("--progress", default=None,
                        help="with --advisor: a file each seed's figures are appended to (JSON lines)")
    parser.add_argument("--listing", action="store_true",
                        help="time listing and solving bounce puzzles, Python and compiled "
                             "frontier search, instead")
    parser.add_argument("--summarize", nargs="+", metavar="PROGRESS",
                        help="print the figures of --advisor runs from their progress files")
    args = parser.parse_args()
    if args.summarize:
        summarize(args.summarize)
        return
    if args.listing:
        listing_speed(args.seeds)
        return
    if args.advisor:
        advisor_games(range(args.first_seed, args.first_seed + args.seeds), args.sample,
                      args.progress)
        if args.traps == 0:
            return
    start = time.monotonic()
    colour, bounce_shapes, bounce_cells, bounce_total, never = [], [], [], [], 0
    for seed in range(args.seeds):
        mine = random_layout(GEMS, rng=random.Random(seed))
        order = list(range(PORTS))
        random.Random(seed).shuffle(order)
        n, _, _ = shots_to_force(mine, order, "colour", lambda x: x.signature)
        colour.append(n)
        n, puzzle, twin = shots_to_force(mine, order, "bounces", shapes)
        if twin is not None:
            never += 1           # 36 bounce shots leave the shapes open: a shape-level trap
            print(f"seed {seed}: colour {colour[-1]}, bounces: shapes never forced", flush=True)
            continue
        bounce_shapes.append(n)
        cells = cells_to_settle(puzzle, mine)
        bounce_cells.append(cells)
        bounce_total.append(n + cells)
        print(f"seed {seed}: colour {colour[-1]}, bounce shots {n} + cells {cells}", flush=True)
    print(f"base, {args.seeds} seeds, random shot order ({time.monotonic() - start:.0f} s)")
    print(f"  colour shots to force the mine: {describe(colour)}")
    print(f"  bounce shots to force the shapes: {describe(bounce_shapes)}; "
          f"not forced by all 36: {never}")
    print(f"  then cell questions for the colours: {describe(bounce_cells)}")
    print(f"  bounce questions in all (shots + cells): {describe(bounce_total)}")
    traps = args.traps or args.seeds
    verdicts = {"colour": {}, "bounces": {}}
    alone = 0
    for kind in verdicts:
        generator = Generator(GEMS, RuleOptions(answer=kind), rng=random.Random(0))
        for seed in range(traps):
            layout = random_layout(GEMS, rng=random.Random(10_000 + seed))
            verdict, puzzle, _ = generator.classify(layout)
            verdicts[kind][verdict] = verdicts[kind].get(verdict, 0) + 1
            if kind == "bounces" and len(puzzle.observations) > PORTS:
                alone += 1     # the shots alone left a twin: cells were asked
    for kind, counts in verdicts.items():
        shown = ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
        print(f"  generator verdicts, {kind} answers, {traps} layouts: {shown}")
    print(f"  bounce answers: 36 shots alone left a twin (O8 trap under counts) for "
          f"{alone} of {traps} layouts")


if __name__ == "__main__":
    main()
