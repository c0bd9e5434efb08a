"""Start-up: the commands load only what they use; the placement tables they build are right."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from games.orapa.board import QUARTERS, quarter_neighbour
from games.orapa.gems import SHAPES, gem_set
from games.orapa.layout import RuleOptions
from games.orapa.placements import _touch_mask, bits, placements
from games.orapa.puzzle import puzzle_from_layout
from games.orapa.random_layouts import random_layout

ROOT = Path(__file__).resolve().parent.parent


def touch_by_quarters(mask: int) -> int:
    """The definition, one quarter at a time: its two neighbours in the cell and the one
    across its side."""
    touch = 0
    for q in bits(mask):
        cell, side = divmod(q, 4)
        touch |= 1 << (4 * cell + (side + 1) % 4) | 1 << (4 * cell + (side + 3) % 4)
        if quarter_neighbour(q) >= 0:
            touch |= 1 << quarter_neighbour(q)
    return touch & ~mask


def test_touch_masks_of_every_placement() -> None:
    for shape in SHAPES:
        for mirror in (True, False):
            for p in placements(shape, mirror):
                assert p.touch_mask == touch_by_quarters(p.mask)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, (1 << QUARTERS) - 1))
def test_touch_mask_of_any_set_of_quarters(mask: int) -> None:
    assert _touch_mask(mask) == touch_by_quarters(mask)


PROBE = """
import sys
from cli import main
packages = {"numpy", "pysat", "ortools", "tqdm"}
modules = {"solver.orapa.api", "solver.orapa.sat.backends", "solver.orapa.sat.model",
           "generator.generate", "solver.mandragora.solver"}
def loaded():
    return sorted({m.split(".")[0] for m in sys.modules} & packages | set(sys.modules) & modules)
for argv in RUNS:
    sys.argv = ["orapa", *argv]
    try:
        main()
    except SystemExit as exit_:
        assert not exit_.code, (argv, exit_.code)
    print(" ".join(argv[:1]), loaded(), file=sys.stderr)
"""


def test_commands_import_only_what_they_use(tmp_path: Path) -> None:
    mine = random_layout(gem_set("base"), rng=random.Random(4))
    (tmp_path / "mine.json").write_text(json.dumps(mine.to_json()))
    puzzle = puzzle_from_layout(mine, gem_set("base"), RuleOptions())
    (tmp_path / "puzzle.json").write_text(json.dumps(puzzle.to_json()))
    runs = [["--help"], ["simulate", str(tmp_path / "mine.json")],
            ["check", str(tmp_path / "mine.json")],
            ["solve", str(tmp_path / "puzzle.json"), "--json"]]
    done = subprocess.run([sys.executable, "-c", PROBE.replace("RUNS", repr(runs))], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=os.environ)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "--help []", "simulate []", "check []",
        "solve ['numpy', 'solver.orapa.api']",   # the wave search answers: no SAT solver
    ]
    assert json.loads(done.stdout.splitlines()[-1])["status"] == "unique"
