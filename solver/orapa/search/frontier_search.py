"""The wave search's families, found with every wave followed at once (for many gems).

`solver.orapa.search.wave_search.search_families` follows one observed wave to its end before the
next: a gem placed for one wave is checked against the others only when they are followed,
so with many gems (`double` has 14) a wrong placement is found out late, under a subtree that
grows with every gem. This search keeps every wave's frontier instead: after each decision
(a cell empty, or a gem at a placement) every wave still open is followed as far as the
decided cells take it, and a wave that has left its observed colour or ended anywhere but its
observed exit ends the branch at once. The next cell to decide is the frontier of the open
wave that the fewest gems not placed yet could meet (a wave no such gem can meet just marks
its frontier empty, without a branch).

The leaves are the same families as `search_families`' (the gems the waves touch fixed, the
cells they cross kept clear of the free gems): a consistent layout's own cell contents lead
to exactly one leaf, whatever the order the cells are decided in, so the families partition
the consistent layouts (the tests compare the two searches). Its nodes are not the plain
search's nodes, so the generator, which rates difficulty by those, keeps the plain search.
Rule `touching corner` only. Under the visibility rule a branch also ends when no visible
layout is left below it (`solver.orapa.search.sight.room_left`). `frontier_families` runs the
compiled search (`solver.orapa.search.frontier_compiled`) when it was built: the same nodes as
`python_frontier_families`, the reference kept here. Bounce-count answers (RULINGS O9) are
followed by both: a wave's frontier carries the faces it has met, and the branch ends once
they pass the observed count or the wave leaves with another count.

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.random_layouts import random_layout
>>> from games.orapa.puzzle import puzzle_from_layout
>>> mine = random_layout(gem_set("double"), rng=random.Random(4))
>>> puzzle = puzzle_from_layout(mine, gem_set("double"), RuleOptions())
>>> mine in [m for f in frontier_families(puzzle) for m in f.members()]
True
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterator

from games.orapa.board import CELLS, ENTRY, EXIT_PORT, NEIGHBOUR
from games.orapa.layout import PlacedGem
from games.orapa.placements import Placement, placements
from games.orapa.puzzle import Puzzle, ShotAnswer
from games.orapa.waves import ROUTE
from solver.orapa.search.search_setup import check_limits, family_of, prepare
from solver.orapa.search.sight import room_left, sighted
from solver.orapa.search.path_family import PathFamily, by_cell_entries

_CHECK_EVERY = 1024  # search nodes between two looks at the clock
_UNDO = object()     # on the search stack: take the last placement back


def straight_exit(cell: int, d: int, decided: Callable[[int], bool]) -> int | None:
    """The port a wave at `cell` heading `d` leaves by if it meets no gem, or None when a
    gem already placed lies on its way (`decided(cell)`). A wave whose bounce count is used
    up must leave so, and by its observed exit: else the branch is dead at once, where the
    search used to try every gem on each cell of the line before finding every child dead
    (full with nine bounce answers: 700,000 nodes for one family)."""
    while True:
        if decided(cell):
            return None
        nxt = NEIGHBOUR[cell][d]
        if nxt < 0:
            return EXIT_PORT[cell][d]
        cell = nxt


@lru_cache(maxsize=None)
def _entries(shape: str, mirror: bool) -> tuple[tuple, ...]:
    """For every cell, the placements of a shape covering part of it (as `by_cell_entries`),
    each with the quarter pattern it gives that cell."""
    return tuple(tuple((*entry, (entry[1] >> 4 * cell) & 15) for entry in entries)
                 for cell, entries in enumerate(by_cell_entries(shape, mirror)))


def follows_counts(puzzle: Puzzle) -> bool:
    """Does the puzzle answer a shot with a bounce count (O9)? Then this search suits it at any
    gem count: the plain wave search, which follows one wave to its end, guesses long paths
    the count rules out only at the end (13 s against 0.3 s on a 36-shot `full` puzzle)."""
    return any(isinstance(o, ShotAnswer) and (o.bounces is not None or
                                              (o.exit is not None and o.color is None))
               for o in puzzle.observations)


def frontier_families(puzzle: Puzzle, deadline: float | None = None,
                      nodes: list[int] | None = None, max_nodes: int | None = None,
                      seed: int = 0, graded: bool = False,
                      one_at_a_time: bool = False) -> Iterator[PathFamily]:
    """Every family of layouts consistent with the puzzle, lazily (some may be empty); raises
    LimitReached past `deadline` (time.monotonic()) or once the search nodes added to
    `nodes[0]` exceed `max_nodes`. The compiled search when it was built (and
    ORAPA_FRONTIER=python does not ask for the Python one), else `python_frontier_families`:
    both search the same nodes in the same order. A nonzero `seed` searches each node's
    children in a shuffled order (the same families, in another order: a restart).
    `graded`: the search the generator's difficulty levels were set on, whose nodes are a
    puzzle's measure of work: waves followed from their shots only (not from their exits
    too, `search_setup.prepare`) and without the cover cut. `one_at_a_time`: each family
    as soon as the search reaches it (the compiled search otherwise hands them over 64 at a
    time, so where there are a few in all, the first comes only once the search is done)."""
    from solver.orapa.search import frontier_compiled
    if frontier_compiled.available(puzzle):
        return frontier_compiled.families(puzzle, deadline, nodes, max_nodes, seed,
                                          graded=graded, batch=1 if one_at_a_time
                                          else frontier_compiled.BATCH)
    return python_frontier_families(puzzle, deadline, nodes, max_nodes, seed,
                                    graded=graded)


def python_frontier_families(puzzle: Puzzle, deadline: float | None = None,
                             nodes: list[int] | None = None, max_nodes: int | None = None,
                             seed: int = 0,
                             graded: bool = False) -> Iterator[PathFamily]:
    """Every family of layouts consistent with the puzzle, lazily, as `search_families`
    gives them (some may be empty); raises LimitReached past `deadline` (time.monotonic())
    or once the search nodes added to `nodes[0]` exceed `max_nodes`. The reference the
    compiled search (`frontier_families`) is held to: the same nodes in the same order.
    `seed`: 0 for the children of a node in their fixed order, else shuffled (`_shuffled`)."""
    setup = prepare(puzzle, both_ends=not graded)
    if setup is None:
        return
    mirror = puzzle.rules.mirror
    kinds, counts, bits, black = setup.kinds, setup.counts, setup.bits, setup.black
    shots, forbidden = setup.shots, setup.forbidden
    empty0, answered, placeable = setup.empty0, setup.answered, setup.placeable
    met_by_all = setup.met_by_all
    by_cell = [_entries(k.shape, mirror) for k in kinds]
    visibility = puzzle.rules.visibility
    room = [(sighted(k.shape, mirror), forbidden[i], bin(placements(k.shape, mirror)[0]
             .cell_mask).count("1")) for i, k in enumerate(kinds)]
    witness = [0] * len(kinds)
    if nodes is None:
        nodes = [0]
    placeable_mask = [sum(1 << i for i in kinds_met) for kinds_met in placeable]
    exits = [o.exit for o in shots]
    # a bounce-only answer does not say the colour: every colour is "the observed one"
    wanted = [o.color or 0 for o in shots]
    any_colour = [o.color is None for o in shots]
    counts_of = [(1 << 30) if o.bounces is None else o.bounces for o in shots]
    counted = [o.bounces is not None for o in shots]
    # The quarter patterns a gem may give a wave's frontier cell, as 16-bit masks: never a
    # straight-back bounce unless the wave is observed coming back to its own port (after one
    # it retraces its way in, and an absorbed wave met no black on the way), and a turn off
    # the board only through the observed exit, with the observed colour (`turns`: by wave,
    # cell and direction: when the gem does not complete the colour, and when it does).
    turns = [turn_table(o.port, o.exit) for o in shots]
    grid: list[tuple[int, int, bool] | None] = [None] * CELLS
    placed: list[tuple[int, Placement]] = []
    # the cover cut's cells (none for the graded search, as the C search's cut is off), and
    # the straight exit of a wave with no bounce left (off for the graded search too: the
    # generator's recorded work is that search's nodes)
    answered_cells = [] if graded else [c for c in range(CELLS) if answered >> c & 1]
    exit_cut = not graded
    random_state = [seed & _MASK64]

    def advance(fronts: tuple, empty: int, paths: int) -> tuple[tuple, int] | None:
        """Every open wave followed through the decided cells: the new frontiers (None for
        a wave that ended as observed) and path cells, or None when one contradicts."""
        new = list(fronts)
        for t, front in enumerate(fronts):
            if front is None:
                continue
            cell, d, color, met = front
            if grid[cell] is None and not empty >> cell & 1:
                continue
            exit_, want, anyc, most = exits[t], wanted[t], any_colour[t], counts_of[t]
            while True:
                info = grid[cell]
                if info is None:
                    if not empty >> cell & 1:
                        if exit_cut and exit_ is not None and counted[t] and met == most and (
                                (color != want and not anyc) or exit_ != straight_exit(
                                    cell, d, lambda c: grid[c] is not None)):
                            return None     # no face left to meet, and no straight way out
                        new[t] = (cell, d, color, met)
                        break
                    paths |= 1 << cell
                else:
                    paths |= 1 << cell
                    occupancy, gem_bits, absorbs = info
                    d = ROUTE[occupancy][d][0]
                    color |= gem_bits
                    if absorbs:
                        if exit_ is not None:
                            return None
                        new[t] = None
                        break
                    met += 1     # every entry into a covered cell meets one face
                    if exit_ is not None and ((color & ~want and not anyc) or met > most):
                        return None
                nxt = NEIGHBOUR[cell][d]
                if nxt < 0:
                    if exit_ != EXIT_PORT[cell][d] or (color != want and not anyc) \
                            or (counted[t] and met != most):
                        return None
                    new[t] = None
                    break
                cell = nxt
        return tuple(new), paths

    def leaf(left: tuple[int, ...], paths: int) -> PathFamily:
        fixed = tuple(PlacedGem(kinds[i], p) for i, p in placed)
        return family_of(setup, puzzle.rules, fixed, left, paths)

    start = tuple((*ENTRY[o.port], 0, 0) for o in shots)
    # a node: (frontiers, gems left, quarters used, quarters touched, cells known empty,
    # path cells, the placement that leads to it or None); _UNDO ends a placement's subtree
    stack: list = [(start, counts, 0, 0, empty0, 0, None, 0)]
    order = list(range(len(shots)))
    undo: list[tuple[tuple[int, int], ...]] = []
    while stack:
        node = stack.pop()
        if node is _UNDO:
            placed.pop()
            for c, _ in undo.pop():
                grid[c] = None
            continue
        fronts, left, used, touch, empty, paths, move, hint = node
        if move is not None:
            i, p, parts = move
            content = (bits[i], black[i])
            for c, pattern in parts:
                grid[c] = (pattern, *content)
            placed.append((i, p))
            undo.append(parts)
            stack.append(_UNDO)
        nodes[0] += 1
        if nodes[0] % _CHECK_EVERY == 0:
            check_limits(nodes[0], deadline, max_nodes)
        moved = advance(fronts, empty, paths)
        if moved is None:
            continue
        fronts, paths = moved
        if met_by_all:
            reachable = 0
            for t, front in enumerate(fronts):
                if front is not None:
                    reachable |= placeable_mask[t]
            if any(n and not reachable >> i & 1 for i, n in enumerate(left)):
                continue
        if answered_cells and _uncoverable(answered_cells, grid, left, used, touch, empty,
                                           forbidden, by_cell):
            continue
        if visibility and not room_left(placed, left, used, touch, empty, room, witness):
            continue
        # the open wave whose frontier has the fewest possible contents (counting stops
        # at the best so far); none left: a leaf
        best, fewest = -1, 1 << 30
        blocked = used | touch
        for t in order[hint:] + order[:hint]:   # the parent's choice first: often still small
            front = fronts[t]
            if front is None:
                continue
            cell, d, color, _ = front
            count = 0 if answered >> cell & 1 else 1
            routes = turns[t][4 * cell + d]
            for i in placeable[t]:
                if count >= fewest:
                    break
                if not left[i]:
                    continue
                off = empty | forbidden[i]
                ok_turn = 0xFFFF if black[i] else routes[any_colour[t]
                                                         or color | bits[i] == wanted[t]]
                for _, mask, touch_mask, cell_mask, _, pattern in by_cell[i][cell]:
                    if not (mask & blocked or touch_mask & used or cell_mask & off) \
                            and ok_turn >> pattern & 1:
                        count += 1
                        if count >= fewest:
                            break
            if count < fewest:
                best, fewest = t, count
                if count <= 1:
                    break
        if best < 0:
            yield leaf(left, paths)
            continue
        if not fewest:
            continue
        cell, d, color, _ = fronts[best]
        routes = turns[best][4 * cell + d]
        bit = 1 << cell
        children: list[tuple] = []
        if not answered & bit:
            children.append((fronts, left, used, touch, empty | bit, paths, None, best))
        for i in placeable[best]:
            n = left[i]
            if not n:
                continue
            rest = left[:i] + (n - 1,) + left[i + 1:]
            off = empty | forbidden[i]
            ok_turn = 0xFFFF if black[i] else routes[any_colour[best]
                                                     or color | bits[i] == wanted[best]]
            for p, mask, touch_mask, cell_mask, parts, pattern in by_cell[i][cell]:
                if mask & blocked or touch_mask & used or cell_mask & off \
                        or not ok_turn >> pattern & 1:
                    continue
                children.append((fronts, rest, used | mask, touch | touch_mask, empty, paths,
                                 (i, p, parts), best))
        children.reverse()
        if random_state[0]:
            _shuffled(children, random_state)
        stack += children


def _uncoverable(answered_cells: list[int], grid: list, left: tuple[int, ...], used: int,
                 touch: int, empty: int, forbidden: list[int], by_cell: list) -> bool:
    """Is a cell answered with a gem neither covered by a placed gem nor coverable by a gem
    left, of a kind that shows the answer, at a placement that fits the node? Then no layout
    lies below it: every gem still to place, at a wave's frontier or free in the leaf's
    family, takes a placement that fits the node, as gems are only added. (On double states
    with a cell answered, the search went on long after the last gem of that colour was
    placed elsewhere, and listed thousands of families, all empty.)"""
    blocked = used | touch
    for cell in answered_cells:
        if grid[cell] is not None:
            continue
        if not any(n and not forbidden[i] >> cell & 1 and any(
                not (mask & blocked or touch_mask & used or cell_mask & (empty | forbidden[i]))
                for _, mask, touch_mask, cell_mask, _, _ in by_cell[i][cell])
                for i, n in enumerate(left)):
            return True
    return False


_MASK64 = (1 << 64) - 1


def _shuffled(children: list, state: list[int]) -> None:
    """Shuffle a node's children in place as the compiled search does (Fisher-Yates from the
    last, xorshift64 numbers from `state[0]`, which it advances)."""
    x = state[0]
    for a in range(len(children), 1, -1):
        x ^= (x << 13) & _MASK64
        x ^= x >> 7
        x ^= (x << 17) & _MASK64
        b = x % a
        if b != a - 1:
            children[a - 1], children[b] = children[b], children[a - 1]
    state[0] = x


def _allowed_patterns(shot: ShotAnswer, cell: int, direction: int, colour_done: bool) -> int:
    """The quarter patterns (bit m for pattern m) a gem may give `cell` when the shot's wave
    enters it moving `direction`; `colour_done`: the wave's colour equals the observed one
    once it meets this gem."""
    allowed = 0
    for pattern in range(1, 16):
        out = ROUTE[pattern][direction][0]
        if out == (direction + 2) % 4 and shot.exit != shot.port:
            continue  # it would retrace its way back to its own port
        if NEIGHBOUR[cell][out] < 0 and (shot.exit != EXIT_PORT[cell][out] or not colour_done):
            continue  # it would leave the board elsewhere, or with another colour
        allowed |= 1 << pattern
    return allowed


@lru_cache(maxsize=None)
def turn_table(port: int, exit_: int | None) -> tuple[tuple[int, int], ...]:
    """Per cell and direction (index 4 * cell + direction): the allowed patterns when the gem
    there does not complete the wave's colour, and when it does."""
    shot = ShotAnswer(port, exit_, 0)
    return tuple((_allowed_patterns(shot, cell, d, False), _allowed_patterns(shot, cell, d, True))
                 for cell in range(CELLS) for d in range(4))
