"""Bounce-count answers (RULINGS O9) against colour answers on random `base` mines.

Two figures, per seed a uniformly random base mine (`random_layout`, seed n):

1. Shots to force the mine. The advisor ranks questions by their colour answers and cannot yet
   rank bounce answers (see docs/editions.md), so both answer kinds here play one fixed
   policy: the 36 ports in a random order (seeded), a port whose answer the earlier shots
   already give (its own or an earlier exit) skipped. After each shot the solver's frontier
   search lists consistent layouts until a second one shows up. Reported: shots until one
   layout is left (colour), and for bounces, shots until every consistent layout has the same
   gems' shapes in the same places ("forced up to colour": shots never tell a blue large
   triangle from a white one), plus the cell questions (first differing cell, as the generator
   asks) that then settle the colours.
   With `--advisor`, the advisor plays instead (`autoplay`, ranking questions by the answers
   of the game's answer kind: exit and colour, or exit and bounce count) until the solver
   proves the mine forced; reported per answer kind: questions, of them shots and cells.
2. Trap rate: the share of mines whose 36 answers another legal layout repeats (RULINGS O8 read
   under the answer kind), and the generator's verdict under bounce answers when it may ask
   cells (`generator.generate.Generator.classify`).

    .venv/bin/python benchmarks/bench_bounces.py --seeds 200
    .venv/bin/python benchmarks/bench_bounces.py --advisor --seeds 40 --traps 0
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import common  # noqa: F401  (puts the project on sys.path)

from games.errors import LimitReached
from games.orapa.board import PORTS
from games.orapa.gems import gem_set
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import Puzzle, ShotAnswer, cell_answer, shot_answer
from games.orapa.random_layouts import random_layout
from generator.generate import Generator
from solver.orapa.advisor.autoplay import autoplay
from solver.orapa.search.frontier_search import frontier_families

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


def advisor_games(seeds: int, sample: int) -> None:
    """The advisor plays every seed's mine under colour and under bounce answers."""
    start = time.monotonic()
    figures: dict[str, dict[str, list[int]]] = {
        kind: {"questions": [], "shots": [], "cells": []} for kind in ("colour", "bounces")}
    for seed in range(seeds):
        line = []
        for kind, found in figures.items():
            game = autoplay(GEMS, RuleOptions(answer=kind), seed=seed, sample=sample)
            assert game.solved == game.mine, f"seed {seed}: {kind} game solved to another layout"
            shots = sum(isinstance(step.answer, ShotAnswer) for step in game.steps)
            found["questions"].append(game.questions)
            found["shots"].append(shots)
            found["cells"].append(game.questions - shots)
            line.append(f"{kind} {game.questions} ({shots} shots)")
        print(f"seed {seed}: " + ", ".join(line), flush=True)
    print(f"base, {seeds} seeds, the advisor (entropy, sample {sample}) "
          f"({time.monotonic() - start:.0f} s)")
    for kind, found in figures.items():
        print(f"  {kind} answers: questions {describe(found['questions'])}")
        print(f"    shots {describe(found['shots'])}; cells {describe(found['cells'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--traps", type=int, default=None, help="layouts for the trap rate")
    parser.add_argument("--advisor", action="store_true",
                        help="the advisor asks the questions (both answer kinds) instead of a "
                             "random shot order")
    parser.add_argument("--sample", type=int, default=300, help="the advisor's sample size")
    args = parser.parse_args()
    if args.advisor:
        advisor_games(args.seeds, args.sample)
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
