"""One review per game: a unique index on `orapa_review.game`; the reviews kept before in
`orapa_analysis` (under the negated game id) move to `orapa_review` (and back, backwards)."""
from piccolo.apps.migrations.auto.migration_manager import MigrationManager
from piccolo.engine import engine_finder

ID = "2026-11-25T21:40:01:000000"
VERSION = "1.38.0"
DESCRIPTION = "one review per game; reviews moved out of the analyses"


async def forwards():
    manager = MigrationManager(migration_id=ID, app_name="orapa", description=DESCRIPTION)

    async def index_and_move():
        engine = engine_finder()
        await engine.run_ddl('CREATE UNIQUE INDEX IF NOT EXISTS orapa_review_game '
                             'ON "orapa_review" ("game")')
        await engine.run_ddl('INSERT INTO "orapa_review" ("game", "body") '
                             'SELECT -"game", "body" FROM "orapa_analysis" WHERE "game" < 0')
        await engine.run_ddl('DELETE FROM "orapa_analysis" WHERE "game" < 0')

    async def move_back_and_drop():
        engine = engine_finder()
        await engine.run_ddl('INSERT INTO "orapa_analysis" ("game", "body") '
                             'SELECT -"game", "body" FROM "orapa_review"')
        await engine.run_ddl('DELETE FROM "orapa_review"')
        await engine.run_ddl("DROP INDEX IF EXISTS orapa_review_game")

    manager.add_raw(index_and_move)
    manager.add_raw_backwards(move_back_and_drop)
    return manager
