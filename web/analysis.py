"""Analyses of finished Orapa games: computed once, in the background, kept in the database.

When a training game (created with hints) ends, its analysis (per explorer:
`web.hints.analysis`) starts at once in a worker process of its own (CPU work there never holds
up the event loop that serves the requests); another game's starts on its first request. It
is stored in `orapa_analysis` and served from there (and from a small per-process cache) ever
after. A request that comes while it is being computed waits for that computation instead of
starting another; a server restarted in between starts it again on request.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
from typing import Any

from games.orapa.seated import OrapaSeated
from web import hints, store

log = logging.getLogger("orapa.web")
CACHE_LIMIT = 1000


def _analyse_parts(parts: list[tuple[str, Any, Any]], gid: int) -> dict[str, Any]:
    """Each explorer's analysis, keyed by seat (runs in the worker process)."""
    return {seat: hints.analysis(puzzle, mine, gid) for seat, puzzle, mine in parts}


class Analyses:
    """The analyses of this process: stored ones cached, running ones shared."""

    def __init__(self) -> None:
        self._done: dict[int, dict[str, Any]] = {}
        self._running: dict[int, asyncio.Task] = {}
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def game_over(self, gid: int, game: Any, training: bool) -> None:
        """A game just ended: start the analysis of an Orapa training game."""
        if training and isinstance(game, OrapaSeated) and game.session is not None:
            self._start(gid, game)

    async def get(self, gid: int, game: OrapaSeated) -> dict[str, Any]:
        """The analysis of a finished game: kept, being made, or made now."""
        if gid in self._done:
            return self._done[gid]
        running = self._running.get(gid)
        if running is None:
            stored = await store.get_analysis(gid)
            if stored is not None:
                self._keep(gid, stored)
                return stored
            running = self._running.get(gid) or self._start(gid, game)
        return await asyncio.shield(running)

    def _start(self, gid: int, game: OrapaSeated) -> asyncio.Task:
        assert game.session is not None
        parts = [(str(seat), game.puzzle_for(seat), game.session.mine_explored_by(str(seat)))
                 for seat in game.explorers]
        task = asyncio.get_running_loop().create_task(self._compute(gid, parts))
        self._running[gid] = task
        task.add_done_callback(lambda _: self._running.pop(gid, None))
        return task

    async def _compute(self, gid: int, parts: list[tuple[str, Any, Any]]) -> dict[str, Any]:
        if self._pool is None:
            # spawn: a fresh interpreter, not a fork of this one with its loop and threads
            self._pool = concurrent.futures.ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"))
        body = await asyncio.get_running_loop().run_in_executor(self._pool, _analyse_parts,
                                                                parts, gid)
        await store.save_analysis(gid, body)
        self._keep(gid, body)
        return body

    def _keep(self, gid: int, body: dict[str, Any]) -> None:
        if len(self._done) >= CACHE_LIMIT:
            self._done.pop(next(iter(self._done)))
        self._done[gid] = body

    async def close(self) -> None:
        """Stop: drop running analyses (a later request starts them again), end the worker."""
        for task in list(self._running.values()):
            task.cancel()
        for task in list(self._running.values()):
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        if self._pool is not None:
            processes = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:     # do not let an abandoned analysis run on
                process.terminate()
            self._pool = None
