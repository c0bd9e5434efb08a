"""One state of a game as the review sees it: how many layouts are left, and what every open
question is worth there by the advisor's measure (expected questions left).

The count is the solver's exact count (`solver.orapa.counting.exact`, as `orapa solve` counts)
when it takes at most COUNT_NODES counting nodes (WIDE_COUNT_NODES where the state's families
are too many for the sampler to list), else the sampler's estimate. The layouts the
questions are judged over are the solver's own list when it holds at most LIST_BOUND of them,
else a uniform sample of SAMPLE drawn with the state's seeded stream
(`solver.orapa.review.sample`). Both are bounded by work, not time, so that a state, a review
and a puzzle's grade are the same on any machine, however loaded. Where that sampler does not
apply (rule `touching any`, more than ten gems) the count is `orapa solve`'s within
COUNT_SECONDS and the sample the advisor's (`consistent_candidates`) within BUDGET seconds:
those still depend on the machine's speed.

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
from solver.orapa.api import DEFAULT_COUNT_LIMIT, family_members, solve
from solver.orapa.counting.consistent_sample import Candidates, consistent_candidates, holding
from solver.orapa.counting.exact import exact_count
from solver.orapa.precheck import impossible_answers
from solver.orapa.review import sample

LIST_BOUND = 3000        # the solver's list is used when it holds at most this many layouts
SAMPLE = 400             # else a sample of this many
BUDGET = 0.25            # seconds for the timed sampler (doubled while it finds nothing)
REVIEW_WORK = 6000       # tree-search work per state (the advisor spends 16,000 per decision)
EXTRA_WORK = 2000        # more work to value a question the search did not reach
SEARCH_DEPTH = 4         # the advisor's TREE_DEPTH
COUNT_NODES = 15_000_000  # counting nodes for a state's exact count (some 0.6 s of CPU) ...
WIDE_COUNT_NODES = 500_000     # ... or when its families are too many to list for the sampler
# (a count's families cost some 14 us each beyond their counting nodes, and there are many:
# 600,000 families of a full state with three answers took 8 s for 15 million nodes)
KNOWN_AFTER = 8          # the timed sampler's budget doubled up to this, before `around_known`
KNOWN_SECONDS = 1.0      # `around_known`'s probes
SAFETY_SECONDS = 60.0    # a count still running after this long stops the review (an error)
COUNT_SECONDS = 0.6      # the timed count's seconds, where counting by work does not apply
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


def solver_count(puzzle: Puzzle, listed: sample.Listed | None = None) -> tuple[int, bool]:
    """The solver's count of a state: (count, exact). Where `sample.applies`, within
    COUNT_NODES counting nodes when the sampler lists the state's families (`listed`, else
    listed here), else WIDE_COUNT_NODES (past that: 0, exact false); elsewhere `orapa
    solve`'s within COUNT_SECONDS (past that time, what was found and exact false). The count
    before any answer depends on the gems and rules only: it is kept."""
    if not puzzle.observations:
        return _empty_count(puzzle.gems, puzzle.rules)
    return _solver_count(puzzle, listed)


@lru_cache(maxsize=16)
def _empty_count(gems: tuple[Gem, ...], rules: RuleOptions) -> tuple[int, bool]:
    return _solver_count(Puzzle(gems, rules))


def _contradiction(puzzle: Puzzle) -> BadInput:
    return BadInput(f"puzzle: the first {len(puzzle.observations)} answers contradict each "
                    f"other (orapa solve names a conflict)")


def _solver_count(puzzle: Puzzle, listed: sample.Listed | None = None) -> tuple[int, bool]:
    if sample.applies(puzzle):
        if impossible_answers(puzzle.observations, puzzle.gems) is not None:
            raise _contradiction(puzzle)
        _, complete = sample.listed_families(puzzle) if listed is None else listed
        counted = exact_count(puzzle, SAFETY_SECONDS,
                              max_nodes=COUNT_NODES if complete else WIDE_COUNT_NODES)
        if counted is None:
            return 0, False
        if counted.count == 0:
            raise _contradiction(puzzle)
        return counted.count, True
    try:
        result = solve(puzzle, limit=0, count_limit=DEFAULT_COUNT_LIMIT, timeout=COUNT_SECONDS)
    except LimitReached as exc:
        partial = exc.partial if isinstance(exc.partial, dict) else {}
        return int(partial.get("count", 0)), False
    if result.status == "contradiction":
        raise _contradiction(puzzle)
    return result.count, result.exact


def count_state(puzzle: Puzzle, rng: random.Random, known: Layout | None = None
                ) -> tuple[Count, Candidates | None]:
    """The state's count (solve's, else the sampler's estimate) and the layouts to judge over:
    the solver's list when it is short, else a sample (None once one layout is proved).
    `known`: a layout that gives the state's answers (the mine of a game, a puzzle's
    solution), the last resort where the samplers find none (`around_known`)."""
    by_work = sample.applies(puzzle)
    listed = sample.listed_families(puzzle) if by_work and puzzle.observations else None
    count, exact = solver_count(puzzle, listed)
    if exact and count <= LIST_BOUND:
        if count == 1:
            return Count(1, True), None
        layouts = solve(puzzle, limit=LIST_BOUND, count_limit=DEFAULT_COUNT_LIMIT,
                        max_nodes=COUNT_NODES if by_work else None).solutions
        return Count(count, True), Candidates(layouts, True, len(layouts), True, "enumeration")
    candidates = (sample.judged_layouts(puzzle, SAMPLE, LIST_BOUND, rng, listed) if by_work
                  else _timed_sample(puzzle, rng, known is not None))
    if not candidates.layouts and known is not None:
        candidates = around_known(puzzle, known, rng)
    if not candidates.layouts:
        raise LimitReached("review: no consistent layout found for a state of the game")
    if exact:
        return Count(count, True), candidates
    return Count(max(candidates.count, count), False), candidates


def _timed_sample(puzzle: Puzzle, rng: random.Random, last_resort: bool = False
                  ) -> Candidates:
    """The advisor's sampler within BUDGET seconds, doubled while it finds no layout, up to
    128 times BUDGET (KNOWN_AFTER times where the caller has a last resort); else none."""
    budget, most = BUDGET, (KNOWN_AFTER if last_resort else 128) * BUDGET
    while True:
        try:
            candidates = consistent_candidates(puzzle, SAMPLE, LIST_BOUND, budget, rng)
        except LimitReached:
            candidates = None
        if candidates is not None and candidates.layouts:
            return candidates
        if budget >= most:
            return Candidates([], False, 0, False, "partial")
        budget *= 2


def around_known(puzzle: Puzzle, known: Layout, rng: random.Random) -> Candidates:
    """Layouts near one known to give the state's answers, where no sampler found any
    (double in the middle of a game: up to 32 s of the timed sampler found none on some
    states of a generated puzzle's path): `known` and members of its family (its gems that
    the waves touch kept, the others placed anew off the paths), probed for KNOWN_SECONDS.
    A `partial` sample, not a uniform one, and its count a lower bound."""
    drawn = [known] + family_members(puzzle, known, SAMPLE, rng, KNOWN_SECONDS)
    return Candidates(drawn, False, len(set(drawn)), False, "partial")


def judge_state(puzzle: Puzzle, rng: random.Random, previous: State | None = None,
                known: Layout | None = None) -> State:
    """Count a state and rank its open questions the way the advisor does. `previous` is the
    state before the last answer: when neither count is exact and at least CHAIN_KEPT of its
    judged layouts give that answer, the estimate is carried on (previous estimate times the
    share that gives it), so that an answer every layout gives leaves the estimate unchanged
    and the counts agree with the bits told; never below the different layouts found now
    (a partial sample repeats layouts: 60 draws of one layout once carried a count of 1 on as
    0.22)."""
    count, candidates = count_state(puzzle, rng, known)
    if previous is not None and not count.exact and previous.candidates is not None \
            and candidates is not None and not previous.count.exact and puzzle.observations:
        share = previous.answer_share(puzzle.observations[-1]) or 0.0
        if share * len(previous.candidates.layouts) >= CHAIN_KEPT:
            found = len(set(candidates.layouts))
            count = Count(max(previous.count.count * share, found), False)
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
