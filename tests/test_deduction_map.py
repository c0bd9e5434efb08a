"""The deduction map proved without the counts (solver/orapa/deduction_map.py, issue 31): it
equals the map of the full list of layouts wherever that list can be had, by every route
(witnesses from the wave search's families, moves of one gem, the model's per-pair proofs)."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.errors import LimitReached
from games.orapa.board import CELLS
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import CellAnswer, Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.deduction_witnesses import WitnessMap, walk
from solver.orapa.api import deductions
from solver.orapa.consistent import ConsistentLayouts


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
    """Each cell's contents over every consistent layout; None past `bound` layouts."""
    possible: dict[int, set[str]] = {c: set() for c in range(CELLS)}
    for n, layout in enumerate(ConsistentLayouts(puzzle).layouts()):
        if n >= bound:
            return None
        for c in range(CELLS):
            possible[c].add(layout.cell_content(c))
    return possible


def listable_full_states(seeds: range, shots: int) -> list[tuple[Puzzle, dict[int, set[str]]]]:
    """`full` states (`shots` shots and one cell answer each) whose layouts are few enough
    to list, with their listed maps."""
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
    monkeypatch.setattr(exact, "exact_possible", lambda *args, **kwargs: None)


@settings(max_examples=25, deadline=None, suppress_health_check=[
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


@settings(max_examples=10, deadline=None, suppress_health_check=[
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
    from solver.orapa import deduction_map
    monkeypatch.setattr(deduction_map, "GROUPED_CALLS", 0)
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


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(4, 12), cells=st.integers(1, 4))
def test_the_pairs_ruled_out_by_masks_are_impossible(preset: str, seed: int, shots: int,
                                                      cells: int) -> None:
    """What the placement tables rule out from the cell answers (`out_of_reach`) and what one
    pass over the families' masks rules out (`rule_out_by_families`) is never in the listed
    map; the pass reads the compiled search's leaves as the families would give them."""
    from solver.orapa import deduction_families
    from solver.orapa.deduction_witnesses import out_of_reach
    puzzle = state(preset, seed, shots, cells)
    expected = listed_map(puzzle)
    if expected is None:
        return
    found = WitnessMap(puzzle)
    out_of_reach(found, puzzle)
    assert all(content not in expected[cell] for cell, content in found.impossible)
    assert deduction_families.rule_out_by_families(found, puzzle, float("inf"))
    assert all(content not in expected[cell] for cell, content in found.impossible)
    everything = {x: (1 << CELLS) - 1 for x in found.contents}
    assert (deduction_families._compiled_reach(puzzle, everything, float("inf"))
            == deduction_families._families_reach(puzzle, everything, float("inf")))


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


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
    from solver.orapa import deduction_families, deduction_map
    monkeypatch.setattr(deduction_map, "_count", lambda *args: None)   # no other count
    monkeypatch.setattr(deduction_families, "MAX_FAMILIES", 0)
    monkeypatch.setattr(deduction_map, "MANY_PAIRS", 0)
    monkeypatch.setattr(deduction_map, "rule_out_by_families", lambda *args: False)
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
    from solver.orapa import deduction_families, deduction_map
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
    monkeypatch.setattr(deduction_map, "_long_count", lambda *args: False)
    monkeypatch.setattr(deduction_map, "rule_out_by_families", lambda *args: False)
    monkeypatch.setattr(deduction_map, "_quick_proof", lambda *args: False)
    monkeypatch.setattr(deduction_map, "_ask", lambda *args: pytest.fail("the model asked"))
    monkeypatch.setattr(deduction_map, "THIRD_PAIR_SECONDS", 0.0001)
    monkeypatch.setattr(deduction_families, "MAX_FAMILIES", 0)
    states = listable_full_states(range(6), 10)
    assert len(states) >= 2
    for puzzle, expected in states:
        found = deductions(puzzle, timeout=120)
        assert not found.undecided and found.possible == expected
    assert started
