"""Running the server: check the options, migrate the database once, start uvicorn."""
from __future__ import annotations

import os
import warnings

from games.errors import BadInput
from web.app import MIGRATED_ENV, database_url
from web.database import engine_for, engine_kind, migrate, run_blocking

KEEP_ALIVE_SECONDS = 75   # an idle HTTP connection is kept this long (uvicorn's default: 5)


def prepare(url: str | None, workers: int) -> str:
    """Check the database URL against the worker count and bring the database up to date;
    returns the URL. A database that cannot be opened is bad input, in one line."""
    url = database_url(url)
    if engine_kind(url) == "sqlite" and workers > 1:
        raise BadInput("--workers: SQLite runs in one process; use --database postgresql://... "
                       "for several workers")
    try:
        with warnings.catch_warnings():    # Piccolo warns (in colour) before failing
            warnings.simplefilter("ignore")
            run_blocking(lambda: migrate(engine_for(url)))
    except (OSError, ConnectionError) as exc:
        raise BadInput(f"--database: cannot open {url}: {exc}") from None
    except Exception as exc:  # asyncpg's own errors (no such database, bad password...)
        if type(exc).__module__.startswith(("asyncpg", "sqlite3")):
            raise BadInput(f"--database: cannot open {url}: {exc}") from None
        raise
    return url


def serve(url: str | None, host: str, port: int, workers: int) -> None:
    """Serve until interrupted: every worker builds the app from the environment."""
    import uvicorn

    url = prepare(url, workers)
    os.environ["ORAPA_DATABASE_URL"] = url
    os.environ[MIGRATED_ENV] = url
    # events are a few hundred bytes: compressing each socket message costs more CPU than
    # it saves on the wire. Players think between questions for longer than uvicorn's 5 s
    # keep-alive: a connection closed meanwhile makes the next question fail in some clients
    # (one that sends on it just as the server closes it), so idle connections stay open longer.
    uvicorn.run("web.app:create_app", factory=True, host=host, port=port, workers=workers,
                log_level="info", ws_per_message_deflate=False,
                timeout_keep_alive=KEEP_ALIVE_SECONDS)
