"""Issue 31: layouts for a decision where the family search cannot list them in time (double in
a game, and full's stuck states): the packing search (`member_draws.pack_member`), the
families found by it (`counting.found_families`), and a listing of members that keeps to its
deadline between families. No timing assertions: the budgets are generous, and each test
checks what came back."""
from __future__ import annotations

import itertools
import random
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.errors import LimitReached
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.counting import consistent_sample, found_families
from solver.orapa.counting.found_families import families_with_members, restart_families
from solver.orapa.counting.member_draws import PackingCut, pack_member, probe_members
from solver.orapa.search import frontier_compiled
from solver.orapa.search.frontier_search import frontier_families
from tests.examples import examples

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from bench_midgame import count_states  # noqa: E402  (the benchmark's own states)

RULES = RuleOptions()


def state(preset: str, seed: int, shots: int) -> Puzzle:
    """A random mine of `preset` with `shots` random shots answered on it."""
    rng = random.Random(seed)
    mine = random_layout(gem_set(preset), RULES, rng)
    return puzzle_from_layout(mine, gem_set(preset), RULES, rng.sample(range(36), shots))


def gives_every_answer(puzzle: Puzzle, layout) -> bool:
    return all(o.holds(layout) for o in puzzle.observations)


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), shots=st.integers(1, 4),
       preset=st.sampled_from(["base", "full"]))
def test_packing_finds_a_member_exactly_when_the_family_has_one(seed: int, shots: int,
                                                                 preset: str) -> None:
    """For every family of a random state, the packing search given steps enough returns a
    member of the family (one the listing lists) when the family has one, and None when it
    has none."""
    puzzle = state(preset, seed, shots)
    rng = random.Random(seed)
    for family in itertools.islice(frontier_families(puzzle), 15):
        listed = set(itertools.islice(family.members(), 2001))
        found = pack_member(family, rng, 10**7)
        assert (found is None) == (not listed)
        assert found is None or gives_every_answer(puzzle, found)
        assert found is None or len(listed) > 2000 or found in listed


def test_probes_find_distinct_members_and_drop_empty_families() -> None:
    """The probes of a double state's listed families: every layout gives every answer, more
    than one distinct, and families proved empty are skipped (the probes do not spin on
    them: with only empty families, none is returned long before the deadline)."""
    puzzle = state("double", 9, 3)
    found = list(frontier_families(puzzle))
    members = probe_members(found, 40, random.Random(2), time.monotonic() + 120)
    assert len(members) == 40 and len(set(members)) > 1
    assert all(gives_every_answer(puzzle, m) for m in members)
    empty = []
    for family in found:
        try:
            if pack_member(family, random.Random(0), 20_000) is None:
                empty.append(family)
        except PackingCut:
            pass
        if len(empty) == 5:
            break
    assert empty
    assert probe_members(empty, 5, random.Random(3), time.monotonic() + 600, 20_000) == []


def _double_state(index: int) -> Puzzle:
    """bench_midgame's double states (10 mines, 3, 6, 9 and 12 answers), by index."""
    return count_states("double", 10, [3, 6, 9, 12])[index][1]


@pytest.mark.skipif(not frontier_compiled.available(state("double", 0, 3)),
                    reason="the compiled frontier search is not built")
@pytest.mark.parametrize("index", [11, 27])
def test_seeded_restarts_get_out_of_a_stuck_listing(index: int) -> None:
    """Double, mines 2 and 6 with 12 answers: the direct search listed no family in 3 million
    nodes (its first choices near the root hold no layout; following the waves from both
    ends, it lists a few hundred in millions). Runs from the root with the children in
    random orders find distinct families whose members give every answer."""
    puzzle = _double_state(index)
    kept = restart_families(puzzle, random.Random(1), time.monotonic() + 120, most=3)
    assert len(kept) == 3
    assert len({tuple(sorted(map(str, f.fixed))) for f in kept}) == 3
    for family in kept:
        member = pack_member(family, random.Random(0), 10**6)
        assert member is not None and gives_every_answer(puzzle, member)


def test_families_with_members_from_the_listed_ones() -> None:
    """A double state of 3 answers: of its first listed families, those kept each hold a
    member (the packing settles them) and no empty one is kept."""
    puzzle = state("double", 9, 3)
    listed = list(itertools.islice(frontier_families(puzzle), 300))
    with pytest.MonkeyPatch.context() as patch:   # as many as the listed ones hold
        patch.setattr(found_families, "ENOUGH_FAMILIES", 4)
        kept = families_with_members(puzzle, listed, random.Random(4), time.monotonic() + 120)
    assert len(kept) == 4 and all(f in listed for f in kept)
    for family in kept:
        assert next(iter(family.members()), None) is not None


def test_the_listing_of_members_looks_at_the_clock_between_families() -> None:
    """A family's listing looks at the clock every 2,048 steps only, so 14,000 nearly empty
    families of a full state (9 answers, bench_midgame's) ran 0.9 s past the listing's
    deadline, and the sample got no time (`orapa next` exit 3). A deadline already past now
    stops the listing at the next family."""
    puzzle = count_states("full", 10, [0, 3, 6, 9, 12])[13][1]
    found = consistent_sample.weighed(list(itertools.islice(frontier_families(puzzle), 500)))
    assert found
    with pytest.raises(LimitReached):
        consistent_sample._members(found, [], time.monotonic() - 1)
    every = consistent_sample._members(found, [])
    assert every.exact and all(gives_every_answer(puzzle, m) for m in every.layouts)


@pytest.mark.parametrize("index", [11, 27])
def test_double_with_many_answers_gets_several_layouts(index: int) -> None:
    """bench_midgame's double states with 12 answers (mines 2 and 6): the advisor found no
    layout within its budget, nor within 10 s (the direct search stuck in branches whose
    families are all empty, the model's first call seconds long). With that budget it now
    finds several, every one giving every answer."""
    puzzle = _double_state(index)
    result = consistent_sample.consistent_candidates(puzzle, 300, 10_000, 10.0,
                                                     random.Random(1))
    assert len(set(result.layouts)) > 1
    assert all(gives_every_answer(puzzle, m) for m in result.layouts)


def test_a_stuck_full_state_gets_layouts_from_the_last_resort(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """bench_midgame's full state of mine 1 with 6 answers: the direct search's first 2,000
    families are all empty and the model's first layout takes 1.7 s, so `orapa next` found
    none in its budget (exit 3). When the sampling finds nothing, seeded restarts of the
    direct search now find families and their members: several layouts, each giving every
    answer (the sampling's own steps are left out here, as a busy machine may leave them no
    time)."""
    puzzle = count_states("full", 10, [0, 3, 6, 9, 12])[7][1]
    empty = consistent_sample.Candidates([], False, 0, False, "partial")
    monkeypatch.setattr(consistent_sample, "_with_families", lambda *args, **kw: empty)
    result = consistent_sample.consistent_candidates(puzzle, 200, 10_000, 20.0,
                                                     random.Random(5))
    assert result.method == "partial" and len(set(result.layouts)) > 1
    assert all(gives_every_answer(puzzle, m) for m in result.layouts)


def test_a_double_state_of_12_answers_gets_a_real_ranking() -> None:
    """bench_midgame's double state of mine 5 with 12 answers: `orapa next` found no layout
    (exit 3), nor in 6 s: every family the direct search listed was empty (a cell answered
    with a colour no gem left could show), and neither the runs on made-up answers nor the
    local search found one. Now the cut and the seeded restarts give a sample of many
    layouts, each giving every answer, and a ranking whose best question is worth bits."""
    from solver.orapa.advisor.autoplay import decide
    puzzle = _double_state(23)
    advice = decide(puzzle, budget=6.0)
    layouts = advice.candidates.layouts
    assert len(set(layouts)) > 1 and advice.best.expected_bits > 0
    assert all(gives_every_answer(puzzle, m) for m in layouts)
