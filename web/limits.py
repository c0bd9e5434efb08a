"""Limits on what one client may ask: per-client rates (the `limits` library's moving windows,
in memory, per worker) and a bounded pool for the CPU-heavy answers (hints, analyses).

Rates, per client address (the proxy's X-Forwarded-For when uvicorn trusts it) or per player:
sign-up, game creation, joins, hints and daily guesses; past a rate the answer is 429 with
`Retry-After`. `ORAPA_RATE_LIMITS=off` turns the rates off (load tests from one address);
`ORAPA_RATE_LIMITS=sign-up=5/minute;hints=10/minute` changes some.

The hint pool has its own threads (`HINT_THREADS`), apart from the threads the computer seats
think in, so a burst of hints never delays a computer's move; each player has at most one
computation in flight, and at most `HINT_QUEUE` wait: past that, 429 or 503 in a player's
words.
"""
from __future__ import annotations

import asyncio
import hashlib
import concurrent.futures
import math
import os
import time
from typing import Any, Callable, TypeVar

from fastapi import Request
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from web import metrics
from web.errors import ApiError, TooMany

RATES_ENV = "ORAPA_RATE_LIMITS"
DEFAULT_RATES = {"sign-up": "20/minute", "create": "60/minute", "join": "60/minute",
                 "hints": "60/minute", "daily-guess": "30/minute", "chat": "20/minute"}
WORDS = {"sign-up": "sign-ups", "create": "new games", "join": "joins", "hints": "hints",
         "daily-guess": "daily guesses", "chat": "chat messages"}
HINT_THREADS = 2
HINT_QUEUE = 16

T = TypeVar("T")


def configured_rates(text: str | None = None) -> dict[str, RateLimitItem] | None:
    """The rates in force (None: off), from `ORAPA_RATE_LIMITS` over the defaults.

    >>> configured_rates("off") is None
    True
    >>> str(configured_rates("join=5/second")["join"])
    '5 per 1 second'
    """
    text = os.environ.get(RATES_ENV, "") if text is None else text
    if text.strip().lower() == "off":
        return None
    rates = dict(DEFAULT_RATES)
    for part in filter(None, (p.strip() for p in text.split(";"))):
        name, _, rate = part.partition("=")
        if name.strip() not in rates:
            raise ValueError(f"{RATES_ENV}: unknown limit {name.strip()!r} (known: "
                             f"{', '.join(sorted(rates))})")
        rates[name.strip()] = rate.strip()
    return {name: parse(rate) for name, rate in rates.items()}


class Limiter:
    """The per-client rates of one worker."""

    def __init__(self, rates: dict[str, RateLimitItem] | None) -> None:
        self.rates = rates
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    def hit(self, what: str, who: str) -> None:
        """Count one request of `who` for `what`; TooMany (429) past the rate."""
        if self.rates is None:
            return
        rate = self.rates[what]
        if self.limiter.hit(rate, what, who):
            return
        reset = self.limiter.get_window_stats(rate, what, who).reset_time
        metrics.RATE_LIMITED.labels(what).inc()
        raise TooMany(f"{what}: too many {WORDS[what]} from you ({rate.amount} per "
                      f"{rate.multiples} {rate.GRANULARITY.name}); try again in a moment",
                      math.ceil(max(1.0, reset - time.time())))


def client_of(request: Request) -> str:
    """A client's address (uvicorn puts the trusted proxy's forwarded one here)."""
    return request.client.host if request.client else "unknown"


def limit(what: str, per_player: bool = False) -> Callable[..., Any]:
    """A FastAPI dependency counting a request against the rate `what`, per client address
    (or per player, for endpoints that need a token: `per_player`)."""

    async def dependency(request: Request) -> None:
        limiter: Limiter | None = getattr(request.app.state, "limiter", None)
        if limiter is None:
            return
        who = client_of(request)
        if per_player and request.headers.get("authorization"):
            who = hashlib.sha256(request.headers["authorization"].encode()).hexdigest()[:24]
        limiter.hit(what, who)

    return dependency


class HintPool:
    """Threads of their own for hints and analyses; one computation per player at a time."""

    def __init__(self, threads: int = HINT_THREADS, queue: int = HINT_QUEUE) -> None:
        self.threads, self.queue = threads, queue
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        self._busy: set[Any] = set()
        self._in_flight = 0

    async def run(self, who: Any, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in the pool for player `who`."""
        if who in self._busy:
            raise ApiError(429, "hints: your previous hint is still being worked out; wait "
                                "for it before asking again")
        if self._in_flight >= self.threads + self.queue:
            raise ApiError(503, "hints: the server is busy working out other players' hints; "
                                "try again in a few seconds")
        if self._executor is None:
            self._executor = concurrent.futures.ThreadPoolExecutor(
                self.threads, thread_name_prefix="orapa-hints")
        self._busy.add(who)
        self._in_flight += 1
        self._update()
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, work, *args)
        finally:
            self._busy.discard(who)
            self._in_flight -= 1
            self._update()

    def _update(self) -> None:
        metrics.HINTS_RUNNING.set(min(self._in_flight, self.threads))
        metrics.HINTS_WAITING.set(max(0, self._in_flight - self.threads))

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def hint_pool(request: Request) -> HintPool:
    """The worker's hint pool (a FastAPI dependency)."""
    return request.app.state.hint_pool
