"""The compiled frontier search (solver/orapa/search/_frontier.c) against the Python search it is held
to, and the visibility reasoning both use to cut branches."""
from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.errors import LimitReached
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions, all_visible
from games.orapa.placements import placements
from games.orapa.puzzle import cell_answer, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.search import frontier_compiled
from solver.orapa.api import solve
from solver.orapa.search.frontier_search import frontier_families, python_frontier_families
from solver.orapa.search.sight import sight_lines
from tests.examples import examples
from tests.orapa_strategies import layouts

compiled = pytest.mark.skipif(frontier_compiled._KERNEL is None,
                              reason="the compiled frontier search was not built")


def listed(search, puzzle, max_nodes: int) -> tuple[list, int, bool]:
    """The families a search gives until its end or its node limit, the nodes it took, and
    whether it finished."""
    nodes, found = [0], []
    try:
        found.extend(search(puzzle, nodes=nodes, max_nodes=max_nodes))
    except LimitReached:
        return found, nodes[0], False
    return found, nodes[0], True


def family_keys(found) -> list[tuple]:
    """Families as comparable keys: fixed gems, free gems, cells avoided."""
    return [(tuple((g.gem, g.placement.mask) for g in f.fixed), f.free, f.avoid)
            for f in found]


def run(search, puzzle, max_nodes: int) -> tuple[list, int, bool]:
    """`listed`, the families as comparable keys."""
    found, nodes, done = listed(search, puzzle, max_nodes)
    return family_keys(found), nodes, done


@compiled
@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(presets=["base", "full", "first-edition", "base+black", "double"]),
       st.integers(0, 2**32 - 1), st.booleans())
def test_the_compiled_search_visits_the_python_searchs_nodes(case, seed: int,
                                                             visibility: bool) -> None:
    """Same families in the same order and the same node count, to the end or to the same
    node limit (few shots give many families: several batches of leaves)."""
    preset, truth = case
    rng = random.Random(seed)
    rules = RuleOptions(visibility=visibility)
    puzzle = puzzle_from_layout(truth, gem_set(preset), rules,
                                ports=rng.sample(range(36), rng.choice([3, 8, 20, 36])))
    extra = [cell_answer(truth, c) for c in rng.sample(range(80), rng.randint(0, 3))]
    puzzle = puzzle.with_observations(list(puzzle.observations) + extra)
    assert run(frontier_compiled.families, puzzle, 5_000) == \
        run(python_frontier_families, puzzle, 5_000)


@compiled
@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(), st.sampled_from(["bounces", "both"]), st.integers(0, 2**32 - 1),
       st.booleans())
def test_the_compiled_search_follows_bounce_counts_as_the_python_one(
        case, answer: str, seed: int, visibility: bool) -> None:
    """Bounce-count answers (O9) on random layouts of every preset: the compiled search takes
    them (no fallback) and gives the Python search's families in its order, with its node
    count, to the end or to the same node limit."""
    preset, truth = case
    rng = random.Random(seed)
    rules = RuleOptions(answer=answer, visibility=visibility)
    puzzle = puzzle_from_layout(truth, gem_set(preset), rules,
                                ports=rng.sample(range(36), rng.choice([3, 8, 20, 36])))
    extra = [cell_answer(truth, c) for c in rng.sample(range(80), rng.randint(0, 3))]
    puzzle = puzzle.with_observations(list(puzzle.observations) + extra)
    assert frontier_compiled.available(puzzle)
    assert run(frontier_compiled.families, puzzle, 5_000) == \
        run(python_frontier_families, puzzle, 5_000)


@compiled
@pytest.mark.parametrize("preset", ["base", "full"])
def test_the_compiled_search_lists_a_bounce_puzzles_layouts_as_the_python_one(preset) -> None:
    """All 36 shots answered with bounce counts: the same families and nodes to the end, the
    mine among the layouts, and every layout repeats the mine's 36 answers."""
    gems = gem_set(preset)
    mine = random_layout(gems, rng=random.Random(11))
    puzzle = puzzle_from_layout(mine, gems, RuleOptions(answer="bounces"))
    ours, nodes, done = run(frontier_compiled.families, puzzle, 10**8)
    assert done and (ours, nodes) == run(python_frontier_families, puzzle, 10**8)[:2]
    found = [m for f in frontier_families(puzzle) for m in f.members()]
    assert mine in found
    answers = puzzle_from_layout(mine, gems, puzzle.rules).observations
    assert all(puzzle_from_layout(m, gems, puzzle.rules).observations == answers for m in found)


@compiled
def test_the_compiled_search_proves_a_double_puzzle_as_the_python_one() -> None:
    """All 36 shots on the 14 gems of `double`: the same families, the mine's among them."""
    gems = gem_set("double")
    mine = random_layout(gems, rng=random.Random(4))
    puzzle = puzzle_from_layout(mine, gems, RuleOptions())
    ours, nodes, done = run(frontier_compiled.families, puzzle, 10**9)
    assert done and (ours, nodes) == run(python_frontier_families, puzzle, 10**9)[:2]
    assert mine in [m for f in frontier_families(puzzle) for m in f.members()]


@compiled
def test_the_compiled_search_stops_at_its_deadline() -> None:
    gems = gem_set("double")
    puzzle = puzzle_from_layout(random_layout(gems, rng=random.Random(5)), gems, RuleOptions(),
                                ports=range(0, 36, 3))
    start = time.monotonic()
    with pytest.raises(LimitReached):
        for _ in frontier_compiled.families(puzzle, deadline=start + 0.05):
            pass
    assert time.monotonic() - start < 5



@compiled
@pytest.mark.parametrize("max_nodes", [2 ** 63, 10 ** 30])
def test_a_node_budget_past_the_kernels_range_is_no_budget(max_nodes: int) -> None:
    """The deduction map doubles a pair's seconds, and its nodes with them, until its
    deadline: on double's empty board the budget passed 2**63 and the kernel's argument
    overflowed (an OverflowError, a 500 on the hints page). Past the range it is no limit."""
    gems = gem_set("base")
    puzzle = puzzle_from_layout(random_layout(gems, rng=random.Random(5)), gems, RuleOptions())
    found, _, finished = listed(frontier_compiled.families, puzzle, max_nodes)
    assert finished and len(found) == len(listed(frontier_compiled.families, puzzle,
                                                 10 ** 6)[0]) > 0

def test_without_the_extension_the_python_search_answers(monkeypatch) -> None:
    gems = gem_set("base")
    puzzle = puzzle_from_layout(random_layout(gems, rng=random.Random(6)), gems, RuleOptions())
    monkeypatch.setattr(frontier_compiled, "_KERNEL", None)
    assert not frontier_compiled.available(puzzle)
    assert run(frontier_families, puzzle, 10**6) == run(python_frontier_families, puzzle, 10**6)


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_sight_lines_say_which_gems_are_seen(seed: int) -> None:
    """A set of gems is all visible exactly when each has a sight line free of the others."""
    rng = random.Random(seed)
    masks: list[int] = []
    taken = 0
    for shape in rng.choices(["square", "triangle", "large-triangle", "block"], k=rng.randint(1, 9)):
        p = rng.choice(placements(shape, True))
        if not p.cell_mask & taken:
            masks.append(p.cell_mask)
            taken |= p.cell_mask
    seen = [any(not line & taken for line in sight_lines(m)) for m in masks]
    assert all(seen) == all_visible(masks)


@compiled
def test_solve_answers_a_double_puzzle_by_the_frontier_search() -> None:
    """`solve` on 36 shots of double: the compiled frontier search answers (not the model),
    exactly, with the mine among the layouts."""
    gems = gem_set("double")
    mine = random_layout(gems, rng=random.Random(8))
    result = solve(puzzle_from_layout(mine, gems, RuleOptions()), limit=10**6)
    assert "families" in result.stats and result.exact and mine in result.solutions
