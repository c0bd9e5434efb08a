"""Puzzles (RULINGS O5, O8): a gem set, rule options and the answers observed so far,
optionally with the solution that produced them; puzzle JSON as in INTERFACE.md.

The questions and answers themselves live in `games.orapa.answers` (and are importable from
here too, as they always were).

>>> puzzle = Puzzle.from_json({"gems": "base", "observations": [
...     {"shot": "15", "exit": "8", "color": "violet"}, {"cell": "b3", "content": "empty"}]})
>>> puzzle.observations
(ShotAnswer.parse('15 -> 8 purple'), CellAnswer.parse('B3 = empty'))
>>> puzzle.to_json()["observations"][0]
{'shot': '15', 'exit': '8', 'color': 'purple'}
>>> str(parse_observation({"shot": "15", "exit": "C", "bounces": 3}))
'15 -> C 3 bounces'
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from games.errors import BadInput
from games.limits import MAX_OBSERVATIONS, check_count, load_json
from games.orapa.answers import (ABSORBED, CELL_CONTENTS, MAX_BOUNCES, AnswerKind, CellAnswer,
                                 CellContent, Observation, Question, QuestionKind,
                                 ShotAnswer, all_shot_answers, cell_answer, cell_content_name,
                                 parse_answer, parse_cell_content, parse_observation,
                                 shot_answer)
from games.orapa.board import PORTS
from games.orapa.gems import Gem, gem_set, gem_set_to_json
from games.orapa.layout import Layout, RuleOptions, check_legal

__all__ = [   # the answers' names stay importable from here
    "ABSORBED", "CELL_CONTENTS", "MAX_BOUNCES", "AnswerKind", "CellAnswer", "CellContent",
    "Observation", "Question", "QuestionKind", "ShotAnswer", "all_shot_answers",
    "cell_answer", "cell_content_name", "parse_answer", "parse_cell_content",
    "parse_observation", "shot_answer",
    "Puzzle", "contradicted", "check_solution_gives", "check_legal_for", "load_json_text",
    "puzzle_from_layout"]


@dataclass(frozen=True)
class Puzzle:
    """A gem set, rule options, observations and (optionally) the solution."""

    gems: tuple[Gem, ...]
    rules: RuleOptions = RuleOptions()
    observations: tuple[Observation, ...] = ()
    solution: Layout | None = field(default=None, compare=False)

    def with_observations(self, observations: list[Observation] | tuple[Observation, ...]
                          ) -> "Puzzle":
        return replace(self, observations=tuple(observations))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "gems": gem_set_to_json(self.gems),
            "rules": self.rules.to_json(),
            "observations": [o.to_json() for o in self.observations],
        }
        if self.solution is not None:
            data["solution"] = self.solution.to_json()
        return data

    @classmethod
    def from_json(cls, data: Any, where: str = "puzzle") -> "Puzzle":
        if not isinstance(data, dict):
            raise BadInput(f"{where}: expected a JSON object")
        if "gems" not in data:
            raise BadInput(f"{where}: missing 'gems'")
        gems = gem_set(data["gems"], "gems")
        rules = RuleOptions.from_json(data.get("rules"), "rules")
        raw = data.get("observations", [])
        if not isinstance(raw, list):
            raise BadInput("observations: expected a list")
        check_count(len(raw), MAX_OBSERVATIONS, "observations", "observations")
        observations = tuple(parse_observation(o, f"observations[{i}]")
                             for i, o in enumerate(raw))
        solution = None
        if data.get("solution") is not None:
            solution = Layout.from_json(data["solution"], rules, "solution")
            check_legal_for(solution, gems, rules, "solution")
            check_solution_gives(solution, observations, "solution")
        return cls(gems, rules, observations, solution)


def contradicted(solution: Layout, observations: tuple[Observation, ...] | list
                 ) -> tuple[int, Observation, Observation] | None:
    """The first observation the solution does not give: (index, observation, what the
    solution answers instead); None when it gives them all."""
    for i, obs in enumerate(observations):
        if not obs.holds(solution):
            given = (shot_answer(solution, obs.port, obs.kind) if isinstance(obs, ShotAnswer)
                     else cell_answer(solution, obs.cell))
            return i, obs, given
    return None


def check_solution_gives(solution: Layout, observations: tuple[Observation, ...] | list,
                         where: str = "solution") -> None:
    """A puzzle's solution must give every answer it lists; name the first it does not."""
    found = contradicted(solution, observations)
    if found is not None:
        i, obs, given = found
        raise BadInput(f"{where}: contradicts observations[{i}] ({obs}): the solution "
                       f"gives {given}")


def check_legal_for(layout: Layout, gems: tuple[Gem, ...], rules: RuleOptions,
                    where: str = "layout") -> None:
    """A layout must use exactly the puzzle's gems and obey O3."""
    if layout.kinds != sorted(gems):
        have = ", ".join(map(str, layout.kinds)) or "no gems"
        raise BadInput(f"{where}: gems do not match the gem set (has {have})")
    check_legal(layout, rules, where)


def load_json_text(text: str, source: str) -> Any:
    """Parse JSON, naming the source, line and column on error; bounded as
    `games.limits.load_json` says (size, nesting, no duplicated keys)."""
    return load_json(text, source)


def puzzle_from_layout(layout: Layout, gems: tuple[Gem, ...], rules: RuleOptions,
                       ports: range | list[int] = range(PORTS)) -> Puzzle:
    """A puzzle whose observations are the layout's answers to the given shots, in the
    answer kind of the rules (O9)."""
    answers = all_shot_answers(layout, rules.answer)
    return Puzzle(gems, rules, tuple(answers[p] for p in ports), layout)
