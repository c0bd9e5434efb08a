"""One state of a game as the review sees it: how many layouts are left, and what every open
question is worth there by the advisor's measure (expected questions left).

The count is `orapa solve`'s (`solver.orapa.api.solve`, the same count limit): exact when the
solver finishes counting, else the advisor's sampler estimates it. The layouts the questions are
judged over are the solver's own list when it holds at most LIST_BOUND of them, else a uniform
sample drawn by the advisor's sampler (`consistent_candidates`).

A question's worth is its expected questions left, EQ(q) = 1 + sum over answers a of p_a * V_a:
- over listed layouts, V_a comes from the advisor's decision-tree search (`TreeSearch`) at the
  depth it reaches within REVIEW_WORK, and V(S) of the state is the value of its best question;
- over a sample, V_a = group_cost(n_a) (the advisor's fitted estimate, n_a the answer's share of
  the estimated count) and V(S) = group_cost(N).
A question whose answer is the same for every layout (null) leaves the state as it was:
EQ = 1 + V(S). The advisor's question is the tree search's first over listed layouts, and the
largest-entropy question over a sample (the `questions` strategy of `solver.orapa.advisor`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from games.errors import BadInput, LimitReached
from games.orapa.gems import Gem
from games.orapa.layout import Layout, RuleOptions
from games.orapa.answers import Question
from games.orapa.puzzle import Observation, Puzzle, ShotAnswer
from solver.orapa.advisor.ranking import QuestionScore, open_questions, score_questions
from solver.orapa.advisor.tree import AnswerTable, SearchTimeout, TreeSearch, group_cost
from solver.orapa.api import DEFAULT_COUNT_LIMIT, solve
from solver.orapa.counting.consistent_sample import Candidates, consistent_candidates, holding

LIST_BOUND = 3000        # the solver's list is used when it holds at most this many layouts
SAMPLE = 400             # else a sample of this many
BUDGET = 0.25            # seconds for the sampler (doubled while it finds nothing)
REVIEW_WORK = 6000       # tree-search work per state (the advisor spends 16,000 per decision)
EXTRA_WORK = 2000        # more work to value a question the search did not reach
SEARCH_DEPTH = 4         # the advisor's TREE_DEPTH
COUNT_SECONDS = 0.6      # the solver's time to count a state (then the sampler estimates)
CHAIN_KEPT = 60          # judged layouts an answer must keep for its estimate to carry on
SPLIT_SHOWN = 8          # answers listed in a question's split (the rest summed as one)


@dataclass
class Count:
    """Layouts consistent with a state: exact, or an estimate."""

    count: float
    exact: bool

    def to_json(self) -> dict[str, float | int | bool]:
        return {"count": int(round(self.count)), "exact": self.exact}


@dataclass
class State:
    """A state's count, the layouts behind its figures, and every open question's worth."""

    puzzle: Puzzle
    count: Count
    candidates: Candidates | None = None                  # None once one layout is left
    scores: dict[str, QuestionScore] = field(default_factory=dict)   # by question label
    worth: dict[str, float] = field(default_factory=dict)  # EQ of the questions valued so far
    best: str | None = None                                 # the advisor's question
    value: float = 0.0                                      # V(S): questions left from here
    columns: dict[str, int] = field(default_factory=dict)   # label -> column of `table`
    table: AnswerTable | None = None                         # the layouts' answers
    search: TreeSearch | None = None                         # over listed layouts
    depth: int = 0                                           # the depth the search reached

    @property
    def forced(self) -> bool:
        """One layout left, proved."""
        return self.count.exact and round(self.count.count) == 1

    @property
    def null_worth(self) -> float:
        """EQ of a question that tells nothing: one question spent, the state unchanged."""
        return 1.0 + self.value

    def expected_questions(self, question: str) -> float:
        """EQ of a question named by its label (a question asked before, or never splitting
        the layouts, is null)."""
        if question not in self.worth:
            self.worth[question] = self._value(question)
        return self.worth[question]

    def expected_bits(self, question: str) -> float:
        """The entropy of the question's answer over the layouts (0 for one asked before)."""
        score = self.scores.get(question)
        return 0.0 if score is None else score.expected_bits

    def skill(self, question: str) -> float:
        """0..100: (EQ_null - EQ_asked) / (EQ_null - EQ_best), clipped (see docs/review.md)."""
        if self.best is None:
            return 0.0
        if question == self.best:
            return 100.0
        span = self.null_worth - self.expected_questions(self.best)
        if span <= 0:
            return 0.0
        share = (self.null_worth - self.expected_questions(question)) / span
        return round(100.0 * min(1.0, max(0.0, share)), 2)

    def answer_share(self, observation: Observation) -> float | None:
        """The share of the judged layouts that give this answer (None without layouts)."""
        if self.candidates is None or not self.candidates.layouts:
            return None
        layouts = self.candidates.layouts
        if isinstance(observation, ShotAnswer):
            kept = holding(layouts, [observation])
        else:
            kept = [layout for layout in layouts if observation.holds(layout)]
        return len(kept) / len(layouts)

    def split(self, question: str) -> list[dict[str, Any]]:
        """How a question divides the layouts: per answer (largest share first) the share of
        the judged layouts that give it and the layouts it would leave (`count`, estimated
        from the share when the state's count is). At most SPLIT_SHOWN answers are named; the
        rest are summed in a last entry whose `answer` is None."""
        j = self.columns.get(question)
        if j is None or self.candidates is None or self.table is None:
            return []
        layouts = self.candidates.layouts
        groups = self.table.split(np.arange(self.table.rows), j)
        out: list[dict[str, Any]] = []
        for k, group in enumerate(groups):
            if k == SPLIT_SHOWN and len(groups) > SPLIT_SHOWN + 1:
                rest = sum(len(g) for g in groups[k:])
                out.append(self._part(None, rest))
                break
            out.append(self._part(self._answer(layouts[int(group[0])], question), len(group)))
        return out

    def _answer(self, layout: Layout, question: str) -> dict[str, Any]:
        return Question.parse(question).answer(layout, self.puzzle.rules.answer).to_json()

    def _part(self, answer: dict[str, Any] | None, size: int) -> dict[str, Any]:
        assert self.table is not None
        share = size / self.table.rows
        return {"answer": answer, "share": round(share, 4),
                "count": max(1, int(round(share * self.count.count)))}

    def _value(self, question: str) -> float:
        j = self.columns.get(question)
        if j is None or self.candidates is None:
            return self.null_worth
        table = self.table
        assert table is not None
        members = np.arange(table.rows)
        groups = table.split(members, j)
        if len(groups) < 2:
            return self.null_worth
        if self.search is not None:
            try:
                return self._searched(groups)
            except SearchTimeout:
                pass
        scale = self.count.count / table.rows
        sizes = np.array([len(g) for g in groups], dtype=float)
        share = sizes / sizes.sum()
        return float(1.0 + (share * group_cost(sizes * scale)).sum())

    def _searched(self, groups: list[np.ndarray]) -> float:
        """1 + the tree search's expected value of the groups (a little more work allowed)."""
        search = self.search
        assert search is not None
        search.work_limit = search.work + EXTRA_WORK
        n = sum(len(g) for g in groups)
        return 1.0 + sum(len(g) / n * search.value(g, self.depth - 1) for g in groups)


def solver_count(puzzle: Puzzle) -> tuple[int, bool]:
    """`orapa solve`'s count of a state (`solver.orapa.api.solve`, its count limit), within
    COUNT_SECONDS: (count, exact); past that time, what was found and exact false. The count
    before any answer depends on the gems and rules only: it is kept."""
    if not puzzle.observations:
        return _empty_count(puzzle.gems, puzzle.rules)
    return _solver_count(puzzle)


@lru_cache(maxsize=16)
def _empty_count(gems: tuple[Gem, ...], rules: RuleOptions) -> tuple[int, bool]:
    return _solver_count(Puzzle(gems, rules))


def _solver_count(puzzle: Puzzle) -> tuple[int, bool]:
    try:
        result = solve(puzzle, limit=0, count_limit=DEFAULT_COUNT_LIMIT, timeout=COUNT_SECONDS)
    except LimitReached as exc:
        partial = exc.partial if isinstance(exc.partial, dict) else {}
        return int(partial.get("count", 0)), False
    if result.status == "contradiction":
        raise BadInput(f"puzzle: the first {len(puzzle.observations)} answers contradict each "
                       f"other (orapa solve names a conflict)")
    return result.count, result.exact


def count_state(puzzle: Puzzle, rng: random.Random) -> tuple[Count, Candidates | None]:
    """The state's count (solve's, else the sampler's estimate) and the layouts to judge over:
    the solver's list when it is short, else a sample (None once one layout is proved)."""
    count, exact = solver_count(puzzle)
    if exact and count <= LIST_BOUND:
        if count == 1:
            return Count(1, True), None
        layouts = solve(puzzle, limit=LIST_BOUND, count_limit=DEFAULT_COUNT_LIMIT).solutions
        return Count(count, True), Candidates(layouts, True, len(layouts), True, "enumeration")
    budget = BUDGET
    while True:
        try:
            candidates = consistent_candidates(puzzle, SAMPLE, LIST_BOUND, budget, rng)
        except LimitReached:
            candidates = None
        if candidates is not None and candidates.layouts:
            break
        if budget > 64 * BUDGET:
            raise LimitReached("review: no consistent layout found for a state of the game")
        budget *= 2
    if exact:
        return Count(count, True), candidates
    return Count(max(candidates.count, count), False), candidates


def judge_state(puzzle: Puzzle, rng: random.Random, previous: State | None = None) -> State:
    """Count a state and rank its open questions the way the advisor does. `previous` is the
    state before the last answer: when neither count is exact and at least CHAIN_KEPT of its
    judged layouts give that answer, the estimate is carried on (previous estimate times the
    share that gives it), so that an answer every layout gives leaves the estimate unchanged
    and the counts agree with the bits told."""
    count, candidates = count_state(puzzle, rng)
    if previous is not None and not count.exact and previous.candidates is not None \
            and not previous.count.exact and puzzle.observations:
        share = previous.answer_share(puzzle.observations[-1]) or 0.0
        if share * len(previous.candidates.layouts) >= CHAIN_KEPT:
            count = Count(previous.count.count * share, False)
    state = State(puzzle, count, candidates)
    if candidates is None:
        return state
    questions = open_questions(puzzle)
    if not questions:
        return state
    scores, columns = score_questions(candidates, questions, puzzle.rules.touching,
                                      puzzle.rules.answer)
    state.scores = {s.question: s for s in scores}
    state.columns = {s.question: j for j, s in enumerate(scores)}
    state.table = AnswerTable(columns)
    listed = candidates.exact
    if listed and len(candidates.layouts) > 2:
        search = TreeSearch(state.table, work_limit=REVIEW_WORK)
        head, values, depth = search.deepen(SEARCH_DEPTH)
        finite = np.isfinite(values)
        head, values = head[finite], values[finite]
        if len(head):
            if depth >= 1:      # at depth 0 the values are one-step estimates, as below
                state.search, state.depth = search, depth
            state.best = scores[int(head[0])].question
            state.value = float(values[0])
            state.worth = {scores[int(j)].question: float(v) for j, v in zip(head, values)}
            return state
    order = sorted(range(len(scores)), key=lambda j: (round(-scores[j].expected_bits, 9),
                                                      scores[j].kind != "shot", j))
    best = scores[order[0]]
    if best.expected_bits <= 0:          # nothing splits the layouts
        return state
    state.best = best.question
    state.worth[best.question] = state._value(best.question)
    # listed: the state is worth its best question (over 2 layouts exactly 1); sampled: the
    # advisor's estimate for that many layouts
    state.value = (state.worth[best.question] if listed
                   else float(group_cost(count.count)))
    return state


def layouts_of(state: State) -> list[Layout]:
    """The layouts a state is judged over (none once it is forced)."""
    return [] if state.candidates is None else state.candidates.layouts
