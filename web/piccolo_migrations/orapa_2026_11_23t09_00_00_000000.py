"""One daily-puzzle row a day: a unique index on the game table's `daily` column (rows of
ordinary games hold NULL there, and NULLs never collide)."""
from piccolo.apps.migrations.auto.migration_manager import MigrationManager
from piccolo.engine import engine_finder

ID = "2026-11-23T09:00:00:000000"
VERSION = "1.38.0"
DESCRIPTION = "unique daily puzzle day"


async def forwards():
    manager = MigrationManager(migration_id=ID, app_name="orapa", description=DESCRIPTION)

    async def unique_day():
        await engine_finder().run_ddl('CREATE UNIQUE INDEX IF NOT EXISTS orapa_game_daily_day '
                                      'ON "orapa_game" ("daily")')

    async def drop_unique_day():
        await engine_finder().run_ddl("DROP INDEX IF EXISTS orapa_game_daily_day")

    manager.add_raw(unique_day)
    manager.add_raw_backwards(drop_unique_day)
    return manager
