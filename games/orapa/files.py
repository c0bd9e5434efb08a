"""Reading layouts and puzzles from text, naming the source in every error.

Puzzle files are JSON (INTERFACE.md) or the plain-text format of `games.orapa.text_format`;
the first non-blank character tells which (`{` is JSON).
"""
from __future__ import annotations

from typing import Any

from games.errors import BadInput
from games.orapa.layout import Layout, RuleOptions, check_legal
from games.orapa.puzzle import Puzzle, load_json_text


def _prefixed(source: str, exc: BadInput) -> BadInput:
    return BadInput(f"{source}: {exc}")


def is_json_text(text: str) -> bool:
    return text.lstrip().startswith("{")


def parse_puzzle(text: str, source: str = "<puzzle>") -> Puzzle:
    """A puzzle from JSON or plain text; errors start with `source`."""
    if is_json_text(text):
        data = load_json_text(text, source)
        try:
            return Puzzle.from_json(data)
        except BadInput as exc:
            raise _prefixed(source, exc) from None
    from games.orapa.text_format import parse_puzzle_text
    try:
        return parse_puzzle_text(text)
    except BadInput as exc:
        raise _prefixed(source, exc) from None


def parse_layout(text: str, source: str = "<layout>", rules: RuleOptions | None = None,
                 legal: bool = True) -> tuple[Layout, RuleOptions]:
    """A layout from layout JSON, or the solution of a puzzle file; checked legal by default.

    A puzzle's own rule options apply to its solution; a bare layout takes `rules`.
    """
    data: Any = load_json_text(text, source) if is_json_text(text) else None
    if data is None or (isinstance(data, dict) and "observations" in data):
        puzzle = parse_puzzle(text, source)
        if puzzle.solution is None:
            raise BadInput(f"{source}: the puzzle has no solution to use as a layout")
        return puzzle.solution, puzzle.rules
    rules = rules or RuleOptions()
    try:
        layout = Layout.from_json(data, rules, "layout")
        if legal:
            check_legal(layout, rules, "layout")
    except BadInput as exc:
        raise _prefixed(source, exc) from None
    return layout, rules
