"""The review of a whole game: per question the layouts left before and after it, what it and
the advisor's question were expected to tell, skill and luck; and the game's totals.

A puzzle is a game: its answers, in order, are the questions asked. The definitions are in
docs/review.md; `solver.orapa.review.state` judges one state.

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.puzzle import Puzzle, shot_answer
>>> from games.orapa.random_layouts import random_layout
>>> mine = random_layout(gem_set("base"), rng=random.Random(5))
>>> game = Puzzle(gem_set("base"), RuleOptions(), tuple(shot_answer(mine, p) for p in (0, 9)))
>>> found = review(game)
>>> [q.question for q in found.questions], found.questions[0].before.exact   # counted at once
(['1', '10'], True)
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from games.errors import BadInput, LimitReached
from games.orapa.layout import Layout
from games.orapa.puzzle import Observation, Puzzle, check_legal_for, contradicted
from solver.orapa.advisor.defaults import SEED, decision_rng
from solver.orapa.review.state import Count, State, judge_state, layouts_of

MATTERED = 3             # questions named among those that mattered most
# the advisor's settings when it plays the same mine: those of the server's analysis
# (web/hints.py), so that both give the same `advisor_questions` for a game
ADVISOR_STRATEGY = "entropy"
ADVISOR_SAMPLE = 300
ADVISOR_BUDGET = 0.15


@dataclass
class QuestionReview:
    """One question of the game, judged in the state it was asked in."""

    number: int                   # 1 for the first question
    question: str                 # a port or a cell label
    answer: Observation
    before: Count
    after: Count
    expected_bits: float          # entropy of the answer before it was heard
    bits: float                   # what the answer told: log2(layouts before / after)
    expected_questions: float     # the advisor's expected questions left after asking it
    best: str | None              # the advisor's question (None once the mine is forced)
    best_bits: float
    best_questions: float
    skill: float                  # 0..100
    forced: bool                  # one layout left after it
    best_split: list[dict[str, Any]] = field(default_factory=list)  # the best question's answers

    @property
    def luck(self) -> float:
        """Bits the answer told beyond (or short of) what the question was expected to."""
        return self.bits - self.expected_bits

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "question": self.question,
                "answer": self.answer.to_json(),
                "before": self.before.to_json(), "after": self.after.to_json(),
                "expected_bits": _r(self.expected_bits), "bits": _r(self.bits),
                "expected_questions": _r(self.expected_questions),
                "best": {"question": self.best, "expected_bits": _r(self.best_bits),
                         "expected_questions": _r(self.best_questions),
                         "split": self.best_split},
                "skill": _r(self.skill, 2), "luck": _r(self.luck), "forced": self.forced}


@dataclass
class Review:
    """A game's review: its questions and totals."""

    questions: list[QuestionReview]
    advisor_questions: int | None = None
    advisor_stopped: bool = False      # the advisor could not finish the same mine

    @property
    def skill(self) -> float:
        """The mean skill of the questions (100 for a game of none)."""
        if not self.questions:
            return 100.0
        return sum(q.skill for q in self.questions) / len(self.questions)

    @property
    def luck(self) -> float:
        """The game's luck: the sum of its questions' luck, in bits."""
        return sum(q.luck for q in self.questions)

    @property
    def forced_after(self) -> int | None:
        """The number of questions after which one layout was left."""
        return next((q.number for q in self.questions if q.forced), None)

    def mattered_most(self) -> list[int]:
        """The questions whose answers told most (bits), up to the mine being forced."""
        told = [q for q in self.questions if q.bits > 0]
        told.sort(key=lambda q: (-q.bits, q.number))
        return [q.number for q in told[:MATTERED]]

    def costliest(self) -> list[int]:
        """The questions that lost most skill (none at 100)."""
        lost = [q for q in self.questions if q.skill < 100]
        lost.sort(key=lambda q: (q.skill, q.number))
        return [q.number for q in lost[:MATTERED]]

    def to_json(self) -> dict[str, Any]:
        """The document of `orapa review --json` (docs/interface.md)."""
        return {"questions": [q.to_json() for q in self.questions],
                "skill": _r(self.skill, 2), "luck": _r(self.luck),
                "forced_after": self.forced_after,
                "advisor_questions": self.advisor_questions,
                "advisor_stopped": self.advisor_stopped,
                "asked": len(self.questions),
                "mattered_most": self.mattered_most(), "costliest": self.costliest()}


def _r(value: float, digits: int = 4) -> float:
    return round(float(value), digits) + 0.0       # no -0.0


def _bits(before: State, counts: tuple[Count, Count], observation: Observation) -> float:
    """What an answer told, in bits: log2 of the counts (before, after) when both are exact,
    else the share of the judged layouts that give it (the counts' ratio when none of them
    does)."""
    if not (counts[0].exact and counts[1].exact):
        share = before.answer_share(observation)
        if share:
            return -math.log2(share)
    if counts[1].count <= 0:
        return 0.0
    return max(0.0, math.log2(counts[0].count / counts[1].count))


def settled_counts(counts: list[Count], found: list[int]) -> list[Count]:
    """The counts of successive states of one game made to agree with what is certain: an
    answer never adds layouts, so an exact count bounds every later count from above and
    every earlier one from below, as do the `found` different layouts judged in a state.
    Exact counts are kept; each estimate is brought within those bounds, then raised to the
    count after it. Estimates from small samples (double in the middle of a game, where a
    sample is a few dozen layouts and its count mostly the layouts it found) otherwise rose
    and fell by orders of magnitude from one answer to the next; they err low far more often
    than high, hence raised rather than lowered.

    >>> [c.count for c in settled_counts([Count(9e9, False), Count(40, False),
    ...                                   Count(3e8, False), Count(50, True),
    ...                                   Count(80, False)], [20, 40, 12, 50, 9])]
    [9000000000.0, 300000000.0, 300000000.0, 50, 50]
    """
    settled = list(counts)
    ceiling = math.inf
    for k, count in enumerate(settled):
        if count.exact:
            ceiling = count.count
        else:
            settled[k] = Count(max(min(count.count, ceiling), found[k]), False)
    for k in range(len(settled) - 2, -1, -1):
        if not settled[k].exact and settled[k].count < settled[k + 1].count:
            settled[k] = Count(settled[k + 1].count, False)
    return settled


def check_mine(puzzle: Puzzle, mine: Layout, where: str = "mine") -> None:
    """The mine must be legal for the puzzle's gems and give every one of its answers."""
    check_legal_for(mine, puzzle.gems, puzzle.rules, where)
    wrong = contradicted(mine, puzzle.observations)
    if wrong is not None:
        index, observation, actual = wrong
        raise BadInput(f"{where}: does not give answer {index + 1} ({observation}); it gives "
                       f"{actual}")


def review(puzzle: Puzzle, mine: Layout | None = None, seed: int = SEED,
           advisor: bool = True, asked: list[int] | None = None) -> Review:
    """Review the game whose questions are the puzzle's answers, in order. With a mine (or the
    puzzle's solution), the advisor also plays that mine (`advisor_questions`) unless
    `advisor` is false. `asked` (answer indices) limits the review to one player's questions
    at a table, each judged in the state of every answer before it. States are judged with
    the random stream `decision_rng(seed, k)`."""
    mine = mine or puzzle.solution
    if mine is not None:
        check_mine(puzzle, mine)
    observations = puzzle.observations
    chosen = range(len(observations)) if asked is None else sorted(set(asked))
    if any(not 0 <= k < len(observations) for k in chosen):
        raise BadInput(f"asked: answer indices run from 0 to {len(observations) - 1}")
    states: dict[int, State] = {}
    for k in sorted({k for i in chosen for k in (i, i + 1)}):
        states[k] = judge_state(puzzle.with_observations(observations[:k]),
                                decision_rng(seed, k), states.get(k - 1), mine)
    judged = sorted(states)
    counts = dict(zip(judged, settled_counts(
        [states[k].count for k in judged],
        [len(set(layouts_of(states[k]))) or 1 for k in judged])))
    questions = []
    for k in chosen:
        observation = observations[k]
        before, after = states[k], states[k + 1]
        question = observation.question
        best = before.best
        questions.append(QuestionReview(
            k + 1, question, observation, counts[k], counts[k + 1],
            before.expected_bits(question), _bits(before, (counts[k], counts[k + 1]),
                                                  observation),
            before.expected_questions(question), best,
            before.expected_bits(best) if best else 0.0,
            before.expected_questions(best) if best else 0.0,
            before.skill(question), after.forced,
            before.split(best) if best else []))
    found = Review(questions)
    if mine is not None and advisor:
        try:
            found.advisor_questions = advisor_questions(puzzle, mine, seed)
        except LimitReached:        # its sampler found no layout in time (double, late)
            found.advisor_stopped = True
    return found


def advisor_questions(puzzle: Puzzle, mine: Layout, seed: int = SEED) -> int:
    """The questions the advisor needs to force the same mine, played from the start."""
    from solver.orapa.advisor.autoplay import autoplay
    return autoplay(puzzle.gems, puzzle.rules, seed, ADVISOR_STRATEGY, ADVISOR_SAMPLE,
                    ADVISOR_BUDGET, mine=mine).questions
