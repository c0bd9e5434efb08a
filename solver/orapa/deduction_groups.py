"""The deduction map's pairs of one content asked of one wave search (`touching corner`).

`settle_pairs` asks each pair "content x in cell c" of its own wave search, with that cell
answer added. On full's slow states of 6 answers, after the witnesses, most of the pairs left
are impossible, and each costs its search 3 to 9 ms of nodes (80 to 115 of them a state):
searches for neighbouring cells refute the same branches again and again. `settle_group`
asks them all at once: one search keeping only the branches where a gem showing x covers, or
may still cover, one of the cells asked (the kernel's target cut), each family it reaches
opened for the cells it could show x in. A member shows its pairs (and is walked from); the
cells asked shrink as they are shown, so the search prunes harder as it goes; when the
search ends, every cell still asked is proved impossible at once.
"""
from __future__ import annotations

import time
from typing import Callable

from games.errors import LimitReached
from games.orapa.answers import shown_by
from games.orapa.placements import bits
from games.orapa.puzzle import Puzzle
from solver.orapa.deduction_families import (NODES_PER_SECOND, PAIR_MEMBER_SECONDS, PAIR_SLACK,
                                             blocked_by, free_reach, known_avoid,
                                             member_or_proof, showing, visible_front)
from solver.orapa.deduction_witnesses import WitnessMap, walk
from solver.orapa.search import frontier_compiled
from solver.orapa.search.path_family import PathFamily

GROUP_PAIR_SECONDS = 0.01   # a group's nodes, per pair in it, as the pairs' own would be
GROUP_SECONDS = 0.15        # at most, a group
GROUP_MISSES = 3            # families whose member search did not tell, before a group gives up
# A group paused at its limits is taken up again after the others (full mine 49 of 50 at 3
# answers: its blue, yellow and absorbed groups end after 1.5, 0.5 and 1 million nodes, 0.5
# to 0.8 s of CPU, where one run's clock is 0.45 s; pair by pair, blue alone took 11 s; when
# its witnesses left 199 pairs rather than 165, three more runs within three quarters of the
# time left did not let yellow and absorbed end, and it went unproved)
RESUMED_RUNS = 6            # runs at most, after the first,
RESUMED_SHARE = 0.9         # within this share of the time left


class Group:
    """One content's group between its runs: its search (which a limit only pauses), the
    cells its member searches could not tell, its misses and its idle seconds."""

    def __init__(self, content: str) -> None:
        self.content = content
        self.search: frontier_compiled.PausedSearch | None = None
        self.undecided = self.misses = 0
        self.idle = self.seconds = 0.0   # spent on families that showed nothing; given
        self.paused = False   # stopped at its nodes or clock, between two families


def settle_group(found: WitnessMap, puzzle: Puzzle, content: str, deadline: float | None,
                 seconds: float, group: Group | None = None) -> bool:
    """Every pair of `content` not settled yet, asked of one wave search of `seconds`' worth
    of nodes: True when it ended (every cell still asked then proved impossible; the cells
    whose family's member search did not tell in `PAIR_MEMBER_SECONDS` are left as they
    were), False past its nodes or the deadline (`group.paused`: called again with it, the
    search goes on where it stopped), or once `GROUP_MISSES` families' member searches did
    not tell, or once opening its families that showed nothing new has taken its seconds
    (only what the members showed is kept)."""
    group = Group(content) if group is None else group
    group.paused, group.seconds = False, group.seconds + seconds

    def asked() -> int:
        return found.unshown_mask(content) & ~group.undecided

    if not asked() or not frontier_compiled.available(puzzle):
        return not asked()
    stop = time.monotonic() + PAIR_SLACK * seconds
    if deadline is not None:
        stop = min(stop, deadline)
    if group.search is None:
        group.search = frontier_compiled.PausedSearch(puzzle, known_avoid(found),
                                                      (content, asked))
    families = group.search.families(stop, max(1, int(seconds * NODES_PER_SECOND)), batch=1)
    try:
        while True:
            try:
                family = next(families)
            except StopIteration:
                break
            except LimitReached:   # (between two families: the search keeps its place,
                group.paused = not group.search.over   # but on a kernel built before pauses)
                return False
            start, before = time.monotonic(), found.shown[content]
            untold = _open(found, puzzle, family, content, asked(), stop, deadline)
            if found.shown[content] == before:
                group.idle += time.monotonic() - start
                if group.idle > group.seconds:
                    return False   # (base mine 38 of 50 at 3 answers: white free in 33,000
                    # families that showed nothing, each opened in 0.3 to 2 ms where the
                    # search makes one in 0.02)
            if untold:
                group.undecided |= untold
                group.misses += 1
                if group.misses >= GROUP_MISSES:
                    return False   # (base mine 38 of 50 at 3 answers: white free in family
                    # after family whose member searches all ran out, 1.1 s for no proof)
    except LimitReached:   # in a family's member searches: that family not opened whole
        return False
    found.impossible.update((cell, content) for cell in bits(asked()))
    return True


def family_reach(family: PathFamily, content: str) -> tuple[int, int]:
    """Where the family's members may show `content` (a gem's colour or `absorbed`), by masks:
    the cells its fixed gems of it cover (every member shows it there), and the cells its
    free gems of it may cover: placements off their avoided cells and the fixed gems'
    quarters, under visibility over a cell some port sees first (`visible_front`), and
    over every cell answered with the content that no fixed gem covers when one free gem
    shows it."""
    covered = reach = 0
    for placed in family.fixed:
        if shown_by(placed.gem) == content:
            covered |= placed.placement.cell_mask
    blocked, front = None, None
    holders = [k for k, gem in enumerate(family.free) if shown_by(gem) == content]
    # a cell answered with the content that no fixed gem covers is covered by a free gem of
    # it: by the one there is, in every member (base mine 38 of 50 at 3 answers: a free white
    # square kept at D7 in 33,000 families, its reach by the masks alone all over the board)
    needed = 0 if len(holders) != 1 else sum(
        1 << a.cell for a in family.cell_answers if a.content == content) & ~covered
    for k in holders:
        if blocked is None:
            blocked = blocked_by(family.used, family.touch)
            front = visible_front(family) if family.visibility else None
        reach |= free_reach(family.free[k].shape, family.mirror, family.avoid[k], *blocked,
                            front, needed)
    return covered, reach


def _open(found: WitnessMap, puzzle: Puzzle, family: PathFamily, content: str, cells: int,
          stop: float, deadline: float | None) -> int:
    """The family's members showing `content` in the `cells` it could show it in (by the
    masks: its fixed gems of that content, its free ones' reach), walked from; the cells
    not told are returned: from the first whose member search did not tell in
    `PAIR_MEMBER_SECONDS` on."""
    covered, reach = family_reach(family, content)
    if covered & cells:   # every member shows it there
        member = member_or_proof(family, stop, PAIR_MEMBER_SECONDS)
        if member is None:
            return (covered | reach) & cells
        if member is False:
            return 0   # no member at all
        walk(found, member, puzzle, deadline)
    left = reach & cells
    for cell in bits(left):
        left &= ~(1 << cell)
        if not found.unshown_mask(content) >> cell & 1:
            continue   # shown on the way
        if time.monotonic() > stop:   # (the kernel's clock is checked between leaves only)
            raise LimitReached("a group's time ran out in its member searches")
        member = member_or_proof(showing(family, cell, content), stop, PAIR_MEMBER_SECONDS)
        if member is None:   # the family's other cells would cost as much (base mine 38 of
            # 50 at 3 answers: 49 white pairs of 0.02 s each, 1.1 s, none told)
            return left | 1 << cell
        if member is not False:
            walk(found, member, puzzle, deadline)
    return 0


def settle_groups(found: WitnessMap, puzzle: Puzzle, deadline: float | None,
                  count: Callable[[float], bool] | None = None, count_seconds: float = 0.0
                  ) -> bool:
    """`settle_group` for each colour (and `absorbed`) with two pairs or more left, given
    `GROUP_PAIR_SECONDS` a pair, `GROUP_SECONDS` at most. Before each group but the first,
    `count` (the count in parts, which goes on where it stopped) is given the seconds the
    groups have had more than it, `count_seconds` in all at most: True when it finished
    (the map is then the count's). (Full mines 5 and 43 of 50 at 9 answers: the count
    finished 0.1 to 0.2 s after its first try, where the groups took 1 to 1.2 s; on most
    states of 3 answers it does not finish, and the groups take a few hundredths.) Then the
    groups paused at their limits are taken up again where they stopped, as long again each
    time, `RESUMED_RUNS` times at most and for `RESUMED_SHARE` of the time left."""
    spent = counted = 0.0
    paused: list[Group] = []
    for content in found.contents:
        if content == "empty":
            continue   # (the target cut is about a gem's cells)
        pairs = bin(found.unshown_mask(content)).count("1")
        if pairs < 2:
            continue
        if count is not None and spent > counted and counted < count_seconds:
            start = time.monotonic()
            if count(min(spent - counted, count_seconds - counted)):
                return True
            counted += time.monotonic() - start
        start, group = time.monotonic(), Group(content)
        settle_group(found, puzzle, content, deadline,
                     min(GROUP_SECONDS, GROUP_PAIR_SECONDS * pairs), group)
        spent += time.monotonic() - start
        paused += [group] if group.paused else []
    now = time.monotonic()
    stop = float("inf") if deadline is None else now + RESUMED_SHARE * max(0.0, deadline - now)
    for _ in range(RESUMED_RUNS):
        for group in paused:
            if time.monotonic() < stop:
                pairs = bin(found.unshown_mask(group.content)).count("1")
                settle_group(found, puzzle, group.content, stop,
                             min(GROUP_SECONDS, GROUP_PAIR_SECONDS * pairs), group)
        paused = [group for group in paused if group.paused]
    return False
