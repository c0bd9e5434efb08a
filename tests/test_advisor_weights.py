"""Issue 31: the advisor weighs the families of a state many times faster
(`solver.orapa.counting.family_weights`), with the same weights as `assign_weights`, so that a
`full` state of 6,000 to 40,000 families (one answer, early in a game) is sampled in proportion
to its families' weights (uniform) and no longer gem by gem over unweighed families (a sample
of 1,500 draws with 50 to 500 distinct layouts)."""
from __future__ import annotations

import itertools
import random
from types import SimpleNamespace

import pytest

from hypothesis import given, settings, strategies as st

from games.errors import LimitReached
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.counting import consistent_sample
from solver.orapa.counting.family_weights import weigh_families
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.search.path_family import PathFamily, assign_weights

RULES = RuleOptions()


def state(preset: str, seed: int, shots: int, rules: RuleOptions = RULES) -> Puzzle:
    """A random mine of `preset` and `shots` random shots answered on it."""
    rng = random.Random(seed)
    mine = random_layout(gem_set(preset), rules, rng)
    return puzzle_from_layout(mine, gem_set(preset), rules, rng.sample(range(36), shots))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["base", "full"]), st.integers(0, 10_000), st.integers(0, 6),
       st.booleans())
def test_the_weights_are_those_of_assign_weights(preset: str, seed: int, shots: int,
                                                 mirror: bool) -> None:
    """Any state, any families: the same weight, family by family (zero for an empty one)."""
    puzzle = state(preset, seed, shots, RuleOptions(mirror=mirror))
    families = list(itertools.islice(frontier_families(puzzle), 3000))
    expected = list(itertools.islice(frontier_families(puzzle), 3000))
    assign_weights(expected)
    weigh_families(families)
    assert [f.weight for f in families] == [f.weight for f in expected]


def test_no_family_and_no_free_gem() -> None:
    weigh_families([])
    puzzle = state("base", 3, 36)
    families = list(frontier_families(puzzle))
    weigh_families(families)
    assert all(f.weight == 1 for f in families if not f.free)


def test_a_state_of_more_than_5000_families_is_sampled_by_weight() -> None:
    """`full`, one shot answered, 5,641 families: weighed, then drawn by rejection (method
    `families`, a uniform sample of distinct layouts); the code before drew it gem by gem
    from unweighed families and resampled (`sequential`, most layouts repeated)."""
    puzzle = state("full", 1, 1)
    assert len(list(frontier_families(puzzle))) > 5_000
    found = consistent_sample.consistent_candidates(puzzle, 400, 10, 60.0, random.Random(1))
    assert found.method == "families" and found.uniform
    assert len(found.layouts) == 400 and len(set(found.layouts)) >= 380
    assert all(all(o.holds(layout) for o in puzzle.observations) for layout in found.layouts)


def test_an_unfinished_listing_is_weighed_beyond_its_first_families(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """When the listing is cut, the sample comes from the families found: the code before
    weighed only the first 5,000 (the search's first branches); now they are weighed in a
    random order, as many as time allows (here all)."""
    puzzle = state("full", 1, 1)
    families = list(frontier_families(puzzle))
    assert len(families) > 5_000
    weighed: list[PathFamily] = []
    real = consistent_sample.weighed_prefix

    def listed(puzzle, start, seconds, end=None, weigh_by=None):
        return list(families), False   # as if cut, and the listing without the shot too

    def prefix(found, deadline):
        weighed.extend(found)
        return real(found, deadline)

    monkeypatch.setattr(consistent_sample, "_listed", listed)
    monkeypatch.setattr(consistent_sample, "weighed_prefix", prefix)
    monkeypatch.setattr(consistent_sample.ConsistentLayouts, "model_families",
                        lambda self: _never())
    found = consistent_sample.consistent_candidates(puzzle, 300, 10, 60.0, random.Random(1))
    assert found.method == "partial" and found.layouts
    assert {id(f) for f in weighed} & {id(f) for f in families[5_000:]}


def _never():
    """A model that finds nothing in time."""
    raise LimitReached("out of time")
    yield  # a generator


def test_no_model_in_a_sliver_of_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """On full, with families found by the listing and less than MODEL_AT_LEAST of the budget
    left, the model is not asked (it used to get at least 5% of the budget, and found
    nothing in it); the families found are drawn instead."""
    puzzle = state("full", 1, 1)
    families = list(frontier_families(puzzle))
    clock = [1000.0]
    fake = SimpleNamespace(monotonic=lambda: clock[0])

    def listed(puzzle, start, seconds, end=None, weigh_by=None):
        clock[0] += 0.45   # each listing: 0.12 s is left for the model at the end
        return list(families), False

    asked: list[bool] = []
    monkeypatch.setattr(consistent_sample, "time", fake)
    monkeypatch.setattr(consistent_sample, "_listed", listed)
    monkeypatch.setattr(consistent_sample.ConsistentLayouts, "model_families",
                        lambda self: (asked.append(True), iter(()))[1])
    monkeypatch.setattr(consistent_sample, "_finish",
                        lambda found, *args, **kw: consistent_sample.Candidates(
                            [], False, 0, True, "families"))
    consistent_sample._with_families(puzzle, 100, 10, clock[0], 1.5, random.Random(1), "sat",
                                     clock[0] + 1.2)
    assert not asked


def test_a_complete_listing_is_weighed_until_the_last_draws(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A listing that ended late in its share was weighed only until the listing's own
    deadline, then drawn unweighed gem by gem (a sample of a few hundred distinct layouts of
    1,500); its weighing now may go on until a DRAW_SHARE of the sampling's time is left."""
    puzzle = state("full", 1, 1)
    handed: list[float] = []
    real = consistent_sample.weighed_until

    def weighed_until(found, deadline):
        handed.append(deadline)
        return real(found, deadline)

    monkeypatch.setattr(consistent_sample, "weighed_until", weighed_until)
    start = consistent_sample.time.monotonic()
    found, complete = consistent_sample._listed(puzzle, start, 10.0, start + 20, start + 30)
    assert complete and found and handed == [start + 30]

    asked: list[float | None] = []
    real_listed = consistent_sample._listed

    def listed(puzzle, start, seconds, end=None, weigh_by=None):
        asked.append(weigh_by)
        return real_listed(puzzle, start, seconds, end, weigh_by)

    monkeypatch.setattr(consistent_sample, "_listed", listed)
    start = consistent_sample.time.monotonic()
    consistent_sample.consistent_candidates(puzzle, 100, 10, 1.5, random.Random(1),
                                            deadline=start + 1.2)
    assert asked[0] is not None
    assert asked[0] >= start + (1 - consistent_sample.DRAW_SHARE) * 1.2 - 0.01


def test_the_draws_filtered_by_the_last_shot_get_the_sampling_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """When the listing without the last shot ends, its draws (filtered by that shot) were
    stopped a quarter before the sampling's end, kept for the model: on full about 100
    layouts stood for a state's 1,500. They now stop DRAW_SHARE before it."""
    puzzle = state("full", 1, 2)
    handed: list[float] = []
    real = consistent_sample._finish

    def listed(puzzle, start, seconds, end=None, weigh_by=None):
        families = list(frontier_families(puzzle))
        if len(puzzle.observations) == 2:
            return families, False     # the direct listing: cut
        return consistent_sample.weighed(families), True

    def finish(found, check, n, exact_bound, rng, deadline, end=None):
        if check:
            handed.append(end)
        return real(found, check, n, exact_bound, rng, deadline, end)

    monkeypatch.setattr(consistent_sample, "_listed", listed)
    monkeypatch.setattr(consistent_sample, "_finish", finish)
    start = consistent_sample.time.monotonic()
    found = consistent_sample.consistent_candidates(puzzle, 100, 10, 1.5, random.Random(1),
                                                    deadline=start + 1.2)
    assert handed and handed[0] >= start + (1 - consistent_sample.DRAW_SHARE) * 1.2 - 0.01
    assert all(all(o.holds(layout) for o in puzzle.observations) for layout in found.layouts)
