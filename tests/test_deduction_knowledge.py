"""The deduction map's pairs proved impossible, used again: as cells kept clear in the wave
search's questions and as assumptions in the model's; the round that asks both engines in
turn; the count's allowance of the time limit."""
from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.orapa.answers import shown_by
from games.orapa.board import CELLS
from games.orapa.layout import Layout
from games.orapa.puzzle import CellAnswer, Puzzle
from solver.orapa import deduction_families, deduction_map, deduction_model
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.deduction_families import known_avoid
from solver.orapa.deduction_witnesses import WitnessMap
from solver.orapa.search import frontier_compiled
from tests.examples import examples
from tests.test_deduction_map import listable_full_states, listed_map, state


def impossible_pairs(expected: dict[int, set[str]], contents: list[str]) -> set[tuple[int, str]]:
    """The pairs the listed map rules out."""
    return {(c, x) for c in range(CELLS) for x in contents if x not in expected[c]}


def test_the_known_cells_are_the_impossible_pairs_but_empty() -> None:
    puzzle = state("full", 3, 8)
    found = WitnessMap(puzzle)
    found.impossible = {(0, "red"), (5, "red"), (7, "absorbed"), (9, "empty")}
    assert known_avoid(found) == {"red": 1 | 1 << 5, "absorbed": 1 << 7}


def members_kept_off(puzzle: Puzzle, expected: dict[int, set[str]]) -> None:
    """The compiled search with each content's impossible cells kept clear (`avoid`) gives
    families whose members are exactly the consistent layouts, their free gems kept off
    those cells."""
    found = WitnessMap(puzzle)
    found.impossible = impossible_pairs(expected, found.contents)
    avoid = known_avoid(found)
    families = list(frontier_compiled.families(puzzle, avoid=avoid))
    kept = [member for family in families for member in family.members()]
    assert len(kept) == len(set(kept))
    assert set(kept) == set(ConsistentLayouts(puzzle).layouts())
    for family in families:
        for gem, cells_avoided in zip(family.free, family.avoid):
            assert avoid.get(shown_by(gem), 0) & ~cells_avoided == 0


@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(6, 12), cells=st.integers(0, 2))
def test_families_kept_off_the_impossible_cells_hold_every_consistent_layout(
        preset: str, seed: int, shots: int, cells: int) -> None:
    puzzle = state(preset, seed, shots, cells)
    expected = listed_map(puzzle, bound=1000)
    if expected is not None and frontier_compiled.available(puzzle):
        members_kept_off(puzzle, expected)


def test_families_kept_off_the_impossible_cells_on_listable_full_states() -> None:
    states = listable_full_states(range(8), 10)
    assert len(states) >= 2
    for puzzle, expected in states:
        members_kept_off(puzzle, expected)


def test_a_pairs_search_keeps_the_gems_off_the_cells_proved_impossible(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`settle_pairs` hands each pair's search the pairs proved impossible so far, those
    proved on the way included; the map it settles is the listed one."""
    puzzle, expected = listable_full_states(range(8), 10)[0]
    found = WitnessMap(puzzle)
    first = [pair for pair in sorted(impossible_pairs(expected, found.contents))
             if pair[1] != "empty"][:3]
    found.impossible.update(first)
    handed: list[dict[str, int]] = []
    real = deduction_families.one_by_one

    def one_by_one(asked, deadline, max_nodes=None, seed=0, avoid=None):  # type: ignore[no-untyped-def]
        handed.append(dict(avoid or {}))
        return real(asked, deadline, max_nodes, seed, avoid)

    monkeypatch.setattr(deduction_families, "one_by_one", one_by_one)
    deduction_families.settle_pairs(found, puzzle, None, 60.0)
    assert not found.unshown() and found.possible == expected
    known = WitnessMap(puzzle)
    known.impossible = set(first)
    assert handed[0] == known_avoid(known)
    assert handed[-1] != handed[0]   # pairs proved on the way were handed on


def test_the_models_questions_assume_the_pairs_proved_impossible(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each question to the model (the round pair by pair, one call on all pairs, the last
    questions) assumes every pair proved impossible so far not to hold, and the map stays
    the listed one."""
    puzzle, expected = listable_full_states(range(8), 10)[0]
    impossible = sorted(impossible_pairs(expected, WitnessMap(puzzle).contents))
    real_ask = deduction_model.ask
    asked: list[tuple[set[int], set[int]]] = []

    def ask(session, assumptions, guard, puzzle, some, deadline):  # type: ignore[no-untyped-def]
        proved = {-deduction_model.pair_literal(session, c, x) for c, x in found.impossible}
        asked.append((set(assumptions), proved))
        return real_ask(session, assumptions, guard, puzzle, some, deadline)

    monkeypatch.setattr(deduction_model, "ask", ask)
    for question in ("round", "quick", "proof"):
        found = WitnessMap(puzzle)
        found.impossible.update(impossible[:5])
        asked.clear()
        if question == "round":
            monkeypatch.setattr(deduction_model, "MODEL_FIRST_SECONDS", 60.0)
            monkeypatch.setattr(deduction_model, "MODEL_PAIR_SECONDS", 60.0)
            deduction_model.model_round(found, puzzle, "sat", None, set())
        elif question == "quick":
            deduction_model.quick_proof(found, puzzle, "sat", None, 60.0)
        else:
            assert deduction_model.model_proof(found, puzzle, "sat", None)
        assert asked
        for assumptions, proved in asked:
            assert proved <= assumptions
        if question != "quick":
            assert found.possible == expected


def test_the_portfolio_round_asks_the_wave_search_then_the_model_with_doubled_budgets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A pair neither engine settles is asked of the wave search and of the model in turn,
    each at `first` seconds, then twice as long, up to `last`; the pairs go content by
    content."""
    puzzle, _ = listable_full_states(range(8), 10)[0]
    found = WitnessMap(puzzle)
    calls: list[tuple[str, tuple[int, str], float]] = []

    def settle(found, puzzle, deadline, seconds=0.02, only=None, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(("waves", only[0], seconds))

    def ask(session, assumptions, guard, puzzle, some, deadline):  # type: ignore[no-untyped-def]
        calls.append(("model", calls[-1][1], round(deadline - time.monotonic(), 1)))
        return None

    monkeypatch.setattr(deduction_model, "settle_pairs", settle)
    monkeypatch.setattr(deduction_model, "ask", ask)
    pairs = found.unshown()
    deduction_model.portfolio_round(found, puzzle, "sat", None, first=10.0, last=40.0)
    order = sorted(pairs, key=lambda pair: (pair[1], pair[0]))
    assert [(engine, seconds) for engine, _, seconds in calls[:6]] == [
        ("waves", 10.0), ("model", 10.0), ("waves", 20.0), ("model", 20.0),
        ("waves", 40.0), ("model", 40.0)]
    assert [pair for _, pair, _ in calls] == [pair for pair in order for _ in range(6)]


def test_the_portfolio_round_proves_the_listed_map() -> None:
    """Given the time, the round asking both engines in turn settles every pair as the
    listed map has it."""
    for puzzle, expected in listable_full_states(range(8), 10)[:1]:
        found = WitnessMap(puzzle)
        deduction_model.portfolio_round(found, puzzle, "sat", None, first=0.01, last=60.0)
        assert not found.unshown() and found.possible == expected
        assert not any(x in expected[c] for c, x in found.impossible)


def test_the_count_gets_no_more_than_its_allowance_in_all(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a time limit, the count (all its tries) may have `COUNT_ALLOWANCE` of it: a try
    is cut to what is left of that, and not started once it is spent."""
    puzzle = state("full", 3, 10)
    tries: list[float] = []

    class Count:
        seconds = 0.0

        def run(self, pause: float, deadline: float | None) -> None:
            tries.append(pause - time.monotonic())
            self.seconds += 1.0

    found = WitnessMap(puzzle)
    found.count = Count()  # type: ignore[assignment]
    found.count_allowance = 1.5
    assert not deduction_map._long_count(found, puzzle, time.monotonic() + 10.0, None)
    assert not deduction_map._long_count(found, puzzle, time.monotonic() + 10.0, None)
    assert not deduction_map._long_count(found, puzzle, time.monotonic() + 10.0, None)
    assert len(tries) == 2 and tries[0] == pytest.approx(1.5, abs=0.05) \
        and tries[1] == pytest.approx(0.5, abs=0.05)
    seen: list[float | None] = []
    real = deduction_map.prove_map

    def prove_map(found, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(found.count_allowance)
        return real(found, *args, **kwargs)

    monkeypatch.setattr(deduction_map, "prove_map", prove_map)
    monkeypatch.setattr(deduction_map, "COUNT_SECONDS", 0.0)
    deduction_map.deduction_map(puzzle, timeout=30.0)
    deduction_map.deduction_map(puzzle)
    assert seen == [deduction_map.COUNT_ALLOWANCE * 30.0, None]


def test_a_cell_answer_search_with_known_cells_settles_the_same_pairs() -> None:
    """Asked with the impossible pairs kept clear, each pair's search finds a member exactly
    where the listed map shows the pair."""
    puzzle, expected = listable_full_states(range(8), 10)[1]
    found = WitnessMap(puzzle)
    found.impossible = impossible_pairs(expected, found.contents)
    avoid = known_avoid(found)
    for cell in range(0, CELLS, 7):
        for content in expected[cell] - {"empty"}:
            asked = puzzle.with_observations(list(puzzle.observations)
                                             + [CellAnswer(cell, content)])
            members = [m for f in deduction_families.one_by_one(asked, None, avoid=avoid)
                       for m in f.members()]
            assert members and all(isinstance(m, Layout) for m in members)
