"""Unique Orapa puzzles from random legal layouts (RULINGS O8).

A layout is drawn uniformly at random (`random_layout`), all 36 shots are fired at it, and the
solver is asked for another consistent layout (the known one excluded,
`solver.orapa.uniqueness.second_layout`): by the wave search where it applies, else by the SAT
model. With none the puzzle is kept; otherwise the layout is rejected, as a `trap` when some
twin differs from it only in white or transparent gems (colour cannot tell them apart: the
symmetric white-tile trap), else as `ambiguous`. With
`clues="minimal"` the kept puzzle's shots are then cut down to an irreducible set
(`generator.minimal`); a layout whose cutting exceeds the solver budget is rejected as
`too_hard`.

Under answer kind `bounces` (RULINGS O9) shots never see colours, so gems of one shape and
different colours (base's blue and white large triangles) can always swap places unseen: no
layout is unique by its 36 shots alone. The generator then asks cells, as a player may: while a
twin stands, the first cell (A1, B1, ...) whose content differs between the layout and the twin
is asked, up to `MAX_CELL_CLUES` cells. A twin no cell question can tell apart (the same
content in every cell) makes the layout a `trap`; one still standing after the cells asked, an
`ambiguous` layout.

>>> import random
>>> from games.orapa.gems import gem_set
>>> found = Generator(gem_set("base"), rng=random.Random(7)).next()
>>> found.shots, found.puzzle.solution is not None, found.difficulty.level
(36, True, 'easy')
"""
from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Iterator, Literal

from games.errors import BadInput
from games.orapa.gems import Gem, gem_set_name
from games.orapa.layout import Layout, RuleOptions
from games.orapa.board import CELLS
from games.orapa.puzzle import Puzzle, cell_answer, puzzle_from_layout
from games.orapa.random_layouts import random_layout
from generator.difficulty import Difficulty, rate
from generator.minimal import minimise
from generator.options import CLUE_MODES, ClueMode
from solver.orapa.uniqueness import TooHard, second_layout

# A wave cannot tell where these colours sit: white shows as white wherever it is hit and
# transparent adds nothing, so gems of these colours can swap places unseen.
INDISTINCT_COLORS = frozenset({"white", "transparent"})
# a layout's verdict, and why one was thrown away (the keys of `Generator.rejected`; `grade`:
# not of the grade asked for, `generator.difficulty.next_graded`)
Verdict = Literal["unique", "trap", "ambiguous"]
Rejection = Literal["trap", "ambiguous", "too_hard", "grade"]
UNIQUE: Final = "unique"
TRAP: Final = "trap"
AMBIGUOUS: Final = "ambiguous"
TOO_HARD: Final = "too_hard"
MAX_CELL_CLUES = 4   # cells asked to break the twins of a bounce-count puzzle


def classify_twin(layout: Layout, twin: Layout) -> Literal["trap", "ambiguous"]:
    """`trap` when two layouts differ only in white or transparent regions, else
    `ambiguous`."""
    return TRAP if _distinct(layout) == _distinct(twin) else AMBIGUOUS


def _distinct(layout: Layout) -> dict[str, int]:
    return {color: mask for color, mask in layout.signature if color not in INDISTINCT_COLORS}


def trap_twin(puzzle: Puzzle, layout: Layout) -> Layout | None:
    """A layout giving the puzzle's answers that differs from `layout` only in white or
    transparent regions, or None. Exact (the solver is asked for exactly that), so the
    verdict does not depend on which twin a plain search happens to find."""
    kept = frozenset(g.color for g in puzzle.gems) - INDISTINCT_COLORS
    return second_layout(puzzle, layout, keep_colors=kept).layout


def file_stem(gems: tuple[Gem, ...]) -> str:
    """The gem set's part of a puzzle file name: its preset name, else `custom`."""
    return gem_set_name(gems) or "custom"


def write_puzzle(path: Path, puzzle: Puzzle) -> None:
    """Write puzzle JSON (with its solution), creating the directory if needed; a file that
    cannot be written is bad input naming it."""
    temporary = path.with_name(f".{path.name}.part")   # renamed when whole: Ctrl-C while
    try:                                                # writing leaves no half a puzzle
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(puzzle.to_json(), indent=1) + "\n", encoding="utf-8")
        os.replace(temporary, path)
    except OSError as exc:
        raise BadInput(f"{path}: cannot write: {exc.strerror or exc}") from None


def output_paths(out_dir: str, stem: str, count: int, force: bool = False) -> Iterator[Path]:
    """The files `generate` will write (`<stem>-0001.json`, ...), checked before any work:
    the directory must be one (it is created when missing) and writable, and puzzles already
    there are not overwritten unless `force` says so. The paths come lazily and the check
    reads the directory once: `--count 1000000000` built a list of a billion paths."""
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise BadInput(f"--out: {out_dir} exists and is not a directory")
    if not force and out.is_dir():
        taken = _taken_numbers(out, stem, count)
        if taken:
            raise BadInput(f"--out: {out / _puzzle_name(stem, min(taken), count)} already exists "
                           f"(--force overwrites it, or choose another directory)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"--out: cannot create the directory {out_dir}: "
                       f"{exc.strerror or exc}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise BadInput(f"--out: {out_dir} is not writable")
    return (out / _puzzle_name(stem, n, count) for n in range(1, count + 1))


def number_width(count: int) -> int:
    """Digits of the numbers in a run's file names: 4, or more when the count needs them, so
    that the names of one run sort in order (`-10000` came before `-2000` with 4 digits)."""
    return max(4, len(str(count)))


def _puzzle_name(stem: str, number: int, count: int) -> str:
    return f"{stem}-{number:0{number_width(count)}d}.json"


def _taken_numbers(out: Path, stem: str, count: int) -> list[int]:
    """Numbers 1..count whose puzzle file is already in `out` (one pass over the directory)."""
    pattern = re.compile(re.escape(stem) + r"-(\d{4,})\.json")
    taken = []
    with os.scandir(out) as entries:
        for entry in entries:
            found = pattern.fullmatch(entry.name)
            if found and 1 <= int(found[1]) <= count \
                    and entry.name == _puzzle_name(stem, int(found[1]), count):
                taken.append(int(found[1]))
    return taken


@dataclass
class Generated:
    """One kept puzzle (with its solution) and how hard it is."""

    puzzle: Puzzle
    difficulty: Difficulty

    @property
    def shots(self) -> int:
        return len(self.puzzle.observations)


class Generator:
    """Draws layouts from one seeded random stream and keeps those with a unique answer.

    `rejected` counts the layouts thrown away, by reason."""

    def __init__(self, gems: tuple[Gem, ...], rules: RuleOptions | None = None,
                 rng: random.Random | None = None, clues: ClueMode = "all") -> None:
        if clues not in CLUE_MODES:
            raise ValueError(f"clues must be one of {CLUE_MODES}, got {clues!r}")
        self.gems = tuple(gems)
        self.rules = rules or RuleOptions()
        self.rng = rng or random.Random()
        self.clues = clues
        self.rejected: Counter[str] = Counter({AMBIGUOUS: 0, TRAP: 0})   # by Rejection
        if clues == "minimal":
            self.rejected[TOO_HARD] = 0
        # the wave-search minimiser's work on kept puzzles: searches, their nodes, and the
        # nodes of the final proofs among them
        self.minimiser: Counter[str] = Counter()

    def classify(self, layout: Layout) -> tuple[Verdict, Puzzle, Difficulty]:
        """(`unique`, `trap` or `ambiguous`, the 36-shot puzzle, how hard its proof was)."""
        puzzle = puzzle_from_layout(layout, self.gems, self.rules)
        twin, difficulty = self._twin(puzzle, layout)
        if twin is not None and not self.rules.tells_colour:
            return self._ask_cells(puzzle, layout, twin)
        if twin is None:
            return UNIQUE, puzzle, difficulty
        if classify_twin(layout, twin) == TRAP or trap_twin(puzzle, layout):
            return TRAP, puzzle, difficulty
        return AMBIGUOUS, puzzle, difficulty

    def _ask_cells(self, puzzle: Puzzle, layout: Layout, twin: Layout
                   ) -> tuple[Verdict, Puzzle, Difficulty]:
        """Bounce answers: ask the first cell telling the twin apart, up to MAX_CELL_CLUES
        times (see the module's notes)."""
        difficulty = rate(len(puzzle.observations), 0, "nodes")
        for _ in range(MAX_CELL_CLUES):
            cell = next((c for c in range(CELLS)
                         if layout.cell_content(c) != twin.cell_content(c)), None)
            if cell is None:
                return TRAP, puzzle, difficulty
            puzzle = puzzle.with_observations(list(puzzle.observations)
                                              + [cell_answer(layout, cell)])
            found, difficulty = self._twin(puzzle, layout)
            if found is None:
                return UNIQUE, puzzle, difficulty
            twin = found
        if layout.cell_contents == twin.cell_contents:
            return TRAP, puzzle, difficulty
        return AMBIGUOUS, puzzle, difficulty

    def _twin(self, puzzle: Puzzle, layout: Layout) -> tuple[Layout | None, Difficulty]:
        """Another layout with the puzzle's answers (None when unique), by the wave search
        where it applies and finishes within its budget, else by the SAT model."""
        found = second_layout(puzzle, layout)
        return found.layout, rate(len(puzzle.observations), found.work, found.measure)

    def next(self) -> Generated:
        """The next kept puzzle from the stream; rejected layouts are counted."""
        while True:
            layout = random_layout(self.gems, self.rules, self.rng)
            verdict, puzzle, difficulty = self.classify(layout)
            if verdict != UNIQUE:
                self.rejected[verdict] += 1
                continue
            if self.clues == "all":
                return Generated(puzzle, difficulty)
            try:
                cut = minimise(puzzle, layout, self.rng)
            except TooHard:
                self.rejected[TOO_HARD] += 1
                continue
            if cut.searches:
                self.minimiser.update(searches=cut.searches, nodes=cut.search_nodes,
                                      proof_nodes=cut.work)
            return Generated(cut.puzzle, rate(len(cut.puzzle.observations), cut.work,
                                              cut.measure))
