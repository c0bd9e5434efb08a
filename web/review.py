"""Reviews of finished Orapa games (issue 32): per explorer, `orapa review` on that explorer's
questions and the mine it explored; computed once, in a worker process, and kept.

In a duel each player's review covers its own answers and the other player's mine; at a table
each explorer's covers the questions it asked, judged in the states they were asked in (every
explorer's answers before them known: they are public), against the table's mine.

The first request after the end starts the computation (the others wait for it); the result is
kept in the database (table `orapa_analysis`, under the game id negated: a finished game's
review never changes, like its analysis) and in a small per-process cache.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import weakref
from typing import Any

from games.orapa.layout import Layout
from games.orapa.puzzle import Puzzle
from games.orapa.seated import OrapaSeated
from web import store

CACHE_LIMIT = 1000
# one review's part: (seat, the puzzle of the answers the seat heard, the indices of the
# questions it asked, the mine it explored)
Part = tuple[str, Puzzle, list[int], Layout]


def parts_of(game: OrapaSeated) -> list[Part]:
    """What each explorer's review covers."""
    from games.orapa.session import QUESTION_ACTIONS
    session = game.session
    assert session is not None
    askers = [e.player for e in session.log if e.action in QUESTION_ACTIONS and e.answer]
    parts = []
    for seat in game.explorers:
        name = str(seat)
        puzzle = game.puzzle_for(seat)
        if len(puzzle.observations) == len(askers):     # a table: everyone's answers
            asked = [i for i, who in enumerate(askers) if who == name]
        else:                                           # a duel: its own answers only
            asked = list(range(len(puzzle.observations)))
        parts.append((name, puzzle, asked, session.mine_explored_by(name)))
    return parts


def review_parts(parts: list[Part], seed: int) -> dict[str, Any]:
    """`{"reviews": {SEAT: REVIEW}}` (runs in the worker process)."""
    from solver.orapa.review.game import review
    return {"reviews": {seat: review(puzzle, mine, seed, asked=asked).to_json()
                        for seat, puzzle, asked, mine in parts}}


def _stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    pool.shutdown(wait=False, cancel_futures=True)


class Reviews:
    """The reviews of one server process: stored ones cached, running ones shared."""

    def __init__(self) -> None:
        self._done: dict[int, dict[str, Any]] = {}
        self._running: dict[int, asyncio.Task] = {}
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    async def get(self, gid: int, game: OrapaSeated) -> dict[str, Any]:
        """The review of a finished game: kept, being made, or made now."""
        if gid in self._done:
            return self._done[gid]
        running = self._running.get(gid)
        if running is None:
            stored = await store.get_analysis(-gid)
            if stored is not None:
                self._keep(gid, stored)
                return stored
            running = self._running.get(gid) or self._start(gid, game)
        return await asyncio.shield(running)

    def _start(self, gid: int, game: OrapaSeated) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(self._compute(gid, parts_of(game)))
        self._running[gid] = task
        task.add_done_callback(lambda _: self._running.pop(gid, None))
        return task

    async def _compute(self, gid: int, parts: list[Part]) -> dict[str, Any]:
        if self._pool is None:
            # spawn: a fresh interpreter, not a fork of the server's with its loop and threads
            self._pool = concurrent.futures.ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"))
            weakref.finalize(self, _stop, self._pool)
        body = await asyncio.get_running_loop().run_in_executor(self._pool, review_parts,
                                                                parts, gid)
        await store.save_analysis(-gid, body)
        self._keep(gid, body)
        return body

    def _keep(self, gid: int, body: dict[str, Any]) -> None:
        if len(self._done) >= CACHE_LIMIT:
            self._done.pop(next(iter(self._done)))
        self._done[gid] = body

    async def close(self) -> None:
        """Stop: drop running reviews (a later request starts them again), end the worker
        (without this call the worker ends when this object is collected or the server
        exits)."""
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


def why_cell(puzzle: Puzzle, cell: int) -> dict[str, Any]:
    """`{"cell", "settled", "content", "answers": [{"number", ...answer}]}`: the fewest answers
    (a minimal set) that force a cell, or `settled` false when the cell is still open."""
    from games.orapa.board import cell_label
    from solver.orapa.review.why import forcing_answers
    forcing = forcing_answers(puzzle, cell)
    if forcing is None:
        return {"cell": cell_label(cell), "settled": False, "content": None, "answers": []}
    return {"settled": True, **forcing.to_json(puzzle)}


def why_wrong(puzzle: Puzzle, guess: Layout, mine: Layout) -> dict[str, Any]:
    """What tells a guess from the mine (`solver.orapa.review.why.why_wrong`)."""
    from solver.orapa.review.why import why_wrong as tell_apart
    return tell_apart(puzzle, guess, mine, "layout")
