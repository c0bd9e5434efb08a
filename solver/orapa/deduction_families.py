"""The deduction map from the wave search's families (`touching corner`).

The families of the compiled wave search partition the consistent layouts: each fixes the gems
the waves touch and keeps the free gems off the waves' paths. Every member of a family shows
the same thing on its fixed gems' cells and its paths; a free gem brings its colour to a cell
off them exactly when the family has a member with that cell answer added. So when every
family can be listed (`all_families`), the map is proved by the families alone
(`prove_by_families`), with no solver: a family is opened only when its masks say it could
show something not shown yet. When they cannot all be listed, the first families of several
shuffled search orders give witnesses (`witnesses_from_families`).
"""
from __future__ import annotations

import time

import numpy as np

from games.errors import LimitReached
from games.orapa.answers import shown_by
from games.orapa.layout import Layout
from games.orapa.placements import bits
from games.orapa.puzzle import CellAnswer, Puzzle
from solver.orapa.deduction_witnesses import ALL_CELLS, WitnessMap, walk
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.search.path_family import PathFamily, placement_words, ruled_out, words

MAX_FAMILIES = 20_000   # families held at once for the proof by families
FAMILY_SLICE = 0.05     # seconds of one shuffled search order before the next
IDLE_SLICES = 2         # orders in a row that showed nothing new: the witnesses stop


def all_families(puzzle: Puzzle, deadline: float) -> list[PathFamily] | None:
    """Every family of the wave search, or None when there are more than `MAX_FAMILIES` or
    `time.monotonic()` passes the deadline first."""
    families: list[PathFamily] = []
    try:
        for family in frontier_families(puzzle, deadline):
            families.append(family)
            if len(families) > MAX_FAMILIES:
                return None
    except LimitReached:
        return None
    return families


def _fixed_news(found: WitnessMap, family: PathFamily) -> list[tuple[int, str]]:
    """The pairs not shown yet that every member of the family shows: its fixed gems' cells,
    and the cells kept clear of every gem (its paths, cells answered empty)."""
    fixed = 0
    pairs = []
    for placed in family.fixed:
        cells = placed.placement.cell_mask
        fixed |= cells
        content = shown_by(placed.gem)
        pairs += [(c, content) for c in bits(cells & found.unshown_mask(content))]
    kept_clear = ALL_CELLS
    for avoid in family.avoid:
        kept_clear &= avoid
    pairs += [(c, "empty") for c in bits(kept_clear & ~fixed & found.unshown_mask("empty"))]
    return pairs


def _free_news(found: WitnessMap, family: PathFamily) -> list[tuple[int, str]]:
    """The pairs not shown yet that a free gem of the family might bring, and `empty` on any
    cell no fixed gem covers (a cell no free gem can reach is empty in every member, yet it
    is neither on a path nor in a free gem's reach)."""
    fixed = 0
    for placed in family.fixed:
        fixed |= placed.placement.cell_mask
    pairs = []
    reach: dict[str, int] = {}
    taken, touch = words(family.used | family.touch, 5), words(family.used, 5)
    for k, gem in enumerate(family.free):
        content = shown_by(gem)
        reach[content] = reach.get(content, 0) | _reach(gem.shape, family.mirror,
                                                        family.avoid[k], taken, touch)
    for content, cells in reach.items():
        pairs += [(c, content) for c in bits(cells & found.unshown_mask(content))]
    pairs += [(c, "empty") for c in bits(ALL_CELLS & ~fixed & found.unshown_mask("empty"))]
    return pairs


def _reach(shape: str, mirror: bool, avoid: int, taken: np.ndarray, touch: np.ndarray) -> int:
    """The cells a free gem's placements cover that avoid its cells, the fixed gems' quarters
    and the quarters sharing an edge with them (the other free gems are not looked at)."""
    cells, quarters, touches = placement_words(shape, mirror)
    allowed = ~((cells & words(avoid, 2)).any(axis=1) | (quarters & taken).any(axis=1)
                | (touches & touch).any(axis=1))
    if not allowed.any():
        return 0
    covered = np.bitwise_or.reduce(cells[allowed], axis=0)
    return int(covered[0]) | int(covered[1]) << 64


def _showing(family: PathFamily, cell: int, content: str) -> PathFamily:
    """The family's members that show `content` at `cell`, as a family."""
    answer = CellAnswer(cell, content)
    return PathFamily(family.fixed, family.free,
                      tuple(avoid | ruled_out(gem, [answer])
                            for gem, avoid in zip(family.free, family.avoid)),
                      family.cell_answers + (answer,), family.visibility, family.mirror)


CHECK_SECONDS = 0.02   # one family's member search, before the model is left the question


def prove_by_families(found: WitnessMap, families: list[PathFamily], puzzle: Puzzle,
                      deadline: float | None) -> set[tuple[int, str]] | None:
    """The map from every family: every pair not shown is impossible but those returned,
    whose family's member search took more than `CHECK_SECONDS` (a gem that must stay
    visible can make it list every other member first): the model answers those. None past
    the deadline."""
    unresolved: set[tuple[int, str]] = set()

    def member_of(family: PathFamily) -> Layout | None | bool:
        stop = time.monotonic() + CHECK_SECONDS
        try:
            return next(iter(family.members(stop if deadline is None else min(stop, deadline))),
                        None)
        except LimitReached:
            return False

    alive = []
    for family in families:
        if deadline is not None and time.monotonic() > deadline:
            return None
        news = _fixed_news(found, family)
        if news:
            member = member_of(family)
            if member is None:
                continue
            if not isinstance(member, Layout):   # the search ran out of its time
                unresolved.update(news + _free_news(found, family))
                continue
            walk(found, member, puzzle, deadline)
        alive.append(family)
    for family in alive:
        for cell, content in _free_news(found, family):
            if deadline is not None and time.monotonic() > deadline:
                return None
            if content in found.possible[cell] or (cell, content) in unresolved:
                continue
            member = member_of(_showing(family, cell, content))
            if isinstance(member, Layout):
                walk(found, member, puzzle, deadline)
            elif member is False:
                unresolved.add((cell, content))
    found.impossible.update(set(found.unshown()) - unresolved)
    return unresolved


def witnesses_from_families(found: WitnessMap, puzzle: Puzzle, deadline: float) -> None:
    """Witnesses from the wave search's families, in shuffled search orders (each a
    different corner of the search), until an order finishes, two in a row add nothing, or
    the deadline: a family whose fixed gems or paths show something new gives one member,
    walked from."""
    seed = idle = 0
    while time.monotonic() < deadline and idle < IDLE_SLICES:
        seed += 1
        before = len(found.seen)
        stop = min(deadline, time.monotonic() + FAMILY_SLICE)
        try:
            for family in frontier_families(puzzle, stop, seed=seed):
                if not _fixed_news(found, family):
                    continue
                member = next(iter(family.members(stop)), None)
                if member is not None:
                    walk(found, member, puzzle, stop)
            return   # every family looked at
        except LimitReached:
            idle = idle + 1 if len(found.seen) == before else 0


PAIR_SECONDS = 0.02     # one pair's wave search with its cell answer added
PAIR_MEMBER_SECONDS = 0.02   # a family's member search within it


def settle_pairs(found: WitnessMap, puzzle: Puzzle, deadline: float | None,
                 seconds: float = PAIR_SECONDS) -> None:
    """Each pair not shown yet, asked of the wave search with that cell answer added: a cell
    answer prunes it so hard that it finds a member or runs out of families in about a
    millisecond where the whole search makes millions. A member is a witness (walked from);
    every family empty is a proof of impossibility; a search past `seconds` (or a family's
    member search past `PAIR_MEMBER_SECONDS`) leaves the pair to the model."""
    for cell, content in found.unshown():
        if content in found.possible[cell]:
            continue
        now = time.monotonic()
        if deadline is not None and now > deadline:
            return
        stop = now + seconds if deadline is None else min(now + seconds, deadline)
        asked = puzzle.with_observations(list(puzzle.observations)
                                         + [CellAnswer(cell, content)])
        try:
            for family in frontier_families(asked, stop):
                member = next(iter(family.members(
                    min(stop, time.monotonic() + PAIR_MEMBER_SECONDS))), None)
                if member is not None:
                    walk(found, member, puzzle, deadline)
                    break
            else:
                found.impossible.add((cell, content))
        except LimitReached:
            continue
