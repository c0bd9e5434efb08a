"""Is this puzzle unique? The solver's answer for the generator.

The generator asks the solver, as a player's hint would, and never builds a model itself
(Tatham's generators call the same `solver()` the hint uses). Three questions:

- `second_layout`: a layout other than the known solution that gives the puzzle's answers, or
  none, with the work it took (wave search nodes or SAT conflicts: the puzzle's difficulty);
  optionally one that keeps some colours exactly where they are (the generator's trap test);
- `ClueChecks`: the same question over and over on subsets of one puzzle's answers, for cutting
  a puzzle down to a minimal clue set with the SAT model (one cached solver, then a fresh
  small one when few shots are left);
- `droppable`: which answers can go one at a time with the puzzle still unique.

Engines (`TwinEngine`): `waves`, the wave search (`solver.orapa.search`), exact and counted in
nodes, which depend only on the puzzle, so a node budget is reproducible; `model`, the SAT
model (`solver.orapa.sat`), counted in conflicts; `auto`, the wave search where it applies
(`wave_search_applies`) and finishes within its budget, else the model.

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.puzzle import puzzle_from_layout
>>> from games.orapa.random_layouts import random_layout
>>> mine = random_layout(gem_set("base"), rng=random.Random(3))
>>> found = second_layout(puzzle_from_layout(mine, gem_set("base"), RuleOptions()), mine)
>>> found.layout is None, found.measure
(True, 'nodes')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from games.errors import LimitReached
from games.orapa.layout import Layout
from games.orapa.puzzle import Observation, Puzzle, ShotAnswer
from solver.orapa.consistent import ModelSession, session_for, wave_search_applies
from solver.orapa.sat.twins import (OverBudget, SmallSession, check, keep_colors_literals,
                                    reverse_shot)
from solver.orapa.search.frontier_search import follows_counts, frontier_families
from solver.orapa.search.wave_search import search_families

__all__ = ["NODE_BUDGET", "TooHard", "Twin", "TwinEngine", "Measure", "second_layout",
           "ClueChecks", "droppable", "reverse_shot", "wave_search_applies"]

TwinEngine = Literal["auto", "waves", "model"]
Measure = Literal["nodes", "conflicts"]
NODE_BUDGET = 500_000      # per wave search (about a second): past it the question is TooHard


class TooHard(Exception):
    """A check needed more than its budget (search nodes or conflicts)."""


@dataclass(frozen=True)
class Twin:
    """The answer: another layout giving the answers (None: the solution is unique), the
    solver's work in `measure` units, and (unique answers of `ClueChecks` with cores) the
    indices of the answers its proof used."""

    layout: Layout | None
    work: int
    measure: Measure
    used: frozenset[int] = field(default=frozenset())

    @property
    def unique(self) -> bool:
        return self.layout is None


def second_layout(puzzle: Puzzle, solution: Layout, *, engine: TwinEngine = "auto",
                  node_budget: int = NODE_BUDGET, keep_colors: frozenset[str] = frozenset()
                  ) -> Twin:
    """A legal layout other than `solution` that gives every answer of the puzzle, or None.

    `engine="waves"` raises TooHard past `node_budget` nodes and ValueError where the wave
    search does not apply; `auto` falls back to the model then. With `keep_colors`, only a
    layout in which each of those colours covers exactly the quarters it covers in `solution`
    will do (the model answers: exact, whichever twin a plain search would meet first)."""
    if keep_colors and engine == "waves":
        raise ValueError("second_layout: keep_colors needs the model")
    if engine != "model" and not keep_colors:
        if wave_search_applies(puzzle.gems, puzzle.rules):
            try:
                return _wave_twin(puzzle, solution, node_budget)
            except TooHard:
                if engine == "waves":
                    raise
        elif engine == "waves":
            raise ValueError("second_layout: the wave search does not apply to these gems "
                             "and rules")
    session = session_for(puzzle.gems, puzzle.rules)
    extra = keep_colors_literals(session, solution, keep_colors) if keep_colors else ()
    found = check(session, dict(enumerate(puzzle.observations)), solution, extra=extra)
    return Twin(found.twin, found.conflicts, "conflicts")


def _wave_twin(puzzle: Puzzle, solution: Layout, budget: int) -> Twin:
    """`second_layout` by the wave search. It tries the solution's own contents first: a twin
    mostly shares them, so it is met sooner (on minimal base puzzles, a fourth of the nodes
    of the checks that find one). The searches run as the levels were set on them
    (`graded`, and the plain search's one end): their nodes are the puzzle's difficulty."""
    nodes = [0]
    if follows_counts(puzzle):   # bounce counts: the frontier search (see frontier_search)
        families = frontier_families(puzzle, nodes=nodes, max_nodes=budget, graded=True)
    else:
        families = search_families(puzzle, nodes=nodes, max_nodes=budget, last=solution)
    try:
        for family in families:
            for member in family.members():
                if member != solution:
                    return Twin(member, nodes[0], "nodes")
    except LimitReached:
        raise TooHard(f"a uniqueness check needed more than {budget} search nodes") from None
    return Twin(None, nodes[0], "nodes")


class ClueChecks:
    """`second_layout` by the model, asked again and again on subsets of one puzzle's answers
    (keyed by their index in the puzzle). Starts on the cached model of the gem set; `narrow`
    moves to a fresh solver holding only some shots. Use it in a `with` block (the fresh
    solver is freed at the end)."""

    def __init__(self, puzzle: Puzzle, solution: Layout) -> None:
        self.puzzle, self.solution = puzzle, solution
        self._session: ModelSession | SmallSession = session_for(puzzle.gems, puzzle.rules)
        self._fresh: SmallSession | None = None

    @property
    def narrowed(self) -> bool:
        return self._fresh is not None

    def narrow(self, kept: dict[int, Observation]) -> None:
        """From now on, check in a fresh solver over the layout clauses and the shots of
        `kept` only (both ways: their entry and exit ports); there a unique answer's proof
        names the answers it used, and propagation is several times cheaper."""
        shots = [o for o in kept.values() if isinstance(o, ShotAnswer)]
        ports = {o.port for o in shots} | {o.exit for o in shots if o.exit is not None}
        if self._fresh is not None:
            self._fresh.close()
        self._fresh = self._session = SmallSession(self.puzzle.gems, self.puzzle.rules, ports)

    def twin(self, kept: dict[int, Observation], conflicts: int | None = None,
             cores: bool = False) -> Twin:
        """Is the solution the only layout giving the `kept` answers? Raises TooHard past
        `conflicts`; with `cores`, a unique answer names the answers its proof used (else
        all of them)."""
        try:
            found = check(self._session, kept, self.solution, conflicts, cores=cores)
        except OverBudget as exc:
            raise TooHard(str(exc)) from None
        return Twin(found.twin, found.conflicts, "conflicts", frozenset(found.used))

    def close(self) -> None:
        if self._fresh is not None:
            self._fresh.close()
            self._fresh = None

    def __enter__(self) -> ClueChecks:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def droppable(puzzle: Puzzle, solution: Layout) -> list[int]:
    """Indices of the answers the puzzle can lose one at a time and still force `solution`
    (none: the clue set is irreducible). The puzzle must be unique."""
    observations = dict(enumerate(puzzle.observations))
    with ClueChecks(puzzle, solution) as checks:
        return [i for i in observations
                if checks.twin({j: o for j, o in observations.items() if j != i}).unique]
