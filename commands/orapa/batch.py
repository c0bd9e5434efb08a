"""`orapa batch`: solve many puzzle files in parallel, one JSON line per file."""
from __future__ import annotations

import io
import json
import signal
import sys
from typing import TYPE_CHECKING, TextIO

import click

from commands.common import JOBS, TIMEOUT, emit_json, not_empty, read_text
from commands.orapa.solve import backend_option
from games.errors import BadInput
from solver.cluster import ENGINES, KEEP_WARM, Engine, import_ray
from solver.orapa.options import BATCH_COUNT_LIMIT, BackendName

if TYPE_CHECKING:   # the solver itself is imported when a batch runs
    from solver.orapa.batch.results import BatchSummary


class ResultsStream:
    """The results file (or standard output) as the batch writes it: a failed write, as on a
    full disk or `--out /dev/full`, is one line naming the file (it was a traceback)."""

    def __init__(self, stream: TextIO, out: str | None) -> None:
        self.stream, self.name = stream, out or "standard output"

    def _failed(self, exc: OSError) -> BadInput:
        return BadInput(f"{self.name}: cannot write the results: {exc.strerror or exc}")

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None

    def fileno(self) -> int:
        return self.stream.fileno()

    def close(self, quiet: bool = False) -> None:
        """Close the file; `quiet`: a failure is not reported (another error is on its way)."""
        try:
            self.stream.close()
        except OSError as exc:
            if not quiet:
                raise self._failed(exc) from None


@click.command("batch")
@click.argument("paths", nargs=-1, required=True)
@click.option("--jobs", "-j", type=JOBS, default=None,
              help="Worker processes [default: the number of cores].")
@click.option("--timeout", type=TIMEOUT, default=None,
              help="Seconds per puzzle, reading and parsing included; a puzzle past it gets "
                   "status timeout [default: no limit].")
@click.option("--count-limit", type=click.IntRange(min=1), default=BATCH_COUNT_LIMIT,
              show_default=True, help="Stop counting a puzzle's layouts here (exact: false).")
@click.option("--out", type=click.Path(dir_okay=False), default=None, callback=not_empty,
              help="Append the result lines to this file [default: standard output].")
@click.option("--resume", is_flag=True, help="Skip the files --out already lists.")
@click.option("--write-solutions", is_flag=True,
              help="Write each unique puzzle's solution next to it as STEM.solution.json.")
@click.option("--write-deductions", is_flag=True,
              help="Write each ambiguous puzzle's deduction map next to it as "
                   "STEM.deductions.txt.")
@click.option("--overwrite", is_flag=True,
              help="Replace a solution or deduction file already there that differs (without "
                   "it such a file is kept and the puzzle's line says so).")
@backend_option
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on standard error [default: when it is a terminal].")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON document: the summary with --out; without it the summary "
                   "and, under `results`, every line (gathered until the end).")
@click.option("--engine", type=click.Choice(ENGINES), default="local", show_default=True,
              help="local: processes on this machine; ray: tasks on a Ray cluster.")
@click.option("--address", default=None,
              help="With --engine ray: the cluster (auto, HOST:PORT or ray://HOST:PORT) "
                   "[default: a Ray instance on this machine].")
@click.option("--keep-warm", type=click.FloatRange(min=0), default=None,
              help="With --address: seconds the cluster's solver processes stay up once idle, "
                   "so the next batch starts at once; 0: they end with this batch "
                   f"[default: {KEEP_WARM:g}].")
def batch(paths: tuple[str, ...], jobs: int | None, timeout: float | None, count_limit: int,
          out: str | None, resume: bool, write_solutions: bool, write_deductions: bool,
          overwrite: bool, backend: BackendName, progress: bool | None, as_json: bool,
          engine: Engine,
          address: str | None, keep_warm: float | None) -> None:
    """Solve puzzle files, directories (recursively) and globs, one JSON line per file."""
    from solver.orapa.batch.runner import BatchOptions, open_results, run_batch
    from solver.orapa.batch.ray_batch import run_ray_batch
    if resume and out is None:
        raise BadInput("--resume: needs --out FILE to know what is done")
    if address is not None and engine != "ray":
        raise BadInput("--address: only with --engine ray")
    if keep_warm is not None and address is None:
        raise BadInput("--keep-warm: only with --engine ray --address (a Ray instance of the "
                       "batch's own ends with it)")
    if engine == "ray":
        import_ray()                       # one line saying how to install it, before any work
    # `-` is a puzzle on standard input (INTERFACE: a file argument `-` reads it), read once
    # here: workers do not share the parent's standard input
    stdin = read_text("-") if "-" in paths else None
    # --json without --out: the lines are gathered and printed in one document at the end
    gathered = io.StringIO() if as_json and out is None else None
    stream, skip = open_results(out, resume) if out is not None else (gathered or sys.stdout,
                                                                       set())
    options = BatchOptions(timeout, count_limit, backend, write_solutions, write_deductions,
                           stdin, overwrite)
    results = ResultsStream(stream, out)
    summary: BatchSummary
    try:
        if engine == "ray":
            summary = run_ray_batch(paths, results, options, jobs, skip, progress, address,
                                    KEEP_WARM if keep_warm is None else keep_warm)
        else:
            summary = run_batch(paths, results, options, jobs, skip, progress)
    except BaseException:
        if out is not None:
            results.close(quiet=True)      # the first error is the one to report
        raise
    if out is not None:
        results.close()
    if gathered is not None:
        emit_json({"results": [json.loads(line) for line in gathered.getvalue().splitlines()],
                   **summary.to_json()})
    elif as_json:
        emit_json(summary.to_json())
    else:
        click.echo(summary.text(), err=out is None)
    if summary.interrupted:
        signum = signal.SIGTERM if summary.signal == "SIGTERM" else signal.SIGINT
        how = "terminated" if signum == signal.SIGTERM else "interrupted"
        click.echo(f"orapa: {how}; the finished results are kept", err=True)
        sys.exit(128 + signum)             # 130 after Ctrl-C (as run_main does), 143 SIGTERM
