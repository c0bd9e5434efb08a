"""The gem catalogue and gem sets (RULINGS O2).

A gem is a shape with a colour. A gem set is a multiset of gems; the named presets cover the
base game, the two expansions, both together, two full sets and the first edition.

>>> [str(g) for g in gem_set("base")]
['red parallelogram', 'yellow triangle', 'blue large-triangle', 'white large-triangle', 'white square']
>>> len(gem_set("double"))
14
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from games.errors import BadInput
from games.limits import MAX_GEMS, check_count, quote
from games.orapa.colors import parse_gem_color

Point = tuple[int, int]

# One orientation of each shape, vertices on grid points (x right, y down).
SHAPES: dict[str, tuple[Point, ...]] = {
    "parallelogram": ((0, 0), (2, 0), (3, 1), (1, 1)),
    "triangle": ((0, 0), (2, 0), (0, 2)),
    "large-triangle": ((0, 0), (4, 0), (2, 2)),
    "square": ((1, 0), (2, 1), (1, 2), (0, 1)),
    "small-triangle": ((0, 0), (2, 0), (1, 1)),
    "block": ((0, 0), (2, 0), (2, 1), (0, 1)),
}
SHAPE_AREA = {"parallelogram": 2, "triangle": 2, "large-triangle": 4, "square": 2,
              "small-triangle": 1, "block": 2}


@dataclass(frozen=True, order=True)
class Gem:
    """A gem kind: a shape and a colour. Two gems of the same kind are interchangeable."""

    shape: str
    color: str

    def __str__(self) -> str:
        return f"{self.color} {self.shape}"

    def to_json(self) -> dict[str, str]:
        return {"shape": self.shape, "color": self.color}


RED_PARALLELOGRAM = Gem("parallelogram", "red")
YELLOW_TRIANGLE = Gem("triangle", "yellow")
BLUE_LARGE_TRIANGLE = Gem("large-triangle", "blue")
WHITE_LARGE_TRIANGLE = Gem("large-triangle", "white")
WHITE_SQUARE = Gem("square", "white")
DIAMOND = Gem("small-triangle", "transparent")
BLACK_BODY = Gem("block", "black")

_BASE = (RED_PARALLELOGRAM, YELLOW_TRIANGLE, BLUE_LARGE_TRIANGLE, WHITE_LARGE_TRIANGLE,
         WHITE_SQUARE)
PRESETS: dict[str, tuple[Gem, ...]] = {
    "base": _BASE,
    "base+diamond": _BASE + (DIAMOND,),
    "base+black": _BASE + (BLACK_BODY,),
    "full": _BASE + (DIAMOND, BLACK_BODY),
    "double": (_BASE + (DIAMOND, BLACK_BODY)) * 2,
    "first-edition": (
        RED_PARALLELOGRAM, YELLOW_TRIANGLE, Gem("square", "blue"),
        WHITE_LARGE_TRIANGLE, WHITE_LARGE_TRIANGLE, Gem("small-triangle", "black"),
    ),
}


def parse_shape(text: str) -> str:
    """Canonical shape name (`large triangle` and `large_triangle` are accepted too)."""
    name = "-".join(str(text).strip().lower().replace("_", " ").replace("-", " ").split())
    if name not in SHAPES:
        raise BadInput(f"unknown shape {quote(text)} (expected one of {', '.join(SHAPES)})")
    return name


def parse_gem(value: Any, where: str = "gem") -> Gem:
    """A gem from `{"shape": ..., "color": ...}` or from text such as `white large-triangle`."""
    if isinstance(value, dict):
        for key in ("shape", "color"):
            if key not in value:
                raise BadInput(f"{where}: missing {key!r}")
        try:
            return Gem(parse_shape(value["shape"]), parse_gem_color(value["color"]))
        except BadInput as exc:
            raise BadInput(f"{where}: {exc}") from None
    if isinstance(value, str):
        words = value.split(maxsplit=1)
        if len(words) == 2:
            try:
                return Gem(parse_shape(words[1]), parse_gem_color(words[0]))
            except BadInput as exc:
                raise BadInput(f"{where}: {exc}") from None
    raise BadInput(f"{where}: expected a gem such as 'white square', got {quote(value)}")


def gem_set(value: Any, where: str = "gems") -> tuple[Gem, ...]:
    """A gem set from a preset name or a list of gems, in the order given."""
    if isinstance(value, str):
        key = value.strip().lower()
        if key in PRESETS:
            return PRESETS[key]
        raise BadInput(f"{where}: unknown gem set {quote(value)} (presets: {', '.join(PRESETS)})")
    if isinstance(value, (list, tuple)) and value:
        check_count(len(value), MAX_GEMS, "gems", where)
        return tuple(parse_gem(item, f"{where}[{i}]") for i, item in enumerate(value))
    raise BadInput(f"{where}: expected a preset name or a non-empty list of gems")


def gem_set_name(gems: Iterable[Gem]) -> str | None:
    """The preset name of a gem set, or None when it is a custom set."""
    ordered = sorted(gems)
    for name, preset in PRESETS.items():
        if sorted(preset) == ordered:
            return name
    return None


def gem_set_to_json(gems: tuple[Gem, ...]) -> str | list[dict[str, str]]:
    """A preset name when the set is one, else the list of gems."""
    return gem_set_name(gems) or [g.to_json() for g in gems]
