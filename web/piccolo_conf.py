"""Piccolo's configuration module (PICCOLO_CONF=web.piccolo_conf): the engine the migrations and
tables use. `web.database.connect` replaces `DB` when the server starts on a given URL."""
from __future__ import annotations

import os

from piccolo.conf.apps import AppRegistry

from web.engines import DEFAULT_URL, engine_for

DB = engine_for(os.environ.get("ORAPA_DATABASE_URL", DEFAULT_URL))
APP_REGISTRY = AppRegistry(apps=["web.piccolo_app"])
