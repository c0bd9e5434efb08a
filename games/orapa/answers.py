"""Questions and answers (RULINGS O5, O8, O9), each one object that reads and writes itself.

A question is a shot from a port or a look at a cell; an answer is what the director says. Each
class parses one line of the text format and writes it back (`parse` and `str`, in either port
naming of O10 with `labels`), reads and writes puzzle JSON (`parse_observation`, `to_json`), and
has a repr that can be pasted back into Python, as python-chess's `Move.from_uci('b5c7')`:

>>> ShotAnswer.parse("15 -> 8 violet")
ShotAnswer.parse('15 -> 8 purple')
>>> str(ShotAnswer.parse("e -> k 3 bounces", labels="bga")), ShotAnswer.parse("3 absorbed")
('15 -> C 3 bounces', ShotAnswer.parse('3 -> absorbed'))
>>> CellAnswer.parse("b3 empty"), CellAnswer.parse("E4 = sky blue").content
(CellAnswer.parse('B3 = empty'), 'light-blue')
>>> Question.parse("15"), Question.parse("e4"), Question.parse("E", labels="bga")
(Question.parse('15'), Question.parse('E4'), Question.parse('15'))
>>> parse_observation({"shot": "15", "exit": "8", "color": "violet"}).to_json()
{'shot': '15', 'exit': '8', 'color': 'purple'}
>>> parse_observation({"cell": "b3", "content": "empty"})
CellAnswer.parse('B3 = empty')
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable, Literal, Union, cast, get_args

from games.errors import BadInput
from games.limits import quote
from games.orapa.board import PORTS, cell_label, parse_cell, parse_port, port_label
from games.orapa.colors import color_name, parse_gem_color, parse_wave_color
from games.orapa.gems import Gem
from games.orapa.layout import Layout
from games.orapa.waves import trace_counts
from games.wording import plural

QuestionKind = Literal["shot", "cell"]                   # O5, O8
AnswerKind = Literal["colour", "bounces", "both"]        # what a shot's answer says (O9)
CellContent = Literal["empty", "absorbed", "red", "yellow", "blue", "white", "transparent",
                      "light-blue"]                     # what a cell question answers (O8, O11)

ABSORBED: CellContent = "absorbed"
CELL_CONTENTS: tuple[CellContent, ...] = get_args(CellContent)
QUESTION_KINDS: tuple[QuestionKind, ...] = get_args(QuestionKind)
MAX_BOUNCES = 1000   # far above any real path (a wave enters each cell at most 4 times)

_COUNT_WORDS = ("bounce", "bounces")
_CELL_LIKE = re.compile(r"^[A-Za-z]\d+$")      # a cell (`E4`) never looks like a port
_SEPARATORS = ("->", "→", "=", ":")
_EXAMPLES = "'15 -> 8 light purple', '3 -> absorbed' or 'E4 = white'"


@dataclass(frozen=True)
class Question:
    """A question: a shot from port `index` (0..35) or the content of cell `index` (0..79).

    >>> q = Question.parse("15")
    >>> q.kind, q.index, q.label("bga")
    ('shot', 14, 'E')
    """

    kind: QuestionKind
    index: int

    @classmethod
    def parse(cls, text: str, labels: str = "sheet") -> Question:
        """A port label (`15`, `C`: a shot) or a cell name (`E4`), ports named as `labels`."""
        name = str(text).strip()
        if _CELL_LIKE.match(name):
            return cls("cell", parse_cell(name))
        try:
            return cls("shot", parse_port(name, labels))
        except BadInput:
            if name.isdigit():
                raise       # a number that is no port: its own message says why
            raise BadInput(f"unknown question {quote(text)} (expected a port, 1..18 or A..R, "
                           f"or a cell, A1..J8)") from None

    def label(self, labels: str = "sheet") -> str:
        """How the question is written: the port in the scheme `labels`, or the cell."""
        return port_label(self.index, labels) if self.kind == "shot" else cell_label(self.index)

    def answer(self, layout: Layout, answer: AnswerKind = "colour") -> Observation:
        """What the director of `layout` answers (a shot under answer kind `answer`)."""
        if self.kind == "shot":
            return shot_answer(layout, self.index, answer)
        return cell_answer(layout, self.index)

    def __str__(self) -> str:
        return self.label()

    def __repr__(self) -> str:
        return f"Question.parse({self.label()!r})"


@dataclass(frozen=True)
class ShotAnswer:
    """A shot from `port`: the exit port (None when absorbed), the colour bits and the bounce
    count (RULINGS O9). Under answer kind `colour` the count is None, under `bounces` the
    colour is None, under `both` neither is; an absorbed shot has neither."""

    port: int
    exit: int | None
    color: int | None
    bounces: int | None = None
    question_kind: ClassVar[QuestionKind] = "shot"

    @classmethod
    def parse(cls, text: str, labels: str = "sheet") -> ShotAnswer:
        """A shot's answer line: `15 -> 8 purple`, `3 -> absorbed`, `15 -> C 3 bounces`."""
        answer = parse_answer(text, labels)
        if not isinstance(answer, ShotAnswer):
            raise BadInput(f"expected a shot's answer such as '15 -> 8 purple', got the cell "
                           f"answer {quote(text)}")
        return answer

    @property
    def question(self) -> str:
        return port_label(self.port)

    @property
    def asked(self) -> Question:
        """The question this answers."""
        return Question("shot", self.port)

    @property
    def kind(self) -> AnswerKind:
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

    def text(self, labels: str = "sheet") -> str:
        """The answer line, ports named as `labels`: `ShotAnswer.parse` reads it back."""
        def label(port: int) -> str:
            return port_label(port, labels)
        return f"{label(self.port)} -> {self.answer_text(label)}"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"ShotAnswer.parse({self.text()!r})"


@dataclass(frozen=True)
class CellAnswer:
    """A cell question: `empty`, `absorbed` or the colour of the gem covering part of it."""

    cell: int
    content: str          # one of CELL_CONTENTS (the `CellContent` type)
    question_kind: ClassVar[QuestionKind] = "cell"

    @classmethod
    def parse(cls, text: str, labels: str = "sheet") -> CellAnswer:
        """A cell's answer line: `B3 = empty`, `E4 = light blue` (cells are named alike in
        both label schemes)."""
        answer = parse_answer(text, labels)
        if not isinstance(answer, CellAnswer):
            raise BadInput(f"expected a cell's answer such as 'E4 = white', got the shot "
                           f"answer {quote(text)}")
        return answer

    @property
    def question(self) -> str:
        return cell_label(self.cell)

    @property
    def asked(self) -> Question:
        """The question this answers."""
        return Question("cell", self.cell)

    def holds(self, layout: Layout) -> bool:
        return layout.cell_content(self.cell) == self.content

    def to_json(self) -> dict[str, str]:
        return {"cell": cell_label(self.cell), "content": cell_content_name(self.content)}

    def text(self, labels: str = "sheet") -> str:
        """The answer line (the same in both label schemes): `CellAnswer.parse` reads it."""
        return f"{cell_label(self.cell)} = {cell_content_name(self.content)}"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"CellAnswer.parse({self.text()!r})"


Observation = Union[ShotAnswer, CellAnswer]


def _answer(port: int, exit_port: int, color: int, bounces: int, answer: str) -> ShotAnswer:
    if exit_port < 0:
        return ShotAnswer(port, None, None)
    return ShotAnswer(port, exit_port, None if answer == "bounces" else color,
                      None if answer == "colour" else bounces)


def shot_answer(layout: Layout, port: int, answer: str = "colour") -> ShotAnswer:
    """What the director answers to a shot from `port` under answer kind `answer` (O9)."""
    exit_port, color, bounces = trace_counts(layout, [port])[0]
    return _answer(port, exit_port, color, bounces, answer)


def cell_answer(layout: Layout, cell: int) -> CellAnswer:
    """What the director answers to a question about `cell`."""
    return CellAnswer(cell, layout.cell_content(cell))


def shown_by(gem: Gem) -> str:
    """What a cell question answers on a cell this gem covers (O5): its colour, `absorbed`
    for the black body. (Under `touching corner` a cell holds one gem at most.)"""
    return ABSORBED if gem.color == "black" else gem.color


def cell_contents(gems: Iterable[Gem]) -> list[str]:
    """Every answer a cell question can get with these gems: `empty`, each colour, then
    `absorbed` when there is a black body.

    >>> from games.orapa.gems import gem_set
    >>> cell_contents(gem_set("full"))
    ['empty', 'blue', 'red', 'transparent', 'white', 'yellow', 'absorbed']
    """
    gems = list(gems)
    colors = sorted({g.color for g in gems} - {"black"})
    absorbed = [ABSORBED] if any(g.color == "black" for g in gems) else []
    return ["empty", *colors, *absorbed]


def all_shot_answers(layout: Layout, answer: str = "colour") -> list[ShotAnswer]:
    """The answers to all 36 shots under answer kind `answer`, port order."""
    return [_answer(p, e, c, b, answer) for p, (e, c, b) in zip(range(PORTS), trace_counts(layout, None))]


def parse_cell_content(text: str) -> CellContent:
    """`empty`, `absorbed` (`black` is taken as the black body) or a gem colour (a light
    blue gem's cell is answered `light blue`, O11)."""
    name = str(text).strip().lower()
    if name in ("empty", "nothing", "none"):
        return "empty"
    if name in (ABSORBED, "black"):
        return ABSORBED
    return cast(CellContent, parse_gem_color(name))


def cell_content_name(content: str) -> str:
    """How a cell answer is written for people and in JSON: a light blue gem's cell is
    `light blue` (O11); kept as the gem colour `light-blue` inside."""
    return content.replace("-", " ")


# ----- the text format's answer line -----------------------------------------------------------
def _parse_shot_rest(port: int, words: list[str]) -> ShotAnswer:
    """What follows the exit port: a colour, `N bounces`, or a colour then `N bounces`."""
    bounces = None
    if len(words) >= 2 and words[-1].lower() in _COUNT_WORDS:
        if not words[-2].isdigit():
            raise BadInput(f"expected a number before {quote(words[-1])}, "
                           f"got {quote(words[-2])}")
        bounces = int(words[-2])
        if bounces > MAX_BOUNCES:
            raise BadInput(f"{bounces} bounces is more than any wave can make")
        words = words[:-2]
    elif words and words[-1].lower() in _COUNT_WORDS:
        raise BadInput(f"expected a number before {quote(words[-1])}")
    color = parse_wave_color(" ".join(words)) if words else None
    return ShotAnswer(port, None, color, bounces)


def parse_answer(line: str, labels: str = "sheet") -> Observation:
    """One answer line of the text format (a shot's or a cell's), ports named as `labels`.

    >>> parse_answer("shot 15 → 8 light purple"), parse_answer("cell J8: black")
    (ShotAnswer.parse('15 -> 8 light purple'), CellAnswer.parse('J8 = absorbed'))
    """
    text = line
    for separator in _SEPARATORS:
        text = text.replace(separator, " ")
    words = text.split()
    if not words:
        raise BadInput(f"cannot read {quote(line)}: an answer needs a port or a cell")
    if words[0].lower() in QUESTION_KINDS and len(words) > 1:
        words = words[1:]
    if _CELL_LIKE.match(words[0]):
        if len(words) == 1:
            raise BadInput(f"missing what is in {words[0].upper()} (empty, absorbed or a colour)")
        return CellAnswer(parse_cell(words[0]), parse_cell_content(" ".join(words[1:])))
    try:
        port = parse_port(words[0], labels)
    except BadInput:
        if words[0].isdigit():
            raise          # a number that is no port: its own message says why
        raise BadInput(f"cannot read {quote(line)}: expected an answer such as "
                       f"{_EXAMPLES}") from None
    if len(words) == 1:
        raise BadInput(f"missing the exit of shot {words[0].upper()} (a port or 'absorbed')")
    if words[1].lower() == ABSORBED:
        if len(words) > 2:
            raise BadInput(f"an absorbed shot has no colour or count, "
                           f"got {quote(' '.join(words[2:]))}")
        return ShotAnswer(port, None, None)
    exit_port = parse_port(words[1], labels)
    if len(words) == 2:
        raise BadInput(f"missing the colour of shot {words[0].upper()} (or its bounce count)")
    rest = _parse_shot_rest(port, words[2:])
    return ShotAnswer(port, exit_port, rest.color, rest.bounces)


def format_answer(observation: Observation, labels: str = "sheet") -> str:
    """One answer line, ports in the label scheme `labels` (`parse_answer` reads it back)."""
    return observation.text(labels)


# ----- puzzle JSON -----------------------------------------------------------------------------
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
