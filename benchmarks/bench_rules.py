"""Rule checks on layouts: O3's visibility (`all_visible`) and the cell questions' answers
(`Layout.cell_content`), which the random layouts, the samplers and the tests' references ask
millions of times.

For each preset: random legal layouts, and the same with one gem moved to a random inner cell
(often hidden, so the walk below cannot stop early); the median time of one call, and for
visibility the ratio to walking every port's line cell by cell (how it was done until
2026-11-27); for a cell answer the ratio to the code of that date; and all 80 answers of a
layout (`Layout.cell_contents`, which the advisor's ranking asks under `touching any`).

    .venv/bin/python benchmarks/bench_rules.py [--layouts 300]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

import common  # noqa: F401  (puts the project on sys.path)

from games.orapa.board import CELLS, PORT_LINES
from games.orapa.gems import gem_set
from games.orapa.layout import Layout, RuleOptions, all_visible
from games.orapa.placements import bits
from games.orapa.random_layouts import random_layout

PRESETS = ("base", "full", "double")
INNER = [c for c in range(CELLS) if 1 <= c % 10 <= 8 and 1 <= c // 10 <= 6]


def visible_by_walking(cell_masks: list[int]) -> bool:
    """The check as it was until 2026-11-27: each port's line walked to its first covered
    cell, the cells' owners in a dict; done as soon as every gem is seen."""
    owner: dict[int, int] = {}
    for i, mask in enumerate(cell_masks):
        for cell in bits(mask):
            owner[cell] = owner.get(cell, 0) | 1 << i
    seen, full = 0, (1 << len(cell_masks)) - 1
    for line in PORT_LINES:
        for cell in line:
            hit = owner.get(cell)
            if hit:
                seen |= hit
                break
        if seen == full:
            return True
    return False


def per_call(work: Callable[[], int], passes: int = 5) -> float:
    """Median CPU microseconds per call of `work`, which returns how many calls it made."""
    times = []
    for _ in range(passes):
        start = time.process_time()
        calls = work()
        times.append((time.process_time() - start) / calls * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layouts", type=int, default=300)
    args = parser.parse_args()
    print(f"{args.layouts} random layouts a preset; median CPU us a call of 5 passes")
    for preset in PRESETS:
        rng = random.Random(7)
        layouts = [random_layout(gem_set(preset), RuleOptions(visibility=False), rng)
                   for _ in range(args.layouts)]
        legal = [[g.placement.cell_mask for g in layout.gems] for layout in layouts]
        moved = [list(masks) for masks in legal]
        for masks in moved:
            masks[rng.randrange(len(masks))] = 1 << rng.choice(INNER)
        cases = legal + moved
        assert [all_visible(m) for m in cases] == [visible_by_walking(m) for m in cases]
        now = per_call(lambda: sum(1 for m in cases if all_visible(m) or True))
        walked = per_call(lambda: sum(1 for m in cases if visible_by_walking(m) or True))

        for layout in layouts:
            _ = layout.cell_gems        # each layout's owners of cells, not the answers' work
        answer = per_call(lambda: sum(1 for layout in layouts for cell in range(CELLS)
                                      if layout.cell_content(cell) or True))
        answer_then = per_call(lambda: sum(1 for layout in layouts for cell in range(CELLS)
                                           if content_as_it_was(layout, cell) or True))
        every = per_call(lambda: sum(1 for layout in layouts if fresh(layout).cell_contents))
        print(f"{preset:7s} visibility {now:5.1f} us (walking the lines {walked:5.1f} us, "
              f"{walked / now:.1f}x); a cell answer {answer:4.2f} us ({answer_then:4.2f} us, "
              f"{answer_then / answer:.1f}x); all 80 of a layout {every:5.1f} us")


def content_as_it_was(layout: Layout, cell: int) -> str:
    """`cell_content` until 2026-11-27: a sorted set of the colours however many gems."""
    colors = sorted({layout.gems[i].gem.color for i in layout.cell_gems[cell]})
    if not colors:
        return "empty"
    return "absorbed" if "black" in colors else colors[0]


def fresh(layout: Layout) -> Layout:
    """The layout without its worked-out answers (its owners of cells kept)."""
    layout.__dict__.pop("cell_contents", None)
    return layout


if __name__ == "__main__":
    main()
