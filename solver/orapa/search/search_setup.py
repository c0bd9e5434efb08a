"""What both wave searches read of a puzzle, and the family a leaf of either stands for.

`solver.orapa.search.wave_search.search_families` (one wave at a time) and
`solver.orapa.search.frontier_search` (every wave at once, in Python and compiled) differ in the order
they decide cells; their inputs (gem kinds and counts, the waves and the kinds each may meet,
the cell answers as masks) and their leaves (placed gems fixed, the others free off the paths)
are the same, and are made here.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from games.errors import LimitReached
from games.orapa.board import PORTS
from games.orapa.colors import GEM_COLOR_BITS
from games.orapa.gems import Gem
from games.orapa.layout import PlacedGem, RuleOptions
from games.orapa.puzzle import CellAnswer, Puzzle, ShotAnswer
from solver.orapa.search.path_family import PathFamily, ruled_out


@dataclass
class SearchSetup:
    """What both searches read of a puzzle: gem kinds, waves and the cell answers' masks."""

    kinds: list[Gem]
    counts: tuple[int, ...]
    bits: list[int]
    black: list[bool]
    shots: list[ShotAnswer]
    cells: tuple[CellAnswer, ...]
    forbidden: list[int]       # per kind: answered cells it may not cover
    empty0: int                # cells answered empty
    answered: int              # cells answered with a gem
    placeable: list[list[int]]  # per wave: the kinds it may meet
    met_by_all: bool


def implied_shots(shots: list[ShotAnswer]) -> list[ShotAnswer]:
    """The answers the waves give for free (RULINGS O4: paths are reversible): a wave from P
    that left at Q is the wave from Q leaving at P, with the same colour and the same faces
    met. One per exit port no shot was fired from; a shot that came back to its own port or
    was absorbed gives none.

    >>> [str(s) for s in implied_shots([ShotAnswer.parse("15 -> 8 purple"),
    ...                                 ShotAnswer.parse("3 -> absorbed")])]
    ['8 -> 15 purple']
    """
    fired = {o.port for o in shots}
    implied: list[ShotAnswer] = []
    for o in shots:
        if o.exit is not None and o.exit not in fired:
            fired.add(o.exit)
            implied.append(ShotAnswer(o.exit, o.port, o.color, o.bounces))
    return implied


def prepare(puzzle: Puzzle, both_ends: bool = True) -> SearchSetup | None:
    """The search's inputs, or None when an answer rules out every layout at once.

    With `both_ends` every answered wave is followed from its exit too (`implied_shots`): the
    same path, found from both ends, so a branch that cannot reach the exit ends sooner (a
    state of `full` with four answers: 29 s of frontier search became 1.2 s, the same
    families). The families are the same either way, only the nodes differ: the plain wave
    search (which it does not help) and the generator's difficulty (measured in nodes) ask
    for `both_ends=False`."""
    if puzzle.rules.touching != "corner":
        raise ValueError("the wave searches need rule touching=corner")
    kinds = sorted(set(puzzle.gems))
    bits = [GEM_COLOR_BITS[k.color] for k in kinds]
    black = [k.color == "black" for k in kinds]
    shots = [o for o in puzzle.observations if isinstance(o, ShotAnswer)]
    if both_ends:
        shots += implied_shots(shots)
    cells = tuple(o for o in puzzle.observations if isinstance(o, CellAnswer))
    empty0 = answered = 0
    forbidden = [ruled_out(k, cells) for k in kinds]
    for a in cells:
        if a.content == "empty":
            empty0 |= 1 << a.cell
        else:
            answered |= 1 << a.cell
    unanswerable = answered
    for mask in forbidden:
        unanswerable &= mask
    if unanswerable:
        return None
    all_bits = 0
    for b in bits:
        all_bits |= b
    if any(o.colour_known and (o.color or 0) & ~all_bits for o in shots):
        return None  # a colour no gem has
    # per wave: the kinds it may meet (an exit forbids black, and colours it did not show
    # when its answer says the colour; a bounce-only answer allows every other colour)
    placeable = [[i for i in range(len(kinds)) if o.exit is None
                  or not (black[i] or (o.color is not None and bits[i] & ~o.color))]
                 for o in shots]
    # Every gem is the first one seen from some port (visibility), and the wave from that
    # port enters its cell: with every port's answer observed, every gem is met by a wave,
    # so a gem no open wave can meet any more leaves the branch without members.
    met_by_all = puzzle.rules.visibility and {o.port for o in shots} == set(range(PORTS))
    counts = tuple(puzzle.gems.count(k) for k in kinds)
    return SearchSetup(kinds, counts, bits, black, shots, cells, forbidden, empty0, answered,
                       placeable, met_by_all)


def family_of(setup: SearchSetup, rules: RuleOptions, fixed: tuple[PlacedGem, ...],
              left: tuple[int, ...] | bytes, paths: int) -> PathFamily:
    """A leaf's family: the placed gems fixed, the others free off the path cells."""
    free: list[Gem] = []
    avoid: list[int] = []
    for i, n in enumerate(left):
        free += [setup.kinds[i]] * n
        avoid += [paths | setup.forbidden[i]] * n
    return PathFamily(fixed, tuple(free), tuple(avoid), setup.cells, rules.visibility,
                      rules.mirror)


def check_limits(nodes: int, deadline: float | None, max_nodes: int | None) -> None:
    """Raise LimitReached past `deadline` (time.monotonic()) or past `max_nodes` search nodes;
    both searches call it every few thousand nodes, never per node."""
    if deadline is not None and time.monotonic() > deadline:
        raise LimitReached("time limit reached while listing families")
    if max_nodes is not None and nodes > max_nodes:
        raise LimitReached(f"more than {max_nodes} search nodes")
