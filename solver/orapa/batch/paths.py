"""Which files a batch solves: named files, directories walked recursively, and globs.

A directory is walked without following links to directories, and so is a glob's `**`
(Python's own `glob` follows them: two directory links that loop made `orapa batch
'L/**/*.json'` list paths for ever, with nothing printed). Paths come lazily, each real file
once.

>>> _split_pattern("L/**/*.json")
('L', ['**', '*.json'])
"""
from __future__ import annotations

import fnmatch
import glob
import os
from typing import Iterable, Iterator

PUZZLE_SUFFIXES = (".json", ".txt", ".orapa")
SOLUTION_SUFFIX = ".solution.json"
DEDUCTIONS_SUFFIX = ".deductions.txt"


def _is_puzzle_name(name: str) -> bool:
    """Files a directory walk picks up: puzzle suffixes, but not the files batch writes."""
    return (name.endswith(PUZZLE_SUFFIXES) and not name.startswith(".")
            and not name.endswith((SOLUTION_SUFFIX, DEDUCTIONS_SUFFIX)))


def _walk(directory: str) -> Iterator[str]:
    for root, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if _is_puzzle_name(name):
                yield os.path.join(root, name)


def _split_pattern(pattern: str) -> tuple[str, list[str]]:
    """(the leading directories without wildcards, the components from the first wildcard)."""
    parts = pattern.split(os.sep)
    first = next(i for i, part in enumerate(parts) if glob.has_magic(part))
    return os.sep.join(parts[:first]) or ("" if first == 0 else os.sep), parts[first:]


def _names(directory: str, part: str) -> list[str]:
    """Names in `directory` matching one pattern component (hidden ones only when asked)."""
    try:
        names = os.listdir(directory or os.curdir)
    except OSError:
        return []
    hidden = part.startswith(".")
    return sorted(n for n in names if fnmatch.fnmatchcase(n, part)
                  and (hidden or not n.startswith(".")))


def _real_subdirectories(directory: str) -> list[str]:
    """Subdirectories that are not links (and not hidden): what `**` descends into."""
    try:
        with os.scandir(directory or os.curdir) as entries:
            return sorted(e.name for e in entries if not e.name.startswith(".")
                          and e.is_dir(follow_symlinks=False))
    except OSError:
        return []


def _everything(base: str) -> Iterator[str]:
    """`base` and every file and directory below it (not hidden; links not followed)."""
    if base:
        yield base
    try:
        with os.scandir(base or os.curdir) as found:
            entries = sorted((e.name, e.is_dir(follow_symlinks=False)) for e in found
                             if not e.name.startswith("."))
    except OSError:
        return
    for name, is_dir in entries:
        path = os.path.join(base, name)
        if is_dir:
            yield from _everything(path)
        else:
            yield path


def _match(base: str, parts: list[str]) -> Iterator[str]:
    """Paths under `base` matching the pattern components `parts`."""
    if not parts:
        if base:
            yield base
        return
    part, rest = parts[0], parts[1:]
    if part == "**" and not rest:       # everything below, as Python's glob gives it
        yield from _everything(base)
    elif part == "**":        # no directories, or one more real one and `**` again
        yield from _match(base, rest)
        for name in _real_subdirectories(base):
            yield from _match(os.path.join(base, name), parts)
    elif glob.has_magic(part):
        for name in _names(base, part):
            path = os.path.join(base, name)
            if not rest or os.path.isdir(path):
                yield from _match(path, rest)
    elif os.path.lexists(os.path.join(base, part)):
        yield from _match(os.path.join(base, part), rest)


def glob_paths(pattern: str) -> list[str]:
    """The sorted matches of a glob, `**` spanning any number of real directories."""
    base, parts = _split_pattern(pattern)
    if base and not os.path.isdir(base):
        return []
    return sorted(set(_match(base, parts)))


def _expand_one(arg: str) -> Iterator[str]:
    if glob.has_magic(arg):
        matches = glob_paths(arg)
        for match in matches:
            yield from (_walk(match) if os.path.isdir(match) else (match,))
        if not matches:
            yield arg                      # reported as an error line: nothing to read
    elif os.path.isdir(arg):
        yield from _walk(arg)
    else:
        yield arg                          # a named file is read whatever its suffix


def _unique_paths(args: Iterable[str]) -> Iterator[tuple[str, str]]:
    """(path, real path) for every file the arguments reach, each file once."""
    seen: set[str] = set()
    for arg in args:
        for path in _expand_one(arg):
            key = "-" if path == "-" else os.path.realpath(path)   # standard input: never done
            if key not in seen:
                seen.add(key)
                yield os.path.normpath(path), key


def expand_paths(args: Iterable[str], skip: frozenset[str] | set[str] = frozenset()
                 ) -> Iterator[str]:
    """Puzzle paths from files, directories (recursive, sorted) and globs, lazily.

    A file reached twice is listed once; files whose real path is in `skip` are left out. A
    path that does not exist is passed on, so that solving it reports the problem.
    """
    return (path for path, key in _unique_paths(args) if key not in skip)
