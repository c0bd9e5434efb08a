"""Which search lists the families: the compiled frontier search wherever it is built (the
solver and the advisor's sampler, every gem set), the plain wave search without it."""
from __future__ import annotations

import functools
import random
import time

import pytest

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa import consistent
from solver.orapa.search import frontier_compiled
from solver.orapa.counting import consistent_sample as sampling
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.counting.consistent_sample import consistent_candidates
from solver.orapa.search.wave_search import search_families

compiled = pytest.mark.skipif(frontier_compiled._KERNEL is None,
                              reason="the compiled frontier search was not built")

# Seed 12 of the `full` advisor benchmark after ten answers: 56 layouts. The plain wave search
# needs about 5 s of CPU to list its families, past its 2 s in the solver (which then left the
# model 23 s of SAT calls) and far past its share of a 1.5 s advisor decision (which then drew a
# `partial` sample); the compiled frontier search lists them in about 0.15 s.
TEN_ANSWERS = Puzzle.from_json({"gems": "full", "observations": [
    {"shot": "17", "exit": "17", "color": "blue"},
    {"shot": "O", "exit": "F", "color": "light green"},
    {"shot": "11", "exit": "3", "color": "white"},
    {"shot": "G", "exit": "G", "color": "yellow"},
    {"shot": "12", "exit": "2", "color": "white"},
    {"shot": "14", "exit": "C", "color": "white"},
    {"shot": "K", "exit": "K", "color": "light purple"},
    {"shot": "M", "exit": "absorbed"},
    {"shot": "J", "exit": "absorbed"},
    {"shot": "L", "exit": "L", "color": "white"}]})


def family_keys(families) -> list:
    """Families as comparable keys, empty ones left out."""
    return sorted((sorted(map(str, f.fixed)), str(f.free), f.avoid) for f in families
                  if next(iter(f.members()), None) is not None)


TEN_ANSWERS_GROUP = pytest.mark.xdist_group("ten-answers")


@functools.cache
def plain_keys_of_ten_answers() -> list:
    """The plain wave search's families of TEN_ANSWERS as keys (5 to 10 s of CPU), made once
    for the tests that hold the compiled searches to them (marked `TEN_ANSWERS_GROUP`, so
    that under pytest-xdist they run in one worker and share it)."""
    return family_keys(search_families(TEN_ANSWERS))


@compiled
def test_the_solver_lists_a_hard_full_state_by_the_waves() -> None:
    layouts = ConsistentLayouts(TEN_ANSWERS)
    found = list(layouts.layouts())
    assert layouts.engine == "waves"
    assert len(found) == len(set(found)) == 56
    assert all(o.holds(m) for m in found for o in TEN_ANSWERS.observations)


@compiled
def test_the_advisor_lists_a_hard_full_state_within_its_budget() -> None:
    """`orapa next` on that state: every layout, not a sample of the families found in time."""
    candidates = consistent_candidates(TEN_ANSWERS, 1500, 10_000, 1.5, random.Random(0))
    assert (candidates.method, candidates.exact, len(candidates.layouts)) == \
        ("enumeration", True, 56)
    assert set(candidates.layouts) == set(ConsistentLayouts(TEN_ANSWERS).layouts())


@compiled
@TEN_ANSWERS_GROUP
def test_the_samplers_frontier_listing_is_held_to_its_work() -> None:
    """The same families as the plain search when it finishes; cut off when the work allowed
    (nodes, and each family made counted as FAMILY_NODES of them) runs out."""
    found, complete = sampling._listed(TEN_ANSWERS, time.monotonic(), 10.0)
    assert complete and found and all(f.weight > 0 for f in found)
    assert family_keys(found) == plain_keys_of_ten_answers()
    work = 20 * sampling.FAMILY_NODES / sampling.FRONTIER_NODES_PER_SECOND  # 20 families' worth
    partial, complete = sampling._listed(TEN_ANSWERS, time.monotonic(), work)
    assert not complete and len(partial) <= 20


@pytest.mark.parametrize("preset, seed, shots", [("base", 3, 7), ("full", 2, 14)])
def test_without_the_kernel_the_plain_search_answers(monkeypatch, preset: str, seed: int,
                                                     shots: int) -> None:
    """The same layouts with the compiled search as without it (a machine with no C
    compiler), and without it the plain wave search is the one that runs."""
    gems = gem_set(preset)
    rng = random.Random(seed)
    puzzle = puzzle_from_layout(random_layout(gems, RuleOptions(), rng), gems, RuleOptions(),
                                rng.sample(range(36), shots))
    with_kernel = set(ConsistentLayouts(puzzle).layouts())
    sampled = consistent_candidates(puzzle, 200, 10_000, 60.0)
    calls = []

    def plain(*args, **kwargs):
        calls.append(1)
        return search_families(*args, **kwargs)

    monkeypatch.setattr(frontier_compiled, "_KERNEL", None)
    monkeypatch.setattr(consistent, "search_families", plain)
    monkeypatch.setattr(sampling, "search_families", plain)
    assert not frontier_compiled.available(puzzle)
    assert set(ConsistentLayouts(puzzle).layouts()) == with_kernel
    assert len(calls) == 1
    again = consistent_candidates(puzzle, 200, 10_000, 60.0)
    assert len(calls) == 2
    assert again.exact and sampled.exact and set(again.layouts) == set(sampled.layouts)


@compiled
@TEN_ANSWERS_GROUP
def test_the_compiled_search_reads_its_deadline_on_the_callers_clock(monkeypatch) -> None:
    """A deadline is a `time.monotonic()` reading, whatever clock that is (the benchmarks make
    it count CPU seconds): ten seconds from now on a clock standing at zero still gives the
    search ten seconds, not none."""
    monkeypatch.setattr(time, "monotonic", lambda: 0.0)
    found = list(frontier_compiled.families(TEN_ANSWERS, deadline=10.0))
    assert family_keys(found) == plain_keys_of_ten_answers()
