"""An absorbed wave counted by its complement (issue 31): a measured alternative, not the default.

The lazy search (`solver.orapa.search.lazy_search`) follows an absorbed wave cell by cell, and
such a wave may wander over the whole board before it meets the absorbing gem: its leaves
become nearly the layouts. Every layout sends a wave somewhere, and only one way: paths are
reversible and start at the border (RULINGS O4), so a wave never loops, and it is absorbed
exactly when it meets the absorbing gem. The layouts where the wave is absorbed are therefore
the layouts consistent with the other answers, minus, for each of the 36 ports, those where the
wave leaves by that port (any colour, any bounce count). Each of those terms has the wave known
at both ends, which the frontier search follows from both ends.

Measured on issue 31's states (`benchmarks/bench_lazy.py --complement`, docs/solver.md 6a) it
loses where it was meant to help: the other answers' count is itself the larger one (full, 6
answers, state 19: 3.3e10 layouts against 5.2e9 absorbed), so `count_layouts` keeps following
the wave. This stays as the exact cross-check the tests hold to the listed layouts, and for the
benchmark.
"""
from __future__ import annotations

from games.orapa.answers import ShotAnswer
from games.orapa.puzzle import Puzzle
from solver.orapa.counting.family_counts import LayoutCount, count_layouts

PORTS = 36


def absorbed_shot(puzzle: Puzzle) -> ShotAnswer | None:
    """The first shot answered `absorbed`, if any."""
    for o in puzzle.observations:
        if isinstance(o, ShotAnswer) and o.exit is None:
            return o
    return None


def outcome_terms(puzzle: Puzzle, shot: ShotAnswer) -> list[Puzzle]:
    """Per port, the puzzle whose answer to `shot` is "leaves by that port" with its colour and
    bounce count left open (both None: the searches take any); with `shot` absorbed these and
    the absorbed puzzle split the other answers' layouts."""
    others = [o for o in puzzle.observations if o is not shot]
    return [puzzle.with_observations(others + [ShotAnswer(shot.port, port, None, None)])
            for port in range(PORTS)]


def complement_count(puzzle: Puzzle, deadline: float | None = None,
                     marginals: bool = False) -> LayoutCount | None:
    """The puzzle's exact count (and marginals when asked) as the other answers' count minus
    the count of every way its first absorbed wave could leave instead; None without an absorbed
    wave, a count with `exact` False past `deadline` (time.monotonic())."""
    shot = absorbed_shot(puzzle)
    if shot is None:
        return None
    rest = puzzle.with_observations([o for o in puzzle.observations if o is not shot])
    total = count_layouts(rest, deadline, marginals=marginals)
    if not total.exact:
        return LayoutCount(0, False, total.families, total.nodes)
    count, families, nodes = total.count, total.families, total.nodes
    by_cell = [dict(row) for row in total.by_cell] if total.by_cell is not None else None
    for term in outcome_terms(puzzle, shot):
        leaving = count_layouts(term, deadline, marginals=marginals)
        families += leaving.families
        nodes += leaving.nodes
        if not leaving.exact:
            return LayoutCount(0, False, families, nodes)
        count -= leaving.count
        if by_cell is not None and leaving.by_cell is not None:
            for row, minus in zip(by_cell, leaving.by_cell):
                for colour, n in minus.items():
                    row[colour] -= n
    if by_cell is not None:
        by_cell = [{colour: n for colour, n in row.items() if n} for row in by_cell]
    return LayoutCount(count, True, families, nodes, by_cell=by_cell)
