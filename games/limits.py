"""Bounds on input, checked before any work, and the one JSON reader every file goes through.

The rules bound what a puzzle can hold: at most 14 gems (two full sets, the `double` preset,
fill the 10x8 board as far as the rules let them), 36 shots and 80 cells to ask about. Files
far beyond that are mistakes or attacks, and reading them whole used gigabytes (issue 15):
these limits turn them into one short line and exit status 2. Error lines quote at most
`QUOTE_CHARS` characters of what they read, never a whole line of a huge file.

>>> quote("x" * 500)[-18:]
"xx...' (500 chars)"
>>> load_json('{"gems": "base", "gems": "full"}', "p.json")
Traceback (most recent call last):
games.errors.BadInput: p.json: line 1: duplicated key 'gems' in a JSON object (the first would be lost)
"""
from __future__ import annotations

import json
import os
import re
import stat
import sys
from typing import Any

from games.errors import BadInput

MAX_FILE_BYTES = 1_000_000   # a full 36-shot puzzle with its solution is about 3 KB
MAX_GEMS = 14                # the `double` preset: two full sets
MAX_OBSERVATIONS = 1_000     # 36 shots and 80 cells, with room for repeated confirmations
MAX_JSON_DEPTH = 16          # puzzle JSON nests 6 deep (puzzle, solution, gems, gem, vertices)
QUOTE_CHARS = 60             # the most an error line quotes of the input
MAX_NUMBER_DIGITS = 30       # no field of a puzzle needs more; Python refuses past 4300 anyway

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def quote(value: Any) -> str:
    """`repr(value)`, cut to `QUOTE_CHARS` characters with its full length named."""
    text = repr(value)
    if len(text) <= QUOTE_CHARS:
        return text
    return f"{text[:QUOTE_CHARS]}...{text[0]} ({len(str(value))} chars)"


def check_size(text: str, source: str) -> None:
    """Refuse a text longer than `MAX_FILE_BYTES` characters."""
    if len(text) > MAX_FILE_BYTES:
        raise BadInput(f"{source}: too large ({len(text)} characters; at most "
                       f"{MAX_FILE_BYTES} for a puzzle or layout)")


def check_count(count: int, limit: int, what: str, where: str) -> None:
    """Refuse `count` things of a kind beyond `limit` (gems, observations)."""
    if count > limit:
        raise BadInput(f"{where}: {count} {what}, more than the {limit} allowed")


def read_bounded(path: str, regular_only: bool = False) -> str:
    """A file argument's text (`-` is standard input), never more than `MAX_FILE_BYTES + 1`
    bytes of it read: a regular file too large is refused unread, and a pipe or a device
    (`/dev/zero`, which never ends and claims a size of 0) is refused once it gives more.

    `regular_only` (batch): anything but a regular file is refused before a byte is read, and a
    FIFO without a writer is not waited for; otherwise a FIFO or `<(...)` is read as it comes.
    """
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a text-only stream, as some test runners give
                data = sys.stdin.read(MAX_FILE_BYTES + 1).encode("utf-8")
            else:
                data = stream.read(MAX_FILE_BYTES + 1)
        else:
            # O_NONBLOCK: opening a FIFO must not wait for a writer (regular files ignore it)
            flags = os.O_RDONLY | os.O_CLOEXEC | (os.O_NONBLOCK if regular_only else 0)
            with open(os.open(path, flags), "rb") as handle:
                info = os.fstat(handle.fileno())
                if stat.S_ISDIR(info.st_mode):
                    raise BadInput(f"{path}: cannot read: Is a directory")
                if regular_only and not stat.S_ISREG(info.st_mode):
                    raise BadInput(f"{path}: cannot read: not a regular file")
                if stat.S_ISREG(info.st_mode) and info.st_size > MAX_FILE_BYTES:
                    raise BadInput(f"{path}: too large ({info.st_size} bytes; at most "
                                   f"{MAX_FILE_BYTES} for a puzzle or layout)")
                data = handle.read(MAX_FILE_BYTES + 1)  # a file may have grown since
        if len(data) > MAX_FILE_BYTES:
            raise BadInput(f"{path}: too large (over {MAX_FILE_BYTES} bytes; at most "
                           f"{MAX_FILE_BYTES} for a puzzle or layout)")
        return data.decode("utf-8")
    except OSError as exc:
        raise BadInput(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise BadInput(f"{path}: cannot read: not UTF-8 text (byte {exc.start})") from None


def _json_depth(text: str) -> int:
    """How deep arrays and objects nest, counted without parsing (strings are skipped)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = deepest = 0
    for char in brackets:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _DuplicateKey(key)
        seen[key] = value
    return seen


def _bounded_int(digits: str) -> int:
    """A JSON integer, refused past `MAX_NUMBER_DIGITS` digits: Python's own refusal (past 4300)
    came out as a traceback, and converting a long one costs time quadratic in its length."""
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _HugeNumber(digits)
    return int(digits)


class _HugeNumber(ValueError):
    def __init__(self, digits: str) -> None:
        super().__init__(digits[:QUOTE_CHARS])
        self.length = len(digits.lstrip("-"))


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def load_json(text: str, source: str) -> Any:
    """Parse JSON after the size and nesting checks; a duplicated key is an error (the last
    one would silently win), and so is a malformed document, naming its line and column."""
    check_size(text, source)
    depth = _json_depth(text)
    if depth > MAX_JSON_DEPTH:
        raise BadInput(f"{source}: JSON nested {depth} deep (at most {MAX_JSON_DEPTH})")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{source}: line {exc.lineno} column {exc.colno}: malformed JSON: "
                       f"{exc.msg}") from None
    except _DuplicateKey as exc:
        raise BadInput(f"{source}: {_line_of_key(text, exc.key)}duplicated key "
                       f"{quote(exc.key)} in a JSON object (the first would be lost)") from None
    except _HugeNumber as exc:
        raise BadInput(f"{source}: a number of {exc.length} digits (at most "
                       f"{MAX_NUMBER_DIGITS})") from None
    except RecursionError:
        raise BadInput(f"{source}: JSON nested too deep") from None


def _line_of_key(text: str, key: str) -> str:
    """`line N: ` of the duplicate when the key is written just twice (then the second is the
    duplicate); empty when other objects use the key too and the line is not known."""
    found = [m.start() for m in re.finditer(re.escape(json.dumps(key)) + r"\s*:", text)]
    if len(found) != 2:
        return ""
    return f"line {text.count(chr(10), 0, found[1]) + 1}: "
