"""Text forms of Ripple moves and boards (INTERFACE.md): `red@3,3`, `red+@3,3` for a power stone.

>>> [str(m) for m in parse_moves("red@3,3,b@0,6,Green+@6,0")]
['red@3,3', 'blue@0,6', 'green+@6,0']
>>> parse_moves("")
[]
"""
from __future__ import annotations

import re

from games.errors import BadInput
from games.ripple.board import BIT, CELLS, COLOUR_LETTERS, COLOURS, SIZE, cell_index
from games.ripple.rules import Move, Position, Rules, groups_of, points_by_player

_COLOUR_NAMES = {name: i for i, name in enumerate(COLOURS)} | {ch: i for i, ch in enumerate(COLOUR_LETTERS)}
_MOVE = re.compile(r"([a-z]+)(\+?)@(\d+),(\d+)")


def parse_colour(text: str, where: str) -> int:
    """A colour index from its name or first letter (any case)."""
    try:
        return _COLOUR_NAMES[text.strip().lower()]
    except KeyError:
        raise BadInput(f"{where}: unknown colour {text!r} (use {', '.join(COLOURS)})") from None


def parse_move(text: str, where: str = "move") -> Move:
    """One move `colour@row,col`, with `+` after the colour for a power stone."""
    found = _MOVE.fullmatch(text.replace(" ", "").lower())
    if not found:
        raise BadInput(f"{where}: {text!r} is not colour@row,col (e.g. red@3,3 or red+@3,3)")
    colour, plus, row, col = found.groups()
    if not (int(row) < SIZE and int(col) < SIZE):
        raise BadInput(f"{where}: {text!r} is off the 7x7 board (rows and columns are 0..6)")
    return Move(cell_index(int(row), int(col)), parse_colour(colour, where), plus == "+")


def parse_moves(text: str, where: str = "--moves") -> list[Move]:
    """A comma-separated list of moves; each move holds one comma itself (`red@3,3,blue@0,0`)."""
    parts = [p for p in text.split(",")] if text.strip() else []
    if len(parts) % 2:
        raise BadInput(f"{where}: {text!r} has an odd number of commas; write colour@row,col,...")
    return [
        parse_move(f"{parts[i]},{parts[i + 1]}", f"{where} item {i // 2 + 1}") for i in range(0, len(parts), 2)
    ]


def board_rows(position: Position) -> list[str]:
    """The board as 7 strings of 7 characters: `.` empty, `rbgy` player 1's stones, `RBGY` player 2's."""
    chars = ["."] * CELLS
    for colour, mask in enumerate(position.colours):
        letter = COLOUR_LETTERS[colour]
        for cell in range(CELLS):
            if mask & BIT[cell]:
                chars[cell] = letter if position.placed_by_1 & BIT[cell] else letter.upper()
    return ["".join(chars[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]


def parse_palettes(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Asymmetric colours: `rb,gy` gives player 1 red and blue, player 2 green and yellow."""
    halves = text.split(",")
    if len(halves) != 2:
        raise BadInput(f"--palettes: {text!r} must be two colour pairs, e.g. rb,gy or red+blue,green+yellow")
    palettes = []
    for player, half in enumerate(halves, start=1):
        names = half.split("+") if "+" in half else list(half.strip())
        palettes.append(tuple(sorted(parse_colour(n, f"--palettes player {player}") for n in names)))
    return palettes[0], palettes[1]


def position_from_rows(rows: list[str], to_move: int, rules: Rules | None = None) -> Position:
    """A position drawn as `board_rows` draws it (for tests, puzzles and examples); no end check.

    >>> position_from_rows(["rrR...."] + ["......."] * 6, 1).colour_points[0]
    (3, 0)
    """
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise BadInput("board: needs 7 rows of 7 characters")
    colours = [0, 0, 0, 0]
    placed_by_1 = 0
    for cell, char in enumerate("".join(rows)):
        if char == ".":
            continue
        colour = parse_colour(char, f"board square {cell // SIZE},{cell % SIZE}")
        colours[colour] |= BIT[cell]
        if char.islower():
            placed_by_1 |= BIT[cell]
    points = tuple(points_by_player(groups_of(c, mask, placed_by_1)) for c, mask in enumerate(colours))
    power = (rules or Rules()).power_stones
    return Position((colours[0], colours[1], colours[2], colours[3]), placed_by_1, to_move,
                    (power, power), points)
