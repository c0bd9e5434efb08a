"""What bounds a group of the deduction map (solver/orapa/deduction_groups.py): the target cut
keeps a lone gem on the answered cells it must cover and leaves out of a front's choices the
moves that leave no room for the target, a family's reach by masks keeps to what its members
can show, and a group gives up after its seconds of families that showed nothing; the map
stays the listed one."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.orapa.answers import shown_by
from games.orapa.board import CELLS
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.placements import placements
from games.orapa.puzzle import CellAnswer, Puzzle, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa import deduction_groups
from solver.orapa.deduction_witnesses import WitnessMap
from solver.orapa.search import frontier_compiled
from tests.examples import examples
from tests.test_deduction_groups import rounds_after_the_groups
from tests.test_deduction_map import listable_full_states, listed_map, state

pytestmark = pytest.mark.skipif(frontier_compiled._KERNEL is None,
                                reason="the compiled frontier search was not built")


def benchmark_state(preset: str, mine: int, answers: int, largest: int = 12) -> Puzzle:
    """`bench_midgame.py --map --answers 0,3,6,9,12`'s state of that mine and answers (the
    answers drawn for the largest number, the first `answers` of them kept)."""
    gems, rules = gem_set(preset), RuleOptions()
    rng = random.Random(1000 + mine)
    layout = random_layout(gems, rules, rng)
    ports, cells = rng.sample(range(36), largest), rng.sample(range(CELLS), largest)
    kinds = [rng.random() < 0.25 for _ in range(largest)]
    shots = [p for p, cell in zip(ports[:answers], kinds) if not cell]
    asked = [CellAnswer(c, layout.cell_content(c))
             for c, cell in zip(cells[:answers], kinds) if cell]
    puzzle = puzzle_from_layout(layout, gems, rules, shots)
    return puzzle.with_observations(list(puzzle.observations) + asked)


def test_the_target_cut_keeps_a_lone_gem_on_the_cells_it_must_cover() -> None:
    """Base mine 38 of the map's benchmark at 3 answers (D7 = white): once the waves place
    the white large triangle elsewhere, the white square must cover D7, so it cannot show
    white far from it. The search targeted at the 49 cells where white is impossible (by the
    exact count) hands over no family; it handed over 12,377 (each opened in Python) when
    the cut let the square be anywhere."""
    from solver.orapa.counting.exact import exact_possible
    puzzle = benchmark_state("base", 38, 3)
    assert CellAnswer.parse("D7 = white") in puzzle.observations
    counted = exact_possible(puzzle, seconds=600)
    assert counted is not None
    impossible = sum(1 << c for c in range(CELLS) if "white" not in counted[0][c])
    assert bin(impossible).count("1") == 49
    assert not list(frontier_compiled.families(puzzle, target=("white", lambda: impossible)))


def test_the_target_cut_leaves_out_the_moves_that_leave_no_room_for_the_target() -> None:
    """Full mine 20 of the map's benchmark at 6 answers: blue is impossible in B4, B2, A3 and
    C2, which the search with that cell answered proves in a few hundred nodes. Targeted at
    each of those cells, the search took 0.8 to 1.3 million nodes when a white gem over the
    cell stayed among a front's choices until it was placed; now it ends in a few hundred."""
    puzzle = benchmark_state("full", 20, 6)
    for label in ("B4", "B2", "A3", "C2"):
        cell = CellAnswer.parse(f"{label} = blue").cell
        assert not list(frontier_compiled.families(
            puzzle, target=("blue", lambda: 1 << cell), max_nodes=10_000))


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["base", "full"]), seed=st.integers(0, 10**6),
       shots=st.integers(4, 10), cells=st.integers(0, 3))
def test_a_familys_reach_holds_every_cell_its_members_show_the_content_in(
        preset: str, seed: int, shots: int, cells: int) -> None:
    """`family_reach` (the fixed gems' cells, the free gems' placements seen from a port and
    over the answered cells they alone can cover) holds every cell where a member shows the
    content, and the fixed gems' cells are shown by every member."""
    puzzle = state(preset, seed, shots, cells)
    if listed_map(puzzle, bound=1000) is None:
        return
    contents = [x for x in WitnessMap(puzzle).contents if x != "empty"]
    for family in frontier_compiled.families(puzzle):
        for content in contents:
            covered, reach = deduction_groups.family_reach(family, content)
            for member in family.members():
                shown = sum(1 << c for c in range(CELLS) if member.cell_content(c) == content)
                assert shown & covered == covered and shown & ~covered & ~reach == 0


def test_a_free_gems_reach_keeps_to_the_answered_cell_it_alone_covers() -> None:
    """Base mine 38 at 3 answers: in every family of the plain search whose white square is
    free and whose fixed white gem leaves D7, the square's reach keeps to the placements over
    D7 (the masks alone reached all over the board, and each cell was a member search)."""
    puzzle = benchmark_state("base", 38, 3)
    d7 = CellAnswer.parse("D7 = white").cell
    square = next(g for g in puzzle.gems if g.shape == "square" and shown_by(g) == "white")
    near = 0
    for p in placements(square.shape, puzzle.rules.mirror):
        if p.cell_mask >> d7 & 1:
            near |= p.cell_mask
    checked = 0
    for family in frontier_compiled.families(puzzle):
        covered, reach = deduction_groups.family_reach(family, "white")
        if square in family.free and not covered >> d7 & 1:
            assert reach & ~near == 0
            checked += 1
    assert checked


@pytest.mark.parametrize("showing", [False, True])
def test_a_group_gives_up_after_its_seconds_of_families_that_show_nothing(
        monkeypatch: pytest.MonkeyPatch, showing: bool) -> None:
    """Opening families that show nothing new counts against the group's seconds (base mine
    38 of 50 at 3 answers: 0.45 s of member searches, each proving a family shows no white
    in the cells asked, before the clock stopped it); families that show something do not."""
    puzzle, _ = listable_full_states(range(8), 10)[0]
    found = WitnessMap(puzzle)
    content = found.contents[1]
    now, opened = [0.0], []

    class Search:
        def __init__(self, *args: object) -> None:
            pass

        def families(self, *args: object, **kwargs: object) -> object:
            return iter(range(40))

    def open_family(found, puzzle, family, content, cells, stop, deadline):  # type: ignore[no-untyped-def]
        opened.append(family)
        now[0] += 0.01
        if showing:
            found.shown[content] |= cells & -cells   # the lowest cell asked, shown
        return 0

    monkeypatch.setattr(deduction_groups.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(frontier_compiled, "PausedSearch", Search)
    monkeypatch.setattr(deduction_groups, "_open", open_family)
    ended = deduction_groups.settle_group(found, puzzle, content, None, 0.045)
    if showing:
        assert ended and len(opened) == 40
    else:
        assert not ended and len(opened) == 5


def test_a_few_pairs_left_after_the_first_round_go_to_the_wave_search_before_the_model(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With `FEW_PAIRS` or fewer left after the groups and the first round, the wave search's
    rounds of 0.1 s a pair come first, not the model pair by pair (full mine 28 of 50 at 9
    answers: 3 white pairs the model's first question gave up on after 0.25 s, 0.4 s in
    all, and the wave search settled in 0.1 to 0.4 s each); the map is the listed one."""
    from solver.orapa import deduction_map

    def settle_all_but_a_few(found, expected):  # type: ignore[no-untyped-def]
        left = found.unshown()[:deduction_map.FEW_PAIRS - 5]
        for cell, content in found.unshown():
            if (cell, content) in left:
                continue
            if content in expected[cell]:
                found.possible[cell].add(content)
                found.shown[content] |= 1 << cell
            else:
                found.impossible.add((cell, content))

    calls = rounds_after_the_groups(monkeypatch, settle_all_but_a_few)
    assert calls[:2] == ["pairs 0.02", "pairs 0.1"] and "model" not in calls