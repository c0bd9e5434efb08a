"""Exact counts without listing (issue 31): the counting kernel against the listed layouts.

States small enough to list are counted both ways: the count, and per cell the contents some
layout shows (the deduction map), must be equal. The compiled kernel is also held to its
Python reference family by family, marginals included.
"""
from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from games.orapa.board import CELLS
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import CellAnswer, Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.counting import family_counts as counting
from solver.orapa.api import deductions, solve
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.counting.family_counts import count_layouts, python_family_count
from solver.orapa.search.frontier_search import frontier_families
from tests.examples import examples

needs_kernel = pytest.mark.skipif(counting._KERNEL is None, reason="counting kernel not built")

# answers that leave few enough layouts to list, per preset
ANSWERS = {"base": (7, 14), "base+diamond": (8, 14), "base+black": (8, 14), "full": (9, 16),
           "first-edition": (8, 14), "double": (22, 30)}


def random_state(preset: str, seed: int, answers: int | None = None,
                 rules: RuleOptions | None = None) -> Puzzle:
    """A random mine and a random mix of shots and cell questions answered on it."""
    rng = random.Random(seed)
    gems, rules = gem_set(preset), rules or RuleOptions()
    mine = random_layout(gems, rules, rng)
    low, high = ANSWERS[preset]
    k = rng.randint(low, high) if answers is None else answers
    shots = rng.sample(range(36), k)
    cells = rng.sample(range(CELLS), rng.randint(0, 3))
    puzzle = puzzle_from_layout(mine, gems, rules, shots)
    extra = tuple(CellAnswer(c, mine.cell_content(c)) for c in cells)
    return puzzle.with_observations(list(puzzle.observations) + list(extra))


LISTABLE = 20_000   # states with more layouts are not listed (the listing is the slow side)


def listed(puzzle: Puzzle, method: str = "auto") -> list:
    return list(ConsistentLayouts(puzzle, method=method).layouts())


def listed_map(layouts: list) -> dict[int, set[str]]:
    contents = [layout.cell_contents for layout in layouts]
    return {c: {row[c] for row in contents} for c in range(CELLS)}


@contextmanager
def kernel_setting(kinds: tuple, mirror: bool, name: str, value: int) -> Iterator[None]:
    """The kernel's context for these kinds with its setting `name` (`small_product`,
    `subtract_min`) at `value`, then back."""
    ctx = counting._context(kinds, mirror)
    before = getattr(ctx, name)
    setattr(ctx, name, value)
    try:
        yield
    finally:
        setattr(ctx, name, before)


def assert_kernel_matches_reference(family, kinds: tuple, small_product: int = 0) -> None:
    """The kernel's count and marginals of one family equal the Python reference's (searched
    level by level, as the tests of its last levels ask, unless `small_product` lets small
    families take _count_small.c)."""
    by_gem: list[dict] = [{} for _ in range(CELLS)]
    expected = python_family_count(family, by_gem)
    ctx = counting._context(kinds, family.mirror)
    ctx.reset()
    with kernel_setting(kinds, family.mirror, "small_product", small_product):
        status, n, _ = counting.kernel_family_count(family, kinds, True, None, None)
    assert (status, n) == (1, expected)
    total, rows = ctx.marginals()
    assert total == expected
    assert [{k: v for k, v in zip(kinds, row) if v} for row in rows] == by_gem


@pytest.mark.parametrize("preset", list(ANSWERS))
def test_count_equals_the_listed_layouts_on_every_preset(preset: str) -> None:
    for seed in range(4 if preset == "double" else 12):
        puzzle = random_state(preset, seed)
        counted = count_layouts(puzzle, marginals=True)
        assert counted.exact
        if counted.count > LISTABLE:
            continue
        layouts = listed(puzzle)
        assert counted.count == len(layouts), (preset, seed)
        if layouts:
            assert {c: counted.possible(c) for c in range(CELLS)} == listed_map(layouts)


@settings(max_examples=examples(13), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "base+black", "first-edition"]),
       seed=st.integers(0, 10**6))
def test_count_and_map_equal_the_list_for_random_states(preset: str, seed: int) -> None:
    puzzle = random_state(preset, seed)
    counted = count_layouts(puzzle, marginals=True)
    assert counted.exact
    if counted.count > LISTABLE:
        return
    layouts = listed(puzzle)
    assert counted.count == len(layouts)
    if layouts:
        assert {c: counted.possible(c) for c in range(CELLS)} == listed_map(layouts)
        # the marginals are the number of layouts showing each colour in each cell
        for c in range(CELLS):
            shown = {}
            for layout in layouts:
                content = layout.cell_content(c)
                if content != "empty":
                    colour = "black" if content == "absorbed" else content
                    shown[colour] = shown.get(colour, 0) + 1
            assert {k: v for k, v in counted.by_cell[c].items() if v} == shown


def test_count_equals_the_models_list() -> None:
    """Against the SAT model's enumeration, which shares no code with the families."""
    for seed in range(6):
        puzzle = random_state("base", 100 + seed, answers=12)
        assert count_layouts(puzzle).count == len(listed(puzzle, method="model"))


def test_rules_without_visibility_or_mirror() -> None:
    for rules in (RuleOptions(visibility=False), RuleOptions(mirror=False)):
        for seed in range(6):
            puzzle = random_state("base", 200 + seed, rules=rules)
            assert count_layouts(puzzle).count == len(listed(puzzle))


@needs_kernel
@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "first-edition", "double"]),
       seed=st.integers(0, 10**6))
def test_kernel_equals_the_python_reference_family_by_family(preset: str, seed: int) -> None:
    puzzle = random_state(preset, seed)
    if count_layouts(puzzle).count > LISTABLE:
        return
    kinds = tuple(sorted(set(puzzle.gems)))
    for family in frontier_families(puzzle):
        assert_kernel_matches_reference(family, kinds)


@needs_kernel
def test_start_of_a_game_is_counted_by_its_free_gems() -> None:
    """With no answer, the count is every legal layout: here the gem set is small enough
    (two gems) to list them all and compare."""
    gems = (gem_set("base")[0], gem_set("base")[4])
    puzzle = Puzzle(gems, RuleOptions(), ())
    counted = count_layouts(puzzle)
    assert counted.exact
    assert counted.count == sum(1 for f in frontier_families(puzzle) for _ in f.members())


def test_solve_reports_the_exact_count_past_the_count_limit() -> None:
    puzzle = random_state("base", 7, answers=5)
    result = solve(puzzle, limit=3, count_limit=50)
    assert result.exact
    assert result.count == count_layouts(puzzle).count > 50
    assert len(result.solutions) == 3
    assert all(all(o.holds(s) for o in puzzle.observations) for s in result.solutions)


def test_deductions_are_exact_and_equal_the_listed_map() -> None:
    puzzle = random_state("full", 11, answers=10)
    found = deductions(puzzle)
    layouts = listed(puzzle)
    assert found.exact and found.count == len(layouts)
    assert found.possible == listed_map(layouts)


def test_python_reference_runs_without_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = random_state("base", 3, answers=10)
    expected = len(listed(puzzle))
    monkeypatch.setattr(counting, "_KERNEL", None)
    counted = count_layouts(puzzle, marginals=True)
    assert counted.exact and counted.count == expected


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       answers=st.sampled_from([0, 3, 6]), timeout=st.sampled_from([0.01, 0.3]))
def test_the_hints_deduction_map_always_answers_and_never_errs(preset: str, seed: int,
                                                                answers: int,
                                                                timeout: float) -> None:
    """A legal state always gets a map (it was `503 time limit reached` after 20 s in the
    middle of games), even when the time runs out: its settled cells are true of the mine."""
    from web.hints import deduction_map
    rng = random.Random(seed)
    mine = random_layout(gem_set(preset), RuleOptions(), rng)
    puzzle = puzzle_from_layout(mine, gem_set(preset), RuleOptions(), rng.sample(range(36), answers))
    answer = deduction_map(puzzle, timeout=timeout)
    from games.orapa.board import cell_label
    for c in range(CELLS):
        status = answer["cells"][cell_label(c)]
        assert status in ("open", mine.cell_content(c))


def test_partial_deductions_mark_unproved_cells_open() -> None:
    puzzle = random_state("full", 5, answers=2)
    found = deductions(puzzle, timeout=0.0, partial=True)
    assert found.undecided and all(found.status(c) == "open" for c in found.undecided)


def test_listing_looks_at_the_clock_between_empty_families(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """Thousands of empty families never reached members()' own clock check: a double state's
    listing with 1.5 s left ran 30 s. Now the deadline is read before each family."""
    from games.errors import LimitReached
    from solver.orapa import consistent

    class Empty:
        opened = 0

        def members(self, deadline=None):
            Empty.opened += 1
            return iter(())

    puzzle = random_state("base", 1, answers=3)
    monkeypatch.setattr(consistent.ConsistentLayouts, "_wave_families",
                        lambda self, observations: ([Empty() for _ in range(1000)], True))
    layouts = ConsistentLayouts(puzzle, timeout=10.0)
    layouts.deadline = 0.0       # the time is up before the first family
    with pytest.raises(LimitReached):
        list(layouts.layouts())
    assert Empty.opened == 0


def test_sequential_sample_at_the_start_of_a_double_game() -> None:
    """Rejection from the product proposal kept no layout of double's 14 free gems (the
    advisor answered `candidates: 1` and 0 bits for every question); drawn gem by gem the
    sample is real, legal and the estimate is near the exact count where that is known."""
    from games.orapa.layout import violations
    from solver.orapa.counting.consistent_sample import consistent_candidates, sequential_sample
    # 60 draws asked within 6 s of wall clock: a second gives some 80 draws on an idle
    # machine, 15 at a load of 9 (with 3 s, 15 draws at a load of 5 failed the test)
    found = consistent_candidates(Puzzle(gem_set("double"), RuleOptions(), ()), 60, 3000, 6.0,
                                  random.Random(1))
    assert found.method == "sequential" and len(found.layouts) > 20 and found.count > 1e15
    assert not any(violations(layout) for layout in found.layouts[:20])
    base = Puzzle(gem_set("base"), RuleOptions(), ())
    families = list(frontier_families(base))
    from solver.orapa.search.path_family import assign_weights
    assign_weights(families)
    import time as clock
    layouts, estimate = sequential_sample(families, 400, random.Random(2),
                                          clock.monotonic() + 30)
    assert layouts and 0.8 < estimate / 17_053_178_776 < 1.25   # the counted total


@needs_kernel
def test_counts_in_two_threads_keep_their_own_marginals() -> None:
    """The web server counts in a thread pool: each thread has its own kernel context, so
    two deduction maps at once do not add into each other's per-cell counts."""
    from concurrent.futures import ThreadPoolExecutor
    puzzles = [random_state("full", seed, answers=9) for seed in (21, 22, 23, 24)]
    alone = [count_layouts(p, marginals=True).by_cell for p in puzzles]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda p: count_layouts(p, marginals=True).by_cell,
                                 puzzles * 3))
    assert together == alone * 3


def test_an_empty_board_counted_once_is_read_back(tmp_path, monkeypatch: pytest.MonkeyPatch
                                                  ) -> None:
    """Counts of other empty boards are kept in the cache directory; a state with an answer
    never reads them, and a broken file is counted again."""
    from solver.orapa.counting import empty_board
    from solver.orapa.counting.exact import exact_possible
    monkeypatch.setenv("ORAPA_CACHE_DIR", str(tmp_path))
    gems = (gem_set("base")[0], gem_set("base")[4])
    puzzle = Puzzle(gems, RuleOptions(), ())
    assert empty_board.cached_empty_count(puzzle) is None
    possible, count = exact_possible(puzzle)
    kept = empty_board.cached_empty_count(puzzle)
    assert kept is not None and kept.count == count == count_layouts(puzzle).count
    assert {c: kept.possible(c) for c in range(CELLS)} == possible
    assert empty_board.cached_empty_count(random_state("base", 1, answers=3)) is None
    for path in tmp_path.rglob("*.json"):
        path.write_text("{not json")
    assert empty_board.cached_empty_count(puzzle) is None


def test_an_empty_board_of_many_gems_is_not_counted_unless_kept(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Full's empty board (142,605,009,722,376 layouts) cannot be counted in counting's 2 s:
    the try only made `orapa solve` 3 s slower before the estimate answered. Base's and
    full's are read from disk (full's counted offline in parts); full under other rules is
    not tried; a small gem set's empty board is still counted."""
    from solver.orapa.counting import exact
    monkeypatch.setenv("ORAPA_CACHE_DIR", str(tmp_path))
    tried: list[int] = []
    real = exact.count_layouts

    def counting(puzzle: Puzzle, *args, **kwargs):
        tried.append(len(puzzle.gems))
        return real(puzzle, *args, **kwargs)

    monkeypatch.setattr(exact, "count_layouts", counting)
    assert exact.exact_count(Puzzle(gem_set("full"), RuleOptions(touching="any"), ())) is None
    assert exact.exact_count(Puzzle(gem_set("base"), RuleOptions(), ())).count == 17_053_178_776
    assert (exact.exact_count(Puzzle(gem_set("full"), RuleOptions(), ())).count
            == 142_605_009_722_376)
    assert tried == []
    small = exact.exact_count(Puzzle(gem_set("base")[:2], RuleOptions(), ()))
    assert small is not None and small.exact and tried == [2]


def test_many_families_are_sampled_without_weighing_them_all(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """Weighing took some 70 us a family: a double state of 200,000 families spent minutes
    there before the advisor's first draw. Past LISTED_WEIGH_AT_MOST they are drawn
    unweighed."""
    from solver.orapa.counting import consistent_sample, family_weights
    weighed: list[int] = []
    real = family_weights.weigh_families
    monkeypatch.setattr(family_weights, "weigh_families",
                        lambda found: (weighed.append(len(found)), real(found)))
    monkeypatch.setattr(consistent_sample, "LISTED_WEIGH_AT_MOST", 3)
    puzzle = random_state("full", 5, answers=6)
    families = list(frontier_families(puzzle))
    assert len(families) > 3
    found = consistent_sample.consistent_candidates(puzzle, 200, 10, 60.0, random.Random(1))
    assert all(n <= 3 for n in weighed)
    assert found.method == "sequential" and found.layouts
    assert all(all(o.holds(layout) for o in puzzle.observations) for layout in found.layouts)


def test_a_sample_with_no_draw_in_time_is_not_a_division_by_zero(monkeypatch: pytest.MonkeyPatch
                                                                  ) -> None:
    """On a machine busy enough that not one proposal was made before the trial's end, the
    estimate divided by zero draws (ZeroDivisionError in `orapa next`)."""
    from solver.orapa.counting import consistent_sample
    monkeypatch.setattr(consistent_sample, "sample_families", lambda *args, **kw: ([], 0))
    monkeypatch.setattr(consistent_sample, "sequential_sample", lambda *args, **kw: ([], 0.0))
    monkeypatch.setattr(consistent_sample, "probe_members", lambda *args, **kw: [])
    puzzle = random_state("full", 5, answers=6)
    families = consistent_sample.weighed(list(frontier_families(puzzle)))
    found = consistent_sample._finish(families, [], 50, 10, random.Random(1),
                                      __import__("time").monotonic() + 1)
    assert found.layouts == [] and found.count == 0


@needs_kernel
@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "double"]), seed=st.integers(0, 10**6),
       free=st.integers(1, 3), visibility=st.booleans())
def test_kernel_visibility_state_on_crowded_families(preset: str, seed: int, free: int,
                                                     visibility: bool) -> None:
    """Families of a mine with most gems fixed and one to three free: the kernel keeps the
    visibility state by level (the ports each placed gem is still first seen from, the last
    gem's placements that would hide one, the last gem's seen set from per-side unions), and
    here fixed gems are often hidden from all but one port. Its count and marginals must
    equal the reference's, member by member."""
    from games.orapa.board import CELLS as cells
    from solver.orapa.search.path_family import PathFamily
    rng = random.Random(seed)
    gems, rules = gem_set(preset), RuleOptions(visibility=visibility)
    mine = random_layout(gems, rules, rng)
    placed = sorted(mine.gems, key=lambda g: rng.random())
    fixed, loose = placed[free:], sorted(g.gem for g in placed[:free])
    avoid = rng.getrandbits(cells) & rng.getrandbits(cells) & rng.getrandbits(cells)
    family = PathFamily(tuple(fixed), tuple(loose), tuple(avoid for _ in loose), (),
                        visibility, rules.mirror)
    weight = 1
    for k, gem in enumerate(loose):
        weight *= sum(1 for p in family.options[k] if family._allowed(k, p))
    if weight > 100_000:      # the reference visits every tuple: a bound on its time
        return
    assert_kernel_matches_reference(family, tuple(sorted(set(gems))))


def crowded_family(preset: str, seed: int, free: int, visibility: bool, twins: bool,
                   asked: int, sparse: int, limit: int = 100_000):
    """A family of a random mine with `free` of its gems free (identical ones first when
    `twins`), the others fixed where the mine has them, random cells to avoid (fewer with
    more `sparse`) and `asked` answered cells of the free gems; None past `limit` tuples."""
    from games.orapa.board import CELLS as cells
    from solver.orapa.search.path_family import PathFamily, ruled_out
    rng = random.Random(seed)
    gems, rules = gem_set(preset), RuleOptions(visibility=visibility)
    mine = random_layout(gems, rules, rng)
    placed = sorted(mine.gems, key=lambda g: rng.random())
    if twins:                                  # identical free gems first, when there are any
        kinds = [g.gem for g in placed]
        placed.sort(key=lambda g: kinds.count(g.gem) < 2)
    fixed, loose = placed[free:], placed[:free]
    covered = [c for g in loose for c in range(cells) if g.placement.cell_mask >> c & 1]
    avoid = rng.getrandbits(cells)
    for _ in range(sparse):                    # fewer cells to avoid, more members
        avoid &= rng.getrandbits(cells)
    if rng.random() < 0.5:                     # the mine a member, half the time
        avoid &= ~sum(1 << c for c in covered)
    answers = tuple(CellAnswer(c, mine.cell_content(c))
                    for c in rng.sample(covered, min(asked, len(covered))))
    free_gems = tuple(sorted(g.gem for g in loose))
    family = PathFamily(tuple(fixed), free_gems,
                        tuple(avoid | ruled_out(gem, answers) for gem in free_gems), answers,
                        visibility, rules.mirror)
    weight = 1
    for k in range(len(family.free)):
        weight *= sum(1 for p in family.options[k] if family._allowed(k, p))
    return None if weight > limit else family


@needs_kernel
@settings(max_examples=examples(35), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "double", "first-edition"]),
       seed=st.integers(0, 10**6), free=st.integers(2, 3), visibility=st.booleans(),
       twins=st.booleans(), asked=st.integers(0, 2), sparse=st.integers(1, 3))
@example(preset="full", seed=79, free=3, visibility=True, twins=True, asked=0, sparse=1)
@example(preset="full", seed=97, free=3, visibility=True, twins=False, asked=1, sparse=1)
def test_last_two_levels_on_crowded_families(preset: str, seed: int, free: int,
                                             visibility: bool, twins: bool, asked: int,
                                             sparse: int) -> None:
    """The kernel counts the children of the gem before the last at once (_count_pair.c):
    per parent it finds the last gem's placements seen from one end of each line only and
    the placements of the other gem that would make each unseen, and per child it drops the
    ones hiding the new gem or a placed gem it shadowed. Most gems fixed (so gems are often
    hidden, or seen from one port), two or three free ones (two identical when `twins` and
    the set has them), and answered cells a free gem must cover: the count and marginals
    must equal the reference's, member by member. The examples are families where a child
    meets its at-risk placements one by one (few children at its parent)."""
    family = crowded_family(preset, seed, free, visibility, twins, asked, sparse)
    if family is not None:
        assert_kernel_matches_reference(family, tuple(sorted(set(gem_set(preset)))))


@needs_kernel
# 25 examples (68 s for 150 in the suite: the Python reference counts each family member by
# member); the crowded families' tests above and below hold the same kernel from other sides
@settings(max_examples=examples(25), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full", "double", "first-edition"]),
       seed=st.integers(0, 10**6), free=st.integers(2, 3), visibility=st.booleans(),
       twins=st.booleans(), asked=st.integers(0, 3), sparse=st.integers(2, 5))
@example(preset="full", seed=3, free=2, visibility=True, twins=True, asked=2, sparse=4)
@example(preset="base", seed=11, free=2, visibility=True, twins=False, asked=0, sparse=5)
def test_quick_children_counted_together(preset: str, seed: int, free: int, visibility: bool,
                                         twins: bool, asked: int, sparse: int) -> None:
    """The last level's parent counts its quick children (seen, never hidden by a compatible
    placement, shadowing no placed gem, covering no answered cell the last gem may cover)
    in one pass and subtracts per b the pairs in which they make b unseen; with marginals
    they are visited, but without their visibility work. Few cells to avoid, so parents
    have many children; identical gems, answered cells, visibility on and off. Without
    marginals, with them, and the reference: the same count; both runs the same nodes."""
    family = crowded_family(preset, seed, free, visibility, twins, asked, sparse)
    if family is None:
        return
    kinds = tuple(sorted(set(gem_set(preset))))
    assert_same_count_and_nodes_with_marginals(family, kinds)
    assert_kernel_matches_reference(family, kinds)


def assert_same_count_and_nodes_with_marginals(family, kinds, small_product: int = 0) -> None:
    """The kernel's count is the reference's, and the kernel visits the same nodes with
    marginals as without (level by level unless `small_product`, as above)."""
    expected = python_family_count(family, None)
    with kernel_setting(kinds, family.mirror, "small_product", small_product):
        status, n, nodes = counting.kernel_family_count(family, kinds, False, None, None)
        assert (status, n) == (1, expected)
        counting._context(kinds, family.mirror).reset()
        assert counting.kernel_family_count(family, kinds, True, None, None) == \
            (1, expected, nodes)
