"""The event log's per-game sequence number made unique by the database: of two requests racing
to write event n of a game, the second insert fails (a unique index, which both SQLite and
PostgreSQL can add to an existing table)."""
from piccolo.apps.migrations.auto.migration_manager import MigrationManager
from piccolo.engine import engine_finder

ID = "2026-11-23T08:40:00:000000"
VERSION = "1.38.0"
DESCRIPTION = "unique (game, seq) in the event log"


async def forwards():
    manager = MigrationManager(migration_id=ID, app_name="orapa", description=DESCRIPTION)

    async def unique_seq():
        await engine_finder().run_ddl(
            'CREATE UNIQUE INDEX IF NOT EXISTS orapa_event_game_seq '
            'ON "orapa_event" ("game", "seq")')

    async def drop_unique_seq():
        await engine_finder().run_ddl("DROP INDEX IF EXISTS orapa_event_game_seq")

    manager.add_raw(unique_seq)
    manager.add_raw_backwards(drop_unique_seq)
    return manager
