"""Batch solving of puzzle files: `orapa batch` without the command line.

Paths are expanded lazily (files, directories walked recursively, globs) and solved in a pool of
long-lived worker processes, so each worker builds the solver's model for a gem set once
(`session_for`) and reuses it for its next puzzles (a worker is replaced after RECYCLE_AFTER
puzzles, which keeps the SAT solver's memory from creeping up). Each result is one JSON line, written and
flushed the moment its puzzle finishes: a run that is stopped keeps every finished line, and
`--resume` skips the files already listed. Memory stays flat: paths are streamed, results are
written out and forgotten (only each puzzle's time is kept, 8 bytes, for the median).

A line always holds the INTERFACE keys `file`, `status` (unique, ambiguous, contradiction,
timeout or error), `count`, `seconds` and `error`, null where they do not apply, plus `exact`
(whether `count` is exact) and `wrote` (a file written next to the puzzle, or null).

>>> line = solve_file("no/such/puzzle.json", BatchOptions())
>>> line["status"], line["error"]
('error', 'no/such/puzzle.json: cannot read: No such file or directory')
"""
from __future__ import annotations

import fcntl
import glob
import json
import multiprocessing
import os
import resource
import signal
import statistics
import sys
import time
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, TextIO

from tqdm import tqdm

from games.errors import BadInput, LimitReached
from games.orapa.drawing import render_deductions
from games.orapa.files import parse_puzzle
from solver.api import deductions, solve

STATUSES = ("unique", "ambiguous", "contradiction", "timeout", "error")
INTERFACE_KEYS = ("file", "status", "count", "seconds", "error")   # on every line
DEFAULT_COUNT_LIMIT = 100          # layouts counted per puzzle before `count` stops being exact
RECYCLE_AFTER = 500                # puzzles per worker process before a fresh one replaces it
PUZZLE_SUFFIXES = (".json", ".txt", ".orapa")
SOLUTION_SUFFIX = ".solution.json"
DEDUCTIONS_SUFFIX = ".deductions.txt"


@dataclass(frozen=True)
class BatchOptions:
    """How each puzzle is solved, and what is written next to it."""

    timeout: float | None = None   # seconds per puzzle (None: no limit)
    count_limit: int = DEFAULT_COUNT_LIMIT
    backend: str = "sat"
    write_solutions: bool = False  # a unique puzzle's solution as <stem>.solution.json
    write_deductions: bool = False  # an ambiguous puzzle's deduction map as <stem>.deductions.txt


# --- paths ---------------------------------------------------------------------------------

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


def _expand_one(arg: str) -> Iterator[str]:
    if any(c in arg for c in "*?["):
        matched = False
        for match in sorted(glob.iglob(arg, recursive=True)):
            matched = True
            yield from (_walk(match) if os.path.isdir(match) else (match,))
        if not matched:
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
            key = os.path.realpath(path)
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


# --- one puzzle ----------------------------------------------------------------------------

def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise BadInput(f"{path}: cannot read: {reason}") from None


def _write_beside(line: dict[str, Any], suffix: str, text: str) -> None:
    """Write `text` next to the puzzle as STEM+suffix; a failure goes in the line's error."""
    path = Path(line["file"])
    target = path.with_name(path.stem + suffix)
    try:
        target.write_text(text, encoding="utf-8")
        line["wrote"] = str(target)
    except OSError as exc:
        line["error"] = f"{target}: cannot write: {exc.strerror or exc}"


def solve_file(path: str, options: BatchOptions) -> dict[str, Any]:
    """Read, parse and solve one puzzle file; never raises for a bad file: the line says why."""
    start = time.perf_counter()
    line: dict[str, Any] = dict.fromkeys(INTERFACE_KEYS + ("exact", "wrote"))
    line.update(file=path, status="error")
    try:
        puzzle = parse_puzzle(_read(path), path)
        result = solve(puzzle, limit=1, count_limit=options.count_limit,
                       backend=options.backend, timeout=options.timeout)
        line.update(status=result.status, count=result.count, exact=result.exact)
        if options.write_solutions and result.status == "unique":
            _write_beside(line, SOLUTION_SUFFIX, json.dumps(result.solutions[0].to_json()) + "\n")
        elif options.write_deductions and result.status == "ambiguous":
            left = None if options.timeout is None else \
                max(0.0, options.timeout - (time.perf_counter() - start))
            try:
                found = deductions(puzzle, backend=options.backend, timeout=left)
            except LimitReached:
                line["error"] = f"{path}: deduction map not written: time limit reached"
            else:
                _write_beside(line, DEDUCTIONS_SUFFIX, render_deductions(
                    {c: found.status(c) for c in found.possible}) + "\n")
    except LimitReached as exc:
        partial = exc.partial if isinstance(exc.partial, dict) else {}
        line.update(status="timeout", count=partial.get("count"), exact=False)
    except BadInput as exc:
        line.update(status="error", error=str(exc))
    except Exception as exc:               # a bug must not stop the batch: report it on the line
        line.update(status="error", error=f"{path}: internal error: {type(exc).__name__}: {exc}")
    line["seconds"] = round(time.perf_counter() - start, 4)
    return line


# --- the results file ----------------------------------------------------------------------

def open_results(out: str, resume: bool = False) -> tuple[TextIO, set[str]]:
    """Open the results file for appending, locked against a second batch writing to it.

    Returns the stream and the real paths to skip: the results file itself and, with `resume`,
    every file it already lists. A last line cut off by a killed run is removed first, so the
    next result starts a fresh line.
    """
    try:
        stream = open(out, "a", encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"{out}: cannot write: {exc.strerror or exc}") from None
    try:
        fcntl.flock(stream, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        stream.close()
        raise BadInput(f"{out}: another batch is writing to this file") from None
    try:
        done = _listed_files(out) if resume else set()
    except BadInput:
        stream.close()
        raise
    return stream, done | {os.path.realpath(out)}


def _listed_files(out: str) -> set[str]:
    data = Path(out).read_bytes()
    complete = data[:data.rfind(b"\n") + 1]
    if len(complete) < len(data):
        os.truncate(out, len(complete))
    done: set[str] = set()
    for number, raw in enumerate(complete.decode("utf-8", "replace").splitlines(), 1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
            done.add(os.path.realpath(record["file"]))
        except (ValueError, KeyError, TypeError):
            raise BadInput(f"{out}: line {number}: not a batch result line") from None
    return done


@dataclass
class BatchSummary:
    """Counts by status and puzzle times; the times are an 8-byte array, not the results."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    times: array = field(default_factory=lambda: array("d"))
    skipped: int = 0                   # files left out because the results already list them
    wall_seconds: float = 0.0
    interrupted: bool = False
    peak_rss_mb: dict[str, float] = field(default_factory=dict)

    def add(self, line: dict[str, Any]) -> None:
        self.counts[line["status"]] += 1
        self.times.append(line["seconds"])

    def to_json(self) -> dict[str, Any]:
        return {"files": len(self.times), "skipped": self.skipped, "counts": dict(self.counts),
                "total_seconds": round(sum(self.times), 3),
                "median_seconds": round(statistics.median(self.times), 4) if self.times else None,
                "wall_seconds": round(self.wall_seconds, 3), "interrupted": self.interrupted,
                "peak_rss_mb": self.peak_rss_mb}

    def text(self) -> str:
        """Two lines for people."""
        data = self.to_json()
        counts = ", ".join(f"{n} {s}" for s, n in self.counts.items())
        rate = data["files"] / self.wall_seconds if self.wall_seconds else 0.0
        median = "-" if data["median_seconds"] is None else f"{data['median_seconds']:.3f} s"
        memory = ", ".join(f"{k} {v:.0f} MB" for k, v in self.peak_rss_mb.items())
        return (f"{data['files']} files in {self.wall_seconds:.1f} s ({rate:.1f}/s): {counts}"
                f"{'; interrupted' if self.interrupted else ''}"
                f"{f'; {self.skipped} already done' if self.skipped else ''}\n"
                f"puzzle time: total {data['total_seconds']:.1f} s, median {median}; "
                f"peak memory: {memory}")


# --- the pool ------------------------------------------------------------------------------

_WORKER_OPTIONS = BatchOptions()


def _init_worker(options: BatchOptions) -> None:
    """Workers leave Ctrl-C to the parent, which stops them; they keep their solver sessions."""
    global _WORKER_OPTIONS
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_OPTIONS = options


def _solve_in_worker(path: str) -> dict[str, Any]:
    return solve_file(path, _WORKER_OPTIONS)


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _peak_rss_mb(who: int) -> float:
    """Peak resident memory in MB (Linux reports kB, macOS bytes)."""
    peak = resource.getrusage(who).ru_maxrss
    return round(peak / (2 ** 20 if sys.platform == "darwin" else 2 ** 10), 1)


def run_batch(args: Iterable[str], out: TextIO, options: BatchOptions = BatchOptions(),
              jobs: int | None = None, skip: frozenset[str] | set[str] = frozenset(),
              progress: bool | None = None, recycle_after: int | None = RECYCLE_AFTER
              ) -> BatchSummary:
    """Solve every puzzle file the arguments name, writing one flushed JSON line each to `out`.

    `skip` holds real paths left out (files already solved, the results file itself). Ctrl-C
    stops the workers; the summary then says `interrupted` and every finished line is kept.
    `progress`: a tqdm bar on standard error (None: only when it is a terminal).
    `recycle_after`: puzzles a worker solves before it is replaced. A long-lived incremental
    SAT solver keeps slowly growing (learnt clauses, retired queries: one process measured 100 MB
    after 250 base puzzles, 138 MB after 1000, 150 MB after 3000); a fresh worker rebuilds the
    model in about half a second, so memory stays flat for about 1% more work.
    """
    args = list(args)
    started = time.perf_counter()
    summary = BatchSummary()
    total = 0
    for _, key in _unique_paths(args):  # a first pass only counts: paths are not kept
        if key in skip:
            summary.skipped += 1
        else:
            total += 1
    bar = tqdm(total=total, unit="file", file=sys.stderr, dynamic_ncols=True,
               disable=None if progress is None else not progress)
    pool = multiprocessing.get_context().Pool(jobs or default_jobs(), initializer=_init_worker,
                                              initargs=(options,), maxtasksperchild=recycle_after)
    finished = False
    try:
        for line in pool.imap_unordered(_solve_in_worker, expand_paths(args, skip)):
            out.write(json.dumps(line) + "\n")
            out.flush()
            summary.add(line)
            bar.update()
            bar.set_postfix({s: n for s, n in summary.counts.items() if n}, refresh=False)
        finished = True
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        if finished:
            pool.close()               # workers exit after their last task
        else:
            pool.terminate()           # Ctrl-C or a failed write: stop the workers now
        pool.join()
        bar.close()
    summary.wall_seconds = time.perf_counter() - started
    summary.peak_rss_mb = {"main": _peak_rss_mb(resource.RUSAGE_SELF),
                           "workers": _peak_rss_mb(resource.RUSAGE_CHILDREN)}
    return summary
