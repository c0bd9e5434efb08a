"""Checks every JSON body and query string before the app sees them, whatever the endpoint:
no NaN or Infinity (not JSON, and PostgreSQL refuses them), no NUL character (PostgreSQL text
cannot hold one), no nesting deeper than `MAX_DEPTH`, no number of thousands of digits. Each
problem is one line naming what is wrong, status 422 (400 for a body that is not JSON)."""
from __future__ import annotations

import json
from typing import Any
from urllib.parse import unquote_to_bytes

MAX_DEPTH = 16     # a layout is 3 levels deep; moves and options 2


class BodyRefused(Exception):
    """A body or query the server will not take: (status, one line)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def _no_constants(name: str) -> Any:
    raise BodyRefused(422, f"body: {name} is not a JSON number")


def check_value(value: Any) -> None:
    """Depth and NUL checks over a parsed body, without recursion."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BodyRefused(422, f"body: nested deeper than {MAX_DEPTH} levels")
        if isinstance(item, str):
            if "\x00" in item:
                raise BodyRefused(422, "body: a text holds a NUL character")
        elif isinstance(item, dict):
            for key, inner in item.items():
                if "\x00" in key:
                    raise BodyRefused(422, "body: a field name holds a NUL character")
                stack.append((inner, depth + 1))
        elif isinstance(item, list):
            stack.extend((inner, depth + 1) for inner in item)


def check_body(raw: bytes) -> None:
    """Raise BodyRefused for a JSON body the server will not take (an empty or non-JSON body
    is left to the endpoint, which says it is malformed)."""
    if not raw.strip():
        return
    # brackets are counted before parsing: the parser itself recurses
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and _raw_depth(raw) > MAX_DEPTH:
        raise BodyRefused(422, f"body: nested deeper than {MAX_DEPTH} levels")
    try:
        value = json.loads(raw, parse_constant=_no_constants)
    except BodyRefused:
        raise
    except (UnicodeDecodeError, json.JSONDecodeError):
        return
    except ValueError:        # (an integer past Python's 4300-digit limit)
        raise BodyRefused(422, "body: a number has too many digits") from None
    check_value(value)


def _raw_depth(raw: bytes) -> int:
    """The deepest bracket nesting of a JSON text (outside strings)."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def check_query(query: bytes) -> None:
    """Refuse a query string holding a NUL character (`?code=%00`)."""
    if b"%00" in query and b"\x00" in unquote_to_bytes(query):
        raise BodyRefused(422, "query parameter: holds a NUL character")
