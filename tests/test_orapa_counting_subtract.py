"""The last three gems at the parents' parent under the visibility rule (issue 31).

Crowded families of every preset, visibility on, three or four free gems (so the parents'
parent has placed gems to hide and candidates that hide each other), identical gems and
answered cells: the kernel's count must equal the Python reference's, and the kernel must
visit the same nodes with marginals (the level-by-level search) as without.
"""
from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings, strategies as st

from games.orapa.gems import gem_set
from tests.test_orapa_counting import (assert_same_count_and_nodes_with_marginals, crowded_family,
                                       kernel_setting, needs_kernel)


@needs_kernel
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "double", "first-edition", "base+black",
                               "base+diamond"]),
       seed=st.integers(0, 10**6), free=st.integers(3, 4), twins=st.booleans(),
       asked=st.integers(0, 1), sparse=st.integers(1, 5))
@example(preset="full", seed=1, free=3, twins=False, asked=0, sparse=5)
@example(preset="full", seed=4, free=4, twins=False, asked=0, sparse=3)
def test_last_three_gems_with_visibility(preset: str, seed: int, free: int, twins: bool,
                                         asked: int, sparse: int) -> None:
    """Visibility on: the reference's count, and the same nodes with and without marginals."""
    family = crowded_family(preset, seed, free, True, twins, asked, sparse, limit=300_000)
    if family is None:
        return
    kinds = tuple(sorted(set(gem_set(preset))))
    with kernel_setting(kinds, family.mirror, "subtract_min", 0):   # small ones too
        assert_same_count_and_nodes_with_marginals(family, kinds)
