"""The advisor: which question to ask next (shots and cell questions), by the information its
answer is expected to give over the consistent layouts.

Every consistent layout is listed when there are few (exact figures), otherwise a uniform sample
stands in for them (see `solver.orapa.counting.consistent_sample`). All 36 shot answers of every layout come from one
batch trace, the 80 cell answers from the quarter codes; a question's answer distribution is then
a grouping of one column. Strategies:
- `entropy` (default): the largest entropy of the answer, in bits;
- `minimax`: the smallest worst-case number of layouts left;
- `expected-size`: the smallest expected number of layouts left (sum of n_a^2 / N);
- `questions`: the fewest expected questions until one layout is left, by a decision-tree search
  over the listed layouts (`solver.orapa.advisor.tree`); over a sample it ranks as `entropy` does;
ties go to the larger entropy, then shots before cells, then board order. With `lookahead`, the
best few questions are re-ranked by the information of two questions: the answer's entropy plus
the expected entropy of the best follow-up chosen after each answer.

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.puzzle import Puzzle
>>> advice = advise(Puzzle(gem_set("base"), RuleOptions()), sample=300, rng=random.Random(1))
>>> advice.best.kind, advice.candidates.exact, len(advice.ranking)
('shot', False, 116)
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from games.errors import BadInput, LimitReached
from games.orapa.array_tracer import count_batch, layout_codes, trace_batch
from games.orapa.board import CELLS, PORTS, cell_label, port_label
from games.orapa.colors import GEM_COLOR_BITS, color_name
from games.wording import plural
from games.orapa.layout import ABSORBS, Layout
from games.orapa.puzzle import ABSORBED, CellAnswer, Puzzle, ShotAnswer
from solver.orapa.advisor.defaults import BUDGET, EXACT_BOUND, SAMPLE, STRATEGIES, STRATEGY
from solver.orapa.advisor.tree import WORK_LIMIT, AnswerTable, TreeSearch
from solver.orapa.counting.consistent_sample import Candidates, consistent_candidates
from solver.orapa.options import BackendName

SAMPLING_SHARE = 0.8   # of a decision's budget, to find the layouts; the ranking has the rest
END_SHARE = 0.1        # ... and, when they took longer, at least this share (a safety net)
LOOKAHEAD_WIDTH = 6          # questions re-ranked by look-ahead
TREE_DEPTH = 4               # deepest decision-tree search of the `questions` strategy
_CELL_NAMES = {bits: name for name, bits in GEM_COLOR_BITS.items() if name != "black"}


@dataclass
class QuestionScore:
    """One question and what its answer is expected to tell."""

    question: str                      # a port label ("15") or a cell label ("E4")
    kind: str                          # shot | cell
    expected_bits: float               # entropy of the answer
    worst_case: float                  # most layouts left after the worst answer
    expected_size: float               # expected number of layouts left
    answers: list[tuple[str, float]] = field(default_factory=list)  # (answer, probability)
    two_step_bits: float | None = None
    expected_questions: float | None = None   # `questions` strategy: estimated questions left

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"question": self.question,
                                "expected_bits": round(self.expected_bits, 6) + 0.0,  # no -0.0
                                "worst_case": round(self.worst_case, 3),
                                "expected_size": round(self.expected_size, 3)}
        if self.two_step_bits is not None:
            data["two_step_bits"] = round(self.two_step_bits, 6)
        if self.expected_questions is not None:
            data["expected_questions"] = round(self.expected_questions, 6)
        return data


@dataclass
class Advice:
    """The ranking of every question not asked yet, best first."""

    candidates: Candidates
    strategy: str
    ranking: list[QuestionScore]

    @property
    def best(self) -> QuestionScore:
        return self.ranking[0]

    @property
    def solved(self) -> bool:
        """Is one layout left (proved)? Then no question can tell anything more."""
        return self.candidates.exact and len(self.candidates.layouts) == 1

    def to_json(self) -> dict[str, Any]:
        """The document of `orapa next --json` (INTERFACE.md), with a few extra fields."""
        return {"question": self.best.question,
                "expected_bits": round(self.best.expected_bits, 6) + 0.0,
                "solved": self.solved,
                "candidates": int(round(self.candidates.count)),
                "exact": self.candidates.exact,
                "ranking": [q.to_json() for q in self.ranking],
                "strategy": self.strategy, "method": self.candidates.method,
                "sample": len(self.candidates.layouts)}


COUNT_CAP = 63   # bounce counts above this share one key (no base path comes near it)


def answer_keys(layouts: list[Layout], touching: str = "corner", answer: str = "colour"
                ) -> tuple[np.ndarray, np.ndarray]:
    """Integer answer codes, (L, 36) for the shots and (L, 80) for the cells (the covering
    gem's quarter code, 0 empty). A shot's code is what the director says under the answer
    kind (RULINGS O9): `colour` exit * 16 + colour, `bounces` exit * 64 + count, `both`
    exit * 1024 + count * 16 + colour; -16 when absorbed."""
    codes = layout_codes(layouts)
    exits, colors = trace_batch(codes)
    if answer == "colour":
        heard = exits * 16 + colors
    else:
        counts = np.minimum(count_batch(codes), COUNT_CAP)
        heard = exits * 64 + counts if answer == "bounces" else (exits * 64 + counts) * 16 + colors
    # an absorbed wave is heard as "absorbed" whatever colour it had picked up before the black
    # gem: one answer code (keeping the colour split absorbed shots into answers no one hears)
    shots = np.where(exits < 0, -16, heard)
    if touching == "corner":  # a cell holds at most one gem: any covered quarter names it
        cells = np.bitwise_or.reduce(codes.reshape(len(layouts), CELLS, 4), axis=2).astype(
            np.int64)
    else:
        cells = np.array([[_cell_code(content) for content in layout.cell_contents]
                          for layout in layouts], dtype=np.int64).reshape(len(layouts), CELLS)
    return shots, cells


def _cell_code(content: str) -> int:
    """An answer code for a cell content (used when a cell can hold two gems)."""
    if content == "empty":
        return 0
    return 1 << 8 if content == ABSORBED else 1 << 9 | GEM_COLOR_BITS[content]


def shot_answer_label(key: int, answer: str = "colour") -> str:
    """'absorbed', or the answer as the text format writes it ('C yellow', 'C 3 bounces',
    'C yellow 3 bounces') for a shot answer code of `answer_keys` under the answer kind."""
    key = int(key)
    if key < 0:
        return ABSORBED
    if answer == "colour":
        exit_port, color = divmod(key, 16)
        return f"{port_label(exit_port)} {color_name(color)}"
    if answer == "bounces":
        exit_port, count = divmod(key, 64)
        return f"{port_label(exit_port)} {plural(count, 'bounce')}"
    rest, color = divmod(key, 16)
    exit_port, count = divmod(rest, 64)
    return f"{port_label(exit_port)} {color_name(color)} {plural(count, 'bounce')}"


def cell_answer_label(key: int) -> str:
    """The cell content an answer code stands for."""
    key = int(key)
    if key == 0:
        return "empty"
    if key & (ABSORBS | 1 << 8):
        return ABSORBED
    return _CELL_NAMES.get(key & 15, "transparent")


def _entropy(counts: np.ndarray) -> float:
    p = counts / counts.sum()
    return float(-(p * np.log2(p)).sum())


def open_questions(puzzle: Puzzle) -> list[tuple[str, int]]:
    """(kind, index) of every question not asked yet: shots first, then cells."""
    shots = {o.port for o in puzzle.observations if isinstance(o, ShotAnswer)}
    cells = {o.cell for o in puzzle.observations if isinstance(o, CellAnswer)}
    return ([("shot", p) for p in range(PORTS) if p not in shots]
            + [("cell", c) for c in range(CELLS) if c not in cells])


def score_questions(candidates: Candidates, questions: list[tuple[str, int]],
                    touching: str = "corner", answer: str = "colour"
                    ) -> tuple[list[QuestionScore], np.ndarray]:
    """Figures for every question, and the answer-code matrix (L, questions) behind them;
    shots are keyed by what the director says under the answer kind `answer` (O9)."""
    shots, cells = answer_keys(candidates.layouts, touching, answer)
    columns = np.stack([shots[:, i] if kind == "shot" else cells[:, i]
                        for kind, i in questions], axis=1)
    total = len(candidates.layouts)
    scale = candidates.count / total
    scores = []
    for j, (kind, i) in enumerate(questions):
        values, counts = np.unique(columns[:, j], return_counts=True)
        order = np.argsort(-counts, kind="stable")
        label = ((lambda key: shot_answer_label(key, answer)) if kind == "shot"
                 else cell_answer_label)
        scores.append(QuestionScore(
            port_label(i) if kind == "shot" else cell_label(i), kind, _entropy(counts),
            float(counts.max()) * scale, float((counts ** 2).sum()) / total * scale,
            [(label(values[k]), float(counts[k]) / total) for k in order]))
    return scores, columns


def _two_step_bits(columns: np.ndarray, j: int) -> float:
    """Entropy of question j plus the expected entropy of the best question after each answer."""
    first = np.unique(columns[:, j], return_inverse=True)[1].ravel()
    groups = int(first.max()) + 1
    sizes = np.bincount(first, minlength=groups).astype(float)
    best = np.zeros(groups)
    span = int(columns.max()) + 17      # answer codes run from -16 (absorbed) up
    for k in range(columns.shape[1]):
        pairs, counts = np.unique(first * span + columns[:, k] + 16, return_counts=True)
        group = pairs // span
        p = counts / sizes[group]
        best = np.maximum(best, np.bincount(group, weights=-p * np.log2(p), minlength=groups))
    weights = sizes / sizes.sum()
    return _entropy(sizes) + float((weights * best).sum())


def _rank_key(strategy: str, score: QuestionScore, index: int) -> tuple[float, ...]:
    main = {"entropy": -score.expected_bits, "questions": -score.expected_bits,
            "minimax": score.worst_case, "expected-size": score.expected_size}[strategy]
    return (round(main, 9), round(-score.expected_bits, 9), score.kind != "shot", index)


def planned_questions(columns: np.ndarray, deadline: float | None = None
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The decision-tree search over listed layouts whose answers are `columns`: the searched
    head (question indices, best first), their estimated questions left, and every question's
    one-step estimate. The search stops at a fixed amount of work (so the choice does not
    depend on the machine's load) or at the deadline, a safety net."""
    search = TreeSearch(AnswerTable(columns), deadline, work_limit=WORK_LIMIT)
    head, values, _ = search.deepen(TREE_DEPTH)
    finite = np.isfinite(values)
    return head[finite], values[finite], search.root[0]


def _tree_order(columns: np.ndarray, scores: list[QuestionScore], deadline: float | None
                ) -> list[int]:
    """Question indices by the decision-tree search: the searched head by estimated questions
    left, then the rest by their one-step estimate."""
    head, values, one_step = planned_questions(columns, deadline)
    for j, value in zip(head.tolist(), values.tolist()):
        scores[j].expected_questions = value
    searched = set(head.tolist())
    rest = sorted((j for j in range(len(scores)) if j not in searched),
                  key=lambda j: (one_step[j], _rank_key("entropy", scores[j], j)))
    return head.tolist() + rest


def rank(candidates: Candidates, questions: list[tuple[str, int]], strategy: str = "entropy",
         lookahead: bool = False, touching: str = "corner", deadline: float | None = None,
         answer: str = "colour") -> list[QuestionScore]:
    """The questions ranked by a strategy over the candidates (best first), shots by their
    answers under the answer kind `answer`; `deadline` (time.monotonic()) is a safety net for
    the decision-tree search of `questions`."""
    if strategy not in STRATEGIES:
        raise BadInput(f"strategy: expected one of {', '.join(STRATEGIES)}, got {strategy!r}")
    scores, columns = score_questions(candidates, questions, touching, answer)
    if strategy == "questions" and candidates.exact and len(candidates.layouts) > 2:
        return [scores[j] for j in _tree_order(columns, scores, deadline)]
    order = sorted(range(len(scores)), key=lambda j: _rank_key(strategy, scores[j], j))
    if lookahead and len(candidates.layouts) > 2:
        head = order[:LOOKAHEAD_WIDTH]
        for j in head:
            scores[j].two_step_bits = _two_step_bits(columns, j)
        head.sort(key=lambda j: (-round(scores[j].two_step_bits or 0.0, 9),
                                 _rank_key(strategy, scores[j], j)))
        order[:LOOKAHEAD_WIDTH] = head
    return [scores[j] for j in order]


def advise(puzzle: Puzzle, strategy: str = STRATEGY, sample: int = SAMPLE,
           exact_bound: int = EXACT_BOUND, budget: float = BUDGET, lookahead: bool = False,
           rng: random.Random | None = None, backend: BackendName = "sat",
           candidates: Candidates | None = None) -> Advice:
    """Rank every open question of a puzzle within `budget` seconds: the layouts are had in
    SAMPLING_SHARE of it, the ranking ends by the budget (the decision-tree search of
    `questions` stops there). Raises BadInput when no layout is consistent and LimitReached
    when none could be found within the budget."""
    start = time.monotonic()
    if candidates is None:
        candidates = consistent_candidates(puzzle, sample, exact_bound, budget,
                                           rng or random.Random(0), backend,
                                           deadline=start + SAMPLING_SHARE * budget)
    if not candidates.layouts:
        if candidates.exact:
            raise BadInput("puzzle: no layout is consistent with the observations "
                           "(orapa solve names a conflict)")
        raise LimitReached("no consistent layout found within the time budget")
    questions = open_questions(puzzle)
    if not questions:
        raise BadInput("puzzle: every question has been asked already")
    deadline = max(start + budget, time.monotonic() + END_SHARE * budget)
    return Advice(candidates, strategy, rank(candidates, questions, strategy, lookahead,
                                             puzzle.rules.touching, deadline,
                                             puzzle.rules.answer))
