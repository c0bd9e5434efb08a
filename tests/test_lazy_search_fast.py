"""The lazy frontier search's cuts (issue 31): its leaves still split the consistent layouts.

The lazy search (`solver/orapa/search/_lazy.c`, reference `lazy_search.py`) drops a node when a
wave's straight line to the border would end it wrongly and no cell of that line can hold a gem
the wave may meet (`ray_open`), and skips visibility's cut when the covered cells have not
changed. A cut too eager loses layouts; one that merged or split leaves wrongly would count a
layout twice. Here every listed layout of small random states must belong to exactly one leaf
of the compiled search, and the count must equal the list (`tests/test_orapa_counting_lazy.py`
holds the compiled search to its reference, node for node).
"""
from __future__ import annotations

import random
import time
from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from games.orapa.answers import CellAnswer
from games.orapa.board import CELLS, ENTRY
from games.orapa.gems import gem_set
from games.orapa.layout import Layout, RuleOptions
from games.orapa.placements import Placement, placements
from games.orapa.puzzle import Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.counting import complement, family_counts as counting
from solver.orapa.counting.family_counts import count_layouts
from solver.orapa.search.frontier_compiled import lazy_leaves
from games.orapa.waves import ROUTE
from solver.orapa.search.frontier_search import turn_table
from solver.orapa.search.lazy_search import LazyLeaf, _lazy_turns
from solver.orapa.search.search_setup import prepare
from tests.examples import examples
from tests.test_orapa_counting import ANSWERS, LISTABLE, listed, listed_map, random_state

needs_lazy = pytest.mark.skipif(counting._KERNEL is None or not counting.LAZY,
                                reason="counting kernel or lazy search not built")


@lru_cache(maxsize=None)
def _index(shape: str, mirror: bool) -> dict[Placement, int]:
    return {p: j for j, p in enumerate(placements(shape, mirror))}


def _in_leaf(gems: list[tuple[int, int, int]], leaf: LazyLeaf) -> bool:
    """Is the layout (kind, placement index, cells) per gem a member of the leaf: each
    touched gem matched to its own gem of its kind placed in its set, the gems left over as
    many of each kind as the leaf leaves free and off the path cells?"""
    left, paths, touched = leaf

    def match(n: int, used: frozenset[int]) -> bool:
        if n == len(touched):
            rest = [gems[g] for g in range(len(gems)) if g not in used]
            kinds = Counter(kind for kind, _, _ in rest)
            return (all(kinds[i] == count for i, count in enumerate(left))
                    and not any(cells & paths for _, _, cells in rest))
        kind, dom = touched[n]
        return any(match(n + 1, used | {g}) for g, (k, q, _) in enumerate(gems)
                   if g not in used and k == kind and dom >> q & 1)
    return match(0, frozenset())


def _as_kinds(kinds: list, mirror: bool, layout: Layout) -> list[tuple[int, int, int]]:
    return [(kinds.index(g.gem), _index(g.gem.shape, mirror)[g.placement],
             g.placement.cell_mask) for g in layout.gems]


def _may_hold(placed: dict[int, int], leaf: LazyLeaf) -> bool:
    """A quick necessary test for `_in_leaf`: every touched gem's set meets the layout's
    placements of its kind (`placed`: kind -> placement bits)."""
    return all(placed.get(kind, 0) & dom for kind, dom in leaf[2])


# The check below matches each listed layout against each leaf in Python (some 7 us a pair):
# the tests keep the states where that is at most this many pairs (a state of 10,000 layouts
# and 541 leaves took 30 s), and count with a node budget, not a deadline, so that the states
# kept do not depend on the machine's load.
SPLIT_PAIRS = 200_000
NODES = 5_000_000


def checkable_leaves(puzzle: Puzzle) -> tuple[int, list[LazyLeaf] | None]:
    """The state's count (-1 past `NODES` or `LISTABLE`) and its lazy leaves, or None when the
    layouts times the leaves are more than `SPLIT_PAIRS`."""
    counted = count_layouts(puzzle, max_nodes=NODES)
    if not counted.exact or counted.count > LISTABLE:
        return -1, None
    leaves = list(lazy_leaves(puzzle))
    return counted.count, leaves if counted.count * len(leaves) <= SPLIT_PAIRS else None


def assert_leaves_split_the_layouts(puzzle: Puzzle, leaves: list[LazyLeaf], count: int) -> None:
    """Every listed layout is in exactly one leaf, and they are `count`."""
    layouts = listed(puzzle)
    assert len(layouts) == count
    setup = prepare(puzzle)
    assert setup is not None
    for layout in layouts:
        gems = _as_kinds(setup.kinds, puzzle.rules.mirror, layout)
        placed: dict[int, int] = {}
        for kind, q, _ in gems:
            placed[kind] = placed.get(kind, 0) | 1 << q
        homes = sum(_in_leaf(gems, leaf) for leaf in leaves if _may_hold(placed, leaf))
        assert homes == 1, f"{layout} is in {homes} leaves"


@needs_lazy
@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "base+black", "first-edition"]),
       seed=st.integers(0, 10**6), fewer=st.integers(0, 4))
def test_every_layout_is_in_exactly_one_leaf(preset: str, seed: int, fewer: int) -> None:
    _, high = ANSWERS[preset]
    puzzle = random_state(preset, seed, answers=high - 2 - fewer)
    count, leaves = checkable_leaves(puzzle)
    assume(leaves is not None)
    assert leaves is not None
    assert_leaves_split_the_layouts(puzzle, leaves, count)


@needs_lazy
def test_absorbed_and_coloured_waves_on_full() -> None:
    """Full states with a few shots (absorbed ones among them) where the straight-line cut
    fires often: still one leaf per layout."""
    checked = 0
    for seed in range(40):
        puzzle = random_state("full", 5000 + seed, answers=11)
        count, leaves = checkable_leaves(puzzle)
        if leaves is None or count < 40:   # a handful of layouts says little
            continue
        assert_leaves_split_the_layouts(puzzle, leaves, count)
        checked += 1
        if checked == 6:
            break
    assert checked >= 3


def absorbed_state(preset: str, seed: int, answer: str, others: int, cells: int,
                   back: bool = False) -> Puzzle | None:
    """A random mine of `preset` with one shot it absorbs (with `back`: one that comes back to
    its own port; the first such port in a random order), `others` more random shots and
    `cells` cell questions, in answer kind `answer`; None when the mine has no such wave."""
    rng = random.Random(seed)
    gems, rules = gem_set(preset), RuleOptions(answer=answer)
    mine = random_layout(gems, rules, rng)
    ports = rng.sample(range(36), 36)
    every = puzzle_from_layout(mine, gems, rules, ports)
    first = [o.port for o in every.observations if o.exit == (o.port if back else None)]
    if not first:
        return None
    rest = [p for p in ports if p != first[0]][:others]
    puzzle = puzzle_from_layout(mine, gems, rules, [first[0], *rest])
    asked = [CellAnswer(c, mine.cell_content(c)) for c in rng.sample(range(CELLS), cells)]
    return puzzle.with_observations(list(puzzle.observations) + asked)


# Bounce-only answers on base+black alone: on full and first-edition each of a bounce-only
# wave's 36 terms takes the lazy search about a second, whatever its count (40 s an example)
COMPLEMENT_CASES = [(preset, answer) for preset in ("full", "base+black", "first-edition")
                    for answer in ("colour", "bounces", "both")
                    if answer != "bounces" or preset == "base+black"]


@needs_lazy
@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(COMPLEMENT_CASES), seed=st.integers(0, 10**6),
       others=st.integers(8, 14), cells=st.integers(0, 2))
def test_absorbed_wave_counted_by_its_complement(case: tuple[str, str], seed: int,
                                                 others: int, cells: int) -> None:
    """Issue 31: the layouts absorbing a wave are the other answers' layouts minus those where
    it leaves by each port (a wave never loops and is absorbed exactly when it meets the
    absorbing gem), count and marginals, equal to the listed layouts; with two absorbed waves
    too (the second one stays an answer of every term)."""
    preset, answer = case
    puzzle = absorbed_state(preset, seed, answer, others, cells)
    assume(puzzle is not None)
    assert puzzle is not None
    rest = complement.absorbed_shot(puzzle)
    assert rest is not None
    before = count_layouts(puzzle.with_observations(
        [o for o in puzzle.observations if o is not rest]), max_nodes=NODES)
    assume(before.exact and before.count <= LISTABLE)
    # the examples past 3 s are left out, so that the test's time is bounded
    found = complement.complement_count(puzzle, deadline=time.monotonic() + 3, marginals=True)
    assert found is not None
    assume(found.exact)
    layouts = listed(puzzle)
    assert found.count == len(layouts)
    if layouts:
        assert {c: found.possible(c) for c in range(CELLS)} == listed_map(layouts)


@needs_lazy
@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "base+black"]), seed=st.integers(0, 10**6),
       answer=st.sampled_from(["colour", "both"]), others=st.integers(4, 10),
       cells=st.integers(0, 2))
def test_waves_back_to_their_own_port(preset: str, seed: int, answer: str, others: int,
                                      cells: int) -> None:
    """A wave that came back to its own port is no longer branched into a gem that sends it
    straight back before its colour is complete (it would retrace its way with that colour):
    every listed layout still in exactly one leaf, the count equal to the list."""
    puzzle = absorbed_state(preset, seed, answer, others, cells, back=True)
    assume(puzzle is not None)
    assert puzzle is not None
    count, leaves = checkable_leaves(puzzle)
    assume(leaves is not None)
    assert leaves is not None
    assert_leaves_split_the_layouts(puzzle, leaves, count)


def test_reversing_patterns_wait_for_the_colour() -> None:
    """`_lazy_turns`: a coloured wave back to its own port keeps the patterns that reverse it
    only where its colour is then complete; a bounce-only wave keeps them everywhere."""
    port = 11   # port 12 (row 2, from the left); B2, the second cell it enters
    cell, d = ENTRY[port][0] + 1, ENTRY[port][1]
    short, done = _lazy_turns(port, port, False)[4 * cell + d]
    plain_short, plain_done = turn_table(port, port)[4 * cell + d]
    back = sum(1 << m for m in range(1, 16) if ROUTE[m][d][0] == (d + 2) % 4)
    assert back and plain_short & back and not short & back
    assert done == plain_done and done & back
    assert _lazy_turns(port, port, True) == turn_table(port, port)
