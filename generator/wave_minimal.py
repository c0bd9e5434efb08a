"""Minimal clue sets by the wave search: the greedy removal, with memos and look-ahead.

The greedy removal (see `generator.minimal`) goes through the observations in a random order
and drops one when the puzzle without it is still unique. Its result depends only on that order
and on the true answer to "is this subset unique?", so any exact way to answer the question
gives the same puzzle. Three make most answers cheap:

- A memo of twins: every layout other than the solution found by a search is kept with the
  observations it breaks (a bit mask). A subset that breaks none of them is not unique, with no
  search at all.
- A memo of proofs: a subset proven unique makes every superset unique (more answers leave
  fewer layouts).
- Look-ahead: before checking the next observation alone, the next several in the order are
  dropped together. When that smaller subset is unique, the greedy removal drops every one of
  them (each step keeps a superset of it), and one proof replaces several. When it is not, the
  twin found breaks only observations of the block, and every step past the last one it breaks
  fails at once; the block is cut there and tried again. Only single steps the memos cannot
  answer are searched one at a time, with the node budget that makes a layout `TooHard`; a
  look-ahead over its own budget just tries a shorter block.

Subsets are bit masks over the puzzle's observations, always searched in the puzzle's order, so
the search nodes of a proof depend only on the subset: the final clue set's proof (the puzzle's
difficulty) is the one already made when it was found unique.
"""
from __future__ import annotations

import random

from games.errors import LimitReached
from games.orapa.layout import Layout
from games.orapa.puzzle import Observation, Puzzle, ShotAnswer
from games.orapa.waves import trace_answers
from generator.neighbours import moved_gem_twins
from solver.orapa.wave_search import search_families

NODE_BUDGET = 500_000      # per definitive check (about a second)
LOOK_AHEAD_BUDGET = 60_000  # at most, per look-ahead check: past it, a shorter block is tried
LOOK_AHEAD_FACTOR = 2       # and at most this many times the nodes of the latest proof
LOOK_AHEAD_MIN = 4096
FIRST_BLOCK = 8             # observations dropped together by the first look-ahead


class TooHard(Exception):
    """A check needed more than its budget (search nodes or conflicts)."""


def wave_twin(puzzle: Puzzle, observations: list[Observation], solution: Layout,
              nodes: list[int], budget: int = NODE_BUDGET) -> Layout | None:
    """A layout other than `solution` that gives the observations, by the wave search, or
    None; its nodes are added to `nodes[0]`; raises TooHard past `budget` nodes. The search
    tries the solution's own contents first: a twin mostly shares them, so it is met sooner
    (on minimal base puzzles, a fourth of the nodes of the checks that find one)."""
    try:
        for family in search_families(puzzle.with_observations(observations), nodes=nodes,
                                      max_nodes=nodes[0] + budget, last=solution):
            for member in family.members():
                if member != solution:
                    return member
    except LimitReached:
        raise TooHard(f"a uniqueness check needed more than {budget} search nodes") from None
    return None


def broken(observations: tuple[Observation, ...], layout: Layout) -> int:
    """Bit mask of the observations `layout` does not give (one trace of all 36 shots)."""
    answers = trace_answers(layout, None)
    mask = 0
    for i, obs in enumerate(observations):
        if isinstance(obs, ShotAnswer):
            exit_port, color = answers[obs.port]
            holds = exit_port < 0 if obs.exit is None else (exit_port, color) == (obs.exit,
                                                                                   obs.color)
        else:
            holds = obs.holds(layout)
        if not holds:
            mask |= 1 << i
    return mask


class UniqueOracle:
    """Is a subset of the puzzle's observations (a bit mask) satisfied by `solution` only?
    Exact: the memos answer what they can, the wave search the rest. `nodes` counts the
    search nodes of every search made, `searches` their number."""

    def __init__(self, puzzle: Puzzle, solution: Layout) -> None:
        self.puzzle = puzzle
        self.solution = solution
        self.twins: list[int] = []          # per twin found: the observations it breaks
        self.proofs: dict[int, int] = {}    # subset proven unique -> nodes of its proof
        self.nodes = 0
        self.searches = 0

    def witness(self, subset: int) -> int | None:
        """What a known twin giving every observation of `subset` breaks, or None."""
        for breaks in self.twins:
            if not breaks & subset:
                return breaks
        return None

    def known(self, subset: int) -> bool | None:
        """The answer from the memos, or None when they cannot tell."""
        if self.witness(subset) is not None:
            return False
        for proven in self.proofs:
            if not proven & ~subset:
                return True
        return None

    def search(self, subset: int, budget: int) -> bool:
        """The answer by the wave search (memorised); raises TooHard past `budget` nodes."""
        observations = self.puzzle.observations
        chosen = [obs for i, obs in enumerate(observations) if subset >> i & 1]
        nodes = [0]
        self.searches += 1
        try:
            twin = wave_twin(self.puzzle, chosen, self.solution, nodes, budget)
        finally:
            self.nodes += nodes[0]
        if twin is None:
            self.proofs[subset] = nodes[0]
            return True
        self.twins.append(broken(observations, twin))
        return False

    def unique(self, subset: int, budget: int = NODE_BUDGET) -> bool:
        """The memos' answer, else the search's."""
        verdict = self.known(subset)
        return self.search(subset, budget) if verdict is None else verdict

    def proof_nodes(self, subset: int) -> int:
        """The nodes of the proof that `subset` is unique (searched if not done yet)."""
        if subset not in self.proofs and not self.search(subset, NODE_BUDGET):
            raise ValueError("minimise: the puzzle is not unique")
        return self.proofs[subset]


def _reverses(observations: tuple[Observation, ...]) -> list[int]:
    """Per observation, the mask of the others that are its reverse shot (O4: a wave from P
    leaving at Q means the wave from Q leaves at P with the same colour)."""
    masks = []
    for i, obs in enumerate(observations):
        mask = 0
        if isinstance(obs, ShotAnswer) and obs.exit is not None and obs.exit != obs.port:
            reverse = ShotAnswer(obs.exit, obs.port, obs.color)
            for j, other in enumerate(observations):
                if j != i and other == reverse:
                    mask |= 1 << j
        masks.append(mask)
    return masks


def predict(oracle: UniqueOracle, order: list[int], count: int) -> int:
    """The greedy removal's result as far as the twins known so far tell: walking along the
    order, an observation stays when a known twin gives every other observation still kept
    (dropping it would leave that twin), and goes otherwise."""
    kept = (1 << count) - 1
    for i in order:
        rest = kept & ~(1 << i)
        if oracle.witness(rest) is None:
            kept = rest
    return kept


def minimise_by_waves(puzzle: Puzzle, solution: Layout, rng: random.Random
                      ) -> tuple[list[Observation], int, UniqueOracle]:
    """The greedy removal in a random order from `rng`: the kept observations (in the
    puzzle's order), the nodes of the wave search's proof that they are unique, and the
    oracle (its twins and work). Raises TooHard when a search needs more than NODE_BUDGET
    nodes."""
    observations = puzzle.observations
    order = list(range(len(observations)))
    rng.shuffle(order)
    oracle = UniqueOracle(puzzle, solution)
    oracle.twins = [breaks for breaks, _ in moved_gem_twins(puzzle, solution)]
    while True:
        guess = predict(oracle, order, len(observations))
        if oracle.search(guess, NODE_BUDGET):
            break
        if not oracle.twins[-1]:               # a twin giving every observation
            raise ValueError("minimise: the puzzle is not unique")
    final = [obs for i, obs in enumerate(observations) if guess >> i & 1]
    return final, oracle.proofs[guess], oracle
