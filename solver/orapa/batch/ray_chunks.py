"""The chunk feed of `orapa batch --engine ray`: what a chunk runs, how big it is, where it goes.

`RayBatch` hands chunks of files to the run's worker actors (`ray_pool`) and, after a failure,
to Ray tasks, keeps at most IN_FLIGHT_PER_WORKER chunks per worker in flight, stops a chunk
past its hard deadline, and yields each chunk's lines as it comes back; `ChunkSizer` sizes the
chunks from Ray's measured cost per call and the puzzles' CPU times; `solve_chunk` is what a
worker runs. `ray_batch.run_ray_batch` drives it from the command.
"""
from __future__ import annotations

import math
import os
import statistics
import threading
import time
from collections import Counter, deque
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Iterable, Iterator

from solver.cluster import failure_reason, peak_rss_mb, stop_tasks, task_failures
from solver.orapa.batch.pool import Lost, shield_from_sigint
from solver.orapa.batch.runner import (INTERFACE_KEYS, RECYCLE_AFTER, BatchOptions, hard_timeout,
                                       solve_file)
from solver.orapa.batch.runner import lost_line as stuck_line
from solver.orapa.consistent import drop_sessions
from solver.orapa.batch.ray_pool import RayWorkerPool, open_pool

OVERHEAD_SHARE = 0.02     # Ray's per-task cost kept to about this share of a chunk's work
MIN_CHUNK_SECONDS = 0.25  # and a chunk holds at least this much CPU: a task costs more CPU
                          # (driver, raylet, worker: ~2 ms measured) than a no-op's wall time
MAX_CHUNK = 200           # files per task at most (a lost task repeats at most this much)
TASK_RETRIES = 1          # Ray reruns a failed task (lost with its worker or node, or raised) once
IN_FLIGHT_PER_WORKER = 2  # chunks queued per worker: one running, one ready to start
PROBE_TASKS = 32          # no-op calls timed to measure Ray's cost per call
CANCEL_WAIT = 30.0        # seconds to wait for a task stopped past its deadline to be gone
START_GRACE = 5.0         # added to a task's hard deadline: a worker process may have to start

ChunkTask = Callable[[list[str], BatchOptions], tuple[list[dict[str, Any]], float, float]]
_solved_here = 0          # puzzles this worker process solved since it last dropped its model
_shielded = False         # SIGINT kept away from this worker process (once per process)


def solve_chunk(paths: list[str], options: BatchOptions
                ) -> tuple[list[dict[str, Any]], float, float]:
    """Solve files in this worker process: their lines, the process's peak memory (MB) and the
    CPU seconds the chunk took (what chunks are sized from: wall times stretch on a busy
    machine, Ray's cost per task in CPU does not).

    The solver's model stays cached in the process for the next chunk; after RECYCLE_AFTER
    puzzles it is dropped and rebuilt, which keeps a long-lived worker's memory flat.
    """
    global _solved_here, _shielded
    if not _shielded:                     # a SIGINT inside the SAT solver breaks it (issue 15)
        if threading.current_thread() is threading.main_thread():
            shield_from_sigint()
        _shielded = True
    cpu = time.process_time()
    lines = [solve_file(path, options) for path in paths]
    _solved_here += len(paths)
    if _solved_here >= RECYCLE_AFTER:
        drop_sessions()
        _solved_here = 0
    return lines, peak_rss_mb(), time.process_time() - cpu


def lost_line(path: str, exc: BaseException) -> dict[str, Any]:
    """The `error` line of a file whose task failed twice (its worker or node died, or the
    task raised: a node without the project, say)."""
    line: dict[str, Any] = dict.fromkeys(INTERFACE_KEYS + ("exact", "wrote"))
    line.update(file=path, status="error", seconds=0.0,
                error=f"{path}: {failure_reason(exc)}; not retried again")
    return line


class ChunkSizer:
    """Files per task from two measurements: Ray's cost per task and the puzzles' mean time."""

    def __init__(self, task_cost: float, workers: int, share: float = OVERHEAD_SHARE,
                 cap: int = MAX_CHUNK, fixed: int | None = None) -> None:
        self.task_cost = task_cost
        self.workers = workers
        self.share = share
        self.cap = cap
        self.fixed = fixed                              # a set size (benchmarks compare them)
        self.times: deque[float] = deque(maxlen=500)    # the latest puzzles' CPU seconds
        self.seen = 0

    def observe(self, seconds: float) -> None:
        self.times.append(seconds)
        self.seen += 1

    def size(self, remaining: int) -> int:
        """Enough files that the task cost is about `share` of the chunk's work and the chunk
        holds MIN_CHUNK_SECONDS of it, but small enough that the remaining files still make
        several chunks per worker."""
        if self.fixed is not None:
            return self.fixed
        if self.seen < self.workers:              # nothing measured yet: one file each
            return 1
        per_file = max(statistics.fmean(self.times), 1e-4)
        wanted = max(math.ceil(self.task_cost / (self.share * per_file)),
                     math.ceil(MIN_CHUNK_SECONDS / per_file))
        tail = max(1, remaining // (4 * self.workers))
        return max(1, min(wanted, tail, self.cap))


def measure_task_cost(ray: ModuleType, pool: RayWorkerPool, calls: int = PROBE_TASKS
                      ) -> float:
    """Worker-seconds Ray spends per call (submit, schedule, run nothing, return), measured on
    no-op calls to the pool's actors once their processes are up (on no-op Ray tasks when
    none is)."""
    pool.wait_started()
    actors = pool.actors
    if actors:
        probes = [actors[i % len(actors)].pid.remote for i in range(calls)]
    else:
        probes = [ray.remote(num_cpus=1)(_pid).remote] * calls
    start = time.perf_counter()
    ray.get([probe() for probe in probes])
    return (time.perf_counter() - start) * min(len(actors) or 1, calls) / calls


def _pid() -> int:
    return os.getpid()


@dataclass
class Sent:
    """A chunk on its way: its files, the pool slot whose actor runs it (None: a Ray task),
    when it was sent and its hard deadline (None: no `--timeout`)."""

    paths: list[str]
    slot: int | None
    submitted: float
    deadline: float | None


class RayBatch:
    """Feeds paths to Ray in chunks and yields the lines as chunks come back.

    A chunk goes first to a worker of the pool (an actor, warm from an earlier run or started
    for this one), at most IN_FLIGHT_PER_WORKER at a time each; a chunk whose actor failed
    (lost with its process or node, or the chunk raised) runs once more as a Ray task, and a
    slot whose actor is gone is served by Ray tasks from then on.
    """

    def __init__(self, ray: ModuleType, options: BatchOptions, workers: int,
                 task_cost: float | None = None, chunk_task: ChunkTask = solve_chunk,
                 chunk_size: int | None = None, start_grace: float = START_GRACE,
                 pool: RayWorkerPool | None = None) -> None:
        """`task_cost`: Ray's seconds per call (None: measured now); `chunk_task`: what runs a
        chunk (tests pass one that fails); `chunk_size`: files per task, fixed (None: sized
        from the measurements, the engine's way); `start_grace`: seconds added to a chunk's
        hard deadline, for starting a worker process; `pool`: the workers (None: `workers`
        actors of this engine's own, ended by `close`)."""
        self.ray = ray
        self.workers = workers
        self.options = ray.put(options)
        self.pool = pool if pool is not None else open_pool(ray, workers, keep_warm=None)
        self.own_pool = pool is None
        cost = measure_task_cost(ray, self.pool) if task_cost is None else task_cost
        self.actors = dict(enumerate(self.pool.actors))   # slots whose actor is still up
        self.function = ray.put(chunk_task)
        self.task = ray.remote(num_cpus=1, max_retries=TASK_RETRIES,
                               retry_exceptions=True)(chunk_task)
        self.failures = task_failures(ray)
        self.sizer = ChunkSizer(cost, workers, fixed=chunk_size)
        self.pending: dict[Any, Sent] = {}
        self.again: deque[list[str]] = deque()   # chunks to send afresh (their actor was
                                                 # stopped before they ran)
        self.retry: deque[tuple[list[str], int]] = deque()   # chunks for a Ray task, with
                                                              # the retries Ray may add
        self.worker_peak_mb = 0.0
        self.chunks = 0
        self.task_chunks = 0                     # of which sent as Ray tasks (retries, or a
                                                 # slot whose worker was gone)
        self.unsubmitted = 0                     # files not yet given to a task
        self.lost = 0                            # chunks failed twice (split or reported)
        self.stopped = 0                         # chunks stopped past their hard deadline
        self.hard = hard_timeout(options)        # seconds a file may take, however it hangs
        self.start_grace = start_grace

    def _deadline(self, paths: list[str], ahead: int, now: float) -> float | None:
        """Its files' hard limit, after the `ahead` files queued before it may take theirs."""
        if self.hard is None:
            return None
        return now + self.hard * (len(paths) + ahead) + self.start_grace

    def _submit(self, paths: list[str], retries: int | None = None) -> None:
        """To the least loaded actor with room, else (or when `retries` is given: a chunk
        that failed once) as a Ray task."""
        now = time.monotonic()
        loads = Counter(sent.slot for sent in self.pending.values())
        slot = None if retries is not None else \
            min(self.actors, key=loads.__getitem__, default=None)
        if slot is not None and loads[slot] < IN_FLIGHT_PER_WORKER:
            ahead = sum(len(sent.paths) for sent in self.pending.values() if sent.slot == slot)
            ref = self.actors[slot].run.remote(self.function, paths, self.options)
        else:
            slot = None
            ahead = max((len(sent.paths) for sent in self.pending.values()), default=0)
            task = self.task if retries is None else self.task.options(max_retries=retries)
            ref = task.remote(paths, self.options)
            self.task_chunks += 1
        self.pending[ref] = Sent(paths, slot, now, self._deadline(paths, ahead, now))
        self.chunks += 1

    def _end_slot(self, slot: int) -> None:
        """End the slot's actor (if it is still up): Ray tasks serve its share from now on."""
        actor = self.actors.pop(slot, None)
        if actor is not None:
            self.pool.kill(actor)

    def _one_by_one(self, paths: list[str]) -> None:
        """A chunk that failed twice, or overran: its files again, each a Ray task of its own."""
        self.retry.extend(([path], TASK_RETRIES) for path in paths)

    def _fill(self, paths: Iterator[str]) -> None:
        while len(self.pending) < IN_FLIGHT_PER_WORKER * self.workers:
            if self.retry:
                self._submit(*self.retry.popleft())
                continue
            if self.again:
                self._submit(self.again.popleft())
                continue
            size = self.sizer.size(self.unsubmitted)
            chunk = [path for _, path in zip(range(size), paths)]
            if not chunk:
                return
            self.unsubmitted = max(0, self.unsubmitted - len(chunk))
            self._submit(chunk)

    def lines(self, paths: Iterable[str], total: int) -> Iterator[dict[str, Any]]:
        """Every path's line, in the order chunks finish."""
        for lines in self.chunk_lines(paths, total):
            yield from lines

    def chunk_lines(self, paths: Iterable[str], total: int) -> Iterator[list[dict[str, Any]]]:
        """Every path's line, a finished chunk's lines at a time."""
        paths = iter(paths)
        self.unsubmitted = total
        while True:
            self._fill(paths)
            if not self.pending:
                return
            deadlines = [sent.deadline for sent in self.pending.values()
                         if sent.deadline is not None]
            wait = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
            ready, _ = self.ray.wait(list(self.pending), num_returns=1, timeout=wait)
            if not ready:
                yield from self._stop_overdue()
                continue
            lines = self._finished(ready[0])
            if lines:
                yield lines

    def _finished(self, ref: Any) -> list[dict[str, Any]]:
        """A finished chunk's lines. A chunk that failed on an actor runs once more as a task;
        a chunk that failed twice is split into single files, and a single file that failed
        twice gets its `error` line."""
        sent = self.pending.pop(ref)
        try:
            lines, peak, cpu = self.ray.get(ref)
        except self.failures as exc:
            if sent.slot is not None:
                if isinstance(exc, self.ray.exceptions.RayActorError):
                    self.actors.pop(sent.slot, None)     # gone: tasks serve its share
                self.retry.append((sent.paths, 0))
                return []
            self.lost += 1
            if len(sent.paths) > 1:
                self._one_by_one(sent.paths)
                return []
            return [lost_line(sent.paths[0], exc)]
        self.worker_peak_mb = max(self.worker_peak_mb, peak)
        for _ in lines:
            self.sizer.observe(cpu / len(lines))
        return lines

    def _stop(self, ref: Any, sent: Sent) -> None:
        """Stop a chunk's worker: its actor is ended (the chunks queued behind it are sent
        again), or its task cancelled, which kills its worker process."""
        if sent.slot is None:
            try:
                self.ray.cancel(ref, force=True)
            except Exception:            # it finished meanwhile, or is gone: get() says which
                pass
            return
        self._end_slot(sent.slot)
        for other, queued in list(self.pending.items()):
            if queued.slot == sent.slot and other != ref:
                del self.pending[other]
                self.again.append(queued.paths)

    def _stop_overdue(self) -> Iterator[list[dict[str, Any]]]:
        """Chunks past their hard deadline (a solver that cannot be interrupted, a parse that
        never ends): their worker is stopped; a chunk is split into single files, and a
        single file gets the local engine's `timeout` line."""
        now = time.monotonic()
        for ref in [ref for ref, sent in self.pending.items()
                    if sent.deadline is not None and sent.deadline <= now]:
            if ref not in self.pending:  # sent again: its actor was stopped for another chunk
                continue
            sent = self.pending[ref]
            self._stop(ref, sent)
            try:
                self.ray.get(ref, timeout=CANCEL_WAIT)
            except Exception:
                del self.pending[ref]
                self.stopped += 1
                if len(sent.paths) > 1:
                    self._one_by_one(sent.paths)
                else:
                    seconds = now - sent.submitted
                    yield [stuck_line(Lost(sent.paths[0], f"still not answered after "
                                                          f"{seconds:.1f} s", True, seconds))]
                continue
            lines = self._finished(ref)  # done just before it was stopped: keep its lines
            if lines:
                yield lines

    def cancel(self, reused: bool = True) -> None:
        """Forget the chunks still running (after Ctrl-C or SIGTERM): the actors running them
        are ended (a warm actor outlives the run and would finish its chunk for nobody), the
        tasks stopped on a connection someone else opened (`stop_tasks`)."""
        for slot in {sent.slot for sent in self.pending.values() if sent.slot is not None}:
            self._end_slot(slot)
        stop_tasks(self.ray, [ref for ref, sent in self.pending.items() if sent.slot is None],
                   reused)
        self.pending.clear()

    def close(self) -> None:
        """End the actors this engine started for itself (a pool passed in stays)."""
        if self.own_pool:
            self.pool.close()
