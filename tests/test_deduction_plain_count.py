"""The deduction map's count by the plain search's families, beside the lazy search's count."""
from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings, strategies as st

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import CellAnswer, Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.counting.exact import exact_possible
from solver.orapa.deduction_count import PausedCount
from solver.orapa.deduction_witnesses import WitnessMap
from tests.test_deduction_map import state


def benchmark_state(mine: int, answers: int) -> Puzzle:
    """State `mine` of `bench_midgame.py --map --answers 0,3,6,9,12` (full) at `answers`."""
    rng = random.Random(1000 + mine)
    gems, rules = gem_set("full"), RuleOptions()
    layout = random_layout(gems, rules, rng)
    ports, cells = rng.sample(range(36), 12), rng.sample(range(80), 12)
    kinds = [rng.random() < 0.25 for _ in range(12)]
    shots = [p for p, cell in zip(ports[:answers], kinds) if not cell]
    asked = [CellAnswer(c, layout.cell_content(c))
             for c, cell in zip(cells[:answers], kinds) if cell]
    puzzle = puzzle_from_layout(layout, gems, rules, shots)
    return puzzle.with_observations(list(puzzle.observations) + asked)


@settings(max_examples=10, deadline=None)
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(6, 12), cells=st.integers(0, 2))
def test_the_plain_searchs_count_in_parts_is_the_lazy_searchs(preset: str, seed: int,
                                                              shots: int, cells: int) -> None:
    """Counted over the plain search's families, in short parts, the map and total are the
    whole count's (by the lazy search's leaves)."""
    puzzle = state(preset, seed, shots, cells)
    whole = exact_possible(puzzle, seconds=60)
    lazy = PausedCount.start(puzzle)
    assert lazy is not None and whole is not None and lazy.lazy
    plain = PausedCount.plain(lazy)
    assert plain is not None and not plain.lazy and PausedCount.plain(plain) is None
    parts, seconds = None, 1e-4
    while not plain.finished:
        parts = plain.run(time.monotonic() + seconds, None)
        seconds *= 2
    assert parts == whole


def test_sparse_lazy_leaves_give_the_plain_count_the_first_share_of_a_long_try(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Full mine 1 of the map benchmark at 6 answers: its lazy search makes hundreds of nodes
    a leaf (350 over its first 64 leaves; 1.9 s of counting) where the plain search's families are counted in 0.2 s; a
    long try of the count goes to the plain count first, which gives the exact map while
    the lazy count stays where it was. (Its shares are widened here, so that the test does
    not depend on the machine's speed.)"""
    from solver.orapa import deduction_map
    monkeypatch.setattr(deduction_map, "PLAIN_COUNT_SHARE", 1.0)
    monkeypatch.setattr(deduction_map, "PLAIN_COUNT_SECONDS", 60.0)
    puzzle = benchmark_state(1, 6)
    whole = exact_possible(puzzle, seconds=60)
    found = WitnessMap(puzzle)
    found.count = PausedCount.start(puzzle)
    assert found.count is not None
    while found.count.leaves == 0:   # the search's first batch of leaves (64)
        assert found.count.run(time.monotonic() + 1e-6, None) is None
    assert found.count.nodes_per_leaf() >= deduction_map.PLAIN_NODES_PER_LEAF
    found.plain_count = PausedCount.plain(found.count)
    lazy_nodes = found.count.nodes
    assert deduction_map._long_count(found, puzzle, time.monotonic() + 60, None)
    assert (found.possible, found.counted) == whole
    assert found.plain_count is not None and found.plain_count.finished
    assert found.count.nodes == lazy_nodes and not found.count.finished


def test_a_short_try_of_the_count_is_all_the_lazy_counts() -> None:
    """A try shorter than `PLAIN_COUNT_TRY` leaves the plain count alone."""
    from solver.orapa import deduction_map
    puzzle = benchmark_state(1, 6)
    found = WitnessMap(puzzle)
    found.count = PausedCount.start(puzzle)
    assert found.count is not None
    found.plain_count = PausedCount.plain(found.count)
    assert found.plain_count is not None
    deduction_map._long_count(found, puzzle, time.monotonic() + 0.05, None)
    assert found.plain_count.seconds == 0.0 and found.count.seconds > 0.0
