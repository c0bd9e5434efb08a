"""Reviews of finished games (issue 32) get a table of their own, `orapa_review`, one row a game
(a unique index on `game`). Until now they were kept in `orapa_analysis` under the game id
negated; those rows move to the new table (and back, backwards), so no review is computed twice.

All in one raw step: Piccolo runs a migration's raw steps before the tables it adds, so the
table is made here by Piccolo itself (a table class bound to the migration's engine writes the
right DDL for SQLite and for PostgreSQL) and then filled in the same step.
"""
from piccolo.apps.migrations.auto.migration_manager import MigrationManager
from piccolo.columns.column_types import JSON, Integer, Serial
from piccolo.engine import engine_finder
from piccolo.table import Table

ID = "2026-11-25T23:30:00:000000"
VERSION = "1.38.0"
DESCRIPTION = "reviews in a table of their own"


def _review_table(engine) -> type[Table]:
    """`orapa_review` as this migration made it, bound to `engine` (not `web.tables.Review`:
    a migration keeps the schema of its day whatever the tables become)."""

    class Review(Table, tablename="orapa_review", db=engine):
        id = Serial(primary_key=True)
        game = Integer()
        body = JSON()

    return Review


async def forwards():
    manager = MigrationManager(migration_id=ID, app_name="orapa", description=DESCRIPTION)

    async def create_and_move():
        engine = engine_finder()
        await _review_table(engine).create_table(if_not_exists=True).run()
        await engine.run_ddl('CREATE UNIQUE INDEX IF NOT EXISTS orapa_review_game '
                             'ON "orapa_review" ("game")')
        await engine.run_ddl('INSERT INTO "orapa_review" ("game", "body") '
                             'SELECT -"game", "body" FROM "orapa_analysis" WHERE "game" < 0')
        await engine.run_ddl('DELETE FROM "orapa_analysis" WHERE "game" < 0')

    async def move_back_and_drop():
        engine = engine_finder()
        await engine.run_ddl('INSERT INTO "orapa_analysis" ("game", "body") '
                             'SELECT -"game", "body" FROM "orapa_review"')
        await engine.run_ddl('DROP TABLE IF EXISTS "orapa_review"')

    manager.add_raw(create_and_move)
    manager.add_raw_backwards(move_back_and_drop)
    return manager
