"""Batch solving on a Ray cluster: `orapa batch --engine ray`.

The same files, the same lines and the same summary as the local engine (`batch_runner`), with
the puzzles solved on a Ray cluster. Each chunk of files is solved with
`batch_runner.solve_file` by one of the run's worker actors (`ray_pool`: kept warm between runs
on a cluster with an address) or, after a failure, by a Ray task, and its lines come back to
the driver, which appends and flushes them the moment the chunk is back; the results file,
`--resume` and the summary are the local engine's.

- **Chunks** are sized from measurements: Ray's cost per task (timed on no-op tasks when the run
  starts) against the mean CPU time of the puzzles solved so far, so scheduling stays near
  `OVERHEAD_SHARE` of the work, with at least MIN_CHUNK_SECONDS of CPU per chunk; chunks
  shrink towards the end so no worker idles on a long tail.
- **The model is built once per worker process**: an actor's process lives for the run (and
  after it, when kept warm), and the solver caches its model per process (`session_for`); a
  worker drops its sessions after `RECYCLE_AFTER` puzzles, as the local engine replaces its
  workers.
- **Failed chunks**: a chunk whose actor was lost (with its process or node) or which raised
  runs once more as a Ray task, and a Ray task once more by Ray (`max_retries=1`); a chunk that
  fails twice is split into single files, and a file that fails twice on its own is reported
  as an `error` line rather than retried again.
- **Hard limit**: with a `--timeout`, a chunk not back within its files' hard limits (what the
  local engine kills a worker after) has its worker stopped (the actor ended, the task
  cancelled); its files are sent again one by one, and a file that overruns alone gets the
  local engine's `timeout` line.
- **Stops**: SIGINT and SIGTERM end the run as on the local engine (exit 130 and 143, every
  finished line kept, never a line without its count).
- **The driver's work per file** is what limits a large cluster (it is one process): a chunk's
  lines are written with one write and one flush.
- **Files** are read by the workers, so on a multi-node cluster every node must see them at the
  same path (a shared filesystem), and `--write-solutions` writes there too.
"""
from __future__ import annotations

import json
import signal
import time
from dataclasses import dataclass, field
from typing import Any, Iterable

from solver.cluster import KEEP_WARM, already_connected, cluster_cpus, peak_rss_mb, ray_session
from solver.orapa.batch.runner import (BatchOptions, BatchStopped, BatchSummary, LineSink,
                                       _StopSignals, default_jobs, expand_paths, progress_bar)
from solver.orapa.batch.ray_chunks import RayBatch
from solver.orapa.batch.ray_pool import open_pool


@dataclass
class RaySummary(BatchSummary):
    """The local engine's summary plus what Ray did: workers, tasks, their measured cost."""

    engine: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "engine": self.engine}

    def text(self) -> str:
        if not self.engine:
            return super().text()
        e = self.engine
        return (f"{super().text()}\nray: {e['tasks']} tasks on {e['workers']} workers "
                f"({e['warm_workers']} already warm; {e['task_cost_ms']:.2f} ms of Ray per "
                f"task, measured), "
                f"{e['lost_tasks']} lost and rerun")


def run_ray_batch(args: Iterable[str], out: LineSink, options: BatchOptions = BatchOptions(),
                  jobs: int | None = None, skip: frozenset[str] | set[str] = frozenset(),
                  progress: bool | None = None, address: str | None = None,
                  keep_warm: float = KEEP_WARM) -> RaySummary:
    """`run_batch` on Ray: the same lines, flushed as chunks finish, and the same summary.

    `address`: a running cluster (`auto`, `HOST:PORT`, `ray://HOST:PORT`); None starts a local
    Ray instance with `jobs` CPUs (default: this machine's cores). With an address the cluster's
    CPUs bound the work running at once, and `jobs` (default: those CPUs) sizes the queue:
    IN_FLIGHT_PER_WORKER chunks per job. With an address the workers stay warm for the next
    run until they have been idle `keep_warm` seconds (0: they end with this run). SIGINT or
    SIGTERM stops the chunks still running and keeps every finished line, as on the local
    engine (never between a line and its count).
    """
    args = list(args)
    started = time.perf_counter()
    summary = RaySummary()
    bar = None
    local_cpus = None if address is not None else (jobs or default_jobs())
    engine = pool = None
    ready = started
    stops = _StopSignals()
    reused = already_connected()
    try:
        with ray_session(address, local_cpus) as ray, stops:
            try:
                workers = jobs or cluster_cpus(ray)
                # the workers start (or are found) while the files are counted
                pool = open_pool(ray, workers, keep_warm if address is not None else None)
                bar = progress_bar(args, skip, summary, progress)
                engine = RayBatch(ray, options, workers, pool=pool)
                ready = time.perf_counter()      # connected, workers started, cost measured
                for lines in engine.chunk_lines(expand_paths(args, skip), bar.total):
                    with stops.hold():
                        _write_chunk(out, lines, summary, bar)
            except BatchStopped:
                pass
            except KeyboardInterrupt:            # a SIGINT seen inside Ray's own wait
                stops.received = stops.received or signal.SIGINT
            finally:
                stops.holding = True             # a signal from here on is only recorded
                if engine is not None:
                    engine.cancel(reused)
                if pool is not None:
                    pool.close()
    finally:
        if bar is not None:
            bar.close()
    if stops.received is not None:
        summary.interrupted, summary.signal = True, signal.Signals(stops.received).name
    summary.wall_seconds = time.perf_counter() - started
    summary.peak_rss_mb = {"main": peak_rss_mb(),
                           "workers": engine.worker_peak_mb if engine else 0.0}
    if engine is not None:
        summary.engine = {"name": "ray", "workers": engine.workers, "tasks": engine.chunks,
                          "task_cost_ms": round(engine.sizer.task_cost * 1000, 3),
                          "lost_tasks": engine.lost, "stopped_tasks": engine.stopped,
                          "warm_workers": engine.pool.warm, "task_chunks": engine.task_chunks,
                          "worker_nodes": len(set(engine.pool.nodes)),
                          "startup_seconds": round(ready - started, 3)}
    return summary


def _write_chunk(out: LineSink, lines: list[dict[str, Any]], summary: RaySummary, bar: Any
                 ) -> None:
    """Append a chunk's lines with one write and one flush (the driver's cost per file is what
    limits a large cluster), then count them."""
    out.write("".join(json.dumps(line) + "\n" for line in lines))
    out.flush()
    for line in lines:
        summary.add(line)
    bar.update(len(lines))
    bar.set_postfix({s: n for s, n in summary.counts.items() if n}, refresh=False)
