"""Issue 31, double in a game: the frontier search's cut on cells answered with a gem that no
gem left can cover, and its seeded runs (the children of each node in a random order, the
restarts of `counting.found_families`). Both searches, compiled and Python, are held to the
same nodes; the cut drops only families without members; a seeded run lists the same
families as the plain one. No timing assertions."""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.errors import LimitReached
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, cell_answer, puzzle_from_layout
from solver.orapa.counting.member_draws import PackingCut, pack_member
from solver.orapa.search import frontier_compiled, frontier_search
from solver.orapa.search.frontier_search import frontier_families, python_frontier_families
from tests.examples import examples
from tests.orapa_strategies import layouts
from tests.test_found_families import _double_state
from tests.test_orapa_frontier_compiled import family_keys, listed, run

compiled = pytest.mark.skipif(frontier_compiled._KERNEL is None,
                              reason="the compiled frontier search was not built")


def with_gem_cells(case: tuple[str, object], seed: int, shots: list[int],
                   cells: int) -> Puzzle:
    """The mine's puzzle with these shots answered, and `cells` cell questions asked, most of
    them on cells a gem covers (answered with its colour: the cut's case)."""
    preset, truth = case
    rng = random.Random(seed)
    puzzle = puzzle_from_layout(truth, gem_set(preset), RuleOptions(), ports=shots)
    covered = [c for c in range(80) if truth.cell_content(c) != "empty"]
    asked = rng.sample(covered, min(cells, len(covered)))
    asked += rng.sample(range(80), rng.randint(0, 1))
    extra = [cell_answer(truth, c) for c in dict.fromkeys(asked)]
    return puzzle.with_observations(list(puzzle.observations) + extra)




@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(presets=["base", "full", "double"]), st.integers(0, 2**32 - 1),
       st.integers(1, 3))
def test_the_cover_cut_drops_only_families_without_members(case, seed: int,
                                                           cells: int) -> None:
    """With and without the cut, on random states with cells answered with a gem: the
    families with it are those without it, in the same order, less some that hold no
    layout (a packing search to the end proves each empty), so the members listed are the
    same; and the cut never adds nodes."""
    rng = random.Random(seed)
    puzzle = with_gem_cells(case, seed, rng.sample(range(36), rng.choice([6, 10, 16])), cells)
    with pytest.MonkeyPatch.context() as patch:       # without the cut first: the states
        patch.setattr(frontier_search, "_uncoverable", lambda *args: False)   # it lists in time
        every, nodes, done = listed(python_frontier_families, puzzle, 20_000)
        assume(done)
    kept, cut_nodes, cut_done = listed(python_frontier_families, puzzle, 20_000)
    with_cut, every_keys = family_keys(kept), family_keys(every)
    assert cut_done and cut_nodes <= nodes
    left = iter(every_keys)
    assert all(key in left for key in with_cut)       # a subsequence: same order
    dropped = [f for f, key in zip(every, every_keys) if key not in set(with_cut)]
    for family in dropped:
        assert pack_member(family, random.Random(0), 10**7) is None
    members = None if case[0] == "double" else listed_members(kept)
    if members is not None:   # few enough to list: the same members, the mine among them
        assert members == listed_members(every) and case[1] in members


def listed_members(found: list, most: int = 3000) -> set | None:
    """Every member of the families, or None when there are more than `most`."""
    members = set(itertools.islice(itertools.chain.from_iterable(
        f.members() for f in found), most + 1))
    return None if len(members) > most else members


@compiled
@settings(max_examples=examples(13), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(presets=["base", "full", "double"]), st.integers(0, 2**32 - 1),
       st.integers(1, 2**64 - 1), st.integers(0, 3))
def test_a_seeded_compiled_search_visits_the_python_searchs_nodes(case, seed: int,
                                                                  shuffle: int,
                                                                  cells: int) -> None:
    """A seeded run: the compiled search shuffles each node's children as the Python one
    does, so both give the same families in the same order, with the same node count, to
    the end or to the same node limit."""
    rng = random.Random(seed)
    puzzle = with_gem_cells(case, seed, rng.sample(range(36), rng.choice([3, 8, 20])), cells)

    def seeded(search):
        return lambda p, nodes, max_nodes: search(p, None, nodes, max_nodes, shuffle)
    assert run(seeded(frontier_compiled.families), puzzle, 5_000) == \
        run(seeded(python_frontier_families), puzzle, 5_000)


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(presets=["base", "full"]), st.integers(0, 2**32 - 1), st.integers(1, 2**64 - 1))
def test_a_seeded_run_lists_the_same_families_in_another_order(case, seed: int,
                                                               shuffle: int) -> None:
    """Run to the end, a seeded search lists exactly the plain search's families (the
    leaves partition the layouts whatever the order the cells are decided in): only their
    order may differ."""
    rng = random.Random(seed)
    puzzle = with_gem_cells(case, seed, rng.sample(range(36), rng.choice([8, 16])), 1)
    plain, _, done = run(frontier_families, puzzle, 200_000)
    assume(done)
    seeded, _, done = run(lambda p, nodes, max_nodes: frontier_families(
        p, None, nodes, max_nodes, shuffle), puzzle, 10**7)
    assert done and sorted(seeded) == sorted(plain)


def test_seeds_change_the_order() -> None:
    """Two seeds, two orders (and neither is the plain one) on a state with many families."""
    puzzle = _double_state(0)
    firsts = [family_keys(itertools.islice(frontier_families(puzzle, seed=s), 20)) for s in (0, 1, 2)]
    assert firsts[0] != firsts[1] != firsts[2] != firsts[0]


@pytest.mark.parametrize("index", [21, 35])
def test_a_double_listing_holds_no_family_with_an_uncoverable_cell(index: int) -> None:
    """bench_midgame's double states of mine 5 with 6 answers and mine 8 with 12: every one
    of the first 90,000 (and 425) families the search listed had a cell answered with a
    colour that no fixed gem covered and no free gem could show, so all were empty and the
    advisor found no layout in them. With the cut every family listed can still cover its
    answered cells, and some of the first hold layouts that give every answer."""
    puzzle = _double_state(index)
    found = []
    try:
        for family in frontier_families(puzzle, max_nodes=300_000):
            found.append(family)
    except LimitReached:
        pass
    assert found and all(f._coloured_cells() is not None for f in found)
    rng = random.Random(0)
    members = []
    for family in rng.sample(found, min(len(found), 400)):
        try:
            member = pack_member(family, rng, 10**4)
        except PackingCut:
            continue
        if member is not None:
            members.append(member)
    assert members and all(o.holds(m) for m in members for o in puzzle.observations)
