"""The generator under bounce-count answers (RULINGS O9): unique puzzles, minimal clue sets."""
from __future__ import annotations

import random

import numpy as np

from games.orapa.array_tracer import count_batch, layout_codes, numpy_trace_batch
from games.orapa.gems import Gem, gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import CellAnswer, ShotAnswer
from games.orapa.random_layouts import random_layout
from games.orapa.waves import python_trace_counts
from generator.generate import TRAP, Generator
from solver.orapa.uniqueness import reverse_shot
from solver.orapa.api import solve


def test_count_batch_agrees_with_the_tracer() -> None:
    mines = [random_layout(gem_set("full"), rng=random.Random(s)) for s in range(20)]
    counts = count_batch(layout_codes(mines))
    expected = np.array([[b for _, _, b in python_trace_counts(m)] for m in mines])
    assert (counts == expected).all()
    from games.orapa.array_tracer import _chunked
    assert (_chunked(layout_codes(mines), None)[2] == expected).all()
    exits, _ = numpy_trace_batch(layout_codes(mines))
    assert exits.shape == counts.shape


def test_a_reverse_shot_keeps_its_count() -> None:
    assert reverse_shot(ShotAnswer(0, 20, None, 3)) == ShotAnswer(20, 0, None, 3)


def test_bounce_puzzles_are_unique_with_the_cells_they_ask() -> None:
    gems = gem_set("base")
    generator = Generator(gems, RuleOptions(answer="bounces"), rng=random.Random(1))
    for _ in range(3):
        puzzle = generator.next().puzzle
        shots = [o for o in puzzle.observations if isinstance(o, ShotAnswer)]
        cells = [o for o in puzzle.observations if isinstance(o, CellAnswer)]
        assert len(shots) == 36 and all(o.color is None for o in shots if o.exit is not None)
        assert 1 <= len(cells) <= 4     # blue and white large triangles swap unseen by counts
        result = solve(puzzle, limit=2)
        assert result.status == "unique" and result.solutions == [puzzle.solution]


def test_minimal_bounce_puzzles_are_unique_and_irreducible() -> None:
    gems = gem_set("base")
    generator = Generator(gems, RuleOptions(answer="bounces"), rng=random.Random(1),
                          clues="minimal")
    puzzle = generator.next().puzzle
    assert len(puzzle.observations) < 36
    assert solve(puzzle, limit=2).status == "unique"
    for i in random.Random(0).sample(range(len(puzzle.observations)), 3):   # clues needed
        rest = puzzle.observations[:i] + puzzle.observations[i + 1:]
        assert solve(puzzle.with_observations(rest), limit=2).count > 1
    assert puzzle.rules.answer == "bounces"


def test_a_twin_no_cell_tells_apart_is_a_trap() -> None:
    # two white squares and nothing else to tell them apart: the generator's verdict on a
    # layout is a trap exactly when a twin has the same content in every cell
    gems = (Gem("square", "white"), Gem("square", "white"), Gem("triangle", "yellow"))
    generator = Generator(gems, RuleOptions(answer="bounces"), rng=random.Random(3))
    verdicts = []
    for seed in range(30):
        layout = random_layout(gems, rng=random.Random(seed))
        verdict, puzzle, _ = generator.classify(layout)
        verdicts.append(verdict)
        if verdict == TRAP:
            found = solve(puzzle, limit=5)
            twins = [s for s in found.solutions if s != layout]
            assert twins and any(all(t.cell_content(c) == layout.cell_content(c)
                                     for c in range(80)) for t in twins)
        elif verdict == "unique":
            assert solve(puzzle, limit=2).count == 1
    assert "unique" in verdicts
