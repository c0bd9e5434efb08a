"""The deduction map: for every cell, the contents it shows in some consistent layout, proved.

A content is possible in a cell when some consistent layout shows it there (a witness), and
impossible when the model says no consistent layout does (an unsatisfiable call). Nothing is
taken from a sample: every possible content has its witness, every impossible one its proof.

How it is had quickly (issue 31):
- the exact count with its per-cell marginals, when it finishes within a small share of the
  time (`COUNT_SHARE`): then the map and the count come from the counts;
- else witnesses. Each layout the SAT model finds shows a content in all 80 cells at once, and
  its family (the layouts that keep the gems its waves touch and move the others anywhere
  legal off the paths: `solver.orapa.sat.families`) gives more, drawn at random, for nothing.
  Each call to the model asks for a layout that shows *at least one* (cell, content) pair no
  layout has shown yet (one clause over all of them, under a fresh activation literal), so a
  call settles many pairs, and the last call, unsatisfiable, proves every pair left
  impossible at once.

At the time limit: LimitReached, or with `partial` the map so far, the cells with a pair still
unproved `undecided`.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from games.errors import LimitReached
from games.orapa.board import CELLS, PORT_LINES
from games.orapa.gems import Gem
from games.orapa.layout import Layout, PlacedGem
from games.orapa.placements import Placement, bits, placements
from games.orapa.puzzle import ABSORBED, CellAnswer, Puzzle
from games.wording import plural
from solver.orapa.consistent import ModelSession, session_for
from solver.orapa.options import BackendName, Method
from solver.orapa.search.path_family import PathFamily, ruled_out
from solver.orapa.precheck import impossible_answers

# The exact count's share of the time (capped): it finishes in a few hundredths of a second
# where it can finish at all on most states, and was 1.3 to 2 s of lost time where it cannot.
COUNT_SECONDS = 0.25
ALL_CELLS = (1 << CELLS) - 1


@dataclass
class Deductions:
    """For every cell, the contents it can have over all consistent layouts."""

    possible: dict[int, set[str]]
    count: int  # consistent layouts seen while deducing (a lower bound on the total)
    exact: bool = False  # `count` is the exact number of consistent layouts
    undecided: frozenset[int] = frozenset()  # cells the time limit left unproved (partial)

    def status(self, cell: int) -> str:
        """`empty`, a colour, `absorbed` when forced; `open` otherwise (also for a cell the
        time limit left unproved)."""
        contents = self.possible[cell]
        if cell in self.undecided:
            return "open"
        return next(iter(contents)) if len(contents) == 1 else "open"

    def to_json(self) -> dict[str, Any]:
        from games.orapa.board import cell_label
        return {cell_label(c): sorted(v) for c, v in self.possible.items()}


def contents_of(puzzle: Puzzle) -> list[str]:
    """What a cell question can answer with this gem set: `empty`, each colour, `absorbed`."""
    contents = ["empty", *sorted({g.color for g in puzzle.gems} - {"black"})]
    if any(g.color == "black" for g in puzzle.gems):
        contents.append(ABSORBED)
    return contents


# per model session, the literal that says "cell c shows content x" (defined once)
_PAIR_LITERALS: "WeakKeyDictionary[ModelSession, dict[tuple[int, str], int]]" = \
    WeakKeyDictionary()


def _pair_literal(session: ModelSession, cell: int, content: str) -> int:
    """A literal that implies the model's literals for `content` at `cell`."""
    known = _PAIR_LITERALS.setdefault(session, {})
    key = (cell, content)
    if key not in known:
        lits = session.model.observation_literals(CellAnswer(cell, content))
        if len(lits) == 1:
            known[key] = lits[0]
        else:   # `touching any`: a conjunction, named by a literal that implies each part
            cnf = session.model.cnf
            name = cnf.new_var()
            for lit in lits:
                cnf.implies([name], lit)
            known[key] = name
    return known[key]


class _Map:
    """The map being proved: what witnesses have shown, and the layouts they were."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.contents = contents_of(puzzle)
        self.possible: dict[int, set[str]] = {c: set() for c in range(CELLS)}
        self.seen: set[Layout] = set()
        self.impossible: set[tuple[int, str]] = set()   # proved so

    def mark(self, layout: Layout, cells: int = ALL_CELLS) -> None:
        """A consistent layout: every cell can show what it shows there (only the `cells`
        it may show something new in are looked at)."""
        self.seen.add(layout)
        for cell in bits(cells):
            self.possible[cell].add(layout.cell_content(cell))

    def unshown(self) -> list[tuple[int, str]]:
        """The pairs neither shown nor proved impossible."""
        return [(c, x) for c in range(CELLS) for x in self.contents
                if x not in self.possible[c] and (c, x) not in self.impossible]


@lru_cache(maxsize=None)
def _options(shape: str, mirror: bool) -> tuple[tuple[Placement, tuple[int, ...]], ...]:
    """A shape's placements, each with the cells it covers."""
    return tuple((p, tuple(bits(p.cell_mask))) for p in placements(shape, mirror))


def _moves(found: _Map, layout: Layout, puzzle: Puzzle) -> list[Layout]:
    """The consistent layouts one gem's move away from `layout` that show something new.

    Only moves off the layout's wave paths, of gems off them: every shot answer stays as it
    was (the waves enter the same cells), so only the cell answers and visibility are
    checked, and only for a move whose cells would show a content not shown there yet (most
    are skipped by that alone). Under `touching corner` only (a cell then holds one gem, so
    a move changes only its own cells)."""
    from solver.orapa.sat.families import path_cells
    possible, rules = found.possible, puzzle.rules
    paths = path_cells(layout, puzzle.observations)
    answers = [(o.cell, o.content) for o in puzzle.observations if isinstance(o, CellAnswer)]
    gems = list(layout.gems)
    owner = [-1] * CELLS
    for i, placed in enumerate(gems):
        for c in bits(placed.placement.cell_mask):
            owner[c] = i
    added = []
    for i, placed in enumerate(gems):
        old = placed.placement.cell_mask
        if old & paths:
            continue
        used = touch = 0
        for j, other in enumerate(gems):
            if j != i:
                used |= other.placement.mask
                touch |= other.placement.touch_mask
        shown = _shown(placed)
        emptied = [c for c in bits(old) if "empty" not in possible[c]]
        for p, cells in _options(placed.gem.shape, rules.mirror):
            if p.cell_mask & paths or p.mask & (used | touch) or p.touch_mask & used \
                    or p.mask == placed.placement.mask:
                continue
            if not (any(shown not in possible[c] for c in cells)
                    or any(not p.cell_mask >> c & 1 for c in emptied)):
                continue
            moved_owner = [-1 if o == i else o for o in owner]
            for c in cells:
                moved_owner[c] = i
            if any(_content(moved_owner[c], gems, i, placed.gem) != x for c, x in answers):
                continue
            if rules.visibility and not _visible(moved_owner, len(gems)):
                continue
            candidate = Layout(gems[:i] + [PlacedGem(placed.gem, p)] + gems[i + 1:])
            found.mark(candidate, old | p.cell_mask)
            added.append(candidate)
    return added


def _content(index: int, gems: list[PlacedGem], moved: int, gem: Gem) -> str:
    """What a cell owned by gem `index` (or none, -1) shows."""
    if index < 0:
        return "empty"
    return _shown_by(gem if index == moved else gems[index].gem)


def _visible(owner: list[int], count: int) -> bool:
    """Is every gem the first one met along some port's line (O3)?"""
    seen = 0
    everyone = (1 << count) - 1
    for line in PORT_LINES:
        for cell in line:
            if owner[cell] >= 0:
                seen |= 1 << owner[cell]
                break
        if seen == everyone:
            return True
    return False


def _walk(found: _Map, start: Layout, puzzle: Puzzle, deadline: float | None) -> None:
    """Mark `start` and every layout reached from it by moves that show something new."""
    found.mark(start)
    if puzzle.rules.touching != "corner":
        return
    queue = [start]
    while queue:
        if deadline is not None and time.monotonic() > deadline:
            return
        queue += _moves(found, queue.pop(), puzzle)


FAMILY_SHARE = 0.3   # of the time left, for witnesses from the wave search's families
FAMILY_SECONDS = 3.0  # the time "left" when there is no time limit
FAMILY_SLICE = 0.05  # seconds of one search order before the next (shuffled) one


def _from_families(found: _Map, puzzle: Puzzle, deadline: float) -> None:
    """Witnesses from the compiled wave search's families, in several shuffled orders (each
    order a different corner of the search): a family whose fixed gems show a content not
    shown yet in some cell gives one member, walked from."""
    from solver.orapa.search.frontier_search import frontier_families
    possible = found.possible
    seed = idle = 0
    while time.monotonic() < deadline and idle < 2:
        seed += 1
        before = len(found.seen)
        stop = min(deadline, time.monotonic() + FAMILY_SLICE)
        try:
            for family in frontier_families(puzzle, stop, seed=seed):
                if not any(_shown(g) not in possible[c] for g in family.fixed
                           for c in bits(g.placement.cell_mask)):
                    continue
                member = next(iter(family.members(stop)), None)
                if member is not None:
                    _walk(found, member, puzzle, stop)
            return   # every family looked at
        except LimitReached:
            idle = idle + 1 if len(found.seen) == before else 0


MAX_FAMILIES = 20_000   # families held at once for the proof by families


def _all_families(puzzle: Puzzle, deadline: float) -> list[PathFamily] | None:
    """Every family of the compiled wave search, or None when there are more than
    `MAX_FAMILIES` or the deadline comes first."""
    from solver.orapa.search.frontier_search import frontier_families
    families: list[PathFamily] = []
    try:
        for family in frontier_families(puzzle, deadline):
            families.append(family)
            if len(families) > MAX_FAMILIES:
                return None
    except LimitReached:
        return None
    return families


def _from_all_families(found: _Map, families: list[PathFamily], puzzle: Puzzle,
                       deadline: float | None) -> bool:
    """The map from every family (they partition the consistent layouts): a member of each
    shows what its fixed gems and its paths show; a content a free gem could bring to a cell
    off the paths is possible exactly when the family has a member with that cell answer
    added (the family's own member search, `PathFamily.members`). False past the deadline."""
    try:
        alive = []
        for family in families:
            member = next(iter(family.members(deadline)), None)
            if member is not None:
                _walk(found, member, puzzle, deadline)
                alive.append(family)
        for family in alive:
            taken = family.used | family.touch
            for cell, content in found.unshown():
                if content not in found.possible[cell] and \
                        _could_show(family, cell, content, taken):
                    member = _member_showing(family, cell, content, deadline)
                    if member is not None:
                        _walk(found, member, puzzle, deadline)
    except LimitReached:
        return False
    if deadline is not None and time.monotonic() > deadline:
        return False
    found.impossible.update(found.unshown())
    return True


def _could_show(family: PathFamily, cell: int, content: str, taken: int) -> bool:
    """Might a member of the family show `content` at `cell`? (A quick test: False only
    when none can.) A fixed gem's cells and the empty path cells show the same in every
    member, which the family's first member has shown."""
    for placed in family.fixed:
        if placed.placement.cell_mask >> cell & 1:
            return False
    if content == "empty":
        return any(not avoid >> cell & 1 for avoid in family.avoid)
    for k, gem in enumerate(family.free):
        if _shown_by(gem) == content and not family.avoid[k] >> cell & 1:
            return True
    return False


def _member_showing(family: PathFamily, cell: int, content: str,
                    deadline: float | None) -> Layout | None:
    """A member of the family that shows `content` at `cell`, or None."""
    answer = CellAnswer(cell, content)
    narrowed = PathFamily(family.fixed, family.free,
                          tuple(avoid | ruled_out(gem, [answer])
                                for gem, avoid in zip(family.free, family.avoid)),
                          family.cell_answers + (answer,), family.visibility, family.mirror)
    return next(iter(narrowed.members(deadline)), None)


def _shown_by(gem: Gem) -> str:
    return ABSORBED if gem.color == "black" else gem.color


def _shown(placed: PlacedGem) -> str:
    return ABSORBED if placed.gem.color == "black" else placed.gem.color


def prove_map(puzzle: Puzzle, backend: BackendName, deadline: float | None,
              method: Method = "auto") -> tuple[_Map, bool]:
    """Witnesses and one proof of impossibility for what is left: (the map, proved). Past
    the deadline: the map so far and False."""
    found = _Map(puzzle)
    if impossible_answers(puzzle.observations, puzzle.gems) is not None:
        return found, True
    if puzzle.rules.touching == "corner" and method == "auto":
        left = FAMILY_SECONDS if deadline is None else max(0.0, deadline - time.monotonic())
        until = time.monotonic() + FAMILY_SHARE * left
        families = _all_families(puzzle, until)
        if families is not None and _from_all_families(found, families, puzzle, deadline):
            return found, True
        if families is None:
            _from_families(found, puzzle, until)
    session = session_for(puzzle.gems, puzzle.rules, backend)
    lv, solver = session.model.layout, session.backend
    guard = session.query()   # spurious models (a closed loop faking a colour) blocked under it
    assumptions = session.literals(puzzle.observations) + [guard]
    try:
        for cell in range(CELLS):
            for content in found.contents:
                while content not in found.possible[cell]:
                    if deadline is not None and time.monotonic() > deadline:
                        return found, False
                    try:
                        ok = solver.solve(assumptions + [_pair_literal(session, cell, content)],
                                          deadline)
                    except TimeoutError:
                        return found, False
                    if not ok:
                        found.impossible.add((cell, content))
                        break
                    layout = lv.decode(solver.values)
                    if not all(obs.holds(layout) for obs in puzzle.observations):
                        session.spurious += 1
                        solver.add_clause([-guard] + lv.blocking_clause(layout))
                        continue
                    _walk(found, layout, puzzle, deadline)
        return found, True
    finally:
        session.retire(guard)


def deduction_map(puzzle: Puzzle, backend: BackendName = "sat", timeout: float | None = None,
                  method: Method = "auto", partial: bool = False) -> Deductions:
    """Which contents each cell can take, proved (see the module's docstring); with
    `method="model"` neither the counts nor the wave search's families are used."""
    from solver.orapa.counting.exact import exact_possible
    start = time.monotonic()
    deadline = None if timeout is None else start + timeout
    share = COUNT_SECONDS if timeout is None else min(COUNT_SECONDS, timeout / 4)
    counted = exact_possible(puzzle, 2 * share, method)   # exact_possible takes half of it
    if counted is not None:
        return Deductions(counted[0], counted[1], exact=True)
    found, proved = prove_map(puzzle, backend, deadline, method)
    if proved:
        return Deductions(found.possible, len(found.seen), exact=not found.seen)
    if not partial:
        raise LimitReached(f"time limit reached after {plural(len(found.seen), 'layout')}")
    undecided = frozenset(c for c, _ in found.unshown())
    return Deductions(found.possible, len(found.seen), undecided=undecided)
