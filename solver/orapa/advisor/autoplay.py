"""The autoplayer: a hidden random mine, the advisor's questions answered from it, until the
solver proves the layout forced (a single consistent layout).

>>> from games.orapa.gems import gem_set
>>> game = autoplay(gem_set("base"), seed=4, sample=400)
>>> game.solved == game.mine, game.questions == len(game.steps)
(True, True)
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from games.errors import LimitReached
from games.orapa.answers import AnswerKind, Question
from games.orapa.gems import Gem, gem_set_to_json
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import Observation, Puzzle
from games.orapa.random_layouts import random_layout
from solver.orapa.advisor.defaults import (BUDGET, EXACT_BOUND, SAMPLE, SEED, STRATEGY,
                                           decision_rng)
from solver.orapa.advisor.ranking import Advice, advise
from solver.orapa.api import solve
from solver.orapa.options import BackendName

MAX_QUESTIONS = 116
MAX_BUDGET_FACTOR = 16   # the autoplayer retries a decision that found no layout at all with
# twice the budget, up to this many times it (a game must go on; `orapa next` says so instead)


@dataclass
class Step:
    """One decision: the question asked, its figures, the answer and the time it took."""

    question: str
    expected_bits: float
    candidates: float
    exact: bool
    method: str
    answer: Observation
    seconds: float          # wall clock
    cpu_seconds: float      # time.process_time() of this process

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question, "expected_bits": round(self.expected_bits, 6),
                "candidates": int(round(self.candidates)), "exact": self.exact,
                "method": self.method, "answer": self.answer.to_json(),
                "seconds": round(self.seconds, 3), "cpu_seconds": round(self.cpu_seconds, 3)}


@dataclass
class Game:
    """A finished autoplayed game."""

    gems: tuple[Gem, ...]
    rules: RuleOptions
    seed: int
    mine: Layout
    steps: list[Step] = field(default_factory=list)
    solved: Layout | None = None

    @property
    def questions(self) -> int:
        return len(self.steps)

    @property
    def puzzle(self) -> Puzzle:
        return Puzzle(self.gems, self.rules, tuple(s.answer for s in self.steps), self.mine)

    def to_json(self) -> dict[str, Any]:
        return {"gems": gem_set_to_json(self.gems), "rules": self.rules.to_json(),
                "seed": self.seed, "questions": self.questions,
                "steps": [s.to_json() for s in self.steps],
                "solved": self.solved is not None and self.solved == self.mine,
                "layout": None if self.solved is None else self.solved.to_json()}


def answer(mine: Layout, question: str, kind: AnswerKind = "colour") -> Observation:
    """The director's answer to a question named by a port or a cell label; a shot is
    answered under the answer kind `kind` (colour, bounces or both, RULINGS O9)."""
    return Question.parse(question).answer(mine, kind)


def forced_layout(puzzle: Puzzle, backend: BackendName = "sat") -> Layout | None:
    """The single consistent layout when the solver proves it is the only one."""
    result = solve(puzzle, limit=1, count_limit=1, backend=backend)
    return result.solutions[0] if result.status == "unique" else None


def decide(puzzle: Puzzle, strategy: str = STRATEGY, sample: int = SAMPLE,
           exact_bound: int = EXACT_BOUND, budget: float = BUDGET, lookahead: bool = False,
           seed: int = SEED, backend: BackendName = "sat") -> Advice:
    """The advisor's decision in a game seeded `seed`, as `orapa next` and the autoplayer take
    it, within `budget` seconds (issue 31: a decision at the budget it is given; a `partial`
    sample found in time is used as it is). The same state and settings give the same
    question (the random stream is `decision_rng(seed, answers so far)`), load permitting.
    Raises LimitReached when no consistent layout is found within the budget."""
    return advise(puzzle, strategy, sample, exact_bound, budget, lookahead,
                  decision_rng(seed, len(puzzle.observations)), backend)


def decide_until_found(puzzle: Puzzle, strategy: str = STRATEGY, sample: int = SAMPLE,
                       exact_bound: int = EXACT_BOUND, budget: float = BUDGET,
                       lookahead: bool = False, seed: int = SEED,
                       backend: BackendName = "sat") -> Advice:
    """`decide`; when it finds no layout at all in its budget, again with twice the budget,
    up to MAX_BUDGET_FACTOR times it (then LimitReached). For those who cannot stop there:
    the autoplayer in a game, a player asking the page for a hint; `orapa next` keeps to its
    budget and says so."""
    limit = budget * MAX_BUDGET_FACTOR
    while True:
        try:
            return decide(puzzle, strategy, sample, exact_bound, budget, lookahead, seed,
                          backend)
        except LimitReached:
            if budget * 2 > limit:
                raise
            budget *= 2


def autoplay(gems: tuple[Gem, ...], rules: RuleOptions | None = None, seed: int = SEED,
             strategy: str = STRATEGY, sample: int = SAMPLE, budget: float = BUDGET,
             lookahead: bool = False, backend: BackendName = "sat",
             on_step: Callable[[Step], None] | None = None,
             exact_bound: int = EXACT_BOUND, mine: Layout | None = None) -> Game:
    """Play one game against `mine` (by default the mine drawn with `seed`; its gems must be
    `gems`); stops when the layout is forced. Each decision is `decide(..., seed)`."""
    rules = rules or RuleOptions()
    if mine is None:
        mine = random_layout(gems, rules, random.Random(seed))
    game = Game(gems, rules, seed, mine)
    puzzle = Puzzle(gems, rules)
    while game.questions < MAX_QUESTIONS:
        start, cpu = time.monotonic(), time.process_time()
        advice = decide_until_found(puzzle, strategy, sample, exact_bound, budget, lookahead,
                                    seed, backend)
        layouts = advice.candidates.layouts
        if advice.candidates.exact and len(layouts) == 1:
            game.solved = forced_layout(puzzle, backend)
            if game.solved is not None:
                return game
        best = advice.best
        observation = answer(mine, best.question, rules.answer)
        step = Step(best.question, best.expected_bits, advice.candidates.count,
                    advice.candidates.exact, advice.candidates.method, observation,
                    time.monotonic() - start, time.process_time() - cpu)
        game.steps.append(step)
        if on_step is not None:
            on_step(step)
        puzzle = puzzle.with_observations(puzzle.observations + (observation,))
    raise LimitReached(f"game {seed}: not solved after {MAX_QUESTIONS} questions")
