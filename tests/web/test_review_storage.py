"""Reviews in a table of their own (issue 32): a database that kept reviews in the analyses
under negated game ids has them moved by the migration (analyses untouched); a second save of a
review is ignored; the server's shutdown closes the review worker."""
from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from web import review, store
from web.app import create_app
from web.database import engine_for, migrate, run_blocking, use_engine

BEFORE_REVIEWS = "2026-11-25T20:30:00:000000"     # the last migration without orapa_review


def test_reviews_kept_among_the_analyses_move_to_their_own_table(database_url: str) -> None:
    from piccolo.apps.migrations.commands.forwards import run_forwards

    # game ids of this run only (a PostgreSQL cluster's databases may outlive one test run)
    old, new = random.randrange(10**6, 10**9), random.randrange(10**6, 10**9) + 10**9

    async def scenario() -> None:
        engine = engine_for(database_url)
        use_engine(engine)
        result = await run_forwards("orapa", migration_id=BEFORE_REVIEWS)
        assert result.success, result.message
        await store.save_analysis(old, {"0": {"questions": 3}})         # an analysis
        await store.save_analysis(-old, {"reviews": {"0": {"skill": 80}}})   # the old workaround
        await migrate(engine)
        assert await store.get_analysis(old) == {"0": {"questions": 3}}
        assert await store.get_analysis(-old) is None
        assert await review.stored_review(old) == {"reviews": {"0": {"skill": 80}}}
        assert await review.stored_review(new) is None
        await review.save_review(new, {"reviews": {}})
        await review.save_review(new, {"reviews": {"1": {}}})         # a second save: ignored
        assert await review.stored_review(new) == {"reviews": {}}
        if hasattr(engine, "close_shared"):
            await engine.close_shared()
    run_blocking(scenario)


def test_the_servers_shutdown_closes_the_review_worker(tmp_path: Any) -> None:
    closed: list[bool] = []

    class Watched(review.Reviews):
        async def close(self) -> None:
            closed.append(True)
            await super().close()

    app = create_app(f"sqlite:///{tmp_path / 'r.db'}")
    with TestClient(app):
        app.state.reviews = Watched()
        assert closed == []
    assert closed == [True]
