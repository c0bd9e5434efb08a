"""Puzzle difficulty from the solver's own work.

The measure is the work the solver needed to establish the puzzle, in one of two units:
- `nodes`, wherever the wave search applies (base, full and every set of up to ten gems under
  touching corner): the search nodes the wave search visits to prove that the final clue set
  allows one layout only. A node is one step of the search: following a wave through a cell
  whose content is decided, or trying one content for an undecided cell. It depends only on
  the puzzle, and it is what a careful human does too: follow each wave and try what each cell
  could hold.
- `conflicts` otherwise: the SAT conflicts of every check made in the generator's fresh
  per-puzzle solver (`generator.minimal`).

The levels are set at the terciles of the work on 100 minimal-clue `base` puzzles (see
docs/generator.md), so the three are about equally common there. Full-shot `base` puzzles take
300 to 1,300 nodes (`easy`); full-shot `full` ones often more, as their seven gems leave the
search more to try.

>>> rate(6, 400, "nodes").level, rate(5, 50_000, "nodes").level, rate(5, 2500, "conflicts").level
('easy', 'hard', 'hard')
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Literal, get_args

if TYPE_CHECKING:
    from solver.orapa.uniqueness import Measure

Level = Literal["easy", "medium", "hard"]   # by the solver's work
LEVELS: tuple[Level, ...] = get_args(Level)
# per measure: where `medium` and `hard` begin
THRESHOLDS = {"nodes": (1800, 4500), "conflicts": (600, 1600)}


def level_of(work: int, measure: Measure = "nodes") -> Level:
    """The named level of an amount of work in `measure` units."""
    medium_from, hard_from = THRESHOLDS[measure]
    if work >= hard_from:
        return "hard"
    return "medium" if work >= medium_from else "easy"


@dataclass(frozen=True)
class Difficulty:
    """How hard a puzzle is: its level, number of shots and the solver's work."""

    level: Level
    shots: int
    work: int
    measure: Measure

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "shots": self.shots, self.measure: self.work}


def rate(shots: int, work: int, measure: Measure) -> Difficulty:
    """The difficulty of a puzzle with `shots` clues that took `work` to establish."""
    return Difficulty(level_of(work, measure), shots, work, measure)


# ----- grades by technique (issue 32) ----------------------------------------------------------
GradeName = Literal["easy", "medium", "hard", "extreme"]   # by the reasoning a puzzle needs
GRADES: tuple[GradeName, ...] = get_args(GradeName)
# where `medium`, `hard` and `extreme` begin, in points (see `Grade`; docs/generator.md)
GRADE_FROM = (10, 13, 16)
HIDDEN_POINTS = 2      # per gem no clue's wave touches: placed only by where waves did not go
WORK_POINTS = 2        # per level of the solver's work above `easy`


@dataclass(frozen=True)
class Grade:
    """A puzzle's grade by the reasoning it needs, from three measured figures:
    - `steps`: the clues the advisor's solution path takes before one layout is left: at each
      state it takes the clue it values best (fewest expected questions left, as the review
      judges states), so `steps` is how many answers must be combined at the least;
    - `hidden`: gems of the solution that no clue's wave touches (nothing points at them: they
      are placed by elimination, from where the waves did not go);
    - `work`: the level of the solver's proof work (`Difficulty.level`);
    - `breadth`: log2 (rounded down) of the layouts still possible before the path's last clue:
      how many alternatives must be kept in mind until the end.
    points = steps + breadth + HIDDEN_POINTS * hidden + WORK_POINTS * (work level index)."""

    level: GradeName
    steps: int
    hidden: int
    work: Level
    breadth: int
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"grade": self.level, "steps": self.steps, "hidden": self.hidden,
                "work": self.work, "breadth": self.breadth, "points": self.points}


def grade_of(points: int) -> GradeName:
    """The named grade of a number of points.

    >>> grade_of(5), grade_of(10), grade_of(14), grade_of(30)
    ('easy', 'medium', 'hard', 'extreme')
    """
    level = 0
    for i, start in enumerate(GRADE_FROM, 1):
        if points >= start:
            level = i
    return GRADES[level]


def hidden_gems(puzzle: Any) -> int:
    """Gems of the puzzle's solution touched by none of its shot clues' waves."""
    from games.orapa.puzzle import ShotAnswer
    from games.orapa.waves import trace_wave
    solution = puzzle.solution
    owners = solution.cell_gems
    touched: set[int] = set()
    for clue in puzzle.observations:
        if isinstance(clue, ShotAnswer):
            for cell, _, _, hit in trace_wave(solution, clue.port).steps:
                if hit >= 0:
                    touched.update(owners[cell])
        else:
            touched.update(owners[clue.cell])      # a cell answer names the gem there
    return len(solution.gems) - len(touched)


def solution_path(puzzle: Any, seed: int = 0, max_steps: int | None = None
                  ) -> tuple[list[Any], list[Any]]:
    """The advisor's path through a unique puzzle's clues: the clue it values best in each
    state (ties: more expected bits, then the clue's order), until one layout is left; and the
    layouts counted in each state on the way (`solver.orapa.review.state.Count`). With
    `max_steps`, the path stops there even if more than one layout is left."""
    from solver.orapa.advisor.defaults import decision_rng
    from solver.orapa.review.state import judge_state
    left = list(puzzle.observations)
    path: list[Any] = []
    state = judge_state(puzzle.with_observations(()), decision_rng(seed, 0),
                        known=puzzle.solution)
    counts = [state.count]
    while left and not state.forced and (max_steps is None or len(path) < max_steps):
        current = state
        best = min(range(len(left)), key=lambda i: (
            round(current.expected_questions(left[i].question), 9),
            -current.expected_bits(left[i].question), i))
        path.append(left.pop(best))
        state = judge_state(puzzle.with_observations(path), decision_rng(seed, len(path)),
                            state, puzzle.solution)
        counts.append(state.count)
    return path, counts


def grade(puzzle: Any, difficulty: Difficulty, seed: int = 0) -> Grade:
    """Grade a generated puzzle (it has its solution and one layout) by technique."""
    graded = grade_below(puzzle, difficulty, seed, None)
    assert graded is not None       # without a ceiling every path is followed to its end
    return graded


def grade_below(puzzle: Any, difficulty: Difficulty, seed: int,
                give_up_at: int | None) -> Grade | None:
    """The puzzle's grade, or None as soon as its points are sure to reach `give_up_at`
    (None: no ceiling). Every term of the points but the steps and the breadth is known
    before the path, and the breadth is never below 0, so the path is followed only while
    its steps keep the points below `give_up_at`: a puzzle too hard for the asked grade is
    left after a few of its path's states instead of all of them."""
    hidden = hidden_gems(puzzle)
    fixed = HIDDEN_POINTS * hidden + WORK_POINTS * LEVELS.index(difficulty.level)
    max_steps = None if give_up_at is None else give_up_at - fixed
    if max_steps is not None and max_steps <= 0:
        return None
    path, counts = solution_path(puzzle, seed, max_steps)
    if max_steps is not None and len(path) >= max_steps:
        return None
    last = counts[-2].count if len(counts) > 1 else 1
    breadth = int(math.log2(max(last, 1)))
    points = len(path) + breadth + fixed
    return Grade(grade_of(points), len(path), hidden, difficulty.level, breadth, points)


def points_past(level: GradeName) -> int | None:
    """The first points above a grade (None for the last grade).

    >>> points_past("easy"), points_past("hard"), points_past("extreme")
    (10, 16, None)
    """
    i = GRADES.index(level)
    return GRADE_FROM[i] if i < len(GRADE_FROM) else None


MAX_DRAWS = 100        # puzzles graded in search of one of the asked grade before giving up


def next_graded(generator: Any, level: GradeName, seed: int = 0,
                on_graded: Callable[[int], None] | None = None) -> tuple[Any, Grade]:
    """The generator's next puzzle of the asked grade (`generator.generate.Generator`); the
    others are counted in its `rejected` as `grade` (a puzzle sure to be harder than asked is
    left as soon as that is sure). `on_graded(n)` after each of the n puzzles looked at.
    LimitReached after MAX_DRAWS."""
    from games.errors import LimitReached
    give_up_at = points_past(level)
    for drawn in range(1, MAX_DRAWS + 1):
        found = generator.next()
        graded = grade_below(found.puzzle, found.difficulty, seed, give_up_at)
        if on_graded is not None:
            on_graded(drawn)
        if graded is not None and graded.level == level:
            return found, graded
        generator.rejected["grade"] += 1
    hint = " (full-shot puzzles are rarely hard: try --clues minimal)" if give_up_at is None \
        or level == "hard" else ""
    raise LimitReached(f"--difficulty: no {level} puzzle among {MAX_DRAWS} graded{hint}")
