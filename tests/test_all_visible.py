"""`all_visible` (rule O3's visibility) held to the plain reading of the rule: walk each port's
line from the port to its first covered cell, and see whose cells those are."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from games.orapa.board import CELLS, PORT_LINES, first_cells
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions, all_visible
from games.orapa.random_layouts import random_layout


def visible_by_walking(cell_masks: list[int]) -> bool:
    """Every gem the first one met on some port's line (gems that share a cell are met
    together)."""
    seen = [False] * len(cell_masks)
    for line in PORT_LINES:
        for cell in line:
            owners = [i for i, mask in enumerate(cell_masks) if mask >> cell & 1]
            if owners:
                for i in owners:
                    seen[i] = True
                break
    return all(seen)


def first_by_walking(covered: int) -> int:
    """The first covered cell of each port's line, walked to from the port."""
    first = 0
    for line in PORT_LINES:
        met = next((cell for cell in line if covered >> cell & 1), None)
        if met is not None:
            first |= 1 << met
    return first


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**CELLS - 1), st.integers(0, 2**CELLS - 1))
def test_the_first_cells_are_those_met_walking_from_each_port(a: int, b: int) -> None:
    """Boards from empty to nearly full (two random boards ANDed or ORed)."""
    for covered in (a, a & b, a | b):
        assert first_cells(covered) == first_by_walking(covered)


cell_sets = st.lists(st.sets(st.integers(0, CELLS - 1), min_size=1, max_size=8)
                     .map(lambda cells: sum(1 << c for c in cells)), min_size=1, max_size=14)


@settings(max_examples=400, deadline=None)
@given(cell_sets)
def test_any_cell_sets_are_judged_as_by_walking_the_lines(masks: list[int]) -> None:
    assert all_visible(masks) == visible_by_walking(masks)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["base", "full", "double"]), st.integers(0, 2**32 - 1))
def test_layouts_and_their_gems_moved_inward_are_judged_as_by_walking(preset: str,
                                                                     seed: int) -> None:
    """Legal layouts are all seen; one gem's cells moved to a random spot often hides it."""
    rng = random.Random(seed)
    layout = random_layout(gem_set(preset), RuleOptions(visibility=False), rng)
    masks = [g.placement.cell_mask for g in layout.gems]
    assert all_visible(masks) == visible_by_walking(masks)
    inner = [c for c in range(CELLS) if 1 <= c % 10 <= 8 and 1 <= c // 10 <= 6]
    masks[rng.randrange(len(masks))] = 1 << rng.choice(inner)
    assert all_visible(masks) == visible_by_walking(masks)
