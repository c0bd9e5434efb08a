"""The curated collection in puzzles/: the right counts, and every puzzle solves uniquely to its
stated solution: the solution gives every answer, and the SAT model (not the wave search the
generator proved it with) finds no other consistent layout."""
from __future__ import annotations

import json
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from games.orapa.files import parse_puzzle
from games.orapa.layout import violations
from games.orapa.puzzle import ShotAnswer
from generator.collection import PER_LEVEL, PER_SET, SEEDS, VARIANTS, read_index, set_of
from generator.difficulty import LEVELS, level_of
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.search.search_setup import implied_shots

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
ENTRIES = read_index(PUZZLES)
FIRST_OF_EACH_LEVEL = [next(e for e in ENTRIES if (set_of(e), e["level"]) == kind)
                       for kind in dict.fromkeys((set_of(e), e["level"]) for e in ENTRIES)]


def test_collection_counts() -> None:
    by_set = Counter(set_of(e) for e in ENTRIES)
    assert by_set == {"base": PER_LEVEL * len(LEVELS), **{n: PER_SET for n in SEEDS
                                                          if n != "base"}}
    base_levels = Counter(e["level"] for e in ENTRIES if set_of(e) == "base")
    assert base_levels == {level: PER_LEVEL for level in LEVELS}
    assert len({e["file"] for e in ENTRIES}) == len(ENTRIES)


def test_every_puzzle_file_is_in_an_index() -> None:
    """No file left over from an earlier build: each one is listed, and so checked below."""
    files = {str(path.relative_to(PUZZLES)) for path in PUZZLES.glob("*/*.json")
             if path.name != "index.json"}
    assert files == {e["file"] for e in ENTRIES}


def test_readme_lists_every_puzzle() -> None:
    readme = (PUZZLES / "README.md").read_text(encoding="utf-8")
    for e in ENTRIES:
        assert f"| [{e['file']}]({e['file']}) | {set_of(e)} | {e['level']} | {e['shots']} |" \
            in readme


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_puzzle_solves_uniquely_to_its_solution(entry: dict) -> None:
    path = PUZZLES / entry["file"]
    puzzle = parse_puzzle(path.read_text(encoding="utf-8"), str(path))
    assert json.loads(path.read_text())["gems"] == entry["gems"]
    if set_of(entry) in VARIANTS:      # e.g. base-bounces: the set's own rules
        assert puzzle.rules == VARIANTS[set_of(entry)][1]
    solution = puzzle.solution
    assert solution is not None and violations(solution, puzzle.rules) == []
    assert len(puzzle.observations) == entry["shots"] < 36
    assert entry["level"] == level_of(entry["work"], entry["measure"])
    assert all(obs.holds(solution) for obs in puzzle.observations)
    # Posed with each shot's reverse (paths are reversible, O4: the same layouts agree), which
    # cuts the solver's work on these few-shot puzzles.
    shots = [o for o in puzzle.observations if isinstance(o, ShotAnswer)]
    posed = puzzle.with_observations(list(puzzle.observations) + implied_shots(shots))
    assert ConsistentLayouts(posed).first(exclude=(solution,)) is None
    # the first puzzle of each set and level also by the SAT model, an engine the generator
    # does not use (it takes 6 to 13 s on a hard one, the wave search 0.03 to 0.15 s)
    if entry in FIRST_OF_EACH_LEVEL:
        assert ConsistentLayouts(posed, method="model").first(exclude=(solution,)) is None


def test_make_run_writes_its_demo_outside_the_collection() -> None:
    """`make run` then `make test` (the README's order): the demo puzzle must not land among
    the collection's files, and git must ignore it."""
    root = PUZZLES.parent
    makefile = (root / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^run:.*\n((?:\t.*\n)+)", makefile, re.M)
    assert recipe is not None
    outs = re.findall(r"--out\s+(\S+)", recipe.group(1))
    assert outs, "make run writes no puzzle?"
    for out in outs:
        target = (root / out).resolve()
        assert PUZZLES not in (target, *target.parents), out
        ignored = subprocess.run(["git", "check-ignore", "-q", f"{out}/base-0001.json"],
                                 cwd=root, check=False)
        assert ignored.returncode == 0, f"{out} is not git-ignored"
