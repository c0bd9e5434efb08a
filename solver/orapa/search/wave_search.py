"""Families of consistent layouts, found by a direct search along the observed waves.

A shot's answer depends only on the cells its wave enters. The search follows every observed
wave from its port, cell by cell; at a cell no earlier decision covers, it branches: the cell is
empty, or one of the gems not placed yet covers it at some placement (compatible with what is
placed, with the cells known empty and with the cell answers). A branch dies as soon as its
colour leaves the observed colour, it has met more gem faces than an observed bounce count
(RULINGS O9) allows, or it is absorbed, exits or ends wrongly. A leaf fixes the
gems the waves touch ("fixed") and the cells they cross (the paths); the other gems ("free")
may sit anywhere off the paths where the layout is legal, visible and gives the cell answers.
Waves are followed one at a time, next always the one the fewest unplaced gems could meet (ties:
fewer gem kinds, fewer colours), so waves that only placed gems can meet are checked at once.

Every consistent layout lies in exactly one leaf (follow its own cell contents), so the leaves'
families partition the consistent layouts, like `solver.orapa.sat.families` does with SAT calls, but
without a solver: much faster when the families number hundreds. Rule `touching corner` only
(there a cell holds at most one gem, so a cell's content is one gem's). Used by
`ConsistentLayouts` (the solver's first engine), the generator's uniqueness checks and the
advisor's candidates and sampler.

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.random_layouts import random_layout
>>> from games.orapa.puzzle import puzzle_from_layout
>>> mine = random_layout(gem_set("base"), rng=random.Random(2))
>>> puzzle = puzzle_from_layout(mine, gem_set("base"), RuleOptions(), ports=range(0, 36, 2))
>>> found = list(search_families(puzzle))
>>> assign_weights(found)
>>> mine in [m for f in found for m in f.members()]
True
"""
from __future__ import annotations

from typing import Iterator

from games.orapa.board import CELLS, ENTRY, EXIT_PORT, NEIGHBOUR
from games.orapa.colors import GEM_COLOR_BITS
from games.orapa.gems import Gem
from games.orapa.layout import Layout, PlacedGem
from games.orapa.placements import Placement
from games.orapa.puzzle import Puzzle, ShotAnswer
from games.orapa.waves import ROUTE
from solver.orapa.search.path_family import PathFamily, assign_weights, by_cell_entries  # noqa: F401 (doctest)
from solver.orapa.search.search_setup import check_limits, family_of, prepare

_CHECK_EVERY = 2048  # search nodes between two looks at the clock
_UNDO = object()    # on the search stack: take the last placement back


def _branching(shot: ShotAnswer, kinds: list[Gem]) -> tuple[int, int]:
    """Static search order, the tie-break of the dynamic one: waves that fewer gem kinds can
    meet first (they mostly mark cells empty)."""
    if shot.exit is None:
        return len(kinds) + 1, 0
    seen = 15 if shot.color is None else shot.color   # a bounce count says no colour
    allowed = sum(1 for k in kinds if k.color != "black"
                  and not GEM_COLOR_BITS[k.color] & ~seen)
    if shot.bounces is not None:   # few faces met: most of the path is known empty
        return allowed, shot.bounces
    return allowed, bin(seen).count("1")


def search_families(puzzle: Puzzle, deadline: float | None = None,
                    nodes: list[int] | None = None, max_nodes: int | None = None,
                    last: Layout | None = None) -> Iterator[PathFamily]:
    """Every family of layouts consistent with the puzzle, lazily (some may be empty; weights
    are set by `assign_weights`); raises LimitReached past `deadline` (time.monotonic()).
    `nodes`, a one-element list, gets the number of search nodes added to it (the search's
    work, deterministic: the generator rates difficulty by it); LimitReached also comes once
    it exceeds `max_nodes`. At every branch, what `last` (a known layout) holds there is
    tried last, so a search for a layout other than `last` meets one sooner (the families and
    the nodes of a complete search are the same in any order). Waves are followed from their
    shot only: from both ends too (`search_setup.prepare`) this search found the same nodes
    or more, and its nodes are the generator's measure of difficulty."""
    setup = prepare(puzzle, both_ends=False)
    if setup is None:
        return   # an answer rules out every layout at once
    mirror = puzzle.rules.mirror
    kinds, counts, bits, black = setup.kinds, setup.counts, setup.bits, setup.black
    forbidden = setup.forbidden
    empty0, answered = setup.empty0, setup.answered
    by_cell = [by_cell_entries(k.shape, mirror) for k in kinds]
    order = sorted(range(len(setup.shots)), key=lambda t: _branching(setup.shots[t], kinds))
    shots = [setup.shots[t] for t in order]
    # per wave: the kinds it may place (an exit forbids black and colours it did not show)
    placeable = [setup.placeable[t] for t in order]
    if nodes is None:
        nodes = [0]
    grid: list[tuple[int, int, bool] | None] = [None] * CELLS  # what covers each cell
    known: list[tuple[int, int] | None] = [None] * CELLS  # what `last` has there: kind, quarters
    if last is not None:
        for g in last.gems:
            if g.gem in kinds:
                for c in range(CELLS):
                    if g.placement.cell_mask >> c & 1:
                        known[c] = (kinds.index(g.gem), g.placement.mask)
    placed: list[tuple[int, Placement]] = []
    next_wave: dict[tuple[int, tuple[int, ...]], int] = {}
    check_every = _CHECK_EVERY

    def following(done: int, left: tuple[int, ...]) -> int:
        """The next wave to follow: the one fewest gems not placed yet could meet (a wave
        only placed gems can meet is a plain check); -1 when every wave is done."""
        key = (done, left)
        best = next_wave.get(key)
        if best is None:
            best, fewest = -1, len(puzzle.gems) + 1
            for t, kinds_hit in enumerate(placeable):
                if not done >> t & 1:
                    count = sum(left[i] for i in kinds_hit)
                    if count < fewest:
                        best, fewest = t, count
            next_wave[key] = best
        return best

    def leaf(left: tuple[int, ...], paths: int) -> PathFamily:
        fixed = tuple(PlacedGem(kinds[i], p) for i, p in placed)
        return family_of(setup, puzzle.rules, fixed, left, paths)

    # An explicit depth-first stack (no generator chain for a family to climb back through):
    # a node is (wave, waves done, cell, direction, colour so far, faces met so far, gems
    # left, quarters used, quarters touched, cells known empty, path cells, the placement that
    # leads to it or None); _UNDO marks where a placement's subtree ends.
    no_count = 1 << 30   # the bound of a wave whose answer has no bounce count
    stack: list = [(following(0, counts), 0, -1, 0, 0, 0, counts, 0, 0, empty0, 0, None)]
    undo: list[tuple[tuple[int, int], ...]] = []
    while stack:
        node = stack.pop()
        if node is _UNDO:
            placed.pop()
            for c, _ in undo.pop():
                grid[c] = None
            continue
        s, done, cell, d, color, met, left, used, touch, empty, paths, move = node
        if move is not None:
            i, p, parts = move
            content = (bits[i], black[i])
            for c, pattern in parts:
                grid[c] = (pattern, *content)
            placed.append((i, p))
            undo.append(parts)
            stack.append(_UNDO)
        nodes[0] += 1
        if nodes[0] % check_every == 0:
            check_limits(nodes[0], deadline, max_nodes)
        if s < 0:
            yield leaf(left, paths)
            continue
        target = shots[s]
        exit_ = target.exit
        # a bounce-only answer says nothing of the colour: any colour will do
        wanted = 15 if target.color is None else target.color
        any_colour = target.color is None
        most = no_count if target.bounces is None else target.bounces
        if cell < 0:  # a new wave
            cell, d = ENTRY[target.port]
            color = met = 0
        while True:
            info = grid[cell]
            if info is None and not empty >> cell & 1:
                break  # undecided: branch below
            paths |= 1 << cell
            if info is not None:
                occupancy, gem_bits, absorbs = info
                d = ROUTE[occupancy][d][0]
                color |= gem_bits
                if absorbs:
                    if exit_ is None:
                        stack.append((following(done | 1 << s, left), done | 1 << s, -1, 0, 0,
                                      0, left, used, touch, empty, paths, None))
                    cell = -1
                    break
                met += 1    # every entry into a covered cell meets one face (O4, O9)
                if exit_ is not None and (color & ~wanted or met > most):
                    cell = -1
                    break
            nxt = NEIGHBOUR[cell][d]
            if nxt < 0:
                if exit_ == EXIT_PORT[cell][d] and (any_colour or color == target.color) \
                        and (target.bounces is None or met == target.bounces):
                    stack.append((following(done | 1 << s, left), done | 1 << s, -1, 0, 0,
                                  0, left, used, touch, empty, paths, None))
                cell = -1
                break
            cell = nxt
        if cell < 0:
            continue
        bit = 1 << cell
        # children in reverse of the order they are searched
        children: list[tuple] = []
        if not answered & bit:
            children.append((s, done, cell, d, color, met, left, used, touch, empty | bit,
                             paths, None))
        known_here = known[cell]
        # the child that agrees with `last`: the empty cell (first child) or a placement
        first_known = 0 if children and known_here is None and last is not None else -1
        blocked = used | touch
        for i in placeable[s]:
            n = left[i]
            if not n:
                continue
            rest = left[:i] + (n - 1,) + left[i + 1:]
            off = empty | forbidden[i]
            for p, mask, touch_mask, cell_mask, parts in by_cell[i][cell]:
                if mask & blocked or touch_mask & used or cell_mask & off:
                    continue
                if known_here is not None and known_here == (i, mask):
                    first_known = len(children)
                children.append((s, done, cell, d, color, met, rest, used | mask,
                                 touch | touch_mask, empty, paths, (i, p, parts)))
        if first_known >= 0 and first_known < len(children):
            children.insert(0, children.pop(first_known))
        children.reverse()
        stack += children
