"""One content's pairs asked of one wave search (solver/orapa/deduction_groups.py): the
kernel's target cut keeps every layout showing the content in a target cell, a group proves
only impossible pairs and shows only possible ones, and the map stays the listed one."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.orapa.board import CELLS
from solver.orapa import deduction_groups, deduction_model
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.deduction_witnesses import WitnessMap
from solver.orapa.search import frontier_compiled
from tests.examples import examples
from tests.test_deduction_map import listable_full_states, listed_map, midgame_state, state

pytestmark = pytest.mark.skipif(frontier_compiled._KERNEL is None,
                                reason="the compiled frontier search was not built")


@settings(max_examples=examples(15), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(4, 12), cells=st.integers(1, 4), picked=st.integers(0, 10**6))
def test_the_target_cut_keeps_every_layout_showing_the_target(
        preset: str, seed: int, shots: int, cells: int, picked: int) -> None:
    """The families of a search with a target (a content, some cells) hold every consistent
    layout that shows the content in one of the cells, and only consistent layouts; with
    several cells answered too (the cut reads which gem alone can still cover each)."""
    puzzle = state(preset, seed, shots, cells)
    if listed_map(puzzle, bound=1000) is None:
        return
    layouts = set(ConsistentLayouts(puzzle).layouts())
    rng = random.Random(picked)
    content = rng.choice([x for x in WitnessMap(puzzle).contents if x != "empty"])
    target = sum(1 << c for c in rng.sample(range(CELLS), rng.randint(1, 30)))
    kept = [m for f in frontier_compiled.families(puzzle, target=(content, lambda: target))
            for m in f.members()]
    assert set(kept) <= layouts and len(kept) == len(set(kept))

    def shows(layout: object) -> bool:
        return any(layout.cell_content(c) == content   # type: ignore[attr-defined]
                   for c in range(CELLS) if target >> c & 1)
    assert {m for m in kept if shows(m)} == {m for m in layouts if shows(m)}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(6, 12), cells=st.integers(0, 2))
def test_a_group_proves_only_impossible_pairs_and_shows_only_possible_ones(
        preset: str, seed: int, shots: int, cells: int) -> None:
    """Each content's group, from an empty map: what it shows is in the listed map, what it
    proves impossible is not, and a group that ended leaves none of its pairs open."""
    puzzle = state(preset, seed, shots, cells)
    expected = listed_map(puzzle, bound=1000)
    if expected is None:
        return
    found = WitnessMap(puzzle)
    for content in found.contents[1:]:
        ended = deduction_groups.settle_group(found, puzzle, content, None, 60.0)
        assert ended   # (60 s of nodes: a state of a thousand layouts at most)
        assert found.unshown_mask(content) == 0
    assert all(found.possible[c] <= expected[c] for c in range(CELLS))
    assert all(content not in expected[c] for c, content in found.impossible)


def test_the_groups_settle_a_slow_states_pairs_one_search_a_content(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Full mine 19 of the map's benchmark at 6 answers: after the witnesses, some 190
    pairs were asked one search each (3 to 9 ms of nodes each, dozens of "red here" that
    are impossible); by groups, one search a content settles nearly all of them, and what
    it says agrees with the pairs' own searches."""
    from solver.orapa.deduction_families import settle_pairs, witnesses_from_families
    from solver.orapa.deduction_witnesses import out_of_reach
    puzzle, mine = midgame_state("full", 1019, 6)
    found = WitnessMap(puzzle)
    out_of_reach(found, puzzle)
    witnesses_from_families(found, puzzle, float("inf"))
    before = len(found.unshown())
    searches = []
    real = frontier_compiled.PausedSearch

    def counted(puzzle, avoid, target):  # type: ignore[no-untyped-def]
        searches.append(target)
        return real(puzzle, avoid, target)

    monkeypatch.setattr(frontier_compiled, "PausedSearch", counted)
    deduction_groups.settle_groups(found, puzzle, None)
    assert before >= 100 and len(found.unshown()) <= 30
    assert len(searches) <= len(found.contents) and all(searches)
    assert all(mine.cell_content(c) != x for c, x in found.impossible)
    monkeypatch.setattr(frontier_compiled, "PausedSearch", real)
    check = WitnessMap(puzzle)
    check.impossible = set(found.impossible)
    pairs = sorted(found.impossible)[:12]
    check.impossible -= set(pairs)
    settle_pairs(check, puzzle, None, 60.0, only=pairs)
    assert set(pairs) <= check.impossible


def test_the_groups_give_the_listed_map_on_listable_full_states() -> None:
    """Groups, then the pairs' own searches for what they left: the listed map."""
    from solver.orapa.deduction_families import settle_pairs
    for puzzle, expected in listable_full_states(range(8), 10):
        found = WitnessMap(puzzle)
        deduction_groups.settle_groups(found, puzzle, None)
        settle_pairs(found, puzzle, None, 60.0)
        assert not found.unshown() and found.possible == expected


def test_the_models_last_questions_build_no_model_when_nothing_is_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A map the wave search finished needs no model (building one took 0.1 to 0.2 s)."""
    puzzle, expected = listable_full_states(range(8), 10)[0]
    found = WitnessMap(puzzle)
    found.possible = {c: set(v) for c, v in expected.items()}
    found.impossible = {(c, x) for c in range(CELLS) for x in found.contents
                        if x not in expected[c]}

    def no_model(*args: object) -> None:
        raise AssertionError("a model was built")

    monkeypatch.setattr(deduction_model, "session_for", no_model)
    assert deduction_model.model_proof(found, puzzle, "sat", None)


def rounds_after_the_groups(monkeypatch: pytest.MonkeyPatch, first_round) -> list[str]:  # type: ignore[no-untyped-def]
    """The deduction map of the first listable full state of 10 answers with only the rounds
    over the pairs left and the model at work (no count, no listing of the families, no
    groups, no probe), its first round (`settle_pairs` asked to give up) replaced by
    `first_round(found, expected)`: the rounds' seconds and the model's calls in order, once
    the map is checked to be the listed one."""
    from solver.orapa import deduction_map
    from solver.orapa.api import deductions
    from solver.orapa.counting import exact
    from solver.orapa.deduction_count import PausedCount
    puzzle, expected = listable_full_states(range(8), 10)[0]
    monkeypatch.setattr(exact, "exact_possible", lambda *args, **kwargs: None)
    monkeypatch.setattr(PausedCount, "start", lambda *args: None)
    monkeypatch.setattr(deduction_map, "all_families", lambda *args: None)
    monkeypatch.setattr(deduction_map, "settle_groups", lambda *args: None)
    monkeypatch.setattr(deduction_map, "_probe_then_pass", lambda *args: "untried")
    calls: list[str] = []
    real_pairs, real_round = deduction_map.settle_pairs, deduction_map.model_round

    def settle_pairs(found, puzzle, deadline, seconds=0.02, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(f"pairs {seconds}")
        if "give_up" in kwargs:
            first_round(found, expected)
        else:
            real_pairs(found, puzzle, deadline, seconds, **kwargs)

    def model_round(*args):  # type: ignore[no-untyped-def]
        calls.append("model")
        real_round(*args)

    monkeypatch.setattr(deduction_map, "settle_pairs", settle_pairs)
    monkeypatch.setattr(deduction_map, "model_round", model_round)
    assert deductions(puzzle, timeout=600).possible == expected
    return calls


def test_a_few_pairs_left_after_the_groups_go_to_the_model_pair_by_pair(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a few pairs left after the groups and the first round, the model is asked pair by
    pair (while it answers quickly) before the wave search's rounds of 0.1 s a pair (full
    mine 38 of 50 at 6 answers: 16 pairs of 0.1 s or more each to the wave search, all
    answered by the model in 0.3 s); the map is the listed one."""
    calls = rounds_after_the_groups(monkeypatch, lambda found, expected: None)  # leaves all
    assert calls[:2] == ["pairs 0.02", "model"]


@pytest.mark.parametrize("finishes", [True, False])
def test_the_count_gets_between_the_groups_what_they_had_more_than_it(
        monkeypatch: pytest.MonkeyPatch, finishes: bool) -> None:
    """Before each group but the first, the count in parts gets the seconds the groups have
    had more than it (`count_seconds` in all at most), so a state whose groups are quick
    pays nothing for it; when it finishes, no group comes after it."""
    puzzle, _ = listable_full_states(range(8), 10)[0]
    found = WitnessMap(puzzle)
    now = [0.0]
    steps: list[tuple[str, float]] = []

    def group(found, puzzle, content, deadline, seconds, paused):  # type: ignore[no-untyped-def]
        steps.append(("group", now[0]))
        now[0] += 0.1
        return False

    def count(seconds: float) -> bool:
        steps.append(("count", round(seconds, 6)))
        now[0] += seconds
        return finishes and len(steps) >= 4

    monkeypatch.setattr(deduction_groups.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(deduction_groups, "settle_group", group)
    proved = deduction_groups.settle_groups(found, puzzle, None, count, 0.25)
    groups = [x for x in found.contents[1:] if bin(found.unshown_mask(x)).count("1") >= 2]
    assert len(groups) >= 4
    assert [kind for kind, _ in steps[:4]] == ["group", "count", "group", "count"]
    assert [seconds for kind, seconds in steps if kind == "count"][:2] == [0.1, 0.1]
    assert sum(seconds for kind, seconds in steps if kind == "count") <= 0.25 + 1e-9
    if finishes:
        assert proved and len(steps) == 4
    else:
        assert not proved and len([k for k, _ in steps if k == "group"]) == len(groups)


def test_a_quick_groups_state_gives_the_count_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Groups that take no time leave the count nothing to be given."""
    puzzle, _ = listable_full_states(range(8), 10)[0]
    monkeypatch.setattr(deduction_groups.time, "monotonic", lambda: 0.0)
    monkeypatch.setattr(deduction_groups, "settle_group", lambda *args: False)
    counted: list[float] = []
    assert not deduction_groups.settle_groups(WitnessMap(puzzle), puzzle, None,
                                              lambda seconds: bool(counted.append(seconds)),
                                              0.25)
    assert not counted


def test_a_group_gives_up_once_its_member_searches_do_not_tell(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A family whose member search does not tell leaves its cells unclaimed, and after
    `GROUP_MISSES` such families the group gives up (base mine 38 of 50 at 3 answers: white
    free in family after family, 1.1 s of member searches for no proof); what it claims is
    only what no family could show by its masks, and is impossible."""
    puzzle, expected = listable_full_states(range(8), 10)[0]
    found = WitnessMap(puzzle)
    asked: list[tuple[int, str]] = []

    def untold(family, stop, seconds):  # type: ignore[no-untyped-def]
        last = family.cell_answers[-1] if family.cell_answers else None
        asked.append((last.cell, last.content) if last is not None else (-1, ""))
        return None

    monkeypatch.setattr(deduction_groups, "member_or_proof", untold)
    for content in found.contents[1:]:
        before = len(asked)
        deduction_groups.settle_group(found, puzzle, content, None, 60.0)
        assert len(asked) - before <= deduction_groups.GROUP_MISSES
    assert asked
    assert not set(asked) & found.impossible
    assert all(x not in expected[c] for c, x in found.impossible)
