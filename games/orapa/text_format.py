"""A plain-text puzzle format to write by hand at the table, and its writer.

The text holds the same things as puzzle JSON (INTERFACE.md) and converts to it and back without
loss. Example::

    # Ella's mine, game 3
    gems: base
    rules: mirror=on touching=corner visibility=on
    15 -> 8 light purple
    I -> I red
    3 -> absorbed
    E4 = white
    B3 = empty
    solution: white large-triangle 5,4 9,4 7,6

Grammar (one statement per line; case never matters):

- `#` starts a comment that runs to the end of the line; blank lines are ignored.
- `gems: SET` names the gem set, exactly once: a preset (`base`, `base+diamond`, `base+black`,
  `full`, `double`, `first-edition`) or a comma-separated list of `COLOUR SHAPE` gems, each
  optionally preceded by a count: `gems: red parallelogram, yellow triangle, 2x white square`.
  Shapes: `parallelogram`, `triangle`, `large-triangle` (or `large triangle`), `square`,
  `small-triangle`, `block`.
- `rules: KEY=VALUE ...` sets rule options (O3, O9), at most once, each key at most once;
  missing keys keep their defaults (`mirror=on touching=corner visibility=on answer=colour`).
  `mirror` and `visibility` take on/off (or yes/no, true/false); `touching` takes `corner` or
  `any`; `answer` takes `colour`, `bounces` or `both`. Pairs are separated by blanks or commas.
- `labels: bga` says the ports are written as Board Game Arena's screen shows them (O10: `A`..`H`
  down the left, `I`..`R` along the bottom, `11`..`18` down the right); `labels: sheet`, the
  default, is the printed sheet's naming. At most once, before the first answer.
- A shot answer: `PORT -> EXIT COLOUR` or `PORT -> absorbed`; with bounce counts (O9)
  `PORT -> EXIT N bounces` (`1 bounce`), or `PORT -> EXIT COLOUR N bounces` for both. The arrow
  may be `->`, `→`, `=` or `:`, or left out (`15 8 light purple`); a leading word `shot` is
  allowed.
- A cell answer: `CELL = CONTENT`, with `:` or nothing instead of `=` and an optional leading
  word `cell`. CONTENT is `empty` (or `nothing`, `none`), `absorbed` (or `black`), or a gem
  colour. A cell (`A1`..`J8`) never looks like a port (`1`..`18`, `A`..`R`), so the first word
  tells the two kinds of answer apart.
- `solution: COLOUR SHAPE X,Y X,Y ...` places one gem of the solution at grid points (x 0..10,
  y 0..8, as in layout JSON); one line per gem. `(5,4)` and `5, 4` are accepted too.
- Colours take the aliases of RULINGS O4 (`violet`, `gray`, `sky blue`, ...); output always uses
  canonical names. The order of answers is kept; repeated answers (confirmations) are kept too.

Every error names its line: `line 7: unknown colour 'mauve'`.

>>> puzzle = parse_puzzle_text("gems: base\\n15 -> 8 violet  # a purple wave\\nb3 empty\\n")
>>> print(format_puzzle_text(puzzle), end="")
gems: base
rules: mirror=on touching=corner visibility=on
15 -> 8 purple
B3 = empty
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.errors import BadInput
from games.limits import MAX_GEMS, MAX_OBSERVATIONS, check_count, quote
from games.orapa.answers import format_answer, parse_answer
from games.orapa.board import parse_label_scheme
from games.orapa.gems import Gem, PRESETS, gem_set_name, parse_gem
from games.orapa.layout import (TOUCHING_RULES, Layout, PlacedGem, RuleOptions,
                                parse_answer_kind)
from games.orapa.placements import find_placement
from games.orapa.puzzle import Observation, Puzzle, check_legal_for, contradicted

__all__ = ["parse_puzzle_text", "format_puzzle_text", "parse_answer", "format_answer"]

_HEADER = re.compile(r"^\s*(gems|rules|labels|solution)\s*:(.*)$", re.IGNORECASE)
_COUNTED_GEM = re.compile(r"^(\d+)\s*[x×*]?\s+(.*)$", re.IGNORECASE)
_POINT = re.compile(r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?")
_ON = ("on", "yes", "true")
_OFF = ("off", "no", "false")


@dataclass
class _Draft:
    """What has been read so far; solution gems keep their line numbers for later errors."""

    gems: tuple[Gem, ...] | None = None
    rules: RuleOptions | None = None
    labels: str | None = None
    observations: list[Observation] = field(default_factory=list)
    observation_lines: list[int] = field(default_factory=list)
    solution_lines: list[tuple[int, Gem, list[tuple[int, int]]]] = field(default_factory=list)


def _parse_gem_list(text: str) -> tuple[Gem, ...]:
    text = text.strip()
    if not text:
        raise BadInput("'gems:' needs a preset name or a list of gems")
    if len(text.split()) == 1:
        if text.lower() in PRESETS:
            return PRESETS[text.lower()]
        raise BadInput(f"unknown gem set {quote(text)} (presets: {', '.join(PRESETS)})")
    gems: list[Gem] = []
    for item in text.split(","):
        item = item.strip()
        count = 1
        counted = _COUNTED_GEM.match(item)
        if counted:
            count, item = int(counted.group(1)), counted.group(2)
            if count < 1:
                raise BadInput(f"gem count must be at least 1, got {count}")
        check_count(len(gems) + count, MAX_GEMS, "gems", "gems")
        gem = parse_gem(item, "gems")
        gems.extend([gem] * count)
    return tuple(gems)


def _parse_switch(key: str, value: str) -> bool:
    if value in _ON:
        return True
    if value in _OFF:
        return False
    raise BadInput(f"rule {quote(key)} takes on or off, got {quote(value)}")


def _parse_rules(text: str) -> RuleOptions:
    values = {"mirror": True, "touching": "corner", "visibility": True, "answer": "colour"}
    seen: set[str] = set()
    for pair in re.sub(r"\s*=\s*", "=", text).replace(",", " ").split():
        key, sep, value = pair.lower().partition("=")
        if not sep or not value:
            raise BadInput(f"expected KEY=VALUE in 'rules:', got {quote(pair)}")
        if key in seen:
            raise BadInput(f"rule {quote(key)} given twice in 'rules:'")
        seen.add(key)
        if key == "answer":
            values["answer"] = parse_answer_kind(value, "rule 'answer'")
        elif key == "touching":
            if value not in TOUCHING_RULES:
                raise BadInput(f"rule 'touching' takes corner or any, got {quote(value)}")
            values["touching"] = value
        elif key in ("mirror", "visibility"):
            values[key] = _parse_switch(key, value)
        else:
            raise BadInput(f"unknown rule {quote(key)} "
                           f"(rules: mirror, touching, visibility, answer)")
    return RuleOptions(bool(values["mirror"]), str(values["touching"]), bool(values["visibility"]),
                       parse_answer_kind(values["answer"]))


def _parse_solution_gem(text: str) -> tuple[Gem, list[tuple[int, int]]]:
    first_point = _POINT.search(text)
    if first_point is None:
        raise BadInput("a solution line needs a gem and its vertices, "
                       "e.g. 'solution: white square 1,0 2,1 1,2 0,1'")
    gem = parse_gem(text[:first_point.start()].strip(), "solution")
    rest = text[first_point.start():]
    points = [(int(x), int(y)) for x, y in _POINT.findall(rest)]
    leftover = _POINT.sub(" ", rest).strip()
    if leftover:
        raise BadInput(f"unexpected {quote(leftover)} among the vertices")
    return gem, points


def _read_line(draft: _Draft, number: int, text: str) -> None:
    header = _HEADER.match(text)
    if header is None:
        check_count(len(draft.observations) + 1, MAX_OBSERVATIONS, "answers", "puzzle")
        draft.observations.append(parse_answer(text, draft.labels or "sheet"))
        draft.observation_lines.append(number)
        return
    key, value = header.group(1).lower(), header.group(2)
    if key == "gems":
        if draft.gems is not None:
            raise BadInput("'gems:' given twice")
        draft.gems = _parse_gem_list(value)
    elif key == "rules":
        if draft.rules is not None:
            raise BadInput("'rules:' given twice")
        draft.rules = _parse_rules(value)
    elif key == "labels":
        if draft.labels is not None:
            raise BadInput("'labels:' given twice")
        if draft.observations:
            raise BadInput("'labels:' must come before the first answer")
        draft.labels = parse_label_scheme(value.strip(), "'labels:'")
    else:
        gem, points = _parse_solution_gem(value)
        draft.solution_lines.append((number, gem, points))


def _build_solution(draft: _Draft, rules: RuleOptions) -> Layout | None:
    """Place the solution's gems (now that the rules are known) and check the layout."""
    if not draft.solution_lines:
        return None
    placed = []
    for number, gem, points in draft.solution_lines:
        try:
            placed.append(PlacedGem(gem, find_placement(gem.shape, points, rules.mirror)))
        except BadInput as exc:
            raise BadInput(f"line {number}: {gem}: {exc}") from None
    layout = Layout(placed)
    numbers = [number for number, _, _ in draft.solution_lines]
    try:
        check_legal_for(layout, draft.gems or (), rules, "solution")
    except BadInput as exc:
        message = re.sub(r"gems\[(\d+)\]", lambda m: f"line {numbers[int(m.group(1))]}", str(exc))
        raise BadInput(f"line {numbers[0]}: {message}") from None
    found = contradicted(layout, draft.observations)
    if found is not None:
        i, obs, given = found
        raise BadInput(f"line {numbers[0]}: solution: contradicts the answer on line "
                       f"{draft.observation_lines[i]} ({obs}): the solution gives {given}")
    return layout


def parse_puzzle_text(text: str) -> Puzzle:
    """A puzzle from the plain-text format; every error names its line."""
    draft = _Draft()
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        try:
            _read_line(draft, number, content)
        except BadInput as exc:
            raise BadInput(f"line {number}: {exc}") from None
    if draft.gems is None:
        raise BadInput(f"line {len(lines) + 1}: end of text without a 'gems:' line "
                       f"(e.g. 'gems: base')")
    rules = draft.rules or RuleOptions()
    solution = _build_solution(draft, rules)
    return Puzzle(draft.gems, rules, tuple(draft.observations), solution)


def _format_gems(gems: tuple[Gem, ...]) -> str:
    return gem_set_name(gems) or ", ".join(str(g) for g in gems)


def _format_rules(rules: RuleOptions) -> str:
    def switch(value: bool) -> str:
        return "on" if value else "off"
    answer = "" if rules.answer == "colour" else f" answer={rules.answer}"
    return (f"mirror={switch(rules.mirror)} touching={rules.touching} "
            f"visibility={switch(rules.visibility)}{answer}")


def format_puzzle_text(puzzle: Puzzle, labels: str = "sheet") -> str:
    """The plain-text form of a puzzle, ending with a newline, ports in the label scheme
    `labels` (said in a `labels:` line when not the sheet's); `parse_puzzle_text` reads it
    back."""
    lines = [f"gems: {_format_gems(puzzle.gems)}", f"rules: {_format_rules(puzzle.rules)}"]
    if labels != "sheet":
        lines.append(f"labels: {labels}")
    lines.extend(format_answer(observation, labels) for observation in puzzle.observations)
    if puzzle.solution is not None:
        for placed in puzzle.solution.gems:
            points = " ".join(f"{x},{y}" for x, y in placed.placement.vertices)
            lines.append(f"solution: {placed.gem} {points}")
    return "\n".join(lines) + "\n"
