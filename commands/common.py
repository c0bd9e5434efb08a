"""Conventions every command shares: JSON output, input files, errors and exit statuses."""
from __future__ import annotations

import errno
import io
import json
import math
import os
import re
import signal
import sys
import time
from typing import Any

import click

from games.errors import BadInput, LimitReached, is_interrupt
from games.limits import read_bounded
from games.wording import plural  # noqa: F401 (the commands take it from here)

EXIT_BAD_INPUT = 2
EXIT_LIMIT = 3


def read_text(path: str) -> str:
    """Read a file argument; `-` means standard input. Unreadable or oversized files are bad
    input (`games.limits.read_bounded`: the size is checked before reading)."""
    return read_bounded(path)


class Seconds(click.ParamType):
    """A duration option (`--timeout`, `--time-limit`, `--budget`, `--timed`): a finite number
    of seconds of at least `minimum` (above it when `open_min`). `nan` and `inf` are refused:
    every comparison with nan is false, so `--timeout nan` used to mean no limit at all."""

    name = "seconds"

    def __init__(self, minimum: float = 0.0, open_min: bool = False) -> None:
        self.minimum = minimum
        self.open_min = open_min

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds):
            self.fail(f"{value!r} is not a finite number of seconds", param, ctx)
        if seconds < self.minimum or (self.open_min and seconds == self.minimum):
            bound = f"{'above' if self.open_min else 'at least'} {self.minimum:g}"
            self.fail(f"{value!r} seconds: must be {bound}", param, ctx)
        return seconds


STARTED = time.monotonic()   # when the command started: set again by run_main for each command


def process_age() -> float:
    """Seconds since this process started (Linux: /proc), so that `--timeout` also covers
    starting Python and loading the command; 0 where that cannot be read."""
    try:
        with open("/proc/self/stat", encoding="ascii") as stat_file:
            ticks = int(stat_file.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime", encoding="ascii") as uptime_file:
            uptime = float(uptime_file.read().split()[0])
        return max(0.0, uptime - ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return 0.0


def time_left(timeout: float | None) -> float | None:
    """What remains of a command's `--timeout`, counted from its start: loading the solver and
    reading the puzzle count too (the time limit covers everything the command does)."""
    if timeout is None:
        return None
    return max(1e-6, timeout - (time.monotonic() - STARTED))


TIMEOUT = Seconds(0, open_min=True)
"""The type of every `--timeout`, `--time-limit` and `--timed`: a finite number of seconds
above zero (`0` would give up before starting; `nan`, `inf` and negative values are refused)."""


def not_empty(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """An option callback for paths: an empty one is refused (`--out ""` used to mean the
    current directory for generate, and gave ": cannot write" for batch)."""
    if value == "":
        raise click.BadParameter("an empty path", ctx, param)
    return value


SEED = click.IntRange(min=0)
"""The type of every `--seed`: a whole number from 0. Python's random streams take the absolute
value of a negative seed, so `--seed -1` silently gave the puzzles of `--seed 1`."""

MAX_JOBS = 1_024  # worker processes or Ray workers: bounded, so a typo cannot fork thousands
JOBS = click.IntRange(min=1, max=MAX_JOBS)

MAX_ANSWER_CHARS = 1_000   # an interactive answer is a few characters; a longer line is cut


def ask_line(prompt: str, err: bool = False) -> str | None:
    """Prompt and read one line of an interactive game; None at the end of input, which every
    game treats as quitting (exit 0). Ctrl-C still interrupts (exit 130)."""
    click.echo(f"{prompt}: ", nl=False, err=err)
    line = sys.stdin.readline(MAX_ANSWER_CHARS)
    if not line:
        click.echo("(input ended)", err=err)
        return None
    if not line.endswith("\n"):          # a line of megabytes: keep its start, skip the rest
        while (more := sys.stdin.readline(MAX_ANSWER_CHARS)) and not more.endswith("\n"):
            pass
    return line.rstrip("\n")


_PACIFIED = getattr(click.utils, "_PacifyFlushWrapper", ())  # stdout after click saw EPIPE
# `orapa` (or `orapa ripple`) without a command: click (8.2 on) raises this with the help
_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())
MAX_MESSAGE_CHARS = 400  # an error line never grows past this, whatever it quotes


def one_line(message: str) -> str:
    """An error message as one short line: newlines escaped, the middle cut when too long."""
    text = message.replace("\r", "\\r").replace("\n", "\\n")
    if len(text) > MAX_MESSAGE_CHARS:
        text = f"{text[:MAX_MESSAGE_CHARS - 60]} ... ({len(text)} chars) ... {text[-40:]}"
    return text


class ClosedStream(io.TextIOBase):
    """Stands for a standard stream the shell closed (`<&-`, `>&-`), which Python sets to None:
    reading or writing it is bad input with one line, where it was an AttributeError, or, for
    `--json` output, a document silently lost with exit status 0."""

    def __init__(self, what: str, name: str) -> None:
        super().__init__()
        self.what, self.name = what, name

    def _closed(self, *args: Any) -> Any:
        raise BadInput(f"{self.name}{self.what} is closed")

    read = readline = write = _closed

    def isatty(self) -> bool:
        return False


def fill_closed_streams() -> None:
    """Put a `ClosedStream` where the shell closed standard input or output."""
    if sys.stdin is None:
        sys.stdin = ClosedStream("standard input", "-: ")
    if sys.stdout is None:
        sys.stdout = ClosedStream("standard output", "")


def emit_json(document: Any) -> None:
    """Print exactly one JSON document on standard output, every byte of it or an error.

    A large document written at once into a pipe can be taken only in part (BufferedWriter
    returns the count of a short write and TextIOWrapper drops it): `solve --json | head -c 10`
    lost megabytes with exit status 0. The bytes are written until all are taken, so a reader
    that went away gives BrokenPipeError (exit 141, as in text mode)."""
    text = json.dumps(document) + "\n"
    stream = getattr(sys.stdout, "buffer", None)
    if stream is None or isinstance(sys.stdout, _PACIFIED):    # a test's StringIO, and the like
        click.echo(text, nl=False)
        return
    sys.stdout.flush()
    data = memoryview(text.encode("utf-8"))
    while data:
        taken = stream.write(data)
        data = data[taken if taken is not None else len(data):]
    stream.flush()


# a full disk or device (`> /dev/full`), a quota, a file past its size limit, a failing disk
WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def _drop_standard_output() -> None:
    """Point descriptor 1 at /dev/null so that what is still buffered for it cannot fail again
    when Python exits (an extra 'Exception ignored' message)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (AttributeError, OSError, ValueError):
        pass


class Interrupted(Exception):
    """Ctrl-C while a command ran. Click turns a KeyboardInterrupt into `Abort` after printing
    a blank line ("orapa: aborted" came out on two lines); `OrapaGroup` raises this instead."""


class OrapaGroup(click.Group):
    """The `orapa` group: Ctrl-C inside a command (or PySAT's own error for it) becomes
    `Interrupted`, which `run_main` reports on one line with status 130."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted() from None
        except Exception as exc:
            if is_interrupt(exc):
                raise Interrupted() from None
            raise


def _emit_partial(document: Any) -> None:
    """Print the partial result of a limit reached; standard output closed, full or gone is
    reported as everywhere else (it escaped run_main's handlers as a traceback)."""
    try:
        emit_json(document)
    except BadInput as exc:
        click.echo(f"orapa: error: {one_line(str(exc))}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except BrokenPipeError:
        _drop_standard_output()
        sys.exit(128 + signal.SIGPIPE)
    except OSError as exc:
        _drop_standard_output()
        click.echo(f"orapa: error: standard output: cannot write: {exc.strerror}", err=True)
        sys.exit(EXIT_BAD_INPUT)


def run_main(group: click.Group, args: list[str] | None = None, age: float = 0.0) -> None:
    """Run `group`, turning the project's exceptions into one-line messages and exit codes.
    `age`: seconds the process ran before (the console entry passes `process_age()`), which
    the command's `--timeout` counts too."""
    global STARTED
    STARTED = time.monotonic() - age
    fill_closed_streams()
    try:
        group.main(args=args, prog_name="orapa", standalone_mode=False)
        sys.stdout.flush()             # a write error of the last output belongs to the command
    except BadInput as exc:
        click.echo(f"orapa: error: {one_line(str(exc))}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except LimitReached as exc:
        if exc.partial is not None:
            _emit_partial(exc.partial)
        click.echo(f"orapa: limit reached: {one_line(str(exc))}", err=True)
        sys.exit(EXIT_LIMIT)
    except click.exceptions.Abort:
        click.echo("orapa: aborted", err=True)
        sys.exit(130)
    except _NO_ARGS as exc:               # `orapa` alone: the help as click lays it out
        exc.show()
        sys.exit(EXIT_BAD_INPUT)
    except click.ClickException as exc:   # click lays some messages out on lines: join them
        message = re.sub(r"[ \t]*\n\s*", " ", exc.format_message())
        click.echo(f"orapa: error: {one_line(message)}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except SystemExit as exc:
        # click answers a closed standard output (`orapa ... | head -1`) with a silent exit 1,
        # which the interface does not list: exit as a process killed by SIGPIPE would (141)
        if exc.code == 1 and isinstance(sys.stdout, _PACIFIED):
            sys.exit(128 + signal.SIGPIPE)
        raise
    except (KeyboardInterrupt, Interrupted):
        click.echo("orapa: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        # the reader went away (`| head -c 10`): part of the output is lost, so not 0; the
        # status a shell gives a process killed by SIGPIPE, as in text mode above
        _drop_standard_output()
        sys.exit(128 + signal.SIGPIPE)
    except OSError as exc:
        if exc.errno not in WRITE_ERRORS:
            raise
        _drop_standard_output()
        click.echo(f"orapa: error: standard output: cannot write: {exc.strerror}", err=True)
        sys.exit(EXIT_BAD_INPUT)


