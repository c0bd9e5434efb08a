"""Expected questions over a uniform sample (the middle game), a trial behind
`ranking.SAMPLED_COST` and `ranking.SAMPLED_DEPTH` (both off by default: no measured gain on
`full`, docs/advisor.md).

Each sampled layout stands for count / sample layouts. A group of n sampled layouts is valued by
`questions_to_go(n * scale)`, a curve fitted to played `full` games. One level: a question is worth
1 + sum_a p_a questions_to_go(n_a * scale); with two levels, each answer group large enough to
trust (at least MIN_GROUP sampled layouts) is valued instead by its best follow-up question's
one-level value, so a question is judged by the pair it starts.

>>> import numpy as np
>>> table = AnswerTable(np.array([[0, 0], [0, 1]] * 10))  # question 0 tells nothing
>>> one_level(table, np.arange(20), 2.0).tolist()             # 20 samples standing for 2 layouts
[inf, 1.0]
>>> one_level(table, np.arange(20), 20.0).round(2).tolist()   # for 20: two groups of 10 layouts
[inf, 3.4]
"""
from __future__ import annotations

import numpy as np

from solver.orapa.advisor.tree import AnswerTable

MIN_GROUP = 20       # a group smaller than this (in the sample) is not searched one level more
HEAD = 8             # root questions (best by one level) searched two levels deep


def questions_to_go(n: np.ndarray | float) -> np.ndarray:
    """Questions a `full` game still took from n consistent layouts, a smooth fit to played
    games: 1.1 * log2(n) ** 0.65 (about 2 bits a question near the end, 5 at the start);
    0 for one layout."""
    bits = np.log2(np.maximum(np.asarray(n, dtype=float), 1.0))
    return np.where(bits <= 0, 0.0, 1.1 * bits ** 0.65)


def one_level(table: AnswerTable, members: np.ndarray, count: float) -> np.ndarray:
    """Per question, 1 + the expected questions_to_go of its answer groups over `members`, a
    sample standing for `count` layouts (inf for a question that splits nothing)."""
    n = len(members)
    sizes = table.group_sizes(members)
    worth = sizes * questions_to_go(sizes * (count / n))
    value = 1.0 + np.add.reduceat(worth, table.offsets) / n
    largest = np.maximum.reduceat(sizes, table.offsets)
    return np.where(largest < n, value, np.inf)


def two_levels(table: AnswerTable, count: float, head: int = HEAD,
               min_group: int = MIN_GROUP) -> tuple[np.ndarray, np.ndarray]:
    """(questions, values): the `head` best questions by one level, valued two levels deep,
    best first (ties: the one-level order)."""
    members = np.arange(table.rows)
    first = one_level(table, members, count)
    order = np.argsort(first, kind="stable")[:head]
    order = order[np.isfinite(first[order])]
    scale = count / table.rows
    values = []
    for q in order.tolist():
        total = 1.0
        for group in table.split(members, q):
            share = len(group) / table.rows
            if len(group) >= min_group:
                follow = one_level(table, group, len(group) * scale)
                best = float(follow.min())
                worth = best if np.isfinite(best) else float(questions_to_go(len(group) * scale))
            else:
                worth = float(questions_to_go(len(group) * scale))
            total += share * worth
        values.append(total)
    values_arr = np.array(values)
    rank = np.argsort(np.round(values_arr, 9), kind="stable")
    return order[rank], values_arr[rank]
