"""Decision-tree search over listed layouts: the question that minimises the expected number of
questions still needed until a single layout is left.

One-step entropy is only a proxy for the real objective. When the consistent layouts are listed,
every question is a column of answer ids (`AnswerTable`), asking it splits a set of layouts into
groups, and the value of a set S is

    V(S) = 0 when |S| = 1, else 1 + min over questions q of sum_a |S_a| / |S| * V(S_a).

`TreeSearch` estimates V by a depth-limited search: at the search horizon a group of n layouts
is valued by `group_cost(n)` (exact for 1 and 2, a fitted logarithm above); at every node only
the few questions with the best one-step estimate are expanded, branches are cut by lower bounds
(a group of n > 1 needs at least the average depth of a complete tree with the widest branching
any question shows), and sets are memoised by their member indices. The root deepens one level
at a time until a fixed amount of work is spent (or a deadline passes) and keeps the deepest
finished ranking; questions of equal value go in order of their largest group.

>>> import numpy as np
>>> table = AnswerTable(np.array([[0, 0, 0], [0, 1, 1], [1, 0, 2], [1, 1, 3]]))
>>> search = TreeSearch(table)
>>> search.value(np.arange(4), depth=2)   # question 2 tells all four apart
1.0
>>> search.value(np.arange(4)[:3], depth=2)
1.0
>>> questions, values = search.rank(depth=1)
>>> questions.tolist(), values.tolist()
([2, 0, 1], [1.0, 2.0, 2.0])
"""
from __future__ import annotations

import math
import time
from functools import cached_property

import numpy as np

GROUP_BITS = 2.6   # bits a question gives, on average, to a group beyond the search horizon
ROOT_WIDTH = 12    # questions expanded at the root
NODE_WIDTH = 4     # questions expanded at inner nodes
WORK_LIMIT = 16_000  # search work per decision (a node is 1, plus 1 per 128 layouts in it):
                     # about one second of CPU


def group_cost(n: float | np.ndarray) -> np.ndarray:
    """Estimated questions still needed by a group of n layouts: 0 for one, 1 for two, and
    1 + log2(n / 2) / GROUP_BITS above (fitted to searched endgames)."""
    n = np.asarray(n, dtype=float)
    return np.where(n <= 1, 0.0, 1.0 + np.log2(np.maximum(n, 2) / 2) / GROUP_BITS)


def tree_lower_bound(n: int, branching: int) -> float:
    """Least average depth of a tree with n equally likely leaves whose nodes have at most
    `branching` children (a complete tree): a floor on the questions a group of n needs.

    >>> tree_lower_bound(1, 5), tree_lower_bound(5, 5), tree_lower_bound(6, 5)
    (0.0, 1.0, 1.3333333333333333)
    """
    if n <= 1:
        return 0.0
    if branching < 2:
        return float("inf")
    depth, width = 0, 1
    while width * branching < n:
        width *= branching
        depth += 1
    # width leaves at `depth` can each open into `branching`; x of them open to reach n leaves
    opened = math.ceil((n - width) / (branching - 1))
    return ((width - opened) * depth + (n - width + opened) * (depth + 1)) / n


class AnswerTable:
    """The answers of listed layouts as dense ids: ids[i, j] + offsets[j] is a global answer id,
    so the group sizes of every question over a set of layouts come from one bincount."""

    def __init__(self, columns: np.ndarray) -> None:
        rows, questions = columns.shape
        ids = np.empty((rows, questions), dtype=np.int64)
        sizes = []
        for j in range(questions):
            _, inverse = np.unique(columns[:, j], return_inverse=True)
            ids[:, j] = inverse.ravel()
            sizes.append(int(inverse.max()) + 1 if rows else 1)
        self.offsets = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        self.ids = ids
        self.flat = ids + self.offsets
        self.total = int(sum(sizes))
        self.rows, self.questions = rows, questions

    def group_sizes(self, members: np.ndarray) -> np.ndarray:
        """Group sizes of every answer of every question over `members` (by global id)."""
        return np.bincount(self.flat[members].ravel(), minlength=self.total)

    def split(self, members: np.ndarray, question: int) -> list[np.ndarray]:
        """The members grouped by their answer to one question (largest group first)."""
        keys = self.ids[members, question]
        order = np.argsort(keys, kind="stable")
        keys, ordered = keys[order], members[order]
        cuts = np.flatnonzero(np.diff(keys)) + 1
        groups = np.split(ordered, cuts)
        groups.sort(key=len, reverse=True)
        return groups


class SearchTimeout(Exception):
    """The search's deadline passed."""


class TreeSearch:
    """Depth-limited decision-tree search over an AnswerTable (see the module docstring)."""

    def __init__(self, table: AnswerTable, deadline: float | None = None,
                 root_width: int | None = None, node_width: int | None = None,
                 work_limit: int | None = None) -> None:
        self.table = table
        self.deadline = deadline
        self.work_limit = work_limit  # deterministic, unlike the deadline
        self.work = 0
        self.root_width = ROOT_WIDTH if root_width is None else root_width
        self.node_width = NODE_WIDTH if node_width is None else node_width
        self.memo: dict[bytes, tuple[int, float]] = {}
        self.cost = group_cost(np.arange(table.rows + 1))
        self.nodes = 0

    def one_step(self, members: np.ndarray) -> tuple[np.ndarray, int]:
        """Per question, 1 + the expected `group_cost` of its groups (inf for a question that
        does not split the members), and the most groups any question makes."""
        estimates, branching, _ = self._split_figures(members)
        return estimates, branching

    def _split_figures(self, members: np.ndarray) -> tuple[np.ndarray, int, np.ndarray]:
        """`one_step`'s figures, and each question's largest group."""
        n = len(members)
        counts = self.table.group_sizes(members)
        spent = np.add.reduceat(counts * self.cost[counts], self.table.offsets) / n
        largest = np.maximum.reduceat(counts, self.table.offsets)
        groups = np.add.reduceat(counts > 0, self.table.offsets)
        return np.where(largest < n, 1.0 + spent, np.inf), int(groups.max()), largest

    @cached_property
    def root(self) -> tuple[np.ndarray, int, np.ndarray]:
        """The whole table's one-step estimates, widest branching and largest group per
        question: computed once, for every depth the root is ranked at."""
        return self._split_figures(np.arange(self.table.rows))

    def _tick(self, rows: int) -> None:
        self.nodes += 1
        self.work += 1 + rows // 128
        if self.work_limit is not None and self.work > self.work_limit:
            raise SearchTimeout
        if self.deadline is not None and self.nodes % 64 == 0 \
                and time.monotonic() > self.deadline:
            raise SearchTimeout

    def value(self, members: np.ndarray, depth: int, bound: float = np.inf) -> float:
        """Estimated questions still needed by a sorted set of layout indices, searching
        `depth` levels before `group_cost` takes over; a result >= `bound` may be a floor."""
        n = len(members)
        if n <= 1:
            return 0.0
        if n == 2:
            return 1.0
        key = members.tobytes()
        known = self.memo.get(key)
        if known is not None and known[0] >= depth:
            return known[1]
        self._tick(n)
        estimates, branching = self.one_step(members)
        best = float(estimates.min())
        if not np.isfinite(best):  # no question tells these layouts apart: nothing to ask
            best = 0.0
        if depth == 0 or best <= 1.0:
            self.memo[key] = (depth if best > 1.0 else 1 << 30, best)
            return best
        best = np.inf
        exact = True
        for question in _best(estimates, self.node_width):
            worth = self._question_value(members, int(question), depth, min(bound, best),
                                         branching)
            if worth < best:
                best = worth
            elif worth >= bound:
                exact = False
        if exact and best < bound:
            self.memo[key] = (depth, best)
        return best

    def _question_value(self, members: np.ndarray, question: int, depth: int, bound: float,
                        branching: int) -> float:
        """1 + the expected value of the groups, stopping once it cannot beat `bound`."""
        n = len(members)
        groups = self.table.split(members, question)
        floor = 1.0 + sum(len(g) * tree_lower_bound(len(g), branching) for g in groups) / n
        total = 1.0
        for g in groups:
            if total + (floor - 1.0) >= bound:
                return max(total + floor - 1.0, bound)
            share = len(g) / n
            floor -= share * tree_lower_bound(len(g), branching)
            total += share * self.value(g, depth - 1, (bound - total) / share - (floor - 1.0)
                                        / share)
        return total

    def rank(self, depth: int) -> tuple[np.ndarray, np.ndarray]:
        """(questions, values): the root's best `root_width` questions by a search of `depth`
        levels below them, sorted by value, then by their largest group (depth 0: the one-step
        estimates of all)."""
        estimates, branching, largest = self.root
        if depth == 0:
            order = np.argsort(estimates, kind="stable")
            return order, estimates[order]
        members = np.arange(self.table.rows)
        head = _best(estimates, self.root_width)
        values = np.array([self._question_value(members, int(q), depth, np.inf, branching)
                           for q in head])
        # equal values: the smaller largest group first, which shortens the unlucky games at
        # no cost on average
        order = np.lexsort((largest[head], np.round(values, 9)))
        return head[order], values[order]

    def deepen(self, max_depth: int = 6) -> tuple[np.ndarray, np.ndarray, int]:
        """Rank at depth 0, 1, 2, ... until the deadline or `max_depth`; the deepest finished
        ranking and its depth."""
        questions, values = self.rank(0)
        reached = 0
        for depth in range(1, max_depth + 1):
            try:
                questions, values = self.rank(depth)
            except SearchTimeout:
                break
            reached = depth
        return questions, values, reached


def _best(estimates: np.ndarray, width: int) -> np.ndarray:
    """Indices of the `width` smallest finite estimates, in order (ties: lower index)."""
    order = np.argsort(estimates, kind="stable")[:width]
    return order[np.isfinite(estimates[order])]
