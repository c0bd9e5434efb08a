"""The Piccolo app of the game server: its tables and its committed migrations."""
from __future__ import annotations

import os

from piccolo.conf.apps import AppConfig

from web.tables import Analysis, Event, Game, Player, Review

APP_CONFIG = AppConfig(
    app_name="orapa",
    migrations_folder_path=os.path.join(os.path.dirname(__file__), "piccolo_migrations"),
    table_classes=[Player, Game, Event, Analysis, Review],
    migration_dependencies=[],
    commands=[],
)
