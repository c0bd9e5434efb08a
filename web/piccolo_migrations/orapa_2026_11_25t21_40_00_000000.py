"""Reviews of finished games (issue 32) in a table of their own, `orapa_review` (they were kept
in `orapa_analysis` under the game id negated); the next migration makes `game` unique and
moves the reviews already kept (Piccolo runs a migration's raw steps before its tables)."""
from piccolo.apps.migrations.auto.migration_manager import MigrationManager
from piccolo.columns.column_types import JSON, Integer, Serial
from piccolo.columns.indexes import IndexMethod

ID = "2026-11-25T21:40:00:000000"
VERSION = "1.38.0"
DESCRIPTION = "reviews of finished games"

PARAMS = {"null": False, "primary_key": False, "unique": False, "index": False,
          "index_method": IndexMethod.btree, "choices": None, "db_column_name": None,
          "secret": False}


async def forwards():
    manager = MigrationManager(migration_id=ID, app_name="orapa", description=DESCRIPTION)
    manager.add_table(class_name="Review", tablename="orapa_review", schema=None,
                      columns=None)
    for name, column_class, params in (
            ("id", Serial, {**PARAMS, "primary_key": True}),
            ("game", Integer, {**PARAMS, "default": 0}),
            ("body", JSON, {**PARAMS, "default": "{}"})):
        manager.add_column(table_class_name="Review", tablename="orapa_review",
                           column_name=name, db_column_name=name,
                           column_class_name=column_class.__name__, column_class=column_class,
                           params=params, schema=None)

    return manager
