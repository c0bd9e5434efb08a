"""A group of the deduction map paused at its limits and taken up again
(solver/orapa/deduction_groups.py, `frontier_compiled.PausedSearch`): the compiled search
keeps its place at a node or time limit, so a search in parts hands over the families of
the whole search, and a group paused at its nodes goes on where it stopped until it ends."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solver.orapa import deduction_groups
from solver.orapa.deduction_families import settle_pairs
from solver.orapa.deduction_witnesses import WitnessMap
from solver.orapa.search import frontier_compiled
from games.errors import LimitReached
from tests.examples import examples
from tests.test_deduction_map import listable_full_states, state

pytestmark = pytest.mark.skipif(frontier_compiled._KERNEL is None,
                                reason="the compiled frontier search was not built")


def _key(family: object) -> tuple[object, ...]:
    return (family.fixed, family.free, family.avoid)  # type: ignore[attr-defined]


@settings(max_examples=examples(15), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(4, 12), cells=st.integers(0, 2), nodes=st.integers(1, 3000),
       targeted=st.booleans())
def test_a_search_paused_at_its_limits_hands_over_the_whole_searchs_families(
        preset: str, seed: int, shots: int, cells: int, nodes: int, targeted: bool) -> None:
    """Called again and again with a few nodes each time (the kernel stops at a multiple of
    its check interval past them), the search hands over the same families, in the same
    order, as one call with no limit, with a target or without. (Before, the kernel dropped
    the node it was at when it reached a limit, and the search could not go on.)"""
    puzzle = state(preset, seed, shots, cells)
    target = ("red", lambda: (1 << 40) - 1) if targeted else None
    try:
        whole = [_key(f) for f in frontier_compiled.PausedSearch(puzzle, None, target)
                 .families(max_nodes=200_000)]
    except LimitReached:
        return   # (a search too long for a test)
    search = frontier_compiled.PausedSearch(puzzle, None, target)
    parts: list[tuple[object, ...]] = []
    pauses = 0
    while not search.over:
        try:
            for family in search.families(max_nodes=nodes):
                parts.append(_key(family))
        except LimitReached:
            pauses += 1
            assert pauses < 10**5
    assert parts == whole


def test_groups_paused_at_their_nodes_go_on_until_they_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a node a run (the kernel checks its limits every 1,024) and no clock, the groups
    pause and are taken up again until they end: the groups alone settle every pair of the
    contents they ask (shown by members, or proved impossible), and the pairs they prove
    impossible are those of the listed map. (Before, a group past its nodes gave up, its
    work lost.)"""
    monkeypatch.setattr(deduction_groups, "NODES_PER_SECOND", 1)   # (a pause every 1,024 nodes)
    monkeypatch.setattr(deduction_groups, "PAIR_SLACK", 10**6)
    monkeypatch.setattr(deduction_groups, "RESUMED_RUNS", 10**4)
    runs: list[tuple[str, bool]] = []
    settle = deduction_groups.settle_group

    def counted(found, puzzle, content, deadline,  # type: ignore[no-untyped-def]
                seconds, group=None):
        ended = settle(found, puzzle, content, deadline, seconds, group)
        runs.append((content, group is not None and group.paused))
        return ended

    monkeypatch.setattr(deduction_groups, "settle_group", counted)
    for puzzle, expected in listable_full_states(range(8), 10):
        found = WitnessMap(puzzle)
        asked = [x for x in found.contents[1:] if bin(found.unshown_mask(x)).count("1") >= 2]
        deduction_groups.settle_groups(found, puzzle, None)
        assert not any(found.unshown_mask(x) for x in asked)
        assert all(x not in expected[c] for c, x in found.impossible)
        settle_pairs(found, puzzle, None, 60.0)
        assert not found.unshown() and found.possible == expected
    assert any(paused for _, paused in runs)


def test_the_count_between_the_groups_gets_a_tenth_of_a_second_in_all(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The count in parts goes on between the groups for 0.1 s in all (`GROUP_COUNT_SECONDS`):
    full mines 5 and 43 of 50 at 9 answers still finish it there (0.6 and 0.7 s of CPU, 1.8
    and 1.9 s without it), and on the states where it does not finish (most of those of 6
    answers) 0.25 s cost 0.15 s more for nothing (full mines 20, 34, 35, 45)."""
    from solver.orapa import deduction_map
    from tests.test_deduction_group_bounds import benchmark_state
    given: list[float] = []

    def groups(found, puzzle, deadline,  # type: ignore[no-untyped-def]
               count=None, count_seconds=0.0):
        given.append(count_seconds)
        return True

    monkeypatch.setattr(deduction_map, "settle_groups", groups)
    deduction_map.deduction_map(benchmark_state("full", 20, 6), timeout=30.0)
    assert given == [0.1]


def test_a_paused_group_is_taken_up_again_six_times_within_most_of_the_time_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A group that pauses every time gets its first run and `RESUMED_RUNS` (6) more, each
    as long as the first, all within `RESUMED_SHARE` (0.9) of the time left after the first
    pass (full mine 49 of 50 at 3 answers: its yellow and absorbed groups needed three to
    five runs when its witnesses left 199 pairs, and three more runs within three quarters
    of the time left did not let them end)."""
    from solver.orapa.deduction_groups import Group
    puzzle, _ = listable_full_states(range(8), 10)[0]
    found = WitnessMap(puzzle)
    now = [0.0]
    runs: list[tuple[str, float, float]] = []

    def pausing(found, puzzle, content, deadline,  # type: ignore[no-untyped-def]
                seconds, group):
        runs.append((content, seconds, deadline))
        group.paused = content == found.contents[1]
        now[0] += 0.01
        return not group.paused

    monkeypatch.setattr(deduction_groups.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(deduction_groups, "settle_group", pausing)
    assert Group("red").paused is False
    deduction_groups.settle_groups(found, puzzle, 10.0)
    paused = [run for run in runs if run[0] == found.contents[1]]
    assert len(paused) == 7 == 1 + deduction_groups.RESUMED_RUNS
    first_pass = len({content for content, _, _ in runs}) * 0.01
    assert all(deadline == pytest.approx(first_pass + 0.9 * (10.0 - first_pass))
               for _, _, deadline in paused[1:])
    assert len({seconds for _, seconds, _ in paused}) == 1


def test_on_a_kernel_built_before_pauses_a_search_past_a_limit_is_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel without `PAUSES` dropped the node it was at when it reached a limit: the
    search is then over (no family after it), and a group stopped so is not paused, so that
    nothing takes what it left out for a proof."""
    real = frontier_compiled._KERNEL

    class Before:   # the same kernel, as an older build shows itself
        def __getattr__(self, name: str) -> object:
            if name == "PAUSES":
                raise AttributeError(name)
            return getattr(real, name)

    monkeypatch.setattr(frontier_compiled, "_KERNEL", Before())
    puzzle, expected = listable_full_states(range(8), 10)[0]
    search = frontier_compiled.PausedSearch(puzzle)
    with pytest.raises(LimitReached):
        list(search.families(max_nodes=1))
    assert search.over and not list(search.families())
    monkeypatch.setattr(deduction_groups, "NODES_PER_SECOND", 1)
    monkeypatch.setattr(deduction_groups, "PAIR_SLACK", 10**6)
    stopped = 0
    for puzzle, expected in listable_full_states(range(8), 10):
        for content in WitnessMap(puzzle).contents[1:]:
            found, group = WitnessMap(puzzle), deduction_groups.Group(content)
            if not deduction_groups.settle_group(found, puzzle, content, None, 1.0, group):
                stopped += 1
                assert not group.paused
            assert all(x not in expected[c] for c, x in found.impossible)
    assert stopped
