"""Results about finished games, computed once in a worker process and kept: the one pattern
behind the analyses (`web.analysis`) and the reviews (`web.review`).

A finished game's result never changes, so it is computed once: in a worker process of its own
(spawned, never forked from the server with its loop and threads), so CPU work never holds up
the event loop that serves the requests. It is then stored in the database and served from there
and from a small per-process cache ever after. A request that comes while it is being computed
waits for that computation instead of starting another; a server restarted in between starts it
again on request.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import weakref
from typing import Any, Awaitable, Callable, Generic, TypeVar

from games.orapa.seated import OrapaSeated

CACHE_LIMIT = 1000
Body = dict[str, Any]
P = TypeVar("P")        # what the worker is given about one game (picklable)


def _stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """End the worker: drop queued work and end a computation still running."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()


class WorkerCache(Generic[P]):
    """One kind of result for the finished games of one server process: cached, stored, being
    computed (shared), or computed now.

    `parts(game)` says what the worker needs (read in the server, where the game is);
    `work(parts, gid)` computes the result in the worker (a module-level function: it is
    pickled); `load(gid)` and `save(gid, body)` keep it in the database (a second save of the
    same game, from another server process, must be ignored)."""

    def __init__(self, parts: Callable[[OrapaSeated], P], work: Callable[[P, int], Body],
                 load: Callable[[int], Awaitable[Body | None]],
                 save: Callable[[int, Body], Awaitable[None]],
                 limit: int = CACHE_LIMIT) -> None:
        self._parts, self._work, self._load, self._save = parts, work, load, save
        self._limit = limit
        self._done: dict[int, Body] = {}
        self._running: dict[int, asyncio.Task[Body]] = {}
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    async def get(self, gid: int, game: OrapaSeated) -> Body:
        """The result for a finished game: kept, being made, or made now."""
        if gid in self._done:
            return self._done[gid]
        running = self._running.get(gid)
        if running is None:
            stored = await self._load(gid)
            if stored is not None:
                self._keep(gid, stored)
                return stored
            running = self._running.get(gid) or self.start(gid, game)   # started meanwhile?
        return await asyncio.shield(running)

    def start(self, gid: int, game: OrapaSeated) -> asyncio.Task[Body]:
        """Start computing a game's result now (in the running event loop)."""
        task = asyncio.get_running_loop().create_task(self._compute(gid, self._parts(game)))
        self._running[gid] = task
        task.add_done_callback(lambda _: self._running.pop(gid, None))
        return task

    async def _compute(self, gid: int, parts: P) -> Body:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"))
            weakref.finalize(self, _stop, self._pool)   # a server that never calls close()
        body = await asyncio.get_running_loop().run_in_executor(self._pool, self._work,
                                                                parts, gid)
        await self._save(gid, body)
        self._keep(gid, body)
        return body

    def _keep(self, gid: int, body: Body) -> None:
        if len(self._done) >= self._limit:
            self._done.pop(next(iter(self._done)))     # the oldest kept
        self._done[gid] = body

    async def close(self) -> None:
        """Stop: drop running computations (a later request starts them again) and end the
        worker, so that no abandoned computation runs on after the server."""
        for task in list(self._running.values()):
            task.cancel()
        for task in list(self._running.values()):
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        if self._pool is not None:
            _stop(self._pool)
            self._pool = None
