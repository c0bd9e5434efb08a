"""Gem colours and wave colours (RULINGS O4).

A wave's colour is the set of basic colours it has hit, kept as four bits. Transparent gems add
nothing; the black body absorbs. Names are canonical on output; aliases are accepted on input.

>>> color_name(RED | WHITE)
'pink'
>>> parse_wave_color("Violet") == RED | BLUE
True
>>> sorted(basic_colors(parse_wave_color("light green")))
['blue', 'white', 'yellow']
"""
from __future__ import annotations

from games.errors import BadInput
from games.limits import quote

RED, YELLOW, BLUE, WHITE = 1, 2, 4, 8
BASIC_COLORS = {"red": RED, "yellow": YELLOW, "blue": BLUE, "white": WHITE}

# Gem colours as they appear in layouts; transparent and black add no colour bit. Light blue
# (the Gameology edition's gem, RULINGS O11) adds blue and white at once.
GEM_COLORS = ("red", "yellow", "blue", "white", "transparent", "black", "light-blue")
GEM_COLOR_BITS = {"red": RED, "yellow": YELLOW, "blue": BLUE, "white": WHITE,
                  "transparent": 0, "black": 0, "light-blue": BLUE | WHITE}

WAVE_COLOR_NAMES: dict[int, str] = {
    0: "transparent",
    RED: "red",
    YELLOW: "yellow",
    BLUE: "blue",
    WHITE: "white",
    RED | YELLOW: "orange",
    RED | BLUE: "purple",
    YELLOW | BLUE: "green",
    RED | YELLOW | BLUE: "black",
    RED | WHITE: "pink",
    YELLOW | WHITE: "light yellow",
    BLUE | WHITE: "light blue",
    RED | YELLOW | WHITE: "light orange",
    RED | BLUE | WHITE: "light purple",
    YELLOW | BLUE | WHITE: "light green",
    RED | YELLOW | BLUE | WHITE: "grey",
}
COLOR_ALIASES = {
    "violet": "purple",
    "light red": "pink",
    "lemon": "light yellow",
    "sky blue": "light blue",
    "light violet": "light purple",
    "gray": "grey",
    "clear": "transparent",
}
_WAVE_COLOR_BITS = {name: bits for bits, name in WAVE_COLOR_NAMES.items()}


def _normalise(text: str) -> str:
    name = " ".join(str(text).strip().lower().replace("-", " ").replace("_", " ").split())
    return COLOR_ALIASES.get(name, name)


def color_name(bits: int) -> str:
    """Canonical name of a wave colour given as bits."""
    return WAVE_COLOR_NAMES[bits]


def parse_wave_color(text: str) -> int:
    """Bits of a wave colour name or alias; unknown names are bad input."""
    bits = _WAVE_COLOR_BITS.get(_normalise(text))
    if bits is None:
        raise BadInput(f"unknown colour {quote(text)}")
    return bits


def parse_gem_color(text: str) -> str:
    """Canonical gem colour (`red`, `yellow`, `blue`, `white`, `transparent`, `black`,
    `light-blue`; `light blue` and `sky blue` name the last too)."""
    name = _normalise(text)
    if name == "light blue":
        name = "light-blue"
    if name not in GEM_COLORS:
        raise BadInput(f"unknown gem colour {quote(text)} (expected one of {', '.join(GEM_COLORS)})")
    return name


def basic_colors(bits: int) -> set[str]:
    """The basic colour names in a wave colour."""
    return {name for name, bit in BASIC_COLORS.items() if bits & bit}
