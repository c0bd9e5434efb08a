"""Layouts: gems at placements, their legality (O3), equality (O6) and layout JSON.

>>> layout = Layout.from_json({"gems": [
...     {"shape": "square", "color": "white", "vertices": [[0, 1], [1, 0], [2, 1], [1, 2]]}]})
>>> layout.to_json()
{'gems': [{'shape': 'square', 'color': 'white', 'vertices': [[1, 0], [2, 1], [1, 2], [0, 1]]}]}
>>> layout.cell_content(parse_cell("A1")), layout.cell_content(parse_cell("C1"))
('white', 'empty')
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal, cast, get_args

from games.errors import BadInput
from games.limits import MAX_GEMS, check_count, quote
from games.orapa.board import CELLS, PORT_LINES, QUARTERS, first_cells, parse_cell  # noqa: F401 (doctest)
from games.orapa.colors import GEM_COLOR_BITS
from games.orapa.gems import Gem, parse_gem
from games.orapa.placements import Placement, bits, find_placement

# Per-quarter codes used by the tracers: colour bits in the low four bits, then flags.
OCCUPIED = 16
ABSORBS = 32
TOUCHING_RULES = ("corner", "any")
# What a shot is answered with (RULINGS O9): exit and colour, exit and bounce count, or all three.
AnswerKind = Literal["colour", "bounces", "both"]
ANSWER_KINDS: tuple[AnswerKind, ...] = get_args(AnswerKind)


@dataclass(frozen=True)
class RuleOptions:
    """The placement options of O3, the answer kind of O9 and the guess options of O7 (which
    only a game in play reads), with their defaults."""

    mirror: bool = True
    touching: str = "corner"
    visibility: bool = True
    answer: AnswerKind = "colour"
    guess: str = "mine"
    reveal: bool = False

    @property
    def counts_bounces(self) -> bool:
        return self.answer != "colour"

    @property
    def tells_colour(self) -> bool:
        return self.answer != "bounces"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"mirror": self.mirror, "touching": self.touching,
                                "visibility": self.visibility}
        # the defaults of the later options are left out: older files stay as they were
        if self.answer != "colour":
            data["answer"] = self.answer
        if self.guess != "mine":
            data["guess"] = self.guess
        if self.reveal:
            data["reveal"] = True
        return data

    @classmethod
    def from_json(cls, data: Any, where: str = "rules") -> "RuleOptions":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise BadInput(f"{where}: expected an object of rule options")
        unknown = set(data) - {"mirror", "touching", "visibility", "answer", "guess", "reveal"}
        if unknown:
            raise BadInput(f"{where}.{quote(sorted(map(str, unknown))[0])}: unknown rule option")
        for key in ("mirror", "visibility", "reveal"):
            if key in data and not isinstance(data[key], bool):
                raise BadInput(f"{where}.{key}: expected true or false")
        touching = data.get("touching", "corner")
        if touching not in TOUCHING_RULES:
            raise BadInput(f"{where}.touching: expected 'corner' or 'any', got {quote(touching)}")
        answer = parse_answer_kind(data.get("answer", "colour"), f"{where}.answer")
        guess = data.get("guess", "mine")
        if guess not in ("mine", "consistent"):
            raise BadInput(f"{where}.guess: expected 'mine' or 'consistent', got {quote(guess)}")
        return cls(data.get("mirror", True), touching, data.get("visibility", True), answer,
                   guess, data.get("reveal", False))


def parse_answer_kind(value: Any, where: str = "answer") -> AnswerKind:
    """`colour` (also `color`), `bounces` or `both` (RULINGS O9)."""
    name = str(value).strip().lower() if isinstance(value, str) else None
    if name == "color":
        name = "colour"
    if name not in ANSWER_KINDS:
        raise BadInput(f"{where}: expected colour, bounces or both, got {quote(value)}")
    return cast(AnswerKind, name)


@dataclass(frozen=True)
class PlacedGem:
    """A gem at one placement."""

    gem: Gem
    placement: Placement

    def __str__(self) -> str:
        return f"{self.gem} at {list(map(list, self.placement.vertices))}"

    def describe(self) -> str:
        """The gem and the cells it covers, as a player reads the board.

        >>> from games.orapa.gems import RED_PARALLELOGRAM
        >>> from games.orapa.placements import find_placement
        >>> where = find_placement("parallelogram", [(0, 0), (2, 0), (3, 1), (1, 1)])
        >>> PlacedGem(RED_PARALLELOGRAM, where).describe()
        'red parallelogram (A1 B1 C1)'
        """
        return f"{self.gem} ({' '.join(self.placement.cells_covered)})"

    def to_json(self) -> dict[str, Any]:
        return {**self.gem.to_json(), "vertices": [list(v) for v in self.placement.vertices]}


class Layout:
    """A mine: gems at placements. Equal when every colour covers the same quarters (O6)."""

    def __init__(self, gems: tuple[PlacedGem, ...] | list[PlacedGem]) -> None:
        self.gems: tuple[PlacedGem, ...] = tuple(gems)

    def __repr__(self) -> str:
        return f"Layout({[str(g) for g in self.gems]})"

    @cached_property
    def signature(self) -> tuple[tuple[str, int], ...]:
        """Colour -> covered quarters, the identity of a layout under O6."""
        by_color: dict[str, int] = {}
        for placed in self.gems:
            by_color[placed.gem.color] = by_color.get(placed.gem.color, 0) | placed.placement.mask
        return tuple(sorted(by_color.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self.signature == other.signature

    def __hash__(self) -> int:
        return hash(self.signature)

    @property
    def kinds(self) -> list[Gem]:
        """The gems used, sorted: compare with a puzzle's gem set."""
        return sorted(p.gem for p in self.gems)

    @cached_property
    def quarter_codes(self) -> list[int]:
        """Per quarter: 0 when empty, else OCCUPIED | colour bits (| ABSORBS for black)."""
        codes = [0] * QUARTERS
        for placed in self.gems:
            code = OCCUPIED | GEM_COLOR_BITS[placed.gem.color]
            if placed.gem.color == "black":
                code |= ABSORBS
            for q in bits(placed.placement.mask):
                codes[q] = code
        return codes

    @cached_property
    def quarter_bytes(self) -> bytes:
        """`quarter_codes` as 320 bytes: what the compiled tracer reads."""
        return bytes(self.quarter_codes)

    @cached_property
    def cell_occupancy(self) -> list[int]:
        """Per cell: four bits, bit k set when quarter k (N, E, S, W) is covered."""
        codes = self.quarter_codes
        return [sum(1 << k for k in range(4) if codes[4 * c + k]) for c in range(CELLS)]

    @cached_property
    def cell_gems(self) -> list[list[int]]:
        """Per cell: indices of the gems covering part of it."""
        owners: list[list[int]] = [[] for _ in range(CELLS)]
        for i, placed in enumerate(self.gems):
            for c in bits(placed.placement.cell_mask):
                owners[c].append(i)
        return owners

    def cell_content(self, cell: int) -> str:
        """The answer to a cell question (O5): `empty`, `absorbed` or the gem's colour."""
        owners = self.cell_gems[cell]
        if not owners:
            return "empty"
        if len(owners) == 1:        # the usual case, without a set
            color = self.gems[owners[0]].gem.color
            return "absorbed" if color == "black" else color
        colors = {self.gems[i].gem.color for i in owners}
        return "absorbed" if "black" in colors else min(colors)

    @cached_property
    def cell_contents(self) -> list[str]:
        """Every cell's `cell_content`, worked out once: for those who ask all 80."""
        return [self.cell_content(cell) for cell in range(CELLS)]

    def to_json(self) -> dict[str, Any]:
        return {"gems": [placed.to_json() for placed in self.gems]}

    @classmethod
    def from_json(cls, data: Any, rules: RuleOptions | None = None,
                  where: str = "layout") -> "Layout":
        """Parse layout JSON; shapes must sit on grid points inside the board."""
        rules = rules or RuleOptions()
        if not isinstance(data, dict) or not isinstance(data.get("gems"), list):
            raise BadInput(f"{where}: expected an object with a list 'gems'")
        check_count(len(data["gems"]), MAX_GEMS, "gems", f"{where}.gems")
        placed = []
        for i, item in enumerate(data["gems"]):
            path = f"{where}.gems[{i}]"
            if not isinstance(item, dict):
                raise BadInput(f"{path}: expected an object with shape, color and vertices")
            gem = parse_gem(item, path)
            vertices = item.get("vertices")
            if (not isinstance(vertices, list) or not all(
                    isinstance(v, list) and len(v) == 2 and all(type(n) is int for n in v)
                    for v in vertices)):
                raise BadInput(f"{path}.vertices: expected a list of [x, y] integer pairs")
            try:
                placement = find_placement(gem.shape, vertices, rules.mirror)
            except BadInput as exc:
                raise BadInput(f"{path}.vertices: {exc}") from None
            placed.append(PlacedGem(gem, placement))
        return cls(placed)


def all_visible(cell_masks: list[int]) -> bool:
    """Is every gem (given by the cells it covers) the first one seen from some port?

    A gem is seen when it holds the first covered cell of some port's line.

    >>> all_visible([1 << parse_cell("A1"), 1 << parse_cell("J8")])
    True
    >>> all_visible([sum(1 << parse_cell(c) for c in ("D4", "D5")), 1 << parse_cell("B2")])
    True
    >>> ring = [parse_cell(c) for c in ("C3", "D3", "E3", "C4", "E4", "C5", "D5", "E5")]
    >>> all_visible([sum(1 << c for c in ring), 1 << parse_cell("D4")])
    False
    """
    covered = 0
    for mask in cell_masks:
        covered |= mask
    first = first_cells(covered)
    return all(mask & first for mask in cell_masks)


def _name(layout: Layout, i: int) -> str:
    return f"gems[{i}] ({layout.gems[i].gem})"


def violations(layout: Layout, rules: RuleOptions | None = None) -> list[str]:
    """Every way the layout breaks O3, one sentence each; empty when legal."""
    rules = rules or RuleOptions()
    found = []
    gems = layout.gems
    for i in range(len(gems)):
        for j in range(i + 1, len(gems)):
            a, b = gems[i].placement, gems[j].placement
            if a.mask & b.mask:
                found.append(f"{_name(layout, i)} and {_name(layout, j)} overlap")
            elif rules.touching == "corner" and a.mask & b.touch_mask:
                found.append(f"{_name(layout, i)} and {_name(layout, j)} share an edge "
                             f"(rule touching: only corners may touch)")
    if rules.visibility:
        seen = set()
        for line in PORT_LINES:
            for cell in line:
                if layout.cell_gems[cell]:
                    seen.update(layout.cell_gems[cell])
                    break
        for i in range(len(gems)):
            if i not in seen:
                found.append(f"{_name(layout, i)} is hidden: no port sees it first "
                             f"(rule visibility)")
    return found


def check_legal(layout: Layout, rules: RuleOptions | None = None, where: str = "layout") -> None:
    """Raise BadInput naming the gems and the rule when the layout is illegal."""
    found = violations(layout, rules)
    if found:
        raise BadInput(f"{where}: illegal layout: {'; '.join(found)}")



