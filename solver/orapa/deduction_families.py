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
from functools import lru_cache
from typing import Iterator, Literal

import numpy as np

from games.errors import LimitReached
from games.orapa.answers import shown_by
from games.orapa.board import PORT_LINES
from games.orapa.layout import Layout
from games.orapa.placements import bits, placements
from games.orapa.puzzle import CellAnswer, Puzzle
from solver.orapa.deduction_witnesses import ALL_CELLS, WitnessMap, walk
from solver.orapa.search import frontier_compiled
from solver.orapa.search.frontier_search import frontier_families
from solver.orapa.search.path_family import PathFamily, placement_words, ruled_out, words

MAX_FAMILIES = 64   # families held at once for the proof by families (see `all_families`)
FAMILY_SLICE = 0.05     # seconds of one shuffled search order before the next
SLICE_NEWS = 20         # new pairs a shuffled order must show for the witnesses to go on


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
    taken, touch = blocked_by(family.used, family.touch)
    for k, gem in enumerate(family.free):
        content = shown_by(gem)
        reach[content] = reach.get(content, 0) | free_reach(gem.shape, family.mirror,
                                                            family.avoid[k], taken, touch)
    for content, cells in reach.items():
        pairs += [(c, content) for c in bits(cells & found.unshown_mask(content))]
    pairs += [(c, "empty") for c in bits(ALL_CELLS & ~fixed & found.unshown_mask("empty"))]
    return pairs


def blocked_by(used: int, touch: int) -> tuple[np.ndarray, np.ndarray]:
    """What the fixed gems (their quarters `used`, the quarters sharing an edge with them
    `touch`) forbid a free gem's quarters and its touch masks, as words for `_allowed`."""
    return words(used | touch, 5), words(used, 5)


def _allowed(options: tuple[np.ndarray, np.ndarray, np.ndarray], avoid: int,
             taken: np.ndarray, touch: np.ndarray) -> np.ndarray:
    """Which of these placements (`placement_words` rows) avoid the cells `avoid` and the
    fixed gems' quarters and share no edge with them."""
    cells, quarters, touches = options
    return ~((cells & words(avoid, 2)).any(axis=1) | (quarters & taken).any(axis=1)
             | (touches & touch).any(axis=1))


def free_reach(shape: str, mirror: bool, avoid: int, taken: np.ndarray, touch: np.ndarray,
               front: int | None = None, needed: int = 0) -> int:
    """The cells a free gem's placements cover that avoid its cells, the fixed gems' quarters
    and the quarters sharing an edge with them (the other free gems are not looked at); with
    `front` (`visible_front`), only the placements that cover one of its cells; with
    `needed`, only those that cover all of its cells."""
    options = placement_words(shape, mirror)
    allowed = _allowed(options, avoid, taken, touch)
    if front is not None:
        allowed &= (options[0] & words(front, 2)).any(axis=1)
    if needed:
        need = words(needed, 2)
        allowed &= ((options[0] & need) == need).all(axis=1)
    if not allowed.any():
        return 0
    covered = np.bitwise_or.reduce(options[0][allowed], axis=0)
    return int(covered[0]) | int(covered[1]) << 64


def visible_front(family: PathFamily) -> int:
    """The cells some port sees before any of the family's fixed gems: a free gem is seen
    (O3) only where it covers one of them, whatever the other free gems (they can only hide
    it more), so under visibility a member's free gem covers one of these cells."""
    fixed = 0
    for placed in family.fixed:
        fixed |= placed.placement.cell_mask
    front = 0
    for line in PORT_LINES:
        for cell in line:
            if fixed >> cell & 1:
                break
            front |= 1 << cell
    return front


@lru_cache(maxsize=None)
def _covering(shape: str, mirror: bool, cell: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`placement_words` of a shape's placements that cover `cell`."""
    cells, quarters, touches = placement_words(shape, mirror)
    over = np.array([p.cell_mask >> cell & 1 == 1 for p in placements(shape, mirror)])
    return cells[over], quarters[over], touches[over]


def could_show(family: PathFamily, cell: int, content: str) -> bool:
    """Could a member of the family show `content` at `cell`, by the masks alone? A fixed
    gem there decides; else a free gem showing it needs a placement over the cell off its
    avoided cells, the fixed gems' quarters and those sharing an edge with them. (False
    proves the family has no such member, without the member search: with a cell answer
    added, the wave search makes tens of thousands of such families on some states.)"""
    for placed in family.fixed:
        if placed.placement.cell_mask >> cell & 1:
            return shown_by(placed.gem) == content
    if content == "empty":
        return True
    blocked = None
    for k, gem in enumerate(family.free):
        if shown_by(gem) != content or family.avoid[k] >> cell & 1:
            continue
        if blocked is None:
            blocked = blocked_by(family.used, family.touch)
        if _allowed(_covering(gem.shape, family.mirror, cell), family.avoid[k], *blocked).any():
            return True
    return False


def showing(family: PathFamily, cell: int, content: str) -> PathFamily:
    """The family's members that show `content` at `cell`, as a family."""
    answer = CellAnswer(cell, content)
    return PathFamily(family.fixed, family.free,
                      tuple(avoid | ruled_out(gem, [answer])
                            for gem, avoid in zip(family.free, family.avoid)),
                      family.cell_answers + (answer,), family.visibility, family.mirror)


CHECK_SECONDS = 0.02   # one family's member search, before the model is left the question


def within(deadline: float | None, seconds: float) -> float:
    """A deadline `seconds` from now, or `deadline` when that comes first."""
    stop = time.monotonic() + seconds
    return stop if deadline is None else min(stop, deadline)


def member_or_proof(family: PathFamily, deadline: float | None,
                    seconds: float = CHECK_SECONDS) -> Layout | Literal[False] | None:
    """A member of the family to walk from; False when it has none; None when the member
    search did not tell within `seconds`. (Asking the counting kernel for a positive count
    when the member search is slow made no difference on full states of 3 and 6 answers.)"""
    try:
        return next(iter(family.members(within(deadline, seconds))), False)
    except LimitReached:
        return None


def prove_by_families(found: WitnessMap, families: list[PathFamily], puzzle: Puzzle,
                      deadline: float | None) -> set[tuple[int, str]] | None:
    """The map from every family: every pair not shown is impossible but those returned,
    whose family's member search took more than `CHECK_SECONDS` (a gem that must stay
    visible can make it list every other member first): the model answers those. None past
    the deadline."""
    unresolved: set[tuple[int, str]] = set()
    alive = []
    for family in families:
        if deadline is not None and time.monotonic() > deadline:
            return None
        news = _fixed_news(found, family)
        if news:
            member = member_or_proof(family, deadline)
            if member is False:
                continue
            if member is None:   # not known in time
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
            member = member_or_proof(showing(family, cell, content), deadline)
            if isinstance(member, Layout):
                walk(found, member, puzzle, deadline)
            elif member is None:
                unresolved.add((cell, content))
    found.impossible.update(set(found.unshown()) - unresolved)
    return unresolved


def witnesses_from_families(found: WitnessMap, puzzle: Puzzle, deadline: float) -> None:
    """Witnesses from the wave search's families, in shuffled search orders (each a
    different corner of the search), until an order finishes, one shows fewer than
    `SLICE_NEWS` new pairs, or the deadline: a family whose fixed gems or paths show
    something new gives one member, walked from. (Each pair left then costs `settle_pairs`
    about a millisecond, so a slice must show some dozens to be worth its time: on full
    states of 3 and 6 answers the later slices showed a few pairs each, for half a second.)"""
    seed = 0
    before = len(found.unshown()) + SLICE_NEWS
    while time.monotonic() < deadline:
        left = len(found.unshown())
        if before - left < SLICE_NEWS:
            return
        seed += 1
        before = left
        stop = min(deadline, time.monotonic() + FAMILY_SLICE)
        try:
            for family in one_by_one(puzzle, stop, seed=seed):
                if not _fixed_news(found, family):
                    continue
                member = next(iter(family.members(stop)), None)
                if member is not None:
                    walk(found, member, puzzle, stop)
            return   # every family looked at
        except LimitReached:
            pass


PAIR_SECONDS = 0.02     # one pair's wave search with its cell answer added
PAIR_MEMBER_SECONDS = 0.02   # a family's member search within it
# A pair's search is given its seconds as search nodes (the compiled search makes about ten
# million a second), so that what a round settles does not depend on the machine's load
# (the clock is the wall's in the kernel): its clock is then only a backstop, at
# `PAIR_SLACK` times the seconds (the Python search's nodes are slower).
NODES_PER_SECOND = 10_000_000
PAIR_SLACK = 3.0


def settle_pairs(found: WitnessMap, puzzle: Puzzle, deadline: float | None,
                 seconds: float = PAIR_SECONDS, left: set[tuple[int, str]] | None = None,
                 give_up: int | None = None, seed: int = 0,
                 only: list[tuple[int, str]] | None = None) -> None:
    """Each pair not shown yet, asked of the wave search with that cell answer added: a cell
    answer prunes it so hard that it finds a member or runs out of families in about a
    millisecond where the whole search makes millions. A member is a witness (walked from);
    every family empty is a proof of impossibility; a search past `seconds` (or a family's
    member search past `PAIR_MEMBER_SECONDS`) leaves the pair to what comes next. With
    `left`: the pairs in it are not asked, those this round leaves are added to it, and the
    round stops once it holds `give_up` pairs (dozens of hard pairs: see
    `rule_out_by_families`). A nonzero `seed` shuffles the search's order, for the rounds
    after the first: a pair with members the fixed order reached after 0.15 to 0.2 s (a
    barren branch first) had one in the first family of every shuffled order tried. `only`:
    these pairs alone (those still unshown). Each search keeps the gems off the cells where
    their content was proved impossible so far (`known_avoid`)."""
    avoid, proved = known_avoid(found), len(found.impossible)
    for cell, content in found.unshown() if only is None else only:
        if len(found.impossible) != proved:   # (proofs only add to it)
            avoid, proved = known_avoid(found), len(found.impossible)
        if content in found.possible[cell] or (cell, content) in found.impossible \
                or (left is not None and (cell, content) in left):
            continue
        if left is not None and give_up is not None and len(left) >= give_up:
            return
        if found.tried.get((cell, content, seed), 0.0) >= seconds:
            continue   # the same search with no more nodes would run out again
        now = time.monotonic()
        if deadline is not None and now > deadline:
            return
        stop = now + PAIR_SLACK * seconds
        own = deadline is None or stop < deadline   # the pair's own budget, not the deadline
        if deadline is not None and not own:
            stop = deadline
        asked = puzzle.with_observations(list(puzzle.observations)
                                         + [CellAnswer(cell, content)])
        try:
            for family in one_by_one(asked, stop, max(1, int(seconds * NODES_PER_SECOND)),
                                     seed, avoid):
                if not could_show(family, cell, content):
                    continue
                member = member_or_proof(family, stop, PAIR_MEMBER_SECONDS)
                if member is None:
                    raise LimitReached("a family's member search ran out of time")
                if member is not False:
                    walk(found, member, puzzle, deadline)
                    break
            else:
                found.impossible.add((cell, content))
        except LimitReached:
            if own:
                found.tried[cell, content, seed] = seconds
            if left is not None:
                left.add((cell, content))


def one_by_one(puzzle: Puzzle, deadline: float | None, max_nodes: int | None = None,
               seed: int = 0, avoid: dict[str, int] | None = None) -> Iterator[PathFamily]:
    """`frontier_families`, each family as soon as the search reaches it: where a cell answer
    leaves a few families in all (a pair's search), the first came only once the whole
    search was done when they came 64 to a step (0.08 s against a member's few milliseconds
    on full states of 9 answers). LimitReached past `deadline` or `max_nodes` search nodes.
    `avoid`: cells each content is known not to show (`known_avoid`), for the compiled
    search (the Python one goes without)."""
    if avoid and frontier_compiled.available(puzzle):
        return frontier_compiled.families(puzzle, deadline, max_nodes=max_nodes, seed=seed,
                                          batch=1, avoid=avoid)
    return frontier_families(puzzle, deadline, max_nodes=max_nodes, seed=seed,
                             one_at_a_time=True)


def known_avoid(found: WitnessMap) -> dict[str, int]:
    """Per colour (or `absorbed`), the cells it was proved not to show: no gem showing it
    covers them in any consistent layout, so a search with a cell answer added may keep
    those gems off them and find the same layouts with fewer nodes (full mine 19 of 50 at 6
    answers: 42 hard pairs in 1.7 s of CPU against 3.9 s, most of them red ruled out in a
    few milliseconds once the first were). `empty` is left out (a gem's cells are what a
    search restricts)."""
    avoid: dict[str, int] = {}
    for cell, content in found.impossible:
        if content != "empty":
            avoid[content] = avoid.get(content, 0) | 1 << cell
    return avoid
