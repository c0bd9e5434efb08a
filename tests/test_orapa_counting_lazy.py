"""Counting over the lazy frontier search (issue 31): touched gems kept as sets of placements.

`count_layouts` counts the leaves of the search with lazy pinning (`solver/orapa/search/_lazy.c`)
when it is built; the plain frontier search's families (every touched gem fixed) are the
reference here: on hundreds of random states of every preset the two counts, and the
marginals (the deduction map), must be equal, and both equal the listed layouts where the list
is small. `tests/test_orapa_counting.py` holds the default (lazy) count to the list as well.
"""
from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from games.orapa.board import CELLS
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.counting import family_counts as counting
from solver.orapa.counting.family_counts import count_layouts, lazy_applies
from solver.orapa.search.frontier_compiled import lazy_leaves
from solver.orapa.search.lazy_search import python_lazy_count, python_lazy_leaves
from tests.examples import examples
from tests.test_orapa_counting import ANSWERS, LISTABLE, listed, listed_map, random_state

needs_lazy = pytest.mark.skipif(counting._KERNEL is None or not counting.LAZY,
                                reason="counting kernel or lazy search not built")


SECONDS = 5.0   # a state whose plain count takes longer is left out (the plain side is slow)


def both_ways(puzzle):
    """(plain families' count, lazy search's count), marginals included; None when either
    side did not finish in SECONDS."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(counting, "LAZY", False)
        plain = count_layouts(puzzle, time.monotonic() + SECONDS, marginals=True)
    if not plain.exact:
        return None
    lazy = count_layouts(puzzle, time.monotonic() + 4 * SECONDS, marginals=True)
    assert lazy.exact   # never much slower than the plain families
    return plain, lazy


@needs_lazy
@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "base+black", "base+diamond", "first-edition"]),
       seed=st.integers(0, 10**6), fewer=st.integers(0, 3))
def test_lazy_count_and_marginals_equal_the_plain_families(preset: str, seed: int,
                                                           fewer: int) -> None:
    """Fewer answers than the listing tests use: larger counts, more touched gems with many
    placements (where the lazy search merges families)."""
    low, _ = ANSWERS[preset]
    puzzle = random_state(preset, seed, answers=low - fewer)
    assert lazy_applies(puzzle)
    counts = both_ways(puzzle)
    assume(counts is not None)
    assert counts is not None
    plain, lazy = counts
    assert lazy.count == plain.count
    assert lazy.by_cell == plain.by_cell


@needs_lazy
@pytest.mark.parametrize("rules", [RuleOptions(visibility=False), RuleOptions(mirror=False)])
def test_lazy_count_without_visibility_or_mirror(rules: RuleOptions) -> None:
    for seed in range(8):
        puzzle = random_state("base", 300 + seed, answers=6, rules=rules)
        counts = both_ways(puzzle)
        assert counts is not None
        plain, lazy = counts
        assert (lazy.count, lazy.by_cell) == (plain.count, plain.by_cell)


@needs_lazy
@settings(max_examples=examples(13), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "base+diamond", "first-edition"]),
       seed=st.integers(0, 10**6))
def test_lazy_count_and_map_equal_the_listed_layouts(preset: str, seed: int) -> None:
    puzzle = random_state(preset, seed)
    counted = count_layouts(puzzle, marginals=True)
    if counted.count > LISTABLE:
        return
    layouts = listed(puzzle)
    assert counted.count == len(layouts)
    if layouts:
        assert {c: counted.possible(c) for c in range(CELLS)} == listed_map(layouts)


@needs_lazy
def test_touched_gems_of_one_kind_are_not_counted_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two gems of one kind met by the waves, and one free: the lazy search keeps each
    touched one apart from the other and from the free copy (double has two of each kind;
    counting takes the lazy search only up to 10 gems, for speed: allowed here)."""
    monkeypatch.setattr(counting, "_LAZY_MAX_GEMS", 16)
    rng = random.Random(11)
    compared = 0
    for seed in rng.sample(range(10**6), 12):
        puzzle = random_state("double", seed, answers=28)
        assert lazy_applies(puzzle)
        counts = both_ways(puzzle)
        if counts is None:
            continue
        plain, lazy = counts
        assert (lazy.count, lazy.by_cell) == (plain.count, plain.by_cell)
        compared += 1
    assert compared >= 4


def assert_follows_the_reference(puzzle) -> None:
    """The same leaves (touched gems' sets included) in the same order, the same nodes; and
    the reference's own count (each leaf's touched gems fixed every compatible way, each such
    family counted member by member) equals the kernel's."""
    python_nodes, compiled_nodes = [0], [0]
    assert list(python_lazy_leaves(puzzle, nodes=python_nodes)) == \
        list(lazy_leaves(puzzle, nodes=compiled_nodes))
    assert python_nodes == compiled_nodes
    counted = count_layouts(puzzle)
    if counted.count <= LISTABLE:
        assert python_lazy_count(puzzle) == counted.count


@needs_lazy
@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "base+black", "first-edition"]),
       seed=st.integers(0, 10**6))
def test_compiled_lazy_search_follows_the_python_reference(preset: str, seed: int) -> None:
    _, high = ANSWERS[preset]
    puzzle = random_state(preset, seed, answers=high - 3)
    assert_follows_the_reference(puzzle)


@needs_lazy
@settings(max_examples=examples(4), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(answer=st.sampled_from(["bounces", "both"]), seed=st.integers(0, 10**6),
       shots=st.integers(16, 24))
def test_compiled_lazy_search_follows_the_python_reference_on_bounce_answers(
        answer: str, seed: int, shots: int) -> None:
    """The same, with bounce counts (RULINGS O9): a wave whose count is used up must leave
    straight by its exit, a cut both searches make."""
    rng = random.Random(seed)
    gems = gem_set("base")
    rules = RuleOptions(answer=answer)
    mine = random_layout(gems, rules, rng)
    puzzle = puzzle_from_layout(mine, gems, rules, ports=rng.sample(range(36), shots))
    assert_follows_the_reference(puzzle)
