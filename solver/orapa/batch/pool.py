"""Worker processes for `orapa batch` that no signal, crash or stuck parse can turn into a lost
file, a wrong answer or a hang.

`multiprocessing.Pool` loses a task when the worker holding it dies (a kill, the kernel's
out-of-memory killer, a crash in the SAT solver's C code) and then waits for it forever, and
it cannot stop a worker stuck in a long parse. This pool hands each worker one file at a time
over its own pipe and watches every busy worker's pipe and process, so the parent always knows
which file each worker holds:

- a worker that dies before answering: its file goes to a fresh worker (up to `ATTEMPTS` times
  in all; then the file gets a `Lost` outcome, which the runner reports as an error line);
- a worker still busy at the hard deadline (`hard_timeout` seconds after it took the file): it
  is killed and replaced, and the file gets a `Lost` outcome marked `timed_out`;
- a worker exits by itself after `recycle_after` files and a fresh one takes its place.

Workers block SIGINT: a Ctrl-C, or a `kill -INT` sent to a worker, never reaches the SAT
solver, whose C code would otherwise jump out of a solve and leave the solver answering
"unsatisfiable" to everything after (issue 15). The parent decides when to stop; workers die
quietly on SIGTERM and SIGKILL, and exit by themselves, without a traceback, when the parent
is gone.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Generator, Iterable, Iterator

from games.errors import BadInput

ATTEMPTS = 3                 # workers a file may take down before it is reported as lost
PARENT_POLL_SECONDS = 0.2    # how often a worker checks that the parent is still there


@dataclass(frozen=True)
class Lost:
    """A file no worker returned an answer for: the reason, and whether it ran out of time."""

    path: str
    reason: str
    timed_out: bool
    seconds: float


def shield_from_sigint() -> None:
    """Keep SIGINT away from this process for good: blocked (so that no handler a C library
    installs during a call can run) and ignored (so that one left pending is dropped)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _exit_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(0)                          # orphaned: nobody will read the answer


def _worker_main(conn: Connection, work: Callable[[str], Any], recycle_after: int | None,
                 parent: int, close_fds: tuple[int, ...]) -> None:
    """Answer one path at a time until told to stop, the parent goes, or recycle_after files."""
    shield_from_sigint()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)     # dies at once, quietly
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})   # blocked by the parent
    for fd in close_fds:                 # the results file: its lock must die with the parent
        try:
            os.close(fd)
        except OSError:
            pass
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()
    done = 0
    try:
        while recycle_after is None or done < recycle_after:
            path = conn.recv()
            if path is None:
                break
            conn.send(work(path))
            done += 1
    except (EOFError, OSError):          # the parent closed the pipe or is gone
        pass
    except BaseException:                # a bug in `work`: the parent sees a dead worker
        os._exit(70)


class _Worker:
    """One worker process, its pipe, and the file it holds."""

    def __init__(self, ctx: Any, work: Callable[[str], Any], recycle_after: int | None,
                 close_fds: tuple[int, ...]) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker_main, daemon=True,
                                   args=(child, work, recycle_after, os.getpid(), close_fds))
        # the parent's SIGTERM handler must not run in the new process before it sets its own
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
        try:
            self.process.start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        child.close()
        self.path: str | None = None
        self.attempt = 0
        self.started = 0.0
        self.done = 0

    def give(self, path: str, attempt: int) -> bool:
        """Hand the worker a file; False when it is already gone."""
        try:
            self.conn.send(path)
        except OSError:
            return False
        self.path, self.attempt, self.started = path, attempt, time.monotonic()
        return True

    def answer(self) -> Any | None:
        """The worker's answer if it sent one, else None (it died)."""
        try:
            return self.conn.recv() if self.conn.poll() else None
        except (EOFError, OSError):
            return None

    def how_it_ended(self) -> str:
        self.process.join(1.0)
        code = self.process.exitcode
        if code is None:
            return "stopped answering"
        if code < 0:
            try:
                return f"killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exited with status {code}"

    def stop(self, kill: bool) -> None:
        """End the process: SIGKILL at once, or ask it to finish and wait."""
        if kill:
            self.process.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:
                pass
        self.process.join(None if not kill else 5.0)
        self.conn.close()


class WorkerPool:
    """`jobs` workers running `work(path)` (a picklable function) on one file at a time."""

    def __init__(self, work: Callable[[str], Any], jobs: int, recycle_after: int | None = None,
                 hard_timeout: float | None = None, close_fds: Iterable[int] = ()) -> None:
        self.work = work
        self.jobs = jobs
        self.recycle_after = recycle_after
        self.hard_timeout = hard_timeout
        self.ctx = multiprocessing.get_context()
        # inherited descriptors exist only in forked workers; spawned ones start clean
        fork = self.ctx.get_start_method() == "fork"
        self.close_fds = tuple(close_fds) if fork else ()
        self.replaced = 0          # workers that died or were killed and had to be replaced

    def _new_worker(self) -> _Worker:
        return _Worker(self.ctx, self.work, self.recycle_after, self.close_fds)

    def results(self, paths: Iterable[str]) -> Generator[Any | Lost, None, None]:
        """Each path's answer (or a `Lost`), in the order they finish.

        Closing the generator, or an exception raised into it (a signal handler's), kills every
        worker at once; the files they held are simply not answered.
        """
        todo = iter(paths)
        retry: deque[tuple[str, int]] = deque()
        workers: list[_Worker] = []
        finished = False
        try:
            while True:
                for i, worker in enumerate(workers):
                    while worker.path is None:
                        task = _next_task(todo, retry)
                        if task is None:
                            break
                        if not worker.give(*task):         # it died while idle
                            retry.appendleft(task)
                            worker.stop(kill=True)
                            workers[i] = worker = self._new_worker()
                            self.replaced += 1
                self._start_more(workers, todo, retry)
                busy = [w for w in workers if w.path is not None]
                if not busy:
                    break
                ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy],
                                 self._wait_seconds(busy)))
                for worker in busy:
                    outcome = self._check(worker, ready, retry)
                    if outcome is None:
                        continue
                    i = workers.index(worker)
                    if outcome is not _RETRIED and not isinstance(outcome, Lost):
                        worker.path = None
                        worker.done += 1
                        if self.recycle_after is None or worker.done < self.recycle_after:
                            yield outcome
                            continue
                        worker.process.join(5.0)           # it exits after its last file
                        worker.stop(kill=True)
                    else:
                        self.replaced += 1
                    workers[i] = self._new_worker()
                    if outcome is not _RETRIED:
                        yield outcome
            finished = True
        finally:
            for worker in workers:
                worker.stop(kill=not finished)

    def _start_more(self, workers: list[_Worker], todo: Iterator[str],
                    retry: deque[tuple[str, int]]) -> None:
        """Start workers only for files waiting, up to `jobs`: `--jobs 100000` on one file
        once forked 100,000 processes. A worker the system refuses to start (too many
        processes) leaves the pool smaller; with no worker at all it is bad input."""
        while len(workers) < self.jobs:
            task = _next_task(todo, retry)
            if task is None:
                return
            try:
                worker = self._new_worker()
            except OSError as exc:
                retry.appendleft(task)
                if not workers:
                    raise BadInput(f"--jobs: cannot start a worker process: "
                                   f"{exc.strerror or exc}") from None
                self.jobs = len(workers)
                return
            if worker.give(*task):
                workers.append(worker)
            else:                                       # it died at once: try a fresh one
                retry.appendleft(task)
                worker.stop(kill=True)
                self.replaced += 1

    def _wait_seconds(self, busy: list[_Worker]) -> float | None:
        if self.hard_timeout is None:
            return None
        first = min(w.started for w in busy) + self.hard_timeout
        return max(0.0, first - time.monotonic())

    def _check(self, worker: _Worker, ready: set, retry: deque[tuple[str, int]]
               ) -> Any | Lost | None:
        """What became of a busy worker: its answer, a Lost, _RETRIED, or None (still busy)."""
        path = worker.path
        assert path is not None
        seconds = time.monotonic() - worker.started
        if worker.conn in ready or worker.process.sentinel in ready:
            answer = worker.answer()
            if answer is not None:
                return answer
            ended = worker.how_it_ended()
            worker.stop(kill=True)
            if worker.attempt < ATTEMPTS:
                retry.appendleft((path, worker.attempt + 1))
                return _RETRIED
            return Lost(path, f"the worker solving it {ended}, {ATTEMPTS} times", False,
                        seconds)
        if self.hard_timeout is not None and seconds >= self.hard_timeout:
            worker.stop(kill=True)
            return Lost(path, f"still not answered after {seconds:.1f} s", True, seconds)
        return None


_RETRIED = object()   # a worker died and its file went back in the queue


def _next_task(todo: Iterator[str], retry: deque[tuple[str, int]]) -> tuple[str, int] | None:
    """The next file for a worker and its attempt number: one waiting for a retry first, else
    the next new file (attempt 1); None when none is left."""
    if retry:
        return retry.popleft()
    path = next(todo, None)
    return None if path is None else (path, 1)
