"""Answers from exact counts: `orapa solve`'s count and the deduction map without a list.

`solver.orapa.api.solve` and `deductions` ask here first. Within `COUNT_SECONDS` (or half the
caller's time, when less) the counting kernel (`solver.orapa.counting.family_counts`) gives the exact number
of consistent layouts and, per cell and colour, how many of them cover the cell; a solve then
lists only the layouts it prints, lazily from the same families. When counting does not apply
(rule `touching any`, `method="model"`) or runs out of its time, these return None and the
callers list layouts as before. The empty board's count is read from disk
(`solver.orapa.counting.empty_board`): it depends only on the gem set and the rules.
With `max_nodes`, counting is bounded by work instead of time: it stops after that many
counting nodes, the same on any machine, and a clock (`timeout`) only stops it with
LimitReached (the review and the generator's grade count this way, so that their answers do
not depend on the machine's load).

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.puzzle import puzzle_from_layout
>>> from games.orapa.random_layouts import random_layout
>>> mine = random_layout(gem_set("base"), rng=random.Random(8))
>>> puzzle = puzzle_from_layout(mine, gem_set("base"), RuleOptions(), ports=range(0, 36, 4))
>>> count, layouts, families = counted_solve(puzzle, limit=2)
>>> count >= len(layouts) >= 1
True
"""
from __future__ import annotations

import time
from itertools import islice

from games.errors import LimitReached
from games.orapa.board import CELLS
from games.orapa.layout import Layout
from games.orapa.puzzle import Puzzle
from solver.orapa.counting.empty_board import cached_empty_count, remember_empty_count
from solver.orapa.counting.family_counts import LayoutCount, count_layouts
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.precheck import impossible_answers

COUNT_SECONDS = 2.0   # counting's share of a solve or a deduction map before listing takes over
# An empty board of this many gems or more is not counted unless its count is kept on disk:
# base's five take 6 s of CPU (one family, 146 million nodes), full's seven some 10^12 nodes,
# so a try would only add COUNT_SECONDS before the listing and the estimate answer.
EMPTY_BOARD_TOO_MANY_GEMS = 5


def _applies(puzzle: Puzzle, method: str) -> bool:
    return method == "auto" and puzzle.rules.touching == "corner"


def _count_deadline(timeout: float | None, seconds: float | None) -> float:
    if seconds is None:
        seconds = COUNT_SECONDS if timeout is None else min(COUNT_SECONDS, timeout / 2)
    return time.monotonic() + seconds


# The search for the families, counting by work: its nodes bounded too (15 to 19 s of CPU at
# most), so that a state where the search finds few families (full with nine to eleven bounce
# answers) ends by work, as every other state does, not at the caller's safety clock (a game
# review failed with "time limit reached while counting layouts" after 60 s on such a state).
SEARCH_NODES = 20_000_000


def exact_count(puzzle: Puzzle, timeout: float | None = None, method: str = "auto",
                marginals: bool = False, seconds: float | None = None,
                max_nodes: int | None = None) -> LayoutCount | None:
    """The exact count (with marginals when asked), or None when it cannot be had in time:
    counting gets `seconds`, by default `COUNT_SECONDS` or half of `timeout` when less. With
    `max_nodes`, None when it takes more counting nodes than that; the clock is then only
    `timeout` (none by default), and reaching it raises LimitReached."""
    if not _applies(puzzle, method) or impossible_answers(puzzle.observations,
                                                         puzzle.gems) is not None:
        return None
    known = cached_empty_count(puzzle)
    if known is not None:
        return known
    if not puzzle.observations and len(puzzle.gems) >= EMPTY_BOARD_TOO_MANY_GEMS:
        return None
    if max_nodes is not None:
        return _counted_by_work(puzzle, timeout, max_nodes, marginals)
    counted = count_layouts(puzzle, _count_deadline(timeout, seconds), marginals=marginals)
    if marginals:
        remember_empty_count(puzzle, counted)
    return counted if counted.exact else None


def _counted_by_work(puzzle: Puzzle, timeout: float | None, max_nodes: int,
                     marginals: bool) -> LayoutCount | None:
    """`exact_count` within `max_nodes` counting nodes and SEARCH_NODES nodes of the search
    for the families; LimitReached when `timeout` stops it first (the kernel stops at the
    budget with at least `max_nodes` nodes counted)."""
    deadline = None if timeout is None else time.monotonic() + timeout
    counted = count_layouts(puzzle, deadline, max_nodes, marginals, SEARCH_NODES)
    if not counted.exact and counted.nodes < max_nodes and deadline is not None \
            and time.monotonic() >= deadline:
        raise LimitReached("time limit reached while counting layouts")
    if counted.exact and marginals:
        remember_empty_count(puzzle, counted)
    return counted if counted.exact else None


def counted_solve(puzzle: Puzzle, limit: int, timeout: float | None = None,
                  method: str = "auto", max_nodes: int | None = None
                  ) -> tuple[int, list[Layout], int] | None:
    """(exact count, the first `limit` layouts, families) for a puzzle with at least one
    layout, or None (no count in time or within `max_nodes` counting nodes, see
    `exact_count`, or none consistent: the caller's listing then explains a contradiction).
    The layouts are listed lazily, family by family, until `limit`."""
    start = time.monotonic()
    counted = exact_count(puzzle, timeout, method, max_nodes=max_nodes)
    if counted is None or counted.count == 0:
        return None
    deadline = None if timeout is None else start + timeout
    kept: list[Layout] = []
    try:
        for family in frontier_families(puzzle, deadline):
            if len(kept) >= limit:
                break
            kept += islice(family.members(deadline), limit - len(kept))
    except LimitReached:
        pass   # the count is exact; fewer layouts shown than asked
    return counted.count, kept, counted.families


def exact_possible(puzzle: Puzzle, timeout: float | None = None, method: str = "auto",
                   seconds: float | None = None) -> tuple[dict[int, set[str]], int] | None:
    """Per cell, the contents it has in some consistent layout, proved by the counts (a
    content is possible exactly when some layout shows it), and the exact count; None when
    the count cannot be had in time (`seconds`: as `exact_count`)."""
    counted = exact_count(puzzle, timeout, method, marginals=True, seconds=seconds)
    if counted is None:
        return None
    if counted.count == 0:
        return {c: set() for c in range(CELLS)}, 0
    return {c: counted.possible(c) for c in range(CELLS)}, counted.count
