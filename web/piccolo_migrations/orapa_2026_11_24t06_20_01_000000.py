"""One analysis per game: a unique index on `orapa_analysis.game` (of two workers saving the
same game's analysis, the second insert is refused and ignored)."""
from piccolo.apps.migrations.auto.migration_manager import MigrationManager
from piccolo.engine import engine_finder

ID = "2026-11-24T06:20:01:000000"
VERSION = "1.38.0"
DESCRIPTION = "unique game in the analyses"


async def forwards():
    manager = MigrationManager(migration_id=ID, app_name="orapa", description=DESCRIPTION)

    async def unique_game():
        await engine_finder().run_ddl('CREATE UNIQUE INDEX IF NOT EXISTS orapa_analysis_game '
                                      'ON "orapa_analysis" ("game")')

    async def drop_unique_game():
        await engine_finder().run_ddl("DROP INDEX IF EXISTS orapa_analysis_game")

    manager.add_raw(unique_game)
    manager.add_raw_backwards(drop_unique_game)
    return manager
