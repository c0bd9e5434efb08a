"""Figures for a monitoring system (Prometheus's text format, with prometheus_client):
requests by method and status class, their latencies, storage failures, open sockets, games
this process keeps loaded, and the hint pool's work in flight and waiting.

Each worker process keeps its own figures (labelled with its random worker name); the endpoint
`GET /api/metrics` is off unless the operator sets `ORAPA_METRICS_TOKEN`, and then needs
`Authorization: Bearer <that token>`.
"""
from __future__ import annotations

import os
import secrets
import time
from typing import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

METRICS_TOKEN_ENV = "ORAPA_METRICS_TOKEN"

REGISTRY = CollectorRegistry()
REQUESTS = Counter("orapa_requests", "HTTP requests answered", ["method", "status"],
                   registry=REGISTRY)
LATENCY = Histogram("orapa_request_seconds", "Time to answer an HTTP request",
                    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
                    registry=REGISTRY)
STORAGE_FAILURES = Counter("orapa_storage_failures", "Requests refused because the database "
                           "could not be used", registry=REGISTRY)
SOCKETS = Gauge("orapa_sockets_open", "Live game sockets open", registry=REGISTRY)
GAMES = Gauge("orapa_games_loaded", "Games this process keeps rebuilt in memory",
              registry=REGISTRY)
HINTS_RUNNING = Gauge("orapa_hint_jobs_running", "Hint and analysis computations running",
                      registry=REGISTRY)
HINTS_WAITING = Gauge("orapa_hint_jobs_waiting", "Hint and analysis computations waiting "
                      "for the pool", registry=REGISTRY)
RATE_LIMITED = Counter("orapa_rate_limited", "Requests refused with 429", ["what"],
                       registry=REGISTRY)


def request_done(method: str, status: int, seconds: float) -> None:
    """Count one answered request."""
    REQUESTS.labels(method, f"{status // 100}xx").inc()
    LATENCY.observe(seconds)


_last_failure = [float("-inf")]


def storage_failed() -> None:
    """Count a storage failure and remember when it happened (the health check reads it)."""
    STORAGE_FAILURES.inc()
    _last_failure[0] = time.monotonic()


def last_storage_failure() -> float:
    """time.monotonic() of the latest storage failure (-inf: none)."""
    return _last_failure[0]


def track_games(count: Callable[[], int]) -> None:
    """Read the number of loaded games when the figures are collected."""
    GAMES.set_function(count)


def allowed(authorization: str | None) -> bool | None:
    """None: metrics are off (no token configured); else whether the header holds the token."""
    expected = os.environ.get(METRICS_TOKEN_ENV)
    if not expected:
        return None
    scheme, _, given = (authorization or "").partition(" ")
    return scheme.lower() == "bearer" and secrets.compare_digest(given.strip().encode(),
                                                                 expected.encode())


def exposition() -> bytes:
    """The figures in Prometheus's text format."""
    return generate_latest(REGISTRY)
