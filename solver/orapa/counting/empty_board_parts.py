"""An empty board counted in parts, for the gem sets whose count takes hours.

Full's empty board (seven gems) is some 10^14 layouts, about 10^12 nodes of the counting
kernel: no call can count it in time, so it is counted once, offline, and shipped
(`empty_boards.json`, read by `solver.orapa.counting.empty_board`). The count is split by the
placements of one gem that appears once in the set: every layout has that gem at exactly one
placement, so the board's count is the sum over its placements of the layouts with it there
(a family with that one gem fixed and the others free, which the kernel counts). The board's
symmetries (turning it half round, and with the `mirror` rule its two reflections) map layouts
to layouts one to one, so a placement's part equals that of each of its images: only one
placement per orbit is counted, and its marginals are moved cell by cell onto the images.

Each finished part is appended to a progress file (one JSON line), so the work can stop and
resume, in several sittings, on several processes:

    python -m solver.orapa.counting.empty_board_parts --gems full --progress FILE [--jobs 2]

>>> from games.orapa.placements import placements
>>> groups = orbits("square", mirror=True)
>>> sum(len(images) for _, images in groups) == len(placements("square", True))
True
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterator

from games.errors import BadInput
from games.orapa.board import COLUMNS, ROWS, cell_index, cell_xy
from games.orapa.gems import Gem, gem_set
from games.orapa.layout import PlacedGem, RuleOptions
from games.orapa.placements import find_placement, placements
from games.orapa.puzzle import Puzzle
from solver.orapa.counting import family_counts
from solver.orapa.counting.empty_board import SHIPPED, board_key, entry_of
from solver.orapa.counting.family_counts import LayoutCount
from solver.orapa.search.path_family import PathFamily

Symmetry = Callable[[int, int], tuple[int, int]]   # a grid point to its image


def symmetries(mirror: bool) -> list[tuple[str, Symmetry]]:
    """The board's symmetries on grid points: a half turn always, reflections with `mirror`
    (a reflected gem is a placement only when mirror images are allowed)."""
    found: list[tuple[str, Symmetry]] = [
        ("identity", lambda x, y: (x, y)),
        ("half turn", lambda x, y: (COLUMNS - x, ROWS - y))]
    if mirror:
        found += [("left-right", lambda x, y: (COLUMNS - x, y)),
                  ("top-bottom", lambda x, y: (x, ROWS - y))]
    return found


def _image_index(shape: str, index: int, sym: Symmetry, mirror: bool) -> int:
    vertices = [sym(x, y) for x, y in placements(shape, mirror)[index].vertices]
    image = find_placement(shape, vertices, mirror)
    return placements(shape, mirror).index(image)


def _cell_image(cell: int, sym: Symmetry) -> int:
    """A cell's image: the cell between the images of its two opposite corners."""
    x, y = cell_xy(cell)
    (x1, y1), (x2, y2) = sym(x, y), sym(x + 1, y + 1)
    return cell_index(min(x1, x2), min(y1, y2))


def orbits(shape: str, mirror: bool) -> list[tuple[int, list[tuple[str, int]]]]:
    """The placements of a shape grouped by the board's symmetries: (the one counted, its
    distinct images with the symmetry that makes each), every placement in one group."""
    seen: set[int] = set()
    groups = []
    for index in range(len(placements(shape, mirror))):
        if index in seen:
            continue
        images: dict[int, str] = {}
        for name, sym in symmetries(mirror):
            images.setdefault(_image_index(shape, index, sym, mirror), name)
        seen.update(images)
        groups.append((index, [(name, image) for image, name in images.items()]))
    return groups


def split_gem(gems: tuple[Gem, ...], mirror: bool) -> Gem:
    """The gem the count is split by: one that appears once, with the most placements (the
    most parts, each the smallest)."""
    single = [g for g in gems if gems.count(g) == 1]
    if not single:
        raise ValueError("every gem of the set appears twice or more: no gem to split by")
    return max(single, key=lambda g: (len(placements(g.shape, mirror)), str(g)))


def count_part(gems: tuple[Gem, ...], rules: RuleOptions, gem: Gem, index: int,
               deadline: float | None = None) -> LayoutCount:
    """The layouts of an empty board with `gem` at its `index`-th placement, with marginals."""
    mirror = rules.mirror
    free = list(gems)
    free.remove(gem)
    family = PathFamily((PlacedGem(gem, placements(gem.shape, mirror)[index]),),
                        tuple(sorted(free)), tuple(0 for _ in free), (), rules.visibility,
                        mirror)
    return family_counts.count_family_marginals(family, gems, deadline)


def _merge_row(into: dict[str, int], row: dict[str, int]) -> None:
    for colour, n in row.items():
        into[colour] = into.get(colour, 0) + n


def combine(gems: tuple[Gem, ...], rules: RuleOptions, parts: dict[int, dict[str, Any]]
            ) -> LayoutCount:
    """The board's count and marginals from every orbit's part (keyed by the placement
    counted), each part moved onto its images."""
    gem = split_gem(gems, rules.mirror)
    by_name = dict(symmetries(rules.mirror))
    total = 0
    by_cell: list[dict[str, int]] = [{} for _ in range(COLUMNS * ROWS)]
    for index, images in orbits(gem.shape, rules.mirror):
        part = parts[index]
        for name, _ in images:
            total += part["count"]
            for cell, row in enumerate(part["by_cell"]):
                _merge_row(by_cell[_cell_image(cell, by_name[name])], row)
    return LayoutCount(total, True, 1, by_cell=by_cell)


def _read_progress(path: Path, key: str) -> dict[int, dict[str, Any]]:
    """The parts already counted for this board (lines of other boards are skipped)."""
    done: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return done
    for number, line in enumerate(path.read_text().splitlines(), 1):
        try:
            record = json.loads(line)
            if record.get("key") == key:
                if len(record["by_cell"]) != COLUMNS * ROWS or int(record["count"]) < 0:
                    raise ValueError
                done[int(record["part"])] = record
        except (ValueError, AttributeError, KeyError, TypeError):
            raise ValueError(f"{path}, line {number}: not a JSON record") from None
    return done


def _drop_torn_line(path: Path) -> None:
    """A record cut short by a stop in the middle of its writing is dropped (its part is
    counted again); every whole line stays."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with path.open("r+b") as out:
            out.truncate(data.rfind(b"\n") + 1)


def _count_one(args: tuple[list[Any], bool, int]) -> dict[str, Any]:
    """One part, in a worker process: the record appended to the progress file."""
    gems_json, mirror, index = args
    gems, rules = gem_set(gems_json), RuleOptions(mirror=mirror)
    start = time.process_time()
    counted = count_part(gems, rules, split_gem(gems, mirror), index)
    return {"part": index, "count": counted.count, "nodes": counted.nodes,
            "seconds": round(time.process_time() - start, 2), "by_cell": counted.by_cell}


def count_in_parts(gems: tuple[Gem, ...], rules: RuleOptions, progress: Path, jobs: int = 1,
                   max_parts: int | None = None, show: bool = False) -> LayoutCount | None:
    """Count the parts not yet in `progress` (at most `max_parts` this time), appending each;
    the board's count when every part is in, else None."""
    if not family_counts.kernel_applies(gems, rules.mirror):
        raise ValueError("the counting kernel is not built on this machine")
    key = board_key(gems, rules)
    groups = orbits(split_gem(gems, rules.mirror).shape, rules.mirror)
    _drop_torn_line(progress)
    done = _read_progress(progress, key)
    todo = [index for index, _ in groups if index not in done][:max_parts]
    work = [([g.to_json() for g in gems], rules.mirror, index) for index in todo]
    with progress.open("a") as out, _bar(len(work), show) as bar:
        for record in _run(work, jobs):
            record["key"] = key
            out.write(json.dumps(record) + "\n")
            out.flush()
            done[record["part"]] = record
            bar.update(1)
    if len(done) < len(groups):
        return None
    return combine(gems, rules, done)


def _run(work: list[tuple[list[Any], bool, int]], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        yield from map(_count_one, work)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(_count_one, work)


def _bar(total: int, show: bool):
    from tqdm import tqdm
    return tqdm(total=total, unit="part", file=sys.stderr, disable=not show)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gems", default="full", help="a preset (default full)")
    parser.add_argument("--progress", type=Path, required=True,
                        help="the file of parts counted so far (appended to)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--parts", type=int, default=None, help="count at most this many now")
    parser.add_argument("--no-mirror", action="store_true")
    parser.add_argument("--ship", action="store_true",
                        help="when every part is in, add the count to empty_boards.json")
    args = parser.parse_args(argv)
    try:
        gems, rules = gem_set(args.gems, "--gems"), RuleOptions(mirror=not args.no_mirror)
        counted = count_in_parts(gems, rules, args.progress, args.jobs, args.parts, show=True)
    except (BadInput, ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if counted is None:
        print("parts left to count: run again to go on")
        return 0
    print(f"{board_key(gems, rules)}: {counted.count} layouts")
    if args.ship:
        shipped = json.loads(SHIPPED.read_text())
        entry = entry_of(Puzzle(gems, rules), counted)
        shipped[entry["key"]] = entry
        part = SHIPPED.with_suffix(".part")
        part.write_text(json.dumps(shipped, separators=(",", ":")))
        part.replace(SHIPPED)
    return 0


if __name__ == "__main__":
    sys.exit(main())
