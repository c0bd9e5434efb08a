"""The empty board counted in parts (solver/orapa/counting/empty_board_parts.py): by one gem's
placements, one per orbit of the board's symmetries, resumable from a progress file."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from games.orapa import gems as G
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.placements import placements
from games.orapa.puzzle import Puzzle
from solver.orapa.counting import empty_board_parts as parts
from solver.orapa.counting.empty_board import _shipped, board_key
from solver.orapa.counting.family_counts import count_layouts, kernel_applies

pytestmark = pytest.mark.skipif(not kernel_applies(gem_set("base"), True),
                                reason="the counting kernel is not built")

KINDS = [G.RED_PARALLELOGRAM, G.YELLOW_TRIANGLE, G.BLUE_LARGE_TRIANGLE, G.WHITE_SQUARE,
         G.DIAMOND, G.BLACK_BODY]


@pytest.mark.parametrize("shape", ["parallelogram", "triangle", "large-triangle", "square",
                                   "small-triangle", "block"])
@pytest.mark.parametrize("mirror", [True, False])
def test_orbits_cover_every_placement_once(shape: str, mirror: bool) -> None:
    found = [image for _, images in parts.orbits(shape, mirror) for _, image in images]
    assert sorted(found) == list(range(len(placements(shape, mirror))))


def test_base_by_parts_is_the_shipped_count_with_its_marginals_and_resumes(tmp_path) -> None:
    """Base's empty board recounted by the kernel, in parts (test_parts_add_up_to_the_whole_count
    holds parts to the whole count): the count and marginals `orapa solve` reads from
    empty_boards.json."""
    gems, rules = gem_set("base"), RuleOptions()
    progress = tmp_path / "base.jsonl"
    assert parts.count_in_parts(gems, rules, progress, max_parts=7) is None
    assert len(progress.read_text().splitlines()) == 7
    counted = parts.count_in_parts(gems, rules, progress, jobs=2)
    shipped = _shipped()[board_key(gems, rules)]
    assert counted is not None and counted.count == shipped["count"] == 17053178776
    assert counted.by_cell == shipped["by_cell"]
    # nothing counted twice: one line per orbit of the yellow triangle's placements
    lines = progress.read_text().splitlines()
    assert len(lines) == len({json.loads(line)["part"] for line in lines}) == len(
        parts.orbits("triangle", True))


def test_a_part_equals_its_images_cell_by_cell() -> None:
    gems, rules = (G.RED_PARALLELOGRAM, G.WHITE_SQUARE, G.BLACK_BODY), RuleOptions()
    gem = parts.split_gem(gems, rules.mirror)
    syms = dict(parts.symmetries(rules.mirror))
    for index, images in parts.orbits(gem.shape, rules.mirror)[:12]:
        counted = parts.count_part(gems, rules, gem, index)
        for name, image in images:
            other = parts.count_part(gems, rules, gem, image)
            assert other.count == counted.count
            assert all(other.by_cell[parts._cell_image(c, syms[name])] == row
                       for c, row in enumerate(counted.by_cell))


@settings(max_examples=12, deadline=None)
@given(st.lists(st.sampled_from(KINDS), min_size=2, max_size=3, unique=True), st.booleans(),
       st.booleans())
def test_parts_add_up_to_the_whole_count(kinds, mirror: bool, visibility: bool) -> None:
    gems = tuple(kinds)
    rules = RuleOptions(mirror=mirror, visibility=visibility)
    whole = count_layouts(Puzzle(gems, rules), marginals=True)
    by_parts = parts.combine(gems, rules, {
        index: {"count": c.count, "by_cell": c.by_cell}
        for index, _ in parts.orbits(parts.split_gem(gems, mirror).shape, mirror)
        for c in [parts.count_part(gems, rules, parts.split_gem(gems, mirror), index)]})
    assert (by_parts.count, by_parts.by_cell) == (whole.count, whole.by_cell)


def test_bad_input_is_one_line_and_status_2(tmp_path, capsys) -> None:
    broken = tmp_path / "progress.jsonl"
    broken.write_text('{"key": "x", "part": 1}\nnot json\n')
    assert parts.main(["--gems", "base", "--progress", str(broken), "--parts", "0"]) == 2
    assert capsys.readouterr().err.strip() == f"error: {broken}, line 2: not a JSON record"
    assert parts.main(["--gems", "nonsense", "--progress", str(tmp_path / "p")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert broken.read_text() == '{"key": "x", "part": 1}\nnot json\n'


def test_the_committed_parts_of_full_are_whole_records() -> None:
    """Each line of benchmarks/empty_boards/full.jsonl is one orbit's part, its marginals
    no larger than its count, and its fixed diamond's cells covered in every layout."""
    from pathlib import Path
    gems, rules = gem_set("full"), RuleOptions()
    path = Path(__file__).parents[1] / "benchmarks" / "empty_boards" / "full.jsonl"
    done = parts._read_progress(path, board_key(gems, rules))
    gem = parts.split_gem(gems, rules.mirror)
    assert set(done) <= {index for index, _ in parts.orbits(gem.shape, rules.mirror)}
    for index, record in done.items():
        fixed = placements(gem.shape, rules.mirror)[index].cell_mask
        for cell, row in enumerate(record["by_cell"]):
            assert all(0 <= n <= record["count"] for n in row.values())
            if fixed >> cell & 1:
                assert row.get(gem.color) == record["count"]


def test_a_record_cut_short_is_counted_again_and_whole_lines_stay(tmp_path) -> None:
    gems, rules = (G.WHITE_SQUARE, G.BLACK_BODY), RuleOptions()
    progress = tmp_path / "p.jsonl"
    assert parts.count_in_parts(gems, rules, progress, max_parts=2) is None
    whole = progress.read_text()
    progress.write_text(whole + whole.splitlines()[0][:40])   # a stop mid-write
    counted = parts.count_in_parts(gems, rules, progress)
    assert progress.read_text().startswith(whole)
    assert counted is not None
    assert counted.count == count_layouts(Puzzle(gems, rules)).count


@pytest.mark.parametrize("preset", ["full", "base+black", "base+diamond", "first-edition"])
def test_a_shipped_board_is_the_sum_of_its_committed_parts(preset: str) -> None:
    """empty_boards.json holds these presets' empty boards: the parts of
    benchmarks/empty_boards/PRESET.jsonl added up, each moved onto its orbit's images,
    marginals included, and the count read for a new game of the preset is that one."""
    from pathlib import Path
    from solver.orapa.counting.empty_board import cached_empty_count
    gems, rules = gem_set(preset), RuleOptions()
    path = Path(__file__).parents[1] / "benchmarks" / "empty_boards" / f"{preset}.jsonl"
    done = parts._read_progress(path, board_key(gems, rules))
    assert len(done) == len(parts.orbits(parts.split_gem(gems, True).shape, True))
    combined = parts.combine(gems, rules, done)
    shipped = cached_empty_count(Puzzle(gems, rules))
    assert shipped is not None and shipped.exact
    assert (shipped.count, shipped.by_cell) == (combined.count, combined.by_cell)
    assert all(sum(row.values()) <= shipped.count for row in shipped.by_cell)   # one gem a cell
