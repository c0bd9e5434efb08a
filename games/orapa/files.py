"""Reading layouts and puzzles from text, naming the source in every error.

Puzzle files are JSON (INTERFACE.md) or the plain-text format of `games.orapa.text_format`;
the first non-blank character tells which (`{` or `[` is JSON; a UTF-8 byte order mark is
skipped). A layout (gems with vertices) and a puzzle (a gem set and answers) are told apart,
and a file of the other kind is refused with a line saying which was expected, rather than
read with its vertices dropped. Every reader goes through `games.limits` (size, nesting,
duplicated keys, gems and observations per file).
"""
from __future__ import annotations

import re
from typing import Any

from games.errors import BadInput
from games.limits import MAX_NUMBER_DIGITS, check_size
from games.orapa.layout import Layout, RuleOptions, check_legal
from games.orapa.puzzle import Puzzle, load_json_text

BOM = "\ufeff"


def _prefixed(source: str, exc: BadInput) -> BadInput:
    return BadInput(f"{source}: {exc}")


def is_json_text(text: str) -> bool:
    """Is this JSON rather than the text format? (An object or an array: both are JSON.)"""
    return text.lstrip(BOM + " \t\r\n").startswith(("{", "["))


def _prepared(text: str, source: str, expected: str) -> str:
    """The text without a byte order mark, refused when too large or blank."""
    check_size(text, source)
    text = text[1:] if text.startswith(BOM) else text
    if not text.strip():
        raise BadInput(f"{source}: empty file (expected {expected})")
    return text


_LONG_NUMBER = re.compile(r"\d{%d,}" % (MAX_NUMBER_DIGITS + 1))


def check_number_lengths(text: str, source: str) -> None:
    """Refuse a number of more than `MAX_NUMBER_DIGITS` digits in the text format, naming its
    line, as the JSON reader does (`gems: 99...9x white square` of 5000 digits was Python's
    ValueError for converting so many, a traceback)."""
    found = _LONG_NUMBER.search(text)
    if found:
        line = text.count("\n", 0, found.start()) + 1
        raise BadInput(f"{source}: line {line}: a number of {len(found[0])} digits (at most "
                       f"{MAX_NUMBER_DIGITS})")


def looks_like_layout(data: Any) -> bool:
    """Layout JSON: an object whose only key is a list of gems with vertices."""
    return (isinstance(data, dict) and set(data) == {"gems"} and isinstance(data["gems"], list)
            and any(isinstance(g, dict) and "vertices" in g for g in data["gems"]))


def _json_object(text: str, source: str, expected: str) -> dict:
    data = load_json_text(text, source)
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"a JSON {type(data).__name__}"
        raise BadInput(f"{source}: {kind}, expected {expected}")
    return data


PUZZLE_EXPECTED = "a puzzle: JSON with 'gems' and 'observations', or the text format"
LAYOUT_EXPECTED = "a layout: JSON {\"gems\": [...]} with vertices, or a puzzle with a solution"


def parse_puzzle(text: str, source: str = "<puzzle>") -> Puzzle:
    """A puzzle from JSON or plain text; errors start with `source`. A layout is refused."""
    text = _prepared(text, source, PUZZLE_EXPECTED)
    if is_json_text(text):
        data = _json_object(text, source, PUZZLE_EXPECTED)
        if looks_like_layout(data):
            raise BadInput(f"{source}: this is a layout (gems with vertices), expected "
                           f"{PUZZLE_EXPECTED}")
        try:
            return Puzzle.from_json(data)
        except BadInput as exc:
            raise _prefixed(source, exc) from None
    from games.orapa.text_format import parse_puzzle_text
    check_number_lengths(text, source)
    try:
        return parse_puzzle_text(text)
    except BadInput as exc:
        raise _prefixed(source, exc) from None


def parse_layout(text: str, source: str = "<layout>", rules: RuleOptions | None = None,
                 legal: bool = True) -> tuple[Layout, RuleOptions]:
    """A layout from layout JSON, or the solution of a puzzle file; checked legal by default.

    A puzzle's own rule options apply to its solution; a bare layout takes `rules`.
    """
    text = _prepared(text, source, LAYOUT_EXPECTED)
    data: Any = _json_object(text, source, LAYOUT_EXPECTED) if is_json_text(text) else None
    if data is None or not isinstance(data.get("gems"), list) or set(data) - {"gems"}:
        puzzle = parse_puzzle(text, source)
        if puzzle.solution is None:
            raise BadInput(f"{source}: a puzzle without a solution, expected {LAYOUT_EXPECTED}")
        return puzzle.solution, puzzle.rules
    rules = rules or RuleOptions()
    try:
        layout = Layout.from_json(data, rules, "layout")
        if legal:
            check_legal(layout, rules, "layout")
    except BadInput as exc:
        raise _prefixed(source, exc) from None
    return layout, rules
