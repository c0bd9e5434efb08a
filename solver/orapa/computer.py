"""The computer explorer of an Orapa seated game: the advisor picks its questions, the solver
says when the mine is forced, and then it guesses.

It only ever looks at what its seat has heard (`OrapaSeated.puzzle_for`), never at a mine.
Levels trade strength for time:
- `easy`: a small sample, a random question among the advisor's best five, and a guess among the
  last few candidates as soon as there are at most two (so it can guess wrong);
- `normal`: the advisor's best question by entropy; guesses once the layout is forced;
- `strong`: the advisor's `questions` strategy (a decision-tree search) with a larger budget.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.errors import BadInput, LimitReached
from games.orapa.board import port_label
from games.orapa.puzzle import Puzzle, ShotAnswer
from solver.orapa.advisor.ranking import Advice, advise
from solver.orapa.api import solve

LEVELS = ("easy", "normal", "strong")


@dataclass(frozen=True)
class Level:
    """How hard one level thinks."""

    strategy: str
    sample: int
    budget: float       # seconds per decision (a guide; doubled while nothing is found)
    top: int            # picks at random among this many best questions
    guess_among: int    # guesses once at most this many layouts are left


LEVEL_SETTINGS = {
    "easy": Level("entropy", 200, 0.15, 5, 2),
    "normal": Level("entropy", 500, 0.3, 1, 1),
    "strong": Level("questions", 1500, 0.8, 1, 1),
}
MAX_DOUBLINGS = 5


def _advice(puzzle: Puzzle, level: Level, rng: random.Random) -> Advice | None:
    """The advisor's ranking, doubling the budget while no layout is found in time; None when
    every question has been asked."""
    budget = level.budget
    for _ in range(MAX_DOUBLINGS):
        try:
            return advise(puzzle, level.strategy, level.sample, 3000, budget, False, rng)
        except LimitReached:
            budget *= 2
        except BadInput as exc:
            if "every question" in str(exc):
                return None
            raise
    return advise(puzzle, level.strategy, level.sample, 3000, budget * 4, False, rng)


def explorer_action(puzzle: Puzzle, level: str, rng: random.Random) -> dict[str, Any]:
    """The next action of a computer explorer who knows `puzzle`: a shot, a cell or a guess."""
    if level not in LEVEL_SETTINGS:
        raise BadInput(f"level: expected one of {', '.join(LEVELS)}, got {level!r}")
    settings = LEVEL_SETTINGS[level]
    advice = _advice(puzzle, settings, rng)
    if advice is None:  # every question asked: guess a consistent layout
        found = solve(puzzle, limit=1, count_limit=1).solutions
        if not found:
            raise BadInput("puzzle: no layout is consistent with the answers")
        return {"guess": found[0].to_json()}
    layouts = advice.candidates.layouts
    if advice.candidates.exact and len(layouts) <= settings.guess_among:
        if len(layouts) > 1:
            return {"guess": rng.choice(layouts).to_json()}
        result = solve(puzzle, limit=1, count_limit=1)
        if result.status == "unique":
            return {"guess": result.solutions[0].to_json()}
    # the exit port of an earlier shot is answered already (O5: asking it is free and keeps
    # the turn, so choosing it would only make the computer choose again)
    known = {port_label(o.exit) for o in puzzle.observations
             if isinstance(o, ShotAnswer) and o.exit is not None}
    fresh = [q for q in advice.ranking if q.kind != "shot" or q.question not in known]
    if not fresh:
        found = solve(puzzle, limit=1, count_limit=1).solutions
        if not found:
            raise BadInput("puzzle: no layout is consistent with the answers")
        return {"guess": found[0].to_json()}
    best = rng.choice(fresh[:settings.top])
    return {best.kind: best.question}
