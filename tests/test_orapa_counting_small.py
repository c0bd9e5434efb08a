"""Small families searched plainly (issue 31, `solver/orapa/counting/_count_small.c`).

A family whose levels before the last hold few candidate tuples (`Context.small_product`) is
counted without the by-level visibility state and the last levels' sets: each level narrows
the later ones, the last level's seen placements hiding no placed gem are counted by popcount.
With the limit raised so that every family takes that path, crowded families of every preset
(most gems fixed, so gems are often hidden; identical gems, answered cells, visibility on and
off) must give the reference's count and marginals, and the same nodes with marginals as
without; and whole states the same count and map with the path as without it.
"""
from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings, strategies as st

from games.orapa.board import CELLS
from games.orapa.gems import gem_set
from solver.orapa.counting import family_counts as counting
from solver.orapa.counting.family_counts import count_layouts
from tests.examples import examples
from tests.test_orapa_counting import (ANSWERS, assert_kernel_matches_reference,
                                       assert_same_count_and_nodes_with_marginals,
                                       crowded_family, kernel_setting, needs_kernel,
                                       random_state)

EVERY_FAMILY = 10**9   # a limit no family's candidate tuples reach


def small_product(kinds: tuple, mirror: bool, limit: int):
    """The kernel's context for these kinds with `small_product` set to `limit`, then back."""
    return kernel_setting(kinds, mirror, "small_product", limit)


@needs_kernel
@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "double", "first-edition", "base+black"]),
       seed=st.integers(0, 10**6), free=st.integers(2, 4), visibility=st.booleans(),
       twins=st.booleans(), asked=st.integers(0, 2), sparse=st.integers(1, 4))
@example(preset="full", seed=79, free=3, visibility=True, twins=True, asked=0, sparse=1)
@example(preset="full", seed=97, free=3, visibility=True, twins=False, asked=1, sparse=1)
@example(preset="double", seed=6, free=3, visibility=True, twins=True, asked=0, sparse=3)
def test_small_path_equals_the_reference(preset: str, seed: int, free: int, visibility: bool,
                                         twins: bool, asked: int, sparse: int) -> None:
    """Every family through the plain path: the reference's count and marginals, and the same
    nodes with and without marginals."""
    family = crowded_family(preset, seed, free, visibility, twins, asked, sparse, limit=30_000)
    if family is None:
        return
    kinds = tuple(sorted(set(gem_set(preset))))
    assert_kernel_matches_reference(family, kinds, EVERY_FAMILY)
    assert_same_count_and_nodes_with_marginals(family, kinds, EVERY_FAMILY)


@needs_kernel
def test_small_path_keeps_the_count_and_map_of_whole_states() -> None:
    """The lazy search's leaves of random states of every preset (most of them small
    families), counted with the plain path for every family, for none, and by default: the
    same count and the same map; and the same count with every parents' parent counted by
    subtraction (by default only those of |A| (|B| + |C|) >= Context.subtract_min)."""
    for preset in ANSWERS:
        kinds = tuple(sorted(set(gem_set(preset))))
        for seed in range(2 if preset == "double" else 6):
            puzzle = random_state(preset, seed)
            found = []
            for limit in (0, EVERY_FAMILY, counting._context(kinds, puzzle.rules.mirror)
                          .small_product):
                with small_product(kinds, puzzle.rules.mirror, limit):
                    counted = count_layouts(puzzle, marginals=True)
                assert counted.exact
                found.append((counted.count, [counted.possible(c) for c in range(CELLS)],
                              counted.by_cell))
            with kernel_setting(kinds, puzzle.rules.mirror, "subtract_min", 0):
                counted = count_layouts(puzzle)     # every parents' parent by subtraction
            assert counted.exact and counted.count == found[0][0]
            assert found[0] == found[1] == found[2], (preset, seed)
