"""Batch solving of puzzle files: `orapa batch` without the command line.

Paths are expanded lazily (files, directories walked recursively, globs) and solved in a pool of
long-lived worker processes (`batch_pool`), so each worker builds the solver's model for a gem
set once (`session_for`) and reuses it for its next puzzles (a worker is replaced after
RECYCLE_AFTER puzzles, which keeps the SAT solver's memory from creeping up). Each result is one
JSON line, written and flushed the moment its puzzle finishes: a run that is stopped keeps every
finished line, and `--resume` skips the files already listed (`batch_results` checks and
locks the results file). Memory stays flat: paths are streamed, results are written out and
forgotten (only each puzzle's time is kept, 8 bytes, for the median).

A line always holds the INTERFACE keys `file`, `status` (unique, ambiguous, contradiction,
timeout or error), `count`, `seconds` and `error`, null where they do not apply, plus `exact`
(whether `count` is exact) and `wrote` (a file written next to the puzzle, or null).

>>> line = solve_file("no/such/puzzle.json", BatchOptions())
>>> line["status"], line["error"]
('error', 'no/such/puzzle.json: cannot read: No such file or directory')
"""
from __future__ import annotations

import json
import os
import resource
import signal
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import AbstractSet, Any, Iterable, Iterator, Protocol

from tqdm import tqdm

from games.errors import BadInput, LimitReached
from games.limits import read_bounded
from games.orapa.drawing import render_deductions
from games.orapa.files import parse_puzzle
from games.orapa.puzzle import Puzzle
from solver.orapa.api import deductions, solve
from solver.orapa.batch.paths import (DEDUCTIONS_SUFFIX, PUZZLE_SUFFIXES,  # noqa: F401
                                      SOLUTION_SUFFIX, _unique_paths, expand_paths)
from solver.orapa.batch.pool import Lost, WorkerPool
from solver.orapa.batch.results import (INTERFACE_KEYS, STATUSES, BatchSummary, check_results,
                                        open_results)
from solver.orapa.consistent import drop_sessions
from solver.orapa.options import BATCH_COUNT_LIMIT, BackendName

__all__ = ["BatchOptions", "BatchStopped", "BatchSummary", "DEFAULT_COUNT_LIMIT", "INTERFACE_KEYS",
           "STATUSES", "check_results", "default_jobs", "expand_paths", "hard_timeout",
           "lost_line", "open_results", "run_batch", "solve_file"]

DEFAULT_COUNT_LIMIT = BATCH_COUNT_LIMIT  # layouts counted per puzzle before `count` stops being exact
RECYCLE_AFTER = 500                # puzzles per worker process before a fresh one replaces it
ERROR_CHARS = 300                  # a line's error is cut here: never megabytes of echoed input


@dataclass(frozen=True)
class BatchOptions:
    """How each puzzle is solved, and what is written next to it."""

    timeout: float | None = None   # seconds per puzzle (None: no limit)
    count_limit: int = DEFAULT_COUNT_LIMIT
    backend: BackendName = "sat"
    write_solutions: bool = False  # a unique puzzle's solution as <stem>.solution.json
    write_deductions: bool = False  # an ambiguous puzzle's deduction map as <stem>.deductions.txt
    stdin: str | None = None       # the puzzle the path `-` stands for, read once by the caller
    overwrite: bool = False        # replace a solution or deduction file that differs


# --- one puzzle ----------------------------------------------------------------------------

def _write_beside(line: dict[str, Any], suffix: str, text: str, overwrite: bool = False
                  ) -> None:
    """Write `text` next to the puzzle as STEM+suffix; a failure goes in the line's error.

    The text goes to a hidden temporary file first and is linked into place, so a worker
    killed while writing never leaves half a solution behind. A file already there is kept
    unless it holds the same text, or `overwrite` says so: `a.json` and `a.txt` share the name
    `a.solution.json`, and the second used to replace the first's without a word.
    """
    if line["file"] == "-":
        line["error"] = "-: nothing written: a puzzle from standard input has no folder"
        return
    path = Path(line["file"])
    target = path.with_name(path.stem + suffix)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        try:
            os.link(temporary, target)     # fails when the target exists, whoever made it
        except FileExistsError:
            if overwrite or _holds(target, text):
                os.replace(temporary, target)
            else:
                line["error"] = (f"{target}: already exists with other content, kept (two "
                                 f"puzzles named {path.stem}.*, or an earlier file; "
                                 f"--overwrite replaces it)")
                return
        line["wrote"] = str(target)
    except OSError as exc:
        line["error"] = f"{target}: cannot write: {exc.strerror or exc}"
    finally:
        temporary.unlink(missing_ok=True)


def _holds(path: Path, text: str) -> bool:
    """Does the file hold exactly `text`? (Not read past that length.)"""
    data = text.encode("utf-8")
    with open(path, "rb") as handle:
        return handle.read(len(data) + 1) == data


def _time_left(options: BatchOptions, start: float) -> float | None:
    """Seconds of the file's --timeout not yet used (reading and parsing count too)."""
    if options.timeout is None:
        return None
    return max(0.0, options.timeout - (time.perf_counter() - start))


def _solve_parsed(line: dict[str, Any], puzzle: Puzzle, options: BatchOptions,
                  start: float) -> None:
    """Solve a parsed puzzle into `line`, and write what the options ask for next to it."""
    path = line["file"]
    left = _time_left(options, start)
    if left == 0.0:
        raise LimitReached(f"{path}: time limit reached while reading the file",
                           partial={"count": None})
    result = solve(puzzle, limit=1, count_limit=options.count_limit,
                   backend=options.backend, timeout=left)
    line.update(status=result.status, count=result.count, exact=result.exact)
    if options.write_solutions and result.status == "unique":
        _write_beside(line, SOLUTION_SUFFIX, json.dumps(result.solutions[0].to_json()) + "\n",
                      options.overwrite)
    elif options.write_deductions and result.status == "ambiguous":
        try:
            found = deductions(puzzle, backend=options.backend,
                               timeout=_time_left(options, start))
        except LimitReached:
            line["error"] = f"{path}: deduction map not written: time limit reached"
        else:
            _write_beside(line, DEDUCTIONS_SUFFIX, render_deductions(
                {c: found.status(c) for c in found.possible}) + "\n", options.overwrite)


def solve_file(path: str, options: BatchOptions) -> dict[str, Any]:
    """Read, parse and solve one puzzle file; never raises for a bad file: the line says why.

    `--timeout` counts from the start of reading. A solver call that fails unexpectedly may
    leave the cached solver unsound (a signal inside its C code did exactly that, issue 15), so
    the cached models are dropped and the puzzle is solved once more on fresh ones; a second
    failure is reported on the line, never answered.
    """
    start = time.perf_counter()
    line: dict[str, Any] = dict.fromkeys(INTERFACE_KEYS + ("exact", "wrote"))
    line.update(file=path, status="error")
    try:
        text = options.stdin if path == "-" and options.stdin is not None else \
            read_bounded(path, regular_only=True)
        puzzle = parse_puzzle(text, path)
        try:
            _solve_parsed(line, puzzle, options, start)
        except (BadInput, LimitReached):
            raise
        except Exception:
            drop_sessions()
            line.update(status="error", count=None, exact=None, error=None, wrote=None)
            _solve_parsed(line, puzzle, options, start)
    except LimitReached as exc:
        partial = exc.partial if isinstance(exc.partial, dict) else {}
        line.update(status="timeout", count=partial.get("count"), exact=False)
    except BadInput as exc:
        line.update(status="error", error=str(exc))
    except Exception as exc:               # a bug must not stop the batch: report it on the line
        drop_sessions()
        line.update(status="error", count=None, exact=None,
                    error=f"{path}: internal error: {type(exc).__name__}: {exc}")
    if line["error"] is not None and len(line["error"]) > ERROR_CHARS:
        line["error"] = line["error"][:ERROR_CHARS - 3] + "..."
    line["seconds"] = round(time.perf_counter() - start, 4)
    return line


# --- the pool ------------------------------------------------------------------------------

HARD_TIMEOUT_FACTOR, HARD_TIMEOUT_GRACE = 1.5, 1.0   # a worker past timeout*1.5+1 s is killed
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class BatchStopped(Exception):
    """A signal (SIGINT or SIGTERM) asked the batch to stop."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class _StopSignals:
    """SIGINT and SIGTERM stop the batch, but never between writing a line and counting it.

    A signal that the process was started with ignored (`nohup`, `cmd &` in a script) stays
    ignored. Only the main thread can set handlers; elsewhere Ctrl-C is KeyboardInterrupt.
    """

    def __init__(self) -> None:
        self.received: int | None = None
        self.holding = False
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> "_StopSignals":
        if threading.current_thread() is threading.main_thread():
            for signum in STOP_SIGNALS:
                if signal.getsignal(signum) != signal.SIG_IGN:
                    self.previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self.previous.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)

    def _handle(self, signum: int, frame: object) -> None:
        self.received = signum
        if not self.holding:
            raise BatchStopped(signum)

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Delay a stop until the block is done (a line written, flushed and counted)."""
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.received is not None:
            raise BatchStopped(self.received)


def lost_line(lost: Lost) -> dict[str, Any]:
    """The result line of a file no worker answered: a timeout, or an error; never an answer."""
    line: dict[str, Any] = dict.fromkeys(INTERFACE_KEYS + ("exact", "wrote"))
    line.update(file=lost.path, seconds=round(lost.seconds, 4))
    if lost.timed_out:
        line.update(status="timeout", exact=False,
                    error=f"{lost.path}: worker stopped: {lost.reason} (past --timeout while "
                          f"reading, parsing or in a solver that cannot be interrupted)")
    else:
        line.update(status="error", error=f"{lost.path}: not solved: {lost.reason}")
    return line


def hard_timeout(options: BatchOptions) -> float | None:
    """When the parent kills a worker that has not answered (the worker's own limit failed)."""
    if options.timeout is None:
        return None
    return options.timeout * HARD_TIMEOUT_FACTOR + HARD_TIMEOUT_GRACE


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


class LineSink(Protocol):
    """Where a batch writes its lines: a text file, standard output, or a wrapper of them (the
    command's, which turns a failed write into one line of bad input)."""

    def write(self, text: str) -> int: ...

    def flush(self) -> None: ...


def _descriptor(out: LineSink) -> tuple[int, ...]:
    """The results file's descriptor, which forked workers must not keep open (nor locked)."""
    try:
        fd = getattr(out, "fileno")()
    except (AttributeError, OSError, ValueError):
        return ()
    return (fd,) if fd > 2 else ()


def progress_bar(args: list[str], skip: AbstractSet[str], summary: BatchSummary,
                 progress: bool | None) -> tqdm:
    """The files bar of a batch: a first pass counts the files to solve (paths are not kept) and
    adds those `skip` holds to `summary.skipped`. `progress` None: only on a terminal."""
    total = 0
    for _, key in _unique_paths(args):
        if key in skip:
            summary.skipped += 1
        else:
            total += 1
    return tqdm(total=total, unit="file", file=sys.stderr, dynamic_ncols=True,
                disable=None if progress is None else not progress)


def run_batch(args: Iterable[str], out: LineSink, options: BatchOptions = BatchOptions(),
              jobs: int | None = None, skip: frozenset[str] | set[str] = frozenset(),
              progress: bool | None = None, recycle_after: int | None = RECYCLE_AFTER
              ) -> BatchSummary:
    """Solve every puzzle file the arguments name, writing one flushed JSON line each to `out`.

    `skip` holds real paths left out (files already solved, the results file itself). SIGINT
    (Ctrl-C) or SIGTERM stops the workers at once; the summary then says `interrupted` and
    which signal, and every finished line is kept. A worker that dies (killed, out of memory,
    a crash) has its file redone by a fresh one (`batch_pool`).
    `progress`: a tqdm bar on standard error (None: only when it is a terminal).
    `recycle_after`: puzzles a worker solves before it is replaced. A long-lived incremental
    SAT solver keeps slowly growing (learnt clauses, retired queries: one process measured 100 MB
    after 250 base puzzles, 138 MB after 1000, 150 MB after 3000); a fresh worker rebuilds the
    model in about half a second, so memory stays flat for about 1% more work.
    """
    args = list(args)
    started = time.perf_counter()
    summary = BatchSummary()
    bar = progress_bar(args, skip, summary, progress)
    pool = WorkerPool(partial(solve_file, options=options), jobs or default_jobs(),
                      recycle_after, hard_timeout(options), _descriptor(out))
    outcomes = pool.results(expand_paths(args, skip))
    with _StopSignals() as stops:
        try:
            for outcome in outcomes:
                line = lost_line(outcome) if isinstance(outcome, Lost) else outcome
                with stops.hold():
                    out.write(json.dumps(line) + "\n")
                    out.flush()
                    summary.add(line)
                    bar.update()
                    bar.set_postfix({s: n for s, n in summary.counts.items() if n},
                                    refresh=False)
        except BatchStopped:
            pass
        except KeyboardInterrupt:
            stops.received = signal.SIGINT
        finally:
            stops.holding = True       # a signal from here on is only recorded
            outcomes.close()           # stops the workers now if the loop did not finish
            bar.close()
    if stops.received is not None:
        summary.interrupted, summary.signal = True, signal.Signals(stops.received).name
    summary.wall_seconds = time.perf_counter() - started
    summary.peak_rss_mb = {"main": _peak_rss_mb(resource.RUSAGE_SELF),
                           "workers": _peak_rss_mb(resource.RUSAGE_CHILDREN)}
    return summary
