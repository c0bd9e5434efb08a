"""The frontier search with lazy pinning, for counting: the reference of `_lazy.c`.

The frontier search (`solver.orapa.search.frontier_search`) places a whole gem when a wave
meets one, so a state makes as many families as the products of the touched gems'
placements, each counted apart. Here a front cell branches only on what the wave sees
there: the cell empty, a gem already touched (an *instance*) showing a quarter pattern, or a
new gem of a kind showing a pattern. An instance keeps the set of its placements still
possible (as an int, bit i for `placements(shape, mirror)[i]`): the patterns it showed, off the
cells decided empty or taken by another instance and off its kind's forbidden cells, pairwise
compatible with the other instances' sets (arc consistency), and, under the visibility rule,
seen past the cells sure to be covered. A leaf is (gems left free by kind, path cells,
((kind, placement set), ...)); its layouts are the touched gems each at a placement of its
set, the free gems anywhere off the paths, all compatible, visible and true to the cell
answers. Each branch says what covers one more cell, so the leaves are disjoint, and a
consistent layout's own cells lead to exactly one of them.

`python_lazy_leaves` visits the same nodes in the same order as the compiled search
(`solver.orapa.search.frontier_compiled.lazy_leaves`); `python_lazy_count` counts a leaf's
layouts by fixing its touched gems in every compatible way and counting each such family
with `solver.orapa.counting.family_counts.python_family_count` (the tests compare both with
the counting kernel). Rule `touching corner` only.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain, product
from typing import Any, Iterator

from games.orapa.board import CELLS, ENTRY, EXIT_PORT, NEIGHBOUR
from games.orapa.placements import Placement, placements
from games.orapa.puzzle import Puzzle
from games.orapa.waves import ROUTE
from solver.orapa.search.frontier_search import straight_exit, turn_table
from solver.orapa.search.search_setup import check_limits, prepare
from solver.orapa.search.sight import sight_lines

_CHECK_EVERY = 1024
# An absorbed wave may wander anywhere while the others' ends prune: its front is chosen
# after every other wave's, unless it has at most one content (full, 6 answers, two absorbed
# waves: 3.1 million nodes to 0.85 million)
ABSORBED_LAST = 4096
LazyLeaf = tuple[tuple[int, ...], int, tuple[tuple[int, int], ...]]
Node = dict[str, Any]   # a search node: gems left, masks, instances, grid, fronts


@lru_cache(maxsize=None)
def _tables(shape: str, mirror: bool) -> tuple[list[int], list[list[int]], list[int], int]:
    """Per cell: the placements covering it, and those covering it with each quarter pattern
    (by cell, 16 sets), and the patterns present; the cells one gem covers."""
    cover, by_pattern, present = [0] * CELLS, [[0] * 16 for _ in range(CELLS)], [0] * CELLS
    options = placements(shape, mirror)
    for j, p in enumerate(options):
        for c in range(CELLS):
            if p.cell_mask >> c & 1:
                m = (p.mask >> 4 * c) & 15
                cover[c] |= 1 << j
                by_pattern[c][m] |= 1 << j
                present[c] |= 1 << m
    return cover, by_pattern, present, bin(options[0].cell_mask).count("1")


def _bits(n: int) -> Iterator[int]:
    while n:
        low = n & -n
        yield low.bit_length() - 1
        n ^= low


@lru_cache(maxsize=None)
def _lazy_turns(port: int, exit_: int | None, any_colour: bool) -> tuple[tuple[int, int], ...]:
    """The frontier search's allowed patterns (`turn_table`), without those that send the
    wave straight back while its colour is not complete: it would retrace its way to its own
    port with that colour (only a wave that came back to its port keeps such patterns there).
    The search's branches and its straight-line cut read these, the choice of front the
    frontier search's table, so the nodes are those of the frontier search's table less the
    children that died on arrival, and the leaves the same."""
    table = turn_table(port, exit_)
    if any_colour:
        return table
    back = [sum(1 << m for m in range(1, 16) if ROUTE[m][d][0] == (d + 2) % 4)
            for d in range(4)]
    return tuple((short & ~back[k % 4], done) for k, (short, done) in enumerate(table))


def _compatible(a: Placement, b: Placement) -> bool:
    return not (a.mask & (b.mask | b.touch_mask) or a.touch_mask & b.mask)


def _seen(p: Placement, occupied: int) -> bool:
    return any(not line & occupied for line in sight_lines(p.cell_mask))


def python_lazy_leaves(puzzle: Puzzle, deadline: float | None = None,
                       nodes: list[int] | None = None) -> Iterator[LazyLeaf]:
    """The leaves of the lazy search, lazily, in the compiled search's order; raises
    LimitReached past `deadline` (time.monotonic()). Node counts go into `nodes[0]`."""
    setup = prepare(puzzle)
    if setup is None:
        return
    mirror, nk = puzzle.rules.mirror, len(setup.kinds)
    options = [placements(k.shape, mirror) for k in setup.kinds]
    tables = [_tables(k.shape, mirror) for k in setup.kinds]
    bits, black, placeable = setup.bits, setup.black, setup.placeable
    shots = setup.shots
    choosing = [turn_table(o.port, o.exit) for o in shots]   # the front's choice
    turns = [_lazy_turns(o.port, o.exit, o.color is None) for o in shots]   # its branches
    wanted = [o.color or 0 for o in shots]
    any_colour = [o.color is None for o in shots]
    most = [(1 << 30) if o.bounces is None else o.bounces for o in shots]
    visibility = puzzle.rules.visibility
    if nodes is None:
        nodes = [0]

    def turns_of(t: int, i: int, cell: int, d: int, color: int, table: list = turns) -> int:
        routes = table[t][4 * cell + d]
        return 0xFFFF if black[i] else routes[any_colour[t] or color | bits[i] == wanted[t]]

    def advance(node: Node) -> tuple[list, int] | None:
        fronts, paths, owner, empty = list(node["fronts"]), node["paths"], node["owner"], node["empty"]
        for t, front in enumerate(node["fronts"]):
            if front is None:
                continue
            cell, d, color, met = front
            if not owner[cell] and not empty >> cell & 1:
                continue
            exit_ = shots[t].exit
            while True:
                if not owner[cell]:
                    if not empty >> cell & 1:
                        if exit_ is not None and shots[t].bounces is not None \
                                and met == most[t] and (
                                    (color != wanted[t] and not any_colour[t])
                                    or exit_ != straight_exit(cell, d, owner.__getitem__)):
                            return None     # no face left to meet, and no straight way out
                        fronts[t] = (cell, d, color, met)
                        break
                    paths |= 1 << cell
                else:
                    kind = node["kind"][owner[cell] - 1]
                    paths |= 1 << cell
                    d = ROUTE[node["pattern"][cell]][d][0]
                    color |= bits[kind]
                    if black[kind]:
                        if exit_ is not None:
                            return None
                        fronts[t] = None
                        break
                    met += 1
                    if exit_ is not None and ((color & ~wanted[t] and not any_colour[t])
                                              or met > most[t]):
                        return None
                nxt = NEIGHBOUR[cell][d]
                if nxt < 0:
                    if exit_ != EXIT_PORT[cell][d] or (color != wanted[t] and not any_colour[t]) \
                            or (shots[t].bounces is not None and met != most[t]):
                        return None
                    fronts[t] = None
                    break
                cell = nxt
        return fronts, paths

    def revise(node: Node, a: int, b: int) -> bool:
        kept = node["dom"][a]
        pa, pb = options[node["kind"][a]], options[node["kind"][b]]
        for q in _bits(node["dom"][a]):
            if not any(_compatible(pa[q], pb[p]) for p in _bits(node["dom"][b])):
                kept &= ~(1 << q)
        changed = kept != node["dom"][a]
        node["dom"][a] = kept
        return changed

    def consistent(node: Node, changed: int) -> bool:
        while changed:
            b = (changed & -changed).bit_length() - 1
            changed &= changed - 1
            for a in range(len(node["dom"])):
                if a != b and revise(node, a, b):
                    if not node["dom"][a]:
                        return False
                    changed |= 1 << a
        return True

    def decide(node: Node, cell: int, keep: int) -> bool:
        changed = 1 << keep if keep >= 0 else 0
        for j, kind in enumerate(node["kind"]):
            covering = tables[kind][0][cell]
            if j == keep or not node["dom"][j] & covering:
                continue
            node["dom"][j] &= ~covering
            if not node["dom"][j]:
                return False
            changed |= 1 << j
        for i in range(nk):
            node["avail"][i] &= ~tables[i][0][cell]
            if not node["avail"][i] and node["left"][i]:
                return False
        return consistent(node, changed)

    def room(node: Node) -> bool:
        occupied, known = node["owned"], list(node["known"])
        for j, kind in enumerate(node["kind"]):
            if bin(node["dom"][j]).count("1") == 1:
                occupied |= options[kind][node["dom"][j].bit_length() - 1].cell_mask
                known[j] = tables[kind][3]
        changed = 0
        for j, kind in enumerate(node["kind"]):
            kept = sum(1 << q for q in _bits(node["dom"][j]) if _seen(options[kind][q], occupied))
            if kept != node["dom"][j]:
                node["dom"][j] = kept
                changed |= 1 << j
            if not kept:
                return False
        need = sum(n * tables[i][3] for i, n in enumerate(node["left"]))
        need += sum(tables[kind][3] - known[j] for j, kind in enumerate(node["kind"]))
        if need > CELLS - bin(occupied | node["empty"]).count("1"):
            return False
        for i, n in enumerate(node["left"]):
            if n and not any(_seen(options[i][q], occupied) for q in _bits(node["avail"][i])):
                return False
        return consistent(node, changed)

    def meetings(node: Node, t: int, cell: int, d: int, color: int,
                 table: list = turns) -> Iterator[int]:
        """The patterns by which wave t, at `cell` heading `d`, may meet a gem there: each
        instance's, then each free kind's, that its placements still allow (`table`: the
        routes, `turns` or `choosing`)."""
        for domain, kind in chain(((node["dom"][j], kind) for j, kind in enumerate(node["kind"])
                                   if kind in placeable[t]),
                                  ((node["avail"][i], i) for i in placeable[t]
                                   if node["left"][i])):
            by_pattern = tables[kind][1][cell]
            for m in _bits(tables[kind][2][cell] & turns_of(t, kind, cell, d, color, table)):
                if domain & by_pattern[m]:
                    yield m

    def ray_open(node: Node, t: int, front: tuple[int, int, int, int]) -> bool:
        """Can wave t still end as answered? Past its front it goes straight through cells
        decided empty; where it would leave the board wrongly, an undecided cell of that line
        (before its first decided gem) must hold a gem the wave may meet there."""
        cell, d, color, met = front
        while True:   # an absorbed wave (exit None) must not leave the board at all
            if node["owner"][cell]:
                return True
            if not node["empty"] >> cell & 1 and next(meetings(node, t, cell, d, color),
                                                      None) is not None:
                return True
            nxt = NEIGHBOUR[cell][d]
            if nxt < 0:
                return (shots[t].exit == EXIT_PORT[cell][d]
                        and (color == wanted[t] or any_colour[t])
                        and (shots[t].bounces is None or met == most[t]))
            cell = nxt

    def child(node: Node, fronts: list, paths: int, best: int) -> Node:
        new = {key: list(value) if isinstance(value, list) else value
               for key, value in node.items()}
        new.update(fronts=fronts, paths=paths, hint=best)
        return new

    avail = []
    for i, opts in enumerate(options):
        off = setup.empty0 | setup.forbidden[i]
        avail.append(sum(1 << j for j, p in enumerate(opts) if not p.cell_mask & off))
    root: Node = {"left": list(setup.counts), "empty": setup.empty0, "paths": 0, "owned": 0,
            "kind": [], "known": [], "dom": [], "avail": avail, "owner": [0] * CELLS,
            "pattern": [0] * CELLS, "hint": 0,
            "fronts": [(*ENTRY[o.port], 0, 0) for o in shots]}
    stack = [root]
    waves = len(shots)
    while stack:
        node = stack.pop()
        nodes[0] += 1
        if nodes[0] % _CHECK_EVERY == 0:
            check_limits(nodes[0], deadline, None)
        moved = advance(node)
        if moved is None:
            continue
        fronts, paths = moved
        if setup.met_by_all:
            reachable = set()
            for t, front in enumerate(fronts):
                if front is not None:
                    reachable.update(placeable[t])
            if any(n and i not in reachable for i, n in enumerate(node["left"])):
                continue
        if visibility and not room(node):
            continue
        if not all(ray_open(node, t, front) for t, front in enumerate(fronts) if front is not None):
            continue
        best, fewest = -1, 1 << 30
        for r in range(waves):
            t = (node["hint"] + r) % waves
            if fronts[t] is None:
                continue
            cell, d, color, _ = fronts[t]
            count = (0 if setup.answered >> cell & 1 else 1) + sum(
                1 for _ in meetings(node, t, cell, d, color, choosing))
            if count > 1 and shots[t].exit is None:
                count += ABSORBED_LAST
            if count < fewest:
                best, fewest = t, count
                if count <= 1:
                    break
        if best < 0:
            yield (tuple(node["left"]), paths,
                   tuple(zip(node["kind"], node["dom"])))
            continue
        if not fewest:
            continue
        cell, d, color, _ = fronts[best]
        children = []
        for j, kind in enumerate(node["kind"]):
            if kind not in placeable[best]:
                continue
            for m in _bits(tables[kind][2][cell] & turns_of(best, kind, cell, d, color)):
                dom = node["dom"][j] & tables[kind][1][cell][m]
                if not dom:
                    continue
                c = child(node, fronts, paths, best)
                c["dom"][j] = dom
                c["known"][j] += 1
                c["owned"] |= 1 << cell
                c["owner"][cell], c["pattern"][cell] = j + 1, m
                if decide(c, cell, j):
                    children.append(c)
        for i in range(nk):
            if i not in placeable[best] or not node["left"][i]:
                continue
            for m in _bits(tables[i][2][cell] & turns_of(best, i, cell, d, color)):
                dom = node["avail"][i] & tables[i][1][cell][m]
                if not dom:
                    continue
                c = child(node, fronts, paths, best)
                j = len(c["kind"])
                c["kind"].append(i)
                c["dom"].append(dom)
                c["known"].append(1)
                c["left"][i] -= 1
                c["owned"] |= 1 << cell
                c["owner"][cell], c["pattern"][cell] = j + 1, m
                if decide(c, cell, j):
                    children.append(c)
        if not setup.answered >> cell & 1:
            c = child(node, fronts, paths, best)
            c["empty"] |= 1 << cell
            if decide(c, cell, -1):
                children.append(c)
        children.reverse()
        stack += children


def python_lazy_count(puzzle: Puzzle) -> int:
    """The layouts consistent with the puzzle, summed over the lazy search's leaves: every
    compatible choice of the touched gems' placements is a family of the plain kind (those
    gems fixed, the others free off the paths), counted member by member."""
    from games.orapa.layout import PlacedGem
    from solver.orapa.counting.family_counts import python_family_count
    from solver.orapa.search.search_setup import family_of
    setup = prepare(puzzle)
    if setup is None:
        return 0
    options = [placements(k.shape, puzzle.rules.mirror) for k in setup.kinds]
    total = 0
    for left, paths, touched in python_lazy_leaves(puzzle):
        for choice in product(*[list(_bits(dom)) for _, dom in touched]):
            chosen = [options[kind][q] for (kind, _), q in zip(touched, choice)]
            if any(not _compatible(a, b) for n, a in enumerate(chosen) for b in chosen[n + 1:]):
                continue
            fixed = tuple(PlacedGem(setup.kinds[kind], p)
                          for (kind, _), p in zip(touched, chosen))
            total += python_family_count(family_of(setup, puzzle.rules, fixed, left, paths))
    return total
