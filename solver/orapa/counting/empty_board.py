"""The empty board's count, computed once per gem set and rules and kept on disk.

Before the first answer every legal layout is consistent: 17,053,178,776 on base, which the
counting kernel takes some 16 s to count and twice that with the cells' marginals. That number
depends only on the gem set and the placement rules, so it is counted once: the figures shipped
in `empty_boards.json` (base; `tests/test_orapa_counting.py` recounts them), and any other
count of an empty board that finishes is written under the cache directory (`ORAPA_CACHE_DIR`,
else `~/.cache/orapa`) for the next time. A file that cannot be read or written is skipped:
the count is then made again, never wrong.

>>> from games.orapa.gems import gem_set
>>> from games.orapa.layout import RuleOptions
>>> from games.orapa.puzzle import Puzzle
>>> known = cached_empty_count(Puzzle(gem_set("base"), RuleOptions()))
>>> known.count, known.exact
(17053178776, True)
"""
from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.orapa.gems import Gem
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle
from solver.orapa.counting.family_counts import LayoutCount

SHIPPED = Path(__file__).with_name("empty_boards.json")


def cache_dir() -> Path:
    """Where counts made on this machine are kept."""
    root = os.environ.get("ORAPA_CACHE_DIR") or Path.home() / ".cache" / "orapa"
    return Path(root) / "empty-boards"


def board_key(gems: tuple[Gem, ...], rules: RuleOptions) -> str:
    """The gem set (in any order) and the rules the count depends on, as one line."""
    names = ",".join(sorted(f"{g.color}-{g.shape}" for g in gems))
    return (f"{names};mirror={rules.mirror};touching={rules.touching};"
            f"visibility={rules.visibility}")


def _as_count(entry: Any) -> LayoutCount | None:
    try:
        by_cell = [{str(c): int(n) for c, n in row.items()} for row in entry["by_cell"]]
        return LayoutCount(int(entry["count"]), True, int(entry.get("families", 1)),
                           by_cell=by_cell)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Any]:
    try:
        return json.loads(SHIPPED.read_text())
    except (OSError, ValueError):
        return {}


def _file(key: str) -> Path:
    safe = "".join(ch if ch.isalnum() or ch in "-=," else "_" for ch in key)
    return cache_dir() / f"{safe}.json"


def cached_empty_count(puzzle: Puzzle) -> LayoutCount | None:
    """The exact count and marginals of a puzzle with no answer yet, when known; else None."""
    if puzzle.observations:
        return None
    key = board_key(puzzle.gems, puzzle.rules)
    if key in _shipped():
        return _as_count(_shipped()[key])
    try:
        entry = json.loads(_file(key).read_text())
    except (OSError, ValueError):
        return None
    return _as_count(entry) if entry.get("key") == key else None


def entry_of(puzzle: Puzzle, counted: LayoutCount) -> dict[str, Any]:
    """The record kept for an empty board's count (as in `empty_boards.json`)."""
    return {"key": board_key(puzzle.gems, puzzle.rules), "count": counted.count,
            "families": counted.families, "by_cell": counted.by_cell}


def remember_empty_count(puzzle: Puzzle, counted: LayoutCount) -> None:
    """Keep an exact count with marginals of an empty board in the cache directory."""
    if puzzle.observations or not counted.exact or counted.by_cell is None:
        return
    entry = entry_of(puzzle, counted)
    path = _file(entry["key"])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(f".{os.getpid()}.part")
        part.write_text(json.dumps(entry))
        part.replace(path)
    except OSError:
        pass   # a read-only home: the count is made again next time
