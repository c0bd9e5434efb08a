"""Questions, answers and puzzles (RULINGS O5, O8), with puzzle JSON as in INTERFACE.md.

A puzzle is a gem set, rule options and the answers observed so far, optionally with the
solution that produced them.

>>> obs = parse_observation({"shot": "15", "exit": "8", "color": "violet"})
>>> obs.to_json()
{'shot': '15', 'exit': '8', 'color': 'purple'}
>>> parse_observation({"cell": "b3", "content": "empty"}).to_json()
{'cell': 'B3', 'content': 'empty'}
>>> str(parse_observation({"shot": "15", "exit": "C", "bounces": 3}))
'15 -> C 3 bounces'
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Union

from games.errors import BadInput
from games.limits import MAX_OBSERVATIONS, check_count, load_json, quote
from games.orapa.board import PORTS, cell_label, parse_cell, parse_port, port_label
from games.orapa.colors import color_name, parse_gem_color, parse_wave_color
from games.orapa.gems import Gem, gem_set, gem_set_to_json
from games.orapa.layout import Layout, RuleOptions, check_legal
from games.orapa.waves import trace_counts
from games.wording import plural

ABSORBED = "absorbed"
CELL_CONTENTS = ("empty", ABSORBED, "red", "yellow", "blue", "white", "transparent",
                 "light-blue")
MAX_BOUNCES = 1000   # far above any real path (a wave enters each cell at most 4 times)


@dataclass(frozen=True)
class ShotAnswer:
    """A shot from `port`: the exit port (None when absorbed), the colour bits and the bounce
    count (RULINGS O9). Under answer kind `colour` the count is None, under `bounces` the
    colour is None, under `both` neither is; an absorbed shot has neither."""

    port: int
    exit: int | None
    color: int | None
    bounces: int | None = None

    @property
    def question(self) -> str:
        return port_label(self.port)

    @property
    def kind(self) -> str:
        """The answer kind this answer is written in (`colour` for an absorbed shot)."""
        if self.bounces is None:
            return "colour"
        return "bounces" if self.color is None else "both"

    @property
    def colour_known(self) -> bool:
        """Does the answer say the wave's colour (false for absorbed and bounce-only)?"""
        return self.exit is not None and self.color is not None

    def holds(self, layout: Layout) -> bool:
        exit_port, color, bounces = trace_counts(layout, [self.port])[0]
        if exit_port < 0:
            return self.exit is None
        return (self.exit == exit_port and (self.color is None or self.color == color)
                and (self.bounces is None or self.bounces == bounces))

    def to_json(self) -> dict[str, Any]:
        if self.exit is None:
            return {"shot": port_label(self.port), "exit": ABSORBED}
        data: dict[str, Any] = {"shot": port_label(self.port), "exit": port_label(self.exit)}
        if self.color is not None or self.bounces is None:
            data["color"] = color_name(self.color or 0)
        if self.bounces is not None:
            data["bounces"] = self.bounces
        return data

    def answer_text(self, label: Callable[[int], str] = port_label) -> str:
        """The answer as the text format writes it: `C purple`, `C 3 bounces`, `absorbed`."""
        if self.exit is None:
            return ABSORBED
        parts = [label(self.exit)]
        if self.color is not None or self.bounces is None:
            parts.append(color_name(self.color or 0))
        if self.bounces is not None:
            parts.append(plural(self.bounces, "bounce"))
        return " ".join(parts)

    def __str__(self) -> str:
        return f"{port_label(self.port)} -> {self.answer_text()}"


@dataclass(frozen=True)
class CellAnswer:
    """A cell question: `empty`, `absorbed` or the colour of the gem covering part of it."""

    cell: int
    content: str

    @property
    def question(self) -> str:
        return cell_label(self.cell)

    def holds(self, layout: Layout) -> bool:
        return layout.cell_content(self.cell) == self.content

    def to_json(self) -> dict[str, str]:
        return {"cell": cell_label(self.cell), "content": cell_content_name(self.content)}

    def __str__(self) -> str:
        return f"{cell_label(self.cell)} = {cell_content_name(self.content)}"


Observation = Union[ShotAnswer, CellAnswer]


def _answer(port: int, exit_port: int, color: int, bounces: int, answer: str) -> ShotAnswer:
    if exit_port < 0:
        return ShotAnswer(port, None, None)
    return ShotAnswer(port, exit_port, None if answer == "bounces" else color,
                      None if answer == "colour" else bounces)


def shot_answer(layout: Layout, port: int, answer: str = "colour") -> ShotAnswer:
    """What the director answers to a shot from `port` under answer kind `answer` (O9)."""
    return _answer(port, *trace_counts(layout, [port])[0], answer)


def cell_answer(layout: Layout, cell: int) -> CellAnswer:
    """What the director answers to a question about `cell`."""
    return CellAnswer(cell, layout.cell_content(cell))


def all_shot_answers(layout: Layout, answer: str = "colour") -> list[ShotAnswer]:
    """The answers to all 36 shots under answer kind `answer`, port order."""
    return [_answer(p, e, c, b, answer) for p, (e, c, b) in zip(range(PORTS), trace_counts(layout))]


def parse_cell_content(text: str) -> str:
    """`empty`, `absorbed` (`black` is taken as the black body) or a gem colour (a light
    blue gem's cell is answered `light blue`, O11)."""
    name = str(text).strip().lower()
    if name in ("empty", "nothing", "none"):
        return "empty"
    if name in (ABSORBED, "black"):
        return ABSORBED
    return parse_gem_color(name)


def cell_content_name(content: str) -> str:
    """How a cell answer is written for people and in JSON: a light blue gem's cell is
    `light blue` (O11); kept as the gem colour `light-blue` inside."""
    return content.replace("-", " ")


def _bounce_field(value: Any) -> int:
    """A bounce count: a whole number from 0 up."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_BOUNCES:
        raise BadInput(f"bounces: expected a whole number from 0 to {MAX_BOUNCES}, "
                       f"got {quote(value)}")
    return value


def _port_field(data: dict, key: str) -> int:
    """The port named by `data[key]`, its error naming the field."""
    try:
        return parse_port(data[key])
    except BadInput:
        also = ", A..R or 'absorbed'" if key == "exit" else " or A..R"
        raise BadInput(f"{key}: unknown port {quote(data[key])} (expected 1..18{also})") from None


def parse_observation(data: Any, where: str = "observation") -> Observation:
    """An observation from its JSON object."""
    if not isinstance(data, dict):
        raise BadInput(f"{where}: expected an object with 'shot' or 'cell'")
    try:
        if "shot" in data:
            for key in ("cell", "content"):
                if key in data:
                    raise BadInput(f"both 'shot' and {key!r}: one observation is one question")
            port = _port_field(data, "shot")
            if "exit" not in data:
                raise BadInput("missing 'exit'")
            if str(data["exit"]).strip().lower() == ABSORBED:
                for key in ("color", "bounces"):
                    if key in data:
                        raise BadInput(f"an absorbed shot has no {key!r}")
                return ShotAnswer(port, None, None)
            exit_port = _port_field(data, "exit")
            if "color" not in data and "bounces" not in data:
                raise BadInput("missing 'color' (or 'bounces' when counts are answered)")
            color = parse_wave_color(data["color"]) if "color" in data else None
            bounces = _bounce_field(data["bounces"]) if "bounces" in data else None
            return ShotAnswer(port, exit_port, color, bounces)
        if "cell" in data:
            for key in ("exit", "color", "bounces"):
                if key in data:
                    raise BadInput(f"a cell question has no {key!r}")
            if "content" not in data:
                raise BadInput("missing 'content'")
            return CellAnswer(parse_cell(data["cell"]), parse_cell_content(data["content"]))
    except BadInput as exc:
        raise BadInput(f"{where}: {exc}") from None
    raise BadInput(f"{where}: expected an object with 'shot' or 'cell'")


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
