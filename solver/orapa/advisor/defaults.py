"""The advisor's settings, one set for `orapa next` and `orapa play --auto` (and the library).

The defaults are the strongest settings measured (docs/advisor.md): strategy `questions`
(entropy over a sample while the layouts are many, then a decision-tree search for the fewest
expected questions once at most EXACT_BOUND layouts are listed). This module imports nothing
heavy, since the command line reads it at start-up.

What each strategy optimises, for one question:
- `entropy`: the expected information of the answer, in bits (-sum p log2 p over the answers);
- `minimax`: the number of layouts left by the worst answer (smallest first);
- `expected-size`: the expected number of layouts left (sum p * layouts for that answer);
- `questions`: the expected number of questions still needed to force the layout, from a
  decision-tree search over the listed layouts; `entropy` until they are listed.

Decisions are reproducible: the sampling stream of a decision depends only on the seed and the
number of answers so far (`decision_rng`), so `orapa next --seed S` on a game's state asks what
`orapa play --auto --seed S` asked there.
"""
from __future__ import annotations

import random

STRATEGIES = ("entropy", "minimax", "expected-size", "questions")
STRATEGY = "questions"
SAMPLE = 1500          # layouts drawn when there are too many to list
EXACT_BOUND = 10_000   # list the layouts when about this many are left (the tree search then
                       # plans over them)
BUDGET = 1.5           # seconds per decision: it ends within them (issue 31)
SEED = 0


def decision_rng(seed: int, answers: int) -> random.Random:
    """The random stream of the decision taken after `answers` answers in a game seeded `seed`."""
    return random.Random(f"orapa-advice/{seed}/{answers}")
