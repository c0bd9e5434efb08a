"""The FastAPI application of `orapa serve`: the API under /api, live sockets, the browser app.

`create_app(url)` builds it for a database URL (default: the ORAPA_DATABASE_URL environment
variable, else sqlite:///./orapa.db). Starting it migrates the database (unless the serve
command already did, for all workers at once), starts the PostgreSQL listener when there is one,
and lets the computer seats of unfinished games carry on.
"""
from __future__ import annotations

import logging
import os
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from fastapi import FastAPI, Header
from fastapi.responses import JSONResponse, Response
from piccolo.engine.postgres import PostgresEngine

from web import errors, frontend, metrics
from web.guard import Guard
from web.health import database_answers
from web.limits import HintPool, Limiter, configured_rates
from web.database import migrate, use_engine
from web.engines import DEFAULT_URL, ServerSQLiteEngine, engine_for, engine_kind
from web.live import Hub, PgListener
from web.play import Games
from web.responses import Health
from web.routers import advice, chat, daily, games, hints, history, players, review

MIGRATED_ENV = "ORAPA_DATABASE_MIGRATED"   # set by `orapa serve` once it has migrated
POOL_SIZE = 20

log = logging.getLogger("orapa.web")


def database_url(url: str | None = None) -> str:
    return url or os.environ.get("ORAPA_DATABASE_URL") or DEFAULT_URL


async def keep_session(connection: Any) -> None:
    """What a pooled PostgreSQL connection needs on its way back to the pool beyond asyncpg's
    own rollback of an open transaction: nothing, since the server sets no session state on
    them (no SET, LISTEN, cursors or advisory locks; LISTEN has a connection of its own). It
    spares asyncpg's default reset, one more round trip after every query (13% of the
    server's time under load)."""


def create_app(url: str | None = None) -> FastAPI:
    """The server's app on the database at `url`."""
    url = database_url(url)
    kind = engine_kind(url)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = engine_for(url)
        if os.environ.get(MIGRATED_ENV) == url:
            use_engine(engine)
        else:
            await migrate(engine)
        listener = None
        hub = Hub()
        if isinstance(engine, PostgresEngine):
            await engine.start_connection_pool(min_size=1, max_size=POOL_SIZE,
                                               reset=keep_session)
            listener = PgListener(url, hub)
            await listener.start()
        app.state.games = Games(hub)
        app.state.limiter = Limiter(configured_rates())
        app.state.hint_pool = HintPool()
        metrics.track_games(lambda: len(app.state.games._cache))
        app.state.database = kind
        await app.state.games.resume()
        try:
            yield
        finally:
            await app.state.games.close()
            app.state.hint_pool.close()
            if getattr(app.state, "reviews", None) is not None:   # made on first use
                await app.state.reviews.close()
            if listener is not None:
                await listener.stop()
            if isinstance(engine, PostgresEngine):
                await engine.close_connection_pool()
            if isinstance(engine, ServerSQLiteEngine):
                await engine.close_shared()

    app = FastAPI(title="Orapa game server", lifespan=lifespan, docs_url="/api/docs",
                  openapi_url="/api/openapi.json", redoc_url=None)
    errors.install(app)

    app.add_middleware(Guard)

    @app.get("/api/health", tags=["server"], response_model=Health,
             responses={503: {"model": Health, "description": "the database does not answer"}})
    async def health() -> Response:
        """`ok` when the database answers (reads and writes), else 503 `unavailable`."""
        if await database_answers(url):
            return JSONResponse({"status": "ok", "database": kind})
        return JSONResponse({"status": "unavailable", "database": kind}, status_code=503,
                            headers={"Retry-After": "5"})

    @app.get("/api/metrics", tags=["server"], include_in_schema=False)
    async def metrics_page(authorization: str | None = Header(None)) -> Response:
        """Figures for a monitoring system, for the holder of ORAPA_METRICS_TOKEN."""
        allowed = metrics.allowed(authorization)
        if allowed is None:
            return errors.error_response(404, "/api/metrics: metrics are off (set "
                                              "ORAPA_METRICS_TOKEN to turn them on)")
        if not allowed:
            return errors.error_response(401, "Authorization: the metrics token is needed")
        return Response(metrics.exposition(), media_type="text/plain; version=0.0.4")

    for router in (players.router, history.router, games.router, hints.router, advice.router,
                   daily.router, review.router, chat.router):
        app.include_router(router)
    frontend.install(app)
    return app
