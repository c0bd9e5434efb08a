"""The last three gems counted at the parents' parent (issue 31, `_count_triples.c`).

Without the visibility rule, with no answered cell left to cover and no two of the three gems
identical, the kernel counts the members below each placement of the third-last gem as
triangles (bit planes of the last gem's conflicts, corrected by the third-last's conflicts)
instead of visiting its children. Crowded families of every preset: the count must equal the
Python reference's, and the nodes those of the level-by-level search, which the kernel takes
with marginals (so node budgets keep their meaning).
"""
from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings, strategies as st

from games.orapa.gems import gem_set
from tests.test_orapa_counting import (assert_same_count_and_nodes_with_marginals, crowded_family,
                                       needs_kernel)


@needs_kernel
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "double", "first-edition", "base+black"]),
       seed=st.integers(0, 10**6), free=st.integers(3, 4), twins=st.booleans(),
       asked=st.integers(0, 1), sparse=st.integers(1, 5))
@example(preset="full", seed=1, free=3, twins=False, asked=0, sparse=5)
@example(preset="double", seed=2, free=4, twins=True, asked=0, sparse=4)
@example(preset="base", seed=5, free=3, twins=True, asked=1, sparse=3)
def test_last_three_gems_counted_as_triangles(preset: str, seed: int, free: int, twins: bool,
                                               asked: int, sparse: int) -> None:
    """Visibility off, three or four free gems among fixed ones (identical ones first when
    `twins`, which the triangles leave to the search when two of the last three are), cells
    to avoid (fewer with more `sparse`, so sets are large and conflicts many) and an answered
    cell or none: the reference's count, and the same nodes with and without marginals."""
    family = crowded_family(preset, seed, free, False, twins, asked, sparse, limit=2_000_000)
    if family is None:
        return
    assert_same_count_and_nodes_with_marginals(family, tuple(sorted(set(gem_set(preset)))))
