"""The Orapa solver: exact counts against brute force, both backends, the true layout always
found, contradictions explained."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.errors import LimitReached
from games.orapa.gems import Gem, gem_set
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import (CellAnswer, Puzzle, ShotAnswer, all_shot_answers, cell_answer,
                                puzzle_from_layout, shot_answer)
from games.orapa.random_layouts import random_layout
from solver.orapa.api import deductions, solve, verify
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.search.frontier_search import frontier_families, python_frontier_families
from solver.orapa.search.wave_search import search_families
from tests.brute_force import brute_force
from tests.examples import examples
from tests.orapa_strategies import layouts
from tests.test_orapa_conflict import assert_minimal

SMALL_SETS = {
    "triangle+square": ((Gem("triangle", "yellow"), Gem("square", "white")), RuleOptions()),
    "black+parallelogram": ((Gem("block", "black"), Gem("parallelogram", "red")), RuleOptions()),
    "three squares": ((Gem("square", "white"), Gem("square", "white"), Gem("square", "blue")),
                      RuleOptions()),
    "touching any, hidden allowed": ((Gem("triangle", "yellow"), Gem("square", "white")),
                                     RuleOptions(touching="any", visibility=False)),
    "no mirror": ((Gem("small-triangle", "transparent"), Gem("parallelogram", "red")),
                  RuleOptions(mirror=False)),
}


def brute_force_count(bf, puzzle: Puzzle) -> int:
    """How many of the brute-force layouts give every observed answer."""
    match = np.ones(len(bf), dtype=bool)
    for obs in puzzle.observations:
        if isinstance(obs, ShotAnswer):
            exit_port = -1 if obs.exit is None else obs.exit
            match &= bf.exits[:, obs.port] == exit_port
            if obs.exit is not None:
                match &= bf.colors[:, obs.port] == obs.color
        else:
            contents = np.array([bf.layout(i).cell_content(obs.cell) if match[i] else ""
                                 for i in range(len(bf))])
            match &= contents == obs.content
    return int(match.sum())


def random_small_puzzle(bf, rng: random.Random, shots: int, cells: int = 0) -> Puzzle:
    truth = bf.layout(rng.randrange(len(bf)))
    puzzle = puzzle_from_layout(truth, bf.gems, bf.rules, ports=rng.sample(range(36), shots))
    extra = [cell_answer(truth, c) for c in rng.sample(range(80), cells)]
    return puzzle.with_observations(list(puzzle.observations) + extra)


@pytest.mark.parametrize("method", ["auto", "model"])
@pytest.mark.parametrize("name", sorted(SMALL_SETS))
def test_counts_equal_brute_force(name: str, method: str) -> None:
    """Both engines (the wave search under `auto`, the SAT model) count exactly."""
    gems, rules = SMALL_SETS[name]
    bf = brute_force(gems, rules)
    rng = random.Random(name)
    few = 2 if rules.touching == "corner" else 4   # no layout families under touching any
    for trial in range(examples(3)):
        puzzle = random_small_puzzle(bf, rng, shots=rng.randint(few, few + 3), cells=trial % 3)
        result = solve(puzzle, limit=3, count_limit=10**6, method=method)
        assert result.exact
        assert result.count == brute_force_count(bf, puzzle), puzzle.to_json()
        assert all(all(o.holds(s) for o in puzzle.observations) for s in result.solutions)
        assert len(set(result.solutions)) == len(result.solutions)


def test_cp_sat_backend_gives_the_same_counts() -> None:
    gems, rules = SMALL_SETS["black+parallelogram"]
    bf = brute_force(gems, rules)
    rng = random.Random(7)
    for _ in range(2):
        puzzle = random_small_puzzle(bf, rng, shots=14)
        sat = solve(puzzle, limit=0, count_limit=50, method="model")
        cp = solve(puzzle, limit=0, count_limit=50, backend="cp", method="model")
        assert (sat.count, sat.exact) == (cp.count, cp.exact) == (brute_force_count(bf, puzzle), True)


def test_cp_sat_backend_agrees_on_a_full_base_puzzle() -> None:
    truth = random_layout(gem_set("base"), rng=random.Random(11))
    puzzle = puzzle_from_layout(truth, gem_set("base"), RuleOptions())
    waves = solve(puzzle, limit=3)
    sat, cp = (solve(puzzle, limit=3, backend=b, method="model") for b in ("sat", "cp"))
    assert waves.count == sat.count == cp.count
    assert set(waves.solutions) == set(sat.solutions) == set(cp.solutions)
    assert truth in cp.solutions


@settings(max_examples=examples(13), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(presets=["base", "base+diamond", "base+black", "full", "first-edition"]),
       st.integers(0, 2**32 - 1))
def test_the_layout_that_produced_the_answers_is_always_found(case, seed: int) -> None:
    preset, truth = case
    rng = random.Random(seed)
    shots = rng.sample(range(36), rng.randint(6, 36))
    puzzle = puzzle_from_layout(truth, gem_set(preset), RuleOptions(), ports=shots)
    # every cell's content narrows the set to a handful, which is listed in full
    cells = [cell_answer(truth, c) for c in range(80)]
    method = "model" if seed % 2 else "auto"           # both engines
    found = list(ConsistentLayouts(puzzle, timeout=60, method=method).layouts(extra=cells))
    assert truth in found
    assert all(all(o.holds(layout) for o in puzzle.observations) for layout in found)


# 3 examples (12 took 43 s in the suite while the SAT model named the conflict; the property
# over more answers and flips is tests/test_orapa_conflict.py's)
@settings(max_examples=examples(3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(presets=["base", "base+black", "full"]), st.integers(0, 2**32 - 1))
def test_a_flipped_answer_gives_a_contradiction_that_names_it(case, seed: int) -> None:
    preset, truth = case
    rng = random.Random(seed)
    answers = all_shot_answers(truth)
    candidates = [a for a in answers if a.exit is not None and a.exit != a.port]
    flipped_index = answers.index(rng.choice(candidates))
    original = answers[flipped_index]
    if rng.random() < 0.5:
        changed = ShotAnswer(original.port, original.exit, (original.color or 0) ^ 1)
    else:
        others = [p for p in range(36) if p not in (original.exit, original.port)]
        changed = ShotAnswer(original.port, rng.choice(others), original.color)
    observations = answers[:flipped_index] + [changed] + answers[flipped_index + 1:]
    puzzle = Puzzle(gem_set(preset), RuleOptions(), tuple(observations))
    result = solve(puzzle, limit=1)
    assert result.status == "contradiction"      # the reverse shot disagrees at least
    assert flipped_index in result.conflict
    assert_minimal(puzzle, result.conflict)   # dropping any member leaves a layout


def test_verify_reports_consistency_forcing_and_an_alternative() -> None:
    truth = random_layout(gem_set("base"), rng=random.Random(5))
    full = puzzle_from_layout(truth, gem_set("base"), RuleOptions())
    assert solve(full, limit=2).status == "unique"
    result = verify(full, truth)
    assert (result.consistent, result.forced, result.alternative) == (True, True, None)
    few = puzzle_from_layout(truth, gem_set("base"), RuleOptions(), ports=[0, 5])
    result = verify(few, truth)
    assert result.consistent and not result.forced and result.alternative != truth
    other = random_layout(gem_set("base"), rng=random.Random(6))
    wrong = verify(full, other)
    assert not wrong.consistent and not wrong.forced and wrong.alternative == truth


def test_deductions_mark_what_every_consistent_layout_shares() -> None:
    gems, rules = SMALL_SETS["triangle+square"]
    bf = brute_force(gems, rules)
    rng = random.Random(3)
    puzzle = random_small_puzzle(bf, rng, shots=4)
    found = deductions(puzzle)
    listed = list(ConsistentLayouts(puzzle).layouts())
    for cell in range(80):
        assert found.possible[cell] == {layout.cell_content(cell) for layout in listed}


def test_timeout_raises_limit_reached_with_the_partial_result() -> None:
    truth = random_layout(gem_set("full"), rng=random.Random(1))
    puzzle = puzzle_from_layout(truth, gem_set("full"), RuleOptions(), ports=[3])
    # 2 s: with 0.5 s a run under a load of 4 on 2 cores found no layout before the deadline,
    # three times in a row (a cold process builds its tables first); the count of some 10^13
    # layouts cannot finish either way
    with pytest.raises(LimitReached) as caught:
        solve(puzzle, limit=2, count_limit=10**9, timeout=2.0)
    assert caught.value.partial["exact"] is False
    assert caught.value.partial["count"] >= 1


def test_layouts_are_counted_once_under_o6() -> None:
    """Two identical white squares: swapping them is the same layout."""
    gems, rules = SMALL_SETS["three squares"]
    bf = brute_force(gems, rules)
    puzzle = random_small_puzzle(bf, random.Random(9), shots=3)
    listed = list(ConsistentLayouts(puzzle).layouts())
    assert len(listed) == len(set(listed)) == brute_force_count(bf, puzzle)
    assert isinstance(listed[0], Layout)


def test_cell_answers_are_exact() -> None:
    truth = random_layout(gem_set("base+black"), rng=random.Random(2))
    puzzle = Puzzle(gem_set("base+black"), RuleOptions(),
                    tuple(cell_answer(truth, c) for c in range(80)))
    for layout in ConsistentLayouts(puzzle).layouts():
        assert all(layout.cell_content(c) == truth.cell_content(c) for c in range(80))
    assert CellAnswer(0, "empty").to_json() == {"cell": "A1", "content": "empty"}


@pytest.mark.parametrize("method", ["auto", "model"])
def test_cell_answers_no_layout_can_show_are_a_contradiction(method: str) -> None:
    """Three far-apart white cells and two white gems: no shot to follow, so the wave search
    must prune the free gems' placements itself instead of listing every combination."""
    puzzle = Puzzle(gem_set("base"), RuleOptions(),
                    tuple(CellAnswer(cell, "white") for cell in (0, 79, 34)))
    result = solve(puzzle, limit=1, timeout=60, method=method)
    assert (result.status, result.count) == ("contradiction", 0)
    assert result.conflict == [0, 1, 2]


@settings(max_examples=examples(5), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(presets=["base", "full"]), st.integers(0, 2**32 - 1))
def test_plain_clauses_admit_the_mine_and_only_layouts_with_its_exits(case, seed: int) -> None:
    """The clause list handed to outside tools (samplers, DIMACS) is the model itself: it admits
    the mine, and every model it gives has the observed exits and cell contents. Colours are the
    one thing a closed loop of diagonal faces that no outside wave reaches can fake (seed 37029
    of this test found one), which is why the solver replays every model with the tracer."""
    from pysat.solvers import Solver

    from solver.orapa.sat.backends import plain_clauses
    from solver.orapa.sat.model import OrapaModel

    preset, truth = case
    rng = random.Random(seed)
    puzzle = puzzle_from_layout(truth, gem_set(preset), RuleOptions(),
                                ports=rng.sample(range(36), 4))
    model = OrapaModel(puzzle.gems, puzzle.rules)
    units = [[lit] for obs in puzzle.observations for lit in model.observation_literals(obs)]
    with Solver(name="glucose4", bootstrap_with=plain_clauses(model.cnf) + units) as sat:
        assert sat.solve(assumptions=model.layout.layout_literals(truth))
        values = np.zeros(model.cnf.top + 1, dtype=bool)
        for _ in range(5):
            if not sat.solve():
                break
            values[:] = False
            values[[lit for lit in sat.get_model() if lit > 0]] = True
            found = model.layout.decode(values)
            for obs in puzzle.observations:
                if isinstance(obs, ShotAnswer):
                    assert shot_answer(found, obs.port).exit == obs.exit
                else:
                    assert obs.holds(found)
            sat.add_clause(model.layout.blocking_clause(found))


@pytest.mark.parametrize("n", [2, 5, 6, 9])
def test_at_most_one_clauses_allow_exactly_the_assignments_with_one_or_none(n: int) -> None:
    from itertools import product

    from pysat.solvers import Solver

    from solver.orapa.sat.backends import at_most_one_clauses
    from solver.orapa.sat.cnf import Cnf

    cnf = Cnf()
    lits = cnf.new_vars(n)
    with Solver(name="glucose4", bootstrap_with=at_most_one_clauses(cnf, lits)) as sat:
        for values in product([False, True], repeat=n):
            assumptions = [v if on else -v for v, on in zip(lits, values)]
            assert sat.solve(assumptions=assumptions) == (sum(values) <= 1)


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(presets=["base", "full", "first-edition"]), st.integers(0, 2**32 - 1))
def test_the_wave_search_finds_the_same_families_whatever_it_tries_first(case, seed) -> None:
    """Trying a known layout's contents first (the generator's twin search) reorders the
    search only: the same families, and the same nodes for a complete search."""
    preset, truth = case
    rng = random.Random(seed)
    puzzle = puzzle_from_layout(truth, gem_set(preset), RuleOptions(),
                                ports=rng.sample(range(36), rng.randint(8, 20)))
    other = random_layout(gem_set(preset), rng=rng)
    found = {}
    for last in (None, truth, other):
        nodes = [0]
        try:
            families = search_families(puzzle, nodes=nodes, max_nodes=200_000, last=last)
            found[last is None, last is truth] = (
                sorted((str(f.fixed), str(f.free), f.avoid) for f in families), nodes[0])
        except LimitReached:
            return
    assert len(set(map(repr, found.values()))) == 1


@pytest.mark.parametrize("search", [frontier_families, python_frontier_families])
@pytest.mark.parametrize("name", [n for n in sorted(SMALL_SETS)
                                  if SMALL_SETS[n][1].touching == "corner"])
def test_the_frontier_search_counts_exactly(name: str, search) -> None:
    """Every wave followed at once (the engine for more than ten gems) lists each consistent
    layout once, few shots or all 36 (where every gem must be met by a wave), compiled (when
    built) or in Python."""
    gems, rules = SMALL_SETS[name]
    bf = brute_force(gems, rules)
    rng = random.Random(name + " frontier")
    for trial in range(6):
        shots = 36 if trial == 5 else rng.randint(2, 6)
        puzzle = random_small_puzzle(bf, rng, shots=shots, cells=trial % 3)
        found = [m for f in search(puzzle) for m in f.members()]
        assert len(found) == len(set(found)) == brute_force_count(bf, puzzle)


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(presets=["base", "full", "first-edition", "base+black"]), st.integers(0, 2**32 - 1))
def test_the_frontier_search_finds_the_wave_searchs_families(case, seed) -> None:
    """The two searches decide cells in different orders but end in the same families."""
    preset, truth = case
    rng = random.Random(seed)
    puzzle = puzzle_from_layout(truth, gem_set(preset), RuleOptions(),
                                ports=rng.sample(range(36), rng.randint(6, 36)))

    def keys(search) -> list:
        return sorted((sorted(map(str, f.fixed)), str(f.free), f.avoid)
                      for f in search(puzzle, max_nodes=100_000)
                      if next(iter(f.members()), None) is not None)
    try:   # either may need more nodes than the other (a few shots on `full`: 18,000 / 140,000)
        plain, frontier = keys(search_families), keys(frontier_families)
    except LimitReached:
        return
    assert frontier == plain
