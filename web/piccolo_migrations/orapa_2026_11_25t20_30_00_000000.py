"""When each player's token was issued (`orapa_player.token_issued_at`): signing out
everywhere replaces the token, and a server started with --token-days refuses older ones.
Existing rows keep NULL, read as their `created_at`."""
from piccolo.apps.migrations.auto.migration_manager import MigrationManager
from piccolo.engine import engine_finder

ID = "2026-11-25T20:30:00:000000"
VERSION = "1.38.0"
DESCRIPTION = "token issue time"


async def forwards():
    manager = MigrationManager(migration_id=ID, app_name="orapa", description=DESCRIPTION)

    async def add_column():
        await engine_finder().run_ddl('ALTER TABLE "orapa_player" ADD COLUMN '
                                      '"token_issued_at" TIMESTAMPTZ NULL')

    async def drop_column():
        await engine_finder().run_ddl('ALTER TABLE "orapa_player" DROP COLUMN '
                                      '"token_issued_at"')

    manager.add_raw(add_column)
    manager.add_raw_backwards(drop_column)
    return manager
