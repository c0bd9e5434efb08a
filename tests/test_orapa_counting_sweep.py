"""The column sweep's counts (solver/orapa/counting/sweep.py) against the member-by-member
reference and the counting kernel: plain families, lazy leaves, whole states, empty boards."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.orapa.board import CELLS
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.random_layouts import random_layout
from solver.orapa.counting import family_counts as counting
from solver.orapa.counting.family_counts import count_layouts, python_family_count
from solver.orapa.counting import sweep
from solver.orapa.counting.sweep import sweep_count
from solver.orapa.counting.sweep_family import family_problem
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.search.path_family import PathFamily
from tests.test_orapa_counting import random_state

PRESETS = ["base", "base+diamond", "base+black", "full", "double", "first-edition"]


def nonzero(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in row.items() if v} for row in rows]


def crowded_family(preset: str, seed: int, free: int, rules: RuleOptions) -> PathFamily:
    """A random mine with all but `free` gems fixed, the free ones off random cells: gems are
    often hidden from all ports but one here."""
    rng = random.Random(seed)
    mine = random_layout(gem_set(preset), rules, rng)
    placed = sorted(mine.gems, key=lambda g: rng.random())
    fixed, loose = placed[free:], sorted(g.gem for g in placed[:free])
    avoid = rng.getrandbits(CELLS) & rng.getrandbits(CELLS) & rng.getrandbits(CELLS)
    return PathFamily(tuple(fixed), tuple(loose), tuple(avoid for _ in loose), (),
                      rules.visibility, rules.mirror)


def assert_sweep_matches_reference(family: PathFamily) -> int:
    by_gem: list[dict] = [{} for _ in range(CELLS)]
    expected = python_family_count(family, by_gem)
    count, marginals = sweep_count(family_problem(family), marginals=True)
    assert count == expected
    assert marginals is not None and nonzero(marginals) == nonzero(by_gem)
    return count


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10**6), free=st.integers(1, 2),
       visibility=st.booleans(), mirror=st.booleans())
def test_sweep_equals_the_reference_on_crowded_families(preset: str, seed: int, free: int,
                                                        visibility: bool, mirror: bool) -> None:
    """Count and marginals of families of one or two free gems among fixed ones, every rule
    option: equal to the reference's, member by member."""
    rules = RuleOptions(visibility=visibility, mirror=mirror)
    assert_sweep_matches_reference(crowded_family(preset, seed, free, rules))


@pytest.mark.parametrize("seed", range(4))
def test_sweep_equals_the_reference_with_three_free_gems(seed: int) -> None:
    preset = ["full", "double", "base", "first-edition"][seed]
    assert_sweep_matches_reference(crowded_family(preset, 100 + seed, 3, RuleOptions()))


def test_visibility_decides_crowded_counts() -> None:
    """Families where the visibility rule removes members (gems hidden behind others, some
    seen only from the right side): the sweep must remove exactly those."""
    differs = 0
    for seed in range(40):
        family = crowded_family("full", seed, 2, RuleOptions())
        seen = assert_sweep_matches_reference(family)
        family.visibility = False
        unseen = sweep_count(family_problem(family))[0]
        differs += unseen > seen
    assert differs >= 5


def test_identical_gems_are_counted_once() -> None:
    """Double's two copies of a kind are one slot: each layout once (O6)."""
    gems = gem_set("double")
    kind, copies = Counter(gems).most_common(1)[0]
    assert copies == 2
    family = PathFamily((), (kind, kind), (0, 0), (), True, True)
    assert_sweep_matches_reference(family)


@pytest.mark.parametrize("preset,seed", [("base", 0), ("base", 1), ("base", 2), ("full", 0),
                                         ("full", 1), ("full", 2), ("double", 1), ("double", 2)])
def test_sweep_of_every_family_adds_up_to_the_count(preset: str, seed: int) -> None:
    """A whole state: the sweep over the frontier search's families gives count_layouts'
    count and marginals."""
    puzzle = random_state(preset, seed)
    expected = count_layouts(puzzle, marginals=True)
    assert expected.exact
    total, by_gem = 0, [Counter() for _ in range(CELLS)]
    for family in frontier_families(puzzle):
        n, rows = sweep_count(family_problem(family), marginals=True)
        total += n
        for cell, row in enumerate(rows or []):
            by_gem[cell].update(row)
    assert total == expected.count
    by_colour = [counting._by_colour(dict(row)) for row in by_gem]
    assert nonzero(by_colour) == nonzero(expected.by_cell or [])


def test_an_empty_board_of_three_gems() -> None:
    """Free gems on an empty board (no answer): the sweep's count and marginals against the
    kernel's (or the reference's without it)."""
    gems = gem_set("full")
    three = tuple(sorted(g for g in gems if g.shape in ("small-triangle", "square",
                                                      "parallelogram")))
    family = PathFamily((), three, (0,) * 3, (), True, True)
    count, rows = sweep_count(family_problem(family), marginals=True)
    if counting.kernel_applies(three, True):
        kinds = tuple(sorted(set(three)))
        ctx = counting._context(kinds, True)
        ctx.reset()
        status, n, _ = counting.kernel_family_count(family, kinds, True, None, None)
        assert (status, n) == (1, count)
        _, kernel_rows = ctx.marginals()
        assert nonzero(rows or []) == nonzero(
            [{k: v for k, v in zip(kinds, row)} for row in kernel_rows])
    else:
        assert count == python_family_count(family)


@pytest.mark.skipif(sweep._KERNEL is None, reason="compiled sweep not built")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10**6), free=st.integers(1, 3),
       visibility=st.booleans(), mirror=st.booleans())
def test_compiled_sweep_equals_the_python_sweep(preset: str, seed: int, free: int,
                                                visibility: bool, mirror: bool) -> None:
    """The compiled sweep (_sweep.c) and its Python steps: the same count and marginals."""
    family = crowded_family(preset, seed, free, RuleOptions(visibility=visibility,
                                                            mirror=mirror))
    problem = family_problem(family)
    compiled = sweep_count(problem, marginals=True)
    kernel, sweep._KERNEL = sweep._KERNEL, None
    try:
        python = sweep_count(problem, marginals=True)
    finally:
        sweep._KERNEL = kernel
    assert compiled[0] == python[0]
    assert nonzero(compiled[1] or []) == nonzero(python[1] or [])


def test_a_sweep_past_its_boundaries_stops() -> None:
    """A limit on the boundaries of one step ends the count with LimitReached (compiled or
    not), never with a wrong number."""
    from games.errors import LimitReached
    family = PathFamily((), tuple(sorted(gem_set("base"))[:3]), (0,) * 3, (), True, True)
    with pytest.raises(LimitReached):
        sweep_count(family_problem(family), max_states=50)
