"""The results file of `orapa batch`: checked before a byte is appended, locked, summarised.

A results file holds one JSON line per puzzle file (`batch_runner` writes them). Before a run
appends to one, every line is checked, so that a file that is not ours (notes, a binary file,
a puzzle) is refused with the line that is wrong and left exactly as it was. Only two repairs
are ever made, both at the end and both to our own lines: a torn last line (a crash cut our
writer off) is removed, and a whole last line that lost its newline gets it back.
"""
from __future__ import annotations

import errno
import fcntl
import json
import os
import stat
import statistics
from array import array
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TextIO

from games.errors import BadInput
from games.wording import plural

STATUSES = ("unique", "ambiguous", "contradiction", "timeout", "error")
INTERFACE_KEYS = ("file", "status", "count", "seconds", "error")   # on every line
TORN_PREFIX = b'{"file": "'        # how every line batch writes begins
MAX_LINE_BYTES = 1 << 16           # a result line is under 5 kB (a long path, a 300-char error)


def open_results(out: str, resume: bool = False) -> tuple[TextIO, set[str]]:
    """Open the results file for appending, locked against a second batch writing to it.

    The file is checked before anything is written: every line must be a result line (see
    `check_results`), else BadInput names the file and line and the file is left as it was.
    Returns the stream and the real paths to skip: the results file itself and, with `resume`,
    every file it already lists.
    """
    try:
        # O_NONBLOCK: a FIFO that nobody reads is refused at once (ENXIO), not waited on
        fd = os.open(out, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC | os.O_NONBLOCK,
                     0o666)
    except OSError as exc:
        why = "a FIFO nobody reads" if exc.errno == errno.ENXIO else exc.strerror or exc
        raise BadInput(f"{out}: cannot write: {why}") from None
    os.set_blocking(fd, True)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        # a pipe, a terminal, /dev/null: written to, never read back (reading a terminal, or
        # the pipe we write to, would wait for ever), so there is nothing to check or resume
        if resume:
            os.close(fd)
            raise BadInput(f"{out}: --resume needs a regular results file, not a pipe or "
                           f"a device")
        return open(fd, "a", encoding="utf-8"), set()
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise BadInput(f"{out}: another batch is writing to this file") from None
    try:
        listed, repair = check_results(out)
    except BadInput:
        os.close(fd)
        raise
    if repair > 0:                     # our own line cut off by a crash: see check_results
        os.ftruncate(fd, os.fstat(fd).st_size - repair)
    elif repair < 0:                   # a whole line that lost its newline: finish it
        os.write(fd, b"\n")
    stream = open(fd, "a", encoding="utf-8")
    return stream, (listed if resume else set()) | {os.path.realpath(out)}


def _result_problem(raw: bytes) -> str | None:
    """Why `raw` (one line, without its newline) is not a line batch writes; None if it is."""
    try:
        record = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return "not UTF-8 text"
    except ValueError:
        return "not JSON"
    if not isinstance(record, dict):
        return "not a JSON object"
    missing = [key for key in INTERFACE_KEYS if key not in record]
    if missing:
        return f"no {missing[0]!r} key"
    if not isinstance(record["file"], str) or record["status"] not in STATUSES:
        return "unexpected file or status"
    return None


def check_results(out: str) -> tuple[set[str], int]:
    """Read a results file without changing it: the real paths it lists, and the repair its
    end needs before lines are appended: the length of a torn last line to cut off, -1 for a
    newline to add (after a whole result line or blanks), 0 for none.

    Every complete line must be a result line (blank lines are allowed). A last line without
    a newline is accepted in two cases only: it is a whole result line (its newline was lost:
    the file is listed as done), or it is the start of one as batch writes it (`{"file": "`,
    not valid JSON) after at least one result line: a line our own writer was cut off in,
    which is removed and its file solved again. Anything else is BadInput naming the line.
    """
    listed: set[str] = set()
    try:
        handle = open(out, "rb")
    except FileNotFoundError:
        return listed, 0
    except OSError as exc:
        raise BadInput(f"{out}: cannot read: {exc.strerror or exc}") from None
    with handle:
        lines = iter(partial(handle.readline, MAX_LINE_BYTES + 1), b"")
        for number, whole in enumerate(lines, 1):
            if len(whole) > MAX_LINE_BYTES:     # never read a binary file's "line" of gigabytes
                raise BadInput(f"{out}: line {number}: not a batch results file (longer than "
                               f"{MAX_LINE_BYTES} bytes); nothing was changed")
            complete = whole.endswith(b"\n")
            raw = whole.rstrip(b"\r\n")
            if not raw.strip():
                if not complete:           # trailing blanks: the next line starts fresh
                    return listed, -1
                continue
            problem = _result_problem(raw)
            if problem is None:
                listed.add(os.path.realpath(json.loads(raw)["file"]))
                if not complete:
                    return listed, -1
            elif (not complete and listed and problem == "not JSON"
                  and whole.startswith(TORN_PREFIX)):
                return listed, len(whole)
            else:
                raise BadInput(f"{out}: line {number}: not a batch results file ({problem}); "
                               f"nothing was changed")
    return listed, 0


@dataclass
class BatchSummary:
    """Counts by status and puzzle times; the times are an 8-byte array, not the results."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    times: array = field(default_factory=lambda: array("d"))
    skipped: int = 0                   # files left out because the results already list them
    wall_seconds: float = 0.0
    interrupted: bool = False
    signal: str | None = None          # the signal that stopped the run: SIGINT or SIGTERM
    peak_rss_mb: dict[str, float] = field(default_factory=dict)

    def add(self, line: dict[str, Any]) -> None:
        self.counts[line["status"]] += 1
        self.times.append(line["seconds"])

    def to_json(self) -> dict[str, Any]:
        return {"files": len(self.times), "skipped": self.skipped, "counts": dict(self.counts),
                "total_seconds": round(sum(self.times), 3),
                "median_seconds": round(statistics.median(self.times), 4) if self.times else None,
                "wall_seconds": round(self.wall_seconds, 3), "interrupted": self.interrupted,
                "signal": self.signal, "peak_rss_mb": self.peak_rss_mb}

    def text(self) -> str:
        """Two lines for people."""
        data = self.to_json()
        counts = ", ".join(f"{n} {s}" for s, n in self.counts.items())
        rate = data["files"] / self.wall_seconds if self.wall_seconds else 0.0
        median = "-" if data["median_seconds"] is None else f"{data['median_seconds']:.3f} s"
        memory = ", ".join(f"{k} {v:.0f} MB" for k, v in self.peak_rss_mb.items())
        return (f"{plural(data['files'], 'file')} in {self.wall_seconds:.1f} s "
                f"({rate:.1f}/s): {counts}"
                f"{f'; interrupted by {self.signal}' if self.interrupted else ''}"
                f"{f'; {self.skipped} already done' if self.skipped else ''}\n"
                f"puzzle time: total {data['total_seconds']:.1f} s, median {median}; "
                f"peak memory: {memory}")
