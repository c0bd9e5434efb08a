"""Reviews in a table of their own (issue 32), on SQLite and PostgreSQL: the migration moves the
reviews kept among the analyses under negated game ids (and back, backwards); every table is
pointed at the engine in use; a second save of a review is ignored; the server's shutdown closes
the review worker and the analysis worker."""
from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from piccolo.table import Table

from web import review, store, tables
from web.analysis import Analyses
from web.app import create_app
from web.database import migrate, run_blocking, use_engine
from web.engines import engine_for

BEFORE_REVIEWS = "2026-11-25T20:30:00:000000"     # the last migration without orapa_review
REVIEWS = "2026-11-25T23:30:00:000000"            # the one that adds it


def _ids() -> tuple[int, int]:
    """Game ids of this run only (a PostgreSQL cluster's databases may outlive a test run)."""
    return random.randrange(10**6, 10**9), random.randrange(10**6, 10**9) + 10**9


async def _close(engine: Any) -> None:
    if hasattr(engine, "close_shared"):
        await engine.close_shared()


def test_every_table_is_pointed_at_the_engine_in_use(database_url: str) -> None:
    """The reverted first attempt left `Review` off the list of tables `use_engine` points at
    the engine: on a second database (PostgreSQL after SQLite) it still read the first."""
    engine = engine_for(database_url)
    use_engine(engine)
    ours = [t for t in vars(tables).values()
            if isinstance(t, type) and issubclass(t, Table) and t is not Table]
    assert tables.Review in ours
    assert [t.__name__ for t in ours if t._meta.db is not engine] == []


def test_reviews_kept_among_the_analyses_move_to_their_own_table(database_url: str) -> None:
    from piccolo.apps.migrations.commands.forwards import run_forwards

    old, new = _ids()

    async def scenario() -> None:
        engine = engine_for(database_url)
        use_engine(engine)
        result = await run_forwards("orapa", migration_id=BEFORE_REVIEWS)
        assert result.success, result.message
        await store.save_analysis(old, {"0": {"questions": 3}})               # an analysis
        await store.save_analysis(-old, {"reviews": {"0": {"skill": 80}}})    # the old way
        await migrate(engine)
        assert await store.get_analysis(old) == {"0": {"questions": 3}}
        assert await store.get_analysis(-old) is None
        assert await review.stored_review(old) == {"reviews": {"0": {"skill": 80}}}
        assert await review.stored_review(new) is None
        await review.save_review(new, {"reviews": {}})
        await review.save_review(new, {"reviews": {"1": {}}})        # a second save: ignored
        assert await review.stored_review(new) == {"reviews": {}}
        await _close(engine)
    run_blocking(scenario)


def test_the_review_migration_goes_backwards(database_url: str) -> None:
    """Backwards, the reviews go back among the analyses (negated ids) and the table goes."""
    from piccolo.apps.migrations.commands.backwards import run_backwards

    gid, _ = _ids()

    async def scenario() -> None:
        engine = engine_for(database_url)
        await migrate(engine)
        await review.save_review(gid, {"reviews": {"2": {"skill": 55}}})
        result = await run_backwards("orapa", migration_id=REVIEWS, auto_agree=True)
        assert result.success, result.message
        assert await store.get_analysis(-gid) == {"reviews": {"2": {"skill": 55}}}
        assert not await tables.Review.table_exists().run()
        await migrate(engine)                                    # and forwards again
        assert await review.stored_review(gid) == {"reviews": {"2": {"skill": 55}}}
        await _close(engine)
    run_blocking(scenario)


def test_the_servers_shutdown_closes_the_review_and_analysis_workers(tmp_path: Any) -> None:
    closed: list[str] = []

    class WatchedReviews(review.Reviews):
        async def close(self) -> None:
            closed.append("reviews")
            await super().close()

    class WatchedAnalyses(Analyses):
        async def close(self) -> None:
            closed.append("analyses")
            await super().close()

    app = create_app(f"sqlite:///{tmp_path / 'r.db'}")
    with TestClient(app):
        app.state.reviews = WatchedReviews()
        app.state.games.analyses = WatchedAnalyses()
        assert closed == []
    assert sorted(closed) == ["analyses", "reviews"]


def test_a_backup_keeps_the_reviews(database_url: str, tmp_path: Any) -> None:
    """Reviews are backed up and restored with the rest (a review's estimates come from a
    sampler under a time budget: computed again, it might not say the same)."""
    import io

    from web.backup import backup, restore

    gid, _ = _ids()

    async def keep() -> None:
        engine = engine_for(database_url)
        await migrate(engine)
        await review.save_review(gid, {"reviews": {"1": {"skill": 70}}})
        await _close(engine)
    run_blocking(keep)
    out = io.StringIO()
    assert backup(database_url, out)["orapa_review"] >= 1
    target = f"sqlite:///{tmp_path / 'restored.db'}"
    assert restore(target, io.StringIO(out.getvalue()))["orapa_review"] >= 1

    async def read() -> dict[str, Any] | None:
        engine = engine_for(target)
        use_engine(engine)
        found = await review.stored_review(gid)
        await _close(engine)
        return found
    assert run_blocking(read) == {"reviews": {"1": {"skill": 70}}}
