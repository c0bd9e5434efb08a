"""The one worker-and-cache class behind the reviews and the analyses (web/worker_cache.py):
requests that come together share one computation, a stored result is served without the
worker, the cache keeps the newest, and close() ends a computation still running."""
from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from web.database import run_blocking
from web.worker_cache import WorkerCache


def _parts(game: Any) -> list[str]:
    return list(game)


def _work(parts: list[str], gid: int) -> dict[str, Any]:
    """Runs in the worker process."""
    return {"game": gid, "seats": parts}


def _forever(parts: list[str], gid: int) -> dict[str, Any]:
    time.sleep(600)
    return {}


class Storage:
    """A database stand-in that counts what it is asked."""

    def __init__(self, kept: dict[int, dict[str, Any]] | None = None) -> None:
        self.kept = dict(kept or {})
        self.loads: list[int] = []
        self.saves: list[int] = []

    async def load(self, gid: int) -> dict[str, Any] | None:
        self.loads.append(gid)
        return self.kept.get(gid)

    async def save(self, gid: int, body: dict[str, Any]) -> None:
        self.saves.append(gid)
        self.kept.setdefault(gid, body)


def test_requests_that_come_together_share_one_computation() -> None:
    storage = Storage()

    async def scenario() -> None:
        cache = WorkerCache(_parts, _work, storage.load, storage.save)
        try:
            first, second = await asyncio.gather(cache.get(7, ["0", "1"]), cache.get(7, ["0", "1"]))
            assert first == second == {"game": 7, "seats": ["0", "1"]}
            assert storage.saves == [7]
            loads = len(storage.loads)
            assert await cache.get(7, ["0", "1"]) == first         # from the cache
            assert len(storage.loads) == loads and storage.saves == [7]
        finally:
            await cache.close()
    run_blocking(scenario)


def test_a_stored_result_is_served_without_the_worker() -> None:
    storage = Storage({3: {"kept": True}})

    async def scenario() -> None:
        cache = WorkerCache(_parts, _forever, storage.load, storage.save)
        assert await cache.get(3, ["0"]) == {"kept": True}
        assert cache._pool is None and storage.saves == []
        await cache.close()
    run_blocking(scenario)


def test_the_cache_keeps_the_newest_results() -> None:
    storage = Storage({gid: {"n": gid} for gid in range(5)})

    async def scenario() -> None:
        cache = WorkerCache(_parts, _work, storage.load, storage.save, limit=2)
        for gid in range(5):
            await cache.get(gid, [])
        assert list(cache._done) == [3, 4]
        await cache.close()
    run_blocking(scenario)


def test_close_ends_a_computation_still_running() -> None:
    storage = Storage()

    async def scenario() -> None:
        cache = WorkerCache(_parts, _forever, storage.load, storage.save)
        waiting = asyncio.ensure_future(cache.get(9, ["0"]))
        while cache._pool is None or not cache._pool._processes:   # the worker has started
            await asyncio.sleep(0.05)
        processes = list(cache._pool._processes.values())
        await cache.close()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        for process in processes:
            process.join(30)
            assert not process.is_alive()
        assert storage.saves == []
    run_blocking(scenario)
