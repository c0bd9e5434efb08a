"""The deduction map proved without the counts (solver/orapa/deduction_map.py, issue 31): it
equals the map of the full list of layouts wherever that list can be had, by every route
(witnesses from the wave search's families, moves of one gem, the model's per-pair proofs)."""
from __future__ import annotations

import random
import time
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from games.errors import LimitReached
from games.orapa.board import CELLS
from games.orapa.gems import gem_set
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import CellAnswer, Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.deduction_witnesses import WitnessMap, walk
from solver.orapa.api import deductions
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.counting.family_counts import count_layouts
from tests.examples import examples


def state(preset: str, seed: int, shots: int, cells: int = 0,
          rules: RuleOptions | None = None) -> Puzzle:
    """A random mine with `shots` random shots and `cells` random cell questions answered."""
    rng = random.Random(seed)
    gems, rules = gem_set(preset), rules or RuleOptions()
    mine = random_layout(gems, rules, rng)
    puzzle = puzzle_from_layout(mine, gems, rules, rng.sample(range(36), shots))
    asked = [CellAnswer(c, mine.cell_content(c)) for c in rng.sample(range(CELLS), cells)]
    return puzzle.with_observations(list(puzzle.observations) + asked)


def listed_map(puzzle: Puzzle, bound: int = 3000) -> dict[int, set[str]] | None:
    """Each cell's contents over every consistent layout; None past `bound` layouts (told by
    the kernel's count first: listing 3,000 of a loose state, where the listing falls back to
    the SAT model, once took minutes), or when the count does not end within 10 s."""
    counted = count_layouts(puzzle, deadline=time.monotonic() + 10)
    if not counted.exact or counted.count > bound:
        return None
    possible: dict[int, set[str]] = {c: set() for c in range(CELLS)}
    for n, layout in enumerate(ConsistentLayouts(puzzle).layouts()):
        if n >= bound:
            return None
        for c in range(CELLS):
            possible[c].add(layout.cell_content(c))
    return possible


@lru_cache(maxsize=None)
def listable_full_states(seeds: range, shots: int) -> list[tuple[Puzzle, dict[int, set[str]]]]:
    """`full` states (`shots` shots and one cell answer each) whose layouts are few enough
    to list, with their listed maps (listed once a test process; the callers only read
    them)."""
    found = []
    for seed in seeds:
        puzzle = state("full", seed, shots, 1)
        expected = listed_map(puzzle)
        if expected is not None:
            found.append((puzzle, expected))
    return found


@pytest.fixture
def without_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The map by witnesses and proofs alone: the exact count never answers."""
    from solver.orapa.counting import exact
    from solver.orapa.deduction_count import PausedCount
    monkeypatch.setattr(exact, "exact_possible", lambda *args, **kwargs: None)
    monkeypatch.setattr(PausedCount, "start", lambda *args: None)


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(6, 14), cells=st.integers(0, 3))
def test_the_proved_map_equals_the_listed_map(without_counts: None, preset: str, seed: int,
                                              shots: int, cells: int) -> None:
    puzzle = state(preset, seed, shots, cells)
    expected = listed_map(puzzle)
    if expected is None:
        return   # too many layouts to list: nothing to compare with
    found = deductions(puzzle)
    assert not found.undecided
    assert found.possible == expected


@settings(max_examples=examples(5), deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(8, 14))
def test_witnesses_and_the_model_prove_the_listed_map(without_counts: None,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      preset: str, seed: int,
                                                      shots: int) -> None:
    """Where the families are too many to hold, witnesses (shuffled family orders, moves)
    and the model's proofs give the same map."""
    from solver.orapa import deduction_families
    monkeypatch.setattr(deduction_families, "MAX_FAMILIES", 0)
    puzzle = state(preset, seed, shots, 1)
    expected = listed_map(puzzle)
    if expected is None:
        return
    assert deductions(puzzle).possible == expected


def test_a_cell_no_free_gem_can_reach_shows_empty(without_counts: None) -> None:
    """Hypothesis found it: a cell that no fixed gem covers and no free gem can reach is
    empty in every member of its family, but it was looked for neither among the paths nor
    in the free gems' reach, so the map called `empty` impossible in cell A2."""
    puzzle = state("full", 494318, 12)
    expected = listed_map(puzzle)
    assert expected is not None and "empty" in expected[10]
    assert deductions(puzzle).possible == expected


def test_the_counts_second_try_gets_countings_own_share() -> None:
    """At 0.75 s the count's second try could not finish a state whose count takes 1.5 s of
    CPU (seed 213 of the full benchmark after four answers), and the rest of the map left a
    cell unproved after 20 s; counting's own share, as `orapa solve` gives it, finishes it."""
    from solver.orapa import deduction_map
    from solver.orapa.counting import exact
    assert deduction_map.RETRY_SECONDS >= exact.COUNT_SECONDS


def test_the_model_pair_by_pair_proves_the_same_map(without_counts: None,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """With no call on every pair at once, the model asks pair by pair: the same map."""
    from solver.orapa import deduction_model
    monkeypatch.setattr(deduction_model, "GROUPED_CALLS", 0)
    puzzle = state("full", 40, 12, 1)
    expected = listed_map(puzzle)
    assert expected is not None
    assert deductions(puzzle, method="model").possible == expected


@pytest.mark.parametrize("method", ["auto", "model"])
def test_the_model_alone_proves_the_same_map(without_counts: None, method: str) -> None:
    """Without the wave search's families (`method="model"`) the map is the same."""
    states = listable_full_states(range(40, 60 if method == "auto" else 41), 12)
    assert len(states) >= (3 if method == "auto" else 1)
    for puzzle, expected in states:
        assert deductions(puzzle, method=method).possible == expected


def test_a_contradiction_has_no_content_anywhere(without_counts: None) -> None:
    puzzle = state("base", 3, 10)
    wrong = puzzle.with_observations(list(puzzle.observations) + [
        CellAnswer(0, "red"), CellAnswer(1, "empty"), CellAnswer(0, "empty")])
    found = deductions(wrong)
    assert all(not contents for contents in found.possible.values())
    assert found.count == 0 and found.exact


def test_the_empty_board_shows_every_content_everywhere_it_can(without_counts: None) -> None:
    """No answer: every cell can hold every colour of the set, or be empty (full's 80 x 7
    pairs, each with a witness; the old per-pair questions ran out of a 5 s limit here)."""
    puzzle = Puzzle(gem_set("full"), RuleOptions(), ())
    found = deductions(puzzle, timeout=60)
    everything = {"empty", "red", "yellow", "blue", "white", "transparent", "absorbed"}
    assert not found.undecided
    assert all(found.possible[c] == everything for c in range(CELLS))


def test_past_the_time_limit_cells_are_undecided_or_it_raises(without_counts: None) -> None:
    puzzle = state("full", 5, 2)
    found = deductions(puzzle, timeout=0.0, partial=True)
    assert found.undecided and all(found.status(c) == "open" for c in found.undecided)
    with pytest.raises(LimitReached):
        deductions(puzzle, timeout=0.0)


def test_a_move_only_marks_consistent_layouts() -> None:
    """Every layout the walk marks gives every answer of the puzzle."""
    puzzle = state("full", 12, 4, 2)
    found = WitnessMap(puzzle)
    start = next(iter(ConsistentLayouts(puzzle).layouts()))
    walk(found, start, puzzle, None)
    assert len(found.seen) > 1
    assert all(all(o.holds(layout) for o in puzzle.observations) for layout in found.seen)


def midgame_state(preset: str, seed: int, answers: int) -> tuple[Puzzle, object]:
    """`benchmarks/bench_midgame.py`'s state of that seed: a random mine, `answers` random
    answers (one in four a cell question, the rest shots)."""
    gems, rules = gem_set(preset), RuleOptions()
    rng = random.Random(seed)
    mine = random_layout(gems, rules, rng)
    ports, cells = rng.sample(range(36), answers), rng.sample(range(CELLS), answers)
    kinds = [rng.random() < 0.25 for _ in range(answers)]
    shots = [p for p, cell in zip(ports, kinds) if not cell]
    asked = [CellAnswer(c, mine.cell_content(c)) for c, cell in zip(cells, kinds) if cell]
    puzzle = puzzle_from_layout(mine, gems, rules, shots)
    return puzzle.with_observations(list(puzzle.observations) + asked), mine


def test_a_full_state_of_three_answers_is_proved_in_every_cell() -> None:
    """A state the per-pair questions left with 62 cells unproved after 30 s (bench_midgame's
    full mine 1005, 3 answers): every cell is now proved, and the mine's own content is
    possible in each."""
    puzzle, mine = midgame_state("full", 1005, 3)
    found = deductions(puzzle, timeout=120, partial=True)
    assert not found.undecided
    assert all(mine.cell_content(c) in found.possible[c] for c in range(CELLS))
    assert sum(len(v) == 1 for v in found.possible.values()) >= 1   # something is settled


@settings(max_examples=examples(5), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(6, 12), order=st.integers(0, 3))
def test_the_wave_search_settles_pairs_truly(preset: str, seed: int, shots: int,
                                             order: int) -> None:
    """Pair by pair with the cell answer added, each pair shown is in the listed map and each
    proved impossible is not (those left to the model are neither), in the fixed order and
    in shuffled ones."""
    from solver.orapa.deduction_families import settle_pairs
    puzzle = state(preset, seed, shots, 1)
    expected = listed_map(puzzle)
    if expected is None:
        return
    found = WitnessMap(puzzle)
    settle_pairs(found, puzzle, None, seed=order)
    for cell in range(CELLS):
        assert found.possible[cell] <= expected[cell]
    assert all(content not in expected[cell] for cell, content in found.impossible)


@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(4, 12), cells=st.integers(1, 4))
def test_the_pairs_ruled_out_by_masks_are_impossible(preset: str, seed: int, shots: int,
                                                      cells: int) -> None:
    """What the placement tables rule out from the cell answers (`out_of_reach`) and what one
    pass over the families' masks rules out (`rule_out_by_families`) is never in the listed
    map; the pass reads the compiled search's leaves as the families would give them."""
    from solver.orapa import deduction_pass
    from solver.orapa.deduction_witnesses import out_of_reach
    puzzle = state(preset, seed, shots, cells)
    expected = listed_map(puzzle)
    if expected is None:
        return
    found = WitnessMap(puzzle)
    out_of_reach(found, puzzle)
    assert all(content not in expected[cell] for cell, content in found.impossible)
    assert deduction_pass.rule_out_by_families(found, puzzle, float("inf"))
    assert all(content not in expected[cell] for cell, content in found.impossible)
    everything = {x: (1 << CELLS) - 1 for x in found.contents}
    steps = deduction_pass._compiled_steps(puzzle, everything, [float("inf")])
    while True:   # the compiled pass, step by step to its end
        try:
            next(steps)
        except StopIteration as over:
            compiled = over.value
            break
    assert compiled == deduction_pass._families_reach(puzzle, everything, float("inf"))


def test_one_gem_of_a_colour_answered_somewhere_cannot_show_it_far_away() -> None:
    """Full's one blue gem answered at H1 (bench_midgame's full mine 14 after 6 answers): blue
    is ruled out, from the placement tables alone, in every cell no blue placement over H1
    reaches (the wave search took more than a second for each of those cells)."""
    from games.orapa.board import cell_label
    from solver.orapa.deduction_witnesses import out_of_reach
    puzzle, mine = midgame_state("full", 1014, 6)
    answered = [o for o in puzzle.observations if isinstance(o, CellAnswer)]
    assert [(cell_label(a.cell), a.content) for a in answered if a.content == "blue"] \
        == [("H1", "blue")]
    found = WitnessMap(puzzle)
    out_of_reach(found, puzzle)
    blue = {cell for cell, content in found.impossible if content == "blue"}
    assert len(blue) >= 40
    assert all(mine.cell_content(cell) != "blue" for cell in blue)
    assert not any(cell_label(cell) == "H1" for cell in blue)


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(6, 12))
def test_a_family_said_unable_to_show_a_pair_has_no_member_showing_it(
        preset: str, seed: int, shots: int) -> None:
    """`could_show` False only when no member shows the pair; `member_or_proof` says False
    only of a family with no member."""
    from itertools import islice
    from solver.orapa.deduction_families import could_show, member_or_proof
    from solver.orapa.search.frontier_search import frontier_families
    puzzle = state(preset, seed, shots, 1)
    for family in islice(frontier_families(puzzle), 20):
        members = list(islice(family.members(), 2000))
        if len(members) == 2000:
            continue   # too many to compare with
        assert (member_or_proof(family, None, 60) is False) == (not members)
        for cell in range(0, CELLS, 7):
            for content in ("empty", "red", "blue", "absorbed"):
                if not could_show(family, cell, content):
                    assert all(m.cell_content(cell) != content for m in members)


def test_the_count_for_the_time_left_proves_the_listed_map(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """When the pass over the families runs out of time, the count for most of the time left
    gives the map: the listed one."""
    from solver.orapa import deduction_families, deduction_map, deduction_pass
    monkeypatch.setattr(deduction_map, "_count", lambda *args: None)   # no other count
    monkeypatch.setattr(deduction_map, "COUNT_SECONDS", 0.0)   # nor a first one
    monkeypatch.setattr(deduction_families, "MAX_FAMILIES", 0)
    monkeypatch.setattr(deduction_map, "MANY_PAIRS", 0)
    monkeypatch.setattr(deduction_pass.FamilyPass, "run", lambda *args: False)
    monkeypatch.setattr(deduction_map, "model_round", lambda *args: None)
    states = listable_full_states(range(5), 10)
    assert len(states) >= 2
    for puzzle, expected in states:
        found = deductions(puzzle, timeout=60)
        assert found.exact and found.possible == expected


def test_a_possible_pair_the_fixed_order_reaches_late_is_shown_in_a_shuffled_one() -> None:
    """bench_midgame's full mine 1003 after 6 answers: `absorbed` at cell 61 is possible, but
    the wave search in its fixed order meets barren branches first (0.2 s, more than a round
    of 0.1 s a pair); a shuffled order shows it (with a witness that gives every answer)."""
    from solver.orapa.deduction_families import settle_pairs
    puzzle, _ = midgame_state("full", 1003, 6)
    found = WitnessMap(puzzle)
    found.unshown = lambda: [(61, "absorbed")]   # type: ignore[method-assign]
    settle_pairs(found, puzzle, None, seconds=60, seed=1)
    assert "absorbed" in found.possible[61] and (61, "absorbed") not in found.impossible
    assert any(layout.cell_content(61) == "absorbed" for layout in found.seen)
    assert all(all(o.holds(layout) for o in puzzle.observations) for layout in found.seen)


def test_the_last_rounds_of_the_wave_search_prove_the_listed_map_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With every other step made to fail or skipped (the count, the pass over the families,
    the model, the earlier rounds of the wave search), the last rounds, longer each time
    and in the fixed and shuffled orders in turn, settle every pair: the listed map."""
    from solver.orapa import deduction_families, deduction_map, deduction_model, deduction_pass
    real = deduction_map.settle_pairs
    started = []

    def last_rounds_only(found: WitnessMap, puzzle: Puzzle, deadline: float | None,
                         seconds: float = 0.02, **kwargs: object) -> None:
        if seconds == deduction_map.THIRD_PAIR_SECONDS and kwargs.get("seed") == 3:
            started.append(True)
        if started:
            real(found, puzzle, deadline, seconds, **kwargs)   # type: ignore[arg-type]

    monkeypatch.setattr(deduction_map, "settle_pairs", last_rounds_only)
    monkeypatch.setattr(deduction_map, "_count", lambda *args: None)
    monkeypatch.setattr(deduction_map.PausedCount, "start", lambda *args: None)
    monkeypatch.setattr(deduction_map, "_long_count", lambda *args: False)
    monkeypatch.setattr(deduction_pass.FamilyPass, "run", lambda *args: False)
    monkeypatch.setattr(deduction_map, "quick_proof", lambda *args: False)
    monkeypatch.setattr(deduction_map, "settle_groups", lambda *args: None)
    monkeypatch.setattr(deduction_map, "model_round", lambda *args: None)
    monkeypatch.setattr(deduction_map, "portfolio_round", lambda *args: None)
    monkeypatch.setattr(deduction_model, "ask", lambda *args: pytest.fail("the model asked"))
    monkeypatch.setattr(deduction_map, "THIRD_PAIR_SECONDS", 0.0001)
    monkeypatch.setattr(deduction_families, "MAX_FAMILIES", 0)
    states = listable_full_states(range(6), 10)
    assert len(states) >= 2
    for puzzle, expected in states:
        found = deductions(puzzle, timeout=120)
        assert not found.undecided and found.possible == expected
    assert started


@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(6, 12), cells=st.integers(0, 3))
def test_the_pass_rules_out_what_no_family_reaches_though_it_may_end_early(
        preset: str, seed: int, shots: int, cells: int) -> None:
    """The pass ends once every open pair is in some family's reach: what it rules out is
    still every open pair outside the reach of all the families (listed to the end)."""
    from solver.orapa import deduction_pass
    from solver.orapa.deduction_witnesses import out_of_reach
    puzzle = state(preset, seed, shots, cells)
    everything = {x: (1 << CELLS) - 1 for x in WitnessMap(puzzle).contents}
    # a state whose families take more than 1 s to list is left out: the test lists them
    # three times (one random full state of 6 shots ran past the suite's 420 s limit; of 40
    # random states, the three that took 5 to 8 s once took 15 to 21 s in all, the others
    # 0.7 s at most)
    reach = deduction_pass._families_reach(puzzle, everything, time.monotonic() + 1)
    assume(reach is not None)
    assert reach is not None
    for compiled in (True, False):
        found = WitnessMap(puzzle)
        out_of_reach(found, puzzle)
        before = set(found.impossible)
        open_cells = {x: found.unshown_mask(x) for x in found.contents}
        if compiled:
            assert deduction_pass.rule_out_by_families(found, puzzle, float("inf"))
        else:
            partial = deduction_pass._families_reach(puzzle, open_cells, float("inf"))
            assert partial is not None
            found.impossible.update((c, x) for x in found.contents
                                    for c in range(CELLS)
                                    if open_cells[x] >> c & 1 and not partial[x] >> c & 1)
        assert found.impossible - before == {
            (c, x) for x in found.contents for c in range(CELLS)
            if open_cells[x] >> c & 1 and not reach[x] >> c & 1}


def test_the_pass_stops_at_the_first_family_when_it_reaches_every_open_pair(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only pairs the first family shows are left open: the pass over the families reads
    that one and stops (it could rule nothing out), proving nothing impossible."""
    from itertools import islice
    from games.orapa.answers import shown_by
    from games.orapa.placements import bits
    from solver.orapa import deduction_pass
    from solver.orapa.search.frontier_search import frontier_families
    puzzle = state("full", 7, 6)
    families = list(islice(frontier_families(puzzle), 2))
    assert len(families) == 2 and families[0].fixed
    found = WitnessMap(puzzle)
    keep = {(c, shown_by(g.gem)) for g in families[0].fixed for c in bits(g.placement.cell_mask)}
    found.impossible = {(c, x) for c in range(CELLS) for x in found.contents} - keep
    read = []
    real = deduction_pass.frontier_families

    def counted(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        for family in real(*args, **kwargs):  # type: ignore[arg-type]
            read.append(family)
            yield family

    monkeypatch.setattr(deduction_pass, "frontier_families", counted)
    open_cells = {x: found.unshown_mask(x) for x in found.contents}
    reach = deduction_pass._families_reach(puzzle, open_cells, float("inf"))
    assert reach is not None and len(read) == 1
    assert all(not open_cells[x] & ~reach[x] for x in open_cells)


@settings(max_examples=examples(5), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(4, 12), order=st.integers(0, 2))
def test_families_one_by_one_are_the_searchs_families(preset: str, seed: int, shots: int,
                                                      order: int) -> None:
    """The pairs' searches read the compiled search a family at a time: the same families,
    in the same order, as the search gives them 64 at a time."""
    from itertools import islice
    from solver.orapa.deduction_families import one_by_one
    from solver.orapa.search.frontier_search import frontier_families
    puzzle = state(preset, seed, shots, 1)
    assert ([f.key for f in islice(one_by_one(puzzle, None, seed=order), 300)]
            == [f.key for f in islice(frontier_families(puzzle, seed=order), 300)])


def test_a_pair_that_ran_out_of_nodes_is_not_asked_again_with_no_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A pair's search gets its seconds as search nodes, so asking it again in the same
    order with no more nodes is lost time: it is asked again only with more, or in another
    order."""
    from solver.orapa import deduction_families
    puzzle, _ = midgame_state("full", 1019, 6)
    asked: list[tuple[int, int | None]] = []
    real = deduction_families.one_by_one

    def counted(puzzle: Puzzle, deadline: float | None, max_nodes: int | None = None,
                seed: int = 0, avoid: dict[str, int] | None = None):  # type: ignore[no-untyped-def]
        asked.append((seed, max_nodes))
        return real(puzzle, deadline, max_nodes, seed, avoid)

    monkeypatch.setattr(deduction_families, "one_by_one", counted)
    found = WitnessMap(puzzle)
    pair = (0, "red")
    found.unshown = lambda: [pair]   # type: ignore[method-assign]
    deduction_families.settle_pairs(found, puzzle, None, seconds=1e-6)
    assert found.tried == {(0, "red", 0): 1e-6} and asked == [(0, 10)]
    deduction_families.settle_pairs(found, puzzle, None, seconds=1e-6)
    assert len(asked) == 1   # the same order, no more nodes: not asked
    deduction_families.settle_pairs(found, puzzle, None, seconds=1e-6, seed=1)
    deduction_families.settle_pairs(found, puzzle, None, seconds=60)
    assert asked[1:] == [(1, 10), (0, 600_000_000)]
    assert pair in found.impossible or "red" in found.possible[0]


@pytest.mark.parametrize("path", ["passed", "counted", "failed"])
def test_each_way_out_of_the_probe_proves_the_listed_map(
        monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    """After the probe of a few pairs, the pass over the families' masks, else the count,
    else the longer rounds of the wave search: each gives the listed map."""
    from solver.orapa import deduction_families, deduction_map, deduction_pass
    monkeypatch.setattr(deduction_map, "_count", lambda *args: None)   # not the first count
    monkeypatch.setattr(deduction_map, "COUNT_SECONDS", 0.0)
    monkeypatch.setattr(deduction_families, "MAX_FAMILIES", 0)
    monkeypatch.setattr(deduction_families, "SLICE_NEWS", 10**6)   # one shuffled order only
    monkeypatch.setattr(deduction_map, "PROBE_PAIRS", 2)
    monkeypatch.setattr(deduction_map, "MIN_PASS_SECONDS", 0.0)
    monkeypatch.setattr(deduction_map, "COUNT_ESTIMATE", 0.0)
    monkeypatch.setattr(deduction_map, "HARD_COUNT_SECONDS", 60.0)
    monkeypatch.setattr(deduction_map, "COUNT_SHARE_OF_ESTIMATE", 10**9)
    monkeypatch.setattr(deduction_map, "EARLY_PASS_SECONDS", 60.0)
    monkeypatch.setattr(deduction_map, "PASS_SHARE_OF_ESTIMATE", 10**9)
    monkeypatch.setattr(deduction_map, "settle_groups", lambda *args: False)   # (the probe's)
    ways: list[str] = []
    real = deduction_map._probe_then_pass

    def probe(*args, **kwargs):  # type: ignore[no-untyped-def]
        ways.append(real(*args, **kwargs))
        return ways[-1]

    monkeypatch.setattr(deduction_map, "_probe_then_pass", probe)
    if path != "passed":
        monkeypatch.setattr(deduction_pass.FamilyPass, "run", lambda *args: False)
    if path == "failed":
        monkeypatch.setattr(deduction_map, "_long_count", lambda *args: False)
    states = listable_full_states(range(8), 10)
    assert len(states) >= 2
    for puzzle, expected in states:
        found = deductions(puzzle, timeout=120)
        assert not found.undecided and found.possible == expected
        assert found.exact == (path == "counted" and ways[-1] == "counted")
    assert path in ways


@pytest.mark.parametrize("counts", [True, False])
def test_a_costly_probe_gives_the_count_a_long_try_and_no_more_pass(
        monkeypatch: pytest.MonkeyPatch, counts: bool) -> None:
    """When the probe says the pairs would cost a second or more and the pass's first part
    did not finish, the count gets well past the short try's 0.3 s (full mines 23, 24, 32
    and 49 of 50 at 6 answers: counts of 0.5 to 1.4 s, lost at 0.3 s and started over after
    seconds of pairs), and when it fails the pass is not taken up again."""
    from solver.orapa import deduction_map, deduction_pass
    puzzle, expected = listable_full_states(range(8), 10)[0]
    monkeypatch.setattr(deduction_map, "_probe_estimate", lambda *args: 1.2)
    runs: list[float | None] = []

    def run(self, deadline: float, pause: float | None = None) -> bool:  # noqa: ANN001
        runs.append(pause)
        return False

    monkeypatch.setattr(deduction_pass.FamilyPass, "run", run)
    given: list[float] = []
    real = deduction_map._long_count

    def long_count(found: WitnessMap, puzzle: Puzzle, stop: float,
                   deadline: float | None) -> bool:
        import time
        given.append(stop - time.monotonic())
        return counts and real(found, puzzle, stop, deadline)

    monkeypatch.setattr(deduction_map, "_long_count", long_count)
    found = WitnessMap(puzzle)
    way = deduction_map._probe_then_pass(found, puzzle, None, set())
    assert len(given) == 1 and given[0] > 1.0   # 1.5 times the estimate, at most 2 s
    assert len(runs) == 1   # the pass's first part only
    if counts:
        assert way == "counted" and found.possible == expected
    else:
        assert way == "failed"


def test_a_count_is_not_tried_again_with_no_more_time_than_one_that_failed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The count starts over each time: after one failed in some seconds, a try with no more
    is skipped, and one with more is made."""
    import time
    from solver.orapa import deduction_map
    from solver.orapa.counting import exact
    asked: list[float] = []

    def exact_possible(puzzle: Puzzle, seconds: float) -> None:
        asked.append(seconds)

    monkeypatch.setattr(exact, "exact_possible", exact_possible)
    puzzle = state("full", 1, 6)
    found = WitnessMap(puzzle)
    assert not deduction_map._long_count(found, puzzle, time.monotonic() + 60, None)
    assert not deduction_map._long_count(found, puzzle, time.monotonic() + 30, None)
    assert len(asked) == 1 and found.count_failed == asked[0]
    assert not deduction_map._long_count(found, puzzle, time.monotonic() + 120, None)
    assert len(asked) == 2 and asked[1] > 60


def test_the_probes_count_gets_a_share_of_the_estimate_and_of_the_time_left() -> None:
    """A short try (half the estimate, 0.3 s at most) under 0.5 s of estimated pairs, a long
    one (1.5 times the estimate, 2 s at most) past it; never more than half the time left."""
    import time
    from solver.orapa.deduction_map import _probe_count_seconds
    assert _probe_count_seconds(0.4, None) == pytest.approx(0.2)
    assert _probe_count_seconds(10.0, None) == pytest.approx(2.0)
    assert _probe_count_seconds(1.0, None) == pytest.approx(1.5)
    assert _probe_count_seconds(1.0, time.monotonic() + 1.0) <= 0.5


def test_hard_pairs_left_after_a_finished_pass_go_to_the_count(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The pass over the families' masks finished and dozens of pairs stayed hard (some
    family could show each, but the wave search finds no witness in time): the count is
    asked, not only more rounds of pairs (base mine 38 of 50 at 3 answers spent its 5 s on
    such rounds, unproved, where the count took 0.3 s)."""
    from solver.orapa import deduction_map
    monkeypatch.setattr(deduction_map, "settle_pairs", lambda *args, **kwargs: None)
    monkeypatch.setattr(deduction_map, "model_round", lambda *args, **kwargs: None)
    puzzle, expected = listable_full_states(range(8), 10)[0]
    found = WitnessMap(puzzle)
    hard = set(found.unshown()[:deduction_map.MANY_PAIRS])
    assert len(hard) == deduction_map.MANY_PAIRS
    assert deduction_map._many_hard_pairs(found, puzzle, None, hard, "passed", "sat")
    assert found.counted is not None
    assert found.possible == expected


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(2, 10), cells=st.integers(0, 3))
def test_the_moves_show_what_every_one_gem_move_off_the_paths_shows(
        preset: str, seed: int, shots: int, cells: int) -> None:
    """From a consistent layout, the moves of one gem off the waves' paths (checked on masks)
    show, between them, every content that any such move giving every answer shows (each
    checked here by replaying every answer), and only layouts giving every answer."""
    from games.orapa.layout import PlacedGem, violations
    from games.orapa.placements import placements
    from solver.orapa.deduction_witnesses import _moves
    from solver.orapa.sat.families import path_cells
    puzzle = state(preset, seed, shots, cells)
    start = next(iter(ConsistentLayouts(puzzle).layouts()), None)
    if start is None:
        return
    found = WitnessMap(puzzle)
    found.mark(start)
    moved = _moves(found, start, puzzle)
    assert all(all(o.holds(layout) for o in puzzle.observations) for layout in moved)
    paths = path_cells(start, puzzle.observations)
    gems = list(start.gems)
    for i, placed in enumerate(gems):
        if placed.placement.cell_mask & paths:
            continue
        for p in placements(placed.gem.shape, puzzle.rules.mirror):
            if p.cell_mask & paths or p.mask == placed.placement.mask:
                continue
            layout = Layout(gems[:i] + [PlacedGem(placed.gem, p)] + gems[i + 1:])
            if not violations(layout, puzzle.rules) and all(o.holds(layout)
                                                            for o in puzzle.observations):
                assert all(layout.cell_content(c) in found.possible[c] for c in range(CELLS))


def test_the_model_round_proves_the_listed_map(monkeypatch: pytest.MonkeyPatch) -> None:
    """The model asked pair by pair (`model_round`, given all the time it needs): every pair
    it shows is in the listed map and every pair it rules out is not, so that it leaves the
    listed map with nothing unproved."""
    from solver.orapa import deduction_model
    monkeypatch.setattr(deduction_model, "MODEL_PAIR_SECONDS", 60.0)
    monkeypatch.setattr(deduction_model, "MODEL_FIRST_SECONDS", 60.0)
    states = listable_full_states(range(8), 10)[:3]     # every pair asked: 2 to 5 s a state
    assert len(states) >= 2
    for puzzle, expected in states:
        found = WitnessMap(puzzle)
        hard = set(found.unshown()[:5])
        deduction_model.model_round(found, puzzle, "sat", None, hard)
        assert not found.unshown()
        assert found.possible == expected
        assert not any(x in expected[c] for c, x in found.impossible)


@pytest.mark.parametrize("quick", [0, 4, 20])
def test_the_model_round_stops_once_the_model_runs_out_of_its_time(
        monkeypatch: pytest.MonkeyPatch, quick: int) -> None:
    """The model answers `quick` pairs in time and then runs out on every one: the round
    stops at its first miss while it has answered fewer than `MODEL_TRIAL`, else after
    `MODEL_MISSES` misses more than a quarter of those answered; the hard pairs go first."""
    from solver.orapa import deduction_model
    puzzle, _ = listable_full_states(range(8), 10)[0]
    found = WitnessMap(puzzle)
    hard = {found.unshown()[-1]}
    asked: list[tuple[int, str]] = []
    literals: dict[int, tuple[int, str]] = {}

    def pair_literal(session, cell: int, content: str) -> int:  # type: ignore[no-untyped-def]
        literals[len(literals) + 1] = (cell, content)
        return len(literals)

    def ask(session, assumptions, guard, puzzle, some, deadline):  # type: ignore[no-untyped-def]
        asked.append(literals[some[0]])
        return False if len(asked) <= quick else None

    monkeypatch.setattr(deduction_model, "pair_literal", pair_literal)
    monkeypatch.setattr(deduction_model, "ask", ask)
    deduction_model.model_round(found, puzzle, "sat", None, hard)
    assert asked[0] in hard
    if quick < deduction_model.MODEL_TRIAL:
        assert len(asked) == quick + 1
    else:
        assert len(asked) == quick + deduction_model.MODEL_MISSES + quick // 4
    assert found.impossible == set(asked[:quick])


def test_a_few_pairs_left_after_the_fixed_order_go_to_one_model_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a few pairs left after the wave search's second round in its fixed order, one
    model call on all of them (`EARLY_PROOF_SECONDS`) comes before the shuffled order's
    round, and the map is the listed one."""
    from solver.orapa import deduction_families, deduction_map
    monkeypatch.setattr(deduction_map, "_count", lambda *args: None)
    monkeypatch.setattr(deduction_map.PausedCount, "start", lambda *args: None)
    monkeypatch.setattr(deduction_families, "MAX_FAMILIES", 0)
    puzzle, expected = listable_full_states(range(8), 10)[0]
    impossible = [(c, x) for c in range(CELLS) for x in ("red", "blue")
                  if x not in expected[c]][:deduction_map.FEW_PAIRS]
    assert impossible
    real_settle, real_proof = deduction_map.settle_pairs, deduction_map.quick_proof
    steps: list[object] = []

    def settle(found, puzzle, deadline, seconds=0.02, **kwargs):  # type: ignore[no-untyped-def]
        steps.append(("pairs", seconds, kwargs.get("seed", 0)))
        real_settle(found, puzzle, deadline, seconds, **kwargs)
        if kwargs.get("seed", 0) == 0 and seconds <= deduction_map.SECOND_PAIR_SECONDS:
            found.impossible.difference_update(impossible)   # left to the model

    def proof(found, puzzle, backend, deadline, seconds=60.0):  # type: ignore[no-untyped-def]
        steps.append(("model", seconds, len(found.unshown())))
        return real_proof(found, puzzle, backend, deadline, 60.0)

    monkeypatch.setattr(deduction_map, "settle_pairs", settle)
    monkeypatch.setattr(deduction_map, "quick_proof", proof)
    monkeypatch.setattr(deduction_map, "_probe_then_pass", lambda *args: "untried")
    monkeypatch.setattr(deduction_map, "settle_groups", lambda *args: None)
    monkeypatch.setattr(deduction_map, "model_round", lambda *args: None)
    found = deductions(puzzle, timeout=120)
    assert not found.undecided and found.possible == expected
    second = steps.index(("pairs", deduction_map.SECOND_PAIR_SECONDS, 0))
    assert steps[second + 1] == ("model", deduction_map.EARLY_PROOF_SECONDS, len(impossible))
    assert ("pairs", deduction_map.SECOND_PAIR_SECONDS, 1) not in steps


def test_the_pass_taken_up_again_rules_out_what_the_whole_pass_does() -> None:
    """`FamilyPass.run` stopped after every step (a pause already past) and taken up again
    until it ends rules out the same pairs as the pass run at once."""
    from solver.orapa.deduction_pass import FamilyPass, rule_out_by_families
    checked = 0
    # states whose pass takes 1 to 1.5 s of CPU and pauses 2, 18 and 8 times (seeds 0, 1 and 10
    # pause 105, 25 and 57 times but take 2 to 4 s each way; seed 11's 66 s ran past the test's
    # time limit under the load of the whole suite)
    for seed in (2, 4, 7):
        puzzle = state("full", seed, 6)
        whole, parts = WitnessMap(puzzle), WitnessMap(puzzle)
        assert rule_out_by_families(whole, puzzle, float("inf"))
        family_pass = FamilyPass(parts, puzzle)
        pauses = 0
        while not family_pass.run(float("inf"), pause=0.0):
            pauses += 1
            assert pauses < 10**6 and family_pass.finished is None
        assert parts.impossible == whole.impossible
        checked += pauses > 2
    assert checked   # some passes were taken up again more than twice


@settings(max_examples=examples(8), deadline=None)
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(6, 12), cells=st.integers(0, 2))
def test_the_count_in_parts_is_the_whole_count(preset: str, seed: int, shots: int,
                                               cells: int) -> None:
    """Counted in short parts (each `run` stopped after its first step, a batch of leaves
    counted again when the pause came first, each part twice as long as the last), the
    count's map and total are the whole count's."""
    from solver.orapa.counting.exact import exact_possible
    from solver.orapa.deduction_count import PausedCount
    puzzle = state(preset, seed, shots, cells)
    whole = exact_possible(puzzle, seconds=60)
    count = PausedCount.start(puzzle)
    assert count is not None and whole is not None
    parts, seconds = None, 1e-4
    while not count.finished:
        parts = count.run(time.monotonic() + seconds, None)
        seconds *= 2
    assert parts == whole


def test_the_map_s_count_goes_on_where_it_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tries too short for the whole count, one after another (each twice as long as the
    last), end with the exact map, and each takes the count up where the last one stopped:
    the search hands over each of its leaves once in all (a full state of 6 answers whose
    count took 1.3 s lost tries of 0.1, 1.3 and 1.4 s, each started over)."""
    from solver.orapa import deduction_map
    from solver.orapa.counting.exact import exact_possible
    from solver.orapa.deduction_count import PausedCount
    from solver.orapa.search import frontier_compiled
    puzzle = state("full", 1, 4)   # a count of a few steps (7 million layouts)
    whole = exact_possible(puzzle, seconds=60)
    assert whole is not None
    leaves = sum(1 for _ in frontier_compiled.lazy_leaves(puzzle))
    kernel = frontier_compiled._KERNEL
    handed: list[int] = []

    def lazy_step(*args):  # type: ignore[no-untyped-def]
        step = real_step(*args)
        handed.append(step[3])
        return step

    real_step = kernel.lazy_step
    monkeypatch.setattr(kernel, "lazy_step", lazy_step)
    found = WitnessMap(puzzle)
    found.count = PausedCount.start(puzzle)
    tries, seconds = 1, 1e-4
    while not deduction_map._long_count(found, puzzle, time.monotonic() + seconds, None):
        tries, seconds = tries + 1, 2 * seconds
        assert tries < 100
    assert tries > 1 and (found.possible, found.counted) == whole
    assert sum(handed) == leaves


def test_the_map_benchmark_hands_the_kernels_its_cpu_seconds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`bench_midgame.py --map --clock cpu`: the C kernels, which read the wall's clock, are
    handed the CPU seconds left divided by the share of a core the process had lately, so
    that a loaded machine gives them the CPU seconds an idle one would."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from bench_midgame import KernelClock
    wall, cpu = [100.0], [10.0]
    monkeypatch.setattr(time, "clock_gettime", lambda clock: wall[0])
    monkeypatch.setattr(time, "process_time", lambda: cpu[0])
    clock = KernelClock()
    assert clock.kernel_deadline(12.0) == pytest.approx(102.0)   # no history yet: a whole core
    wall[0], cpu[0] = 101.0, 10.5   # half a core over the last second
    assert clock.kernel_deadline(12.0) == pytest.approx(101.0 + 1.5 / 0.5)
    assert clock.kernel_deadline(None) == -1.0
