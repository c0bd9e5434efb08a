"""Counts in messages for people: `1 gem`, `2 gems` (every layer may use it)."""
from __future__ import annotations


def plural(count: float, word: str, spec: str = "") -> str:
    """`1 gem`, `2 gems`, `~1 layout`: the count formatted by `spec`, the word agreeing.

    >>> plural(1, "shard"), plural(2, "puzzle"), plural(1.0, "layout", ".3g")
    ('1 shard', '2 puzzles', '1 layout')
    """
    text = format(count, spec)
    return f"{text} {word}{'' if float(text) == 1 else 's'}"
