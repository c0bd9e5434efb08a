"""Running the server: check the options, migrate the database once, start uvicorn.

Everything a start can refuse is refused here in one line, before uvicorn starts (a SQLite
file that is not a database or is a folder, a port in use, a database that cannot be opened),
and no line ever shows a database password.
"""
from __future__ import annotations

import errno
import os
import socket
import sqlite3
import warnings
from pathlib import Path

from games.errors import BadInput
from web.app import MIGRATED_ENV, database_url
from web.database import migrate, run_blocking
from web.engines import engine_for, engine_kind, sqlite_path
from web.limits import configured_rates
from web.logs import log_config, mask

KEEP_ALIVE_SECONDS = 75   # an idle HTTP connection is kept this long (uvicorn's default: 5)
# On SIGTERM uvicorn waits for requests in flight, by default with no limit: a request waiting
# for a finished game's analysis held the server for as long as the analysis ran. After this
# grace the requests are cancelled and the app's shutdown drops the analyses (a later request
# starts them again), well inside the 10 s a service manager gives before SIGKILL.
SHUTDOWN_GRACE_SECONDS = 3
URL_FILE_ENV = "ORAPA_DATABASE_URL_FILE"   # a file holding the URL (a secret kept off `ps`)


def url_from_file(path: str) -> str:
    """The database URL held in a file (first line; a secret mounted by the operator)."""
    try:
        text = Path(path).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"--database-file: cannot read {path}: "
                       f"{exc.strerror if isinstance(exc, OSError) else 'not UTF-8 text'}") \
            from None
    if not text:
        raise BadInput(f"--database-file: {path} is empty")
    return text.splitlines()[0].strip()


def check_sqlite_file(url: str) -> None:
    """A SQLite path must be a database file or a new file in a folder that exists or can be
    made: a folder or another kind of file is refused now (aiosqlite would fail in a thread)."""
    path = Path(sqlite_path(url))
    if path.is_dir():
        raise BadInput(f"--database: {path} is a folder; name a database file inside it, "
                       f"e.g. sqlite:///{path / 'orapa.db'}")
    if not path.exists():
        return
    try:
        with open(path, "rb") as stream:
            head = stream.read(16)
    except OSError as exc:
        raise BadInput(f"--database: cannot read {path}: {exc.strerror}") from None
    if head and head != b"SQLite format 3\x00":
        raise BadInput(f"--database: {path} is not a SQLite database (choose a new file name, "
                       f"or the server's database)")
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            connection.execute("PRAGMA schema_version").fetchall()
        finally:
            connection.close()
    except sqlite3.DatabaseError as exc:
        raise BadInput(f"--database: cannot open {path}: {exc}") from None


def check_port(host: str, port: int) -> None:
    """Refuse a port another program listens on (as uvicorn binds it: with SO_REUSEADDR)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise BadInput(f"--host: cannot use {host!r}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise BadInput(f"--port: {port} is already in use on {host} (another server "
                               f"is running there?); choose another with --port") from None
            raise BadInput(f"--host: cannot listen on {host}:{port}: {exc.strerror}") from None


def prepare(url: str | None, workers: int) -> str:
    """Check the database URL against the worker count and bring the database up to date;
    returns the URL. A database that cannot be opened is bad input, in one line."""
    url = database_url(url)
    kind = engine_kind(url)
    try:
        configured_rates()
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    if kind == "sqlite" and workers > 1:
        raise BadInput("--workers: SQLite runs in one process; use --database postgresql://... "
                       "for several workers")
    if kind == "sqlite":
        check_sqlite_file(url)
    try:
        with warnings.catch_warnings():    # Piccolo warns (in colour) before failing
            warnings.simplefilter("ignore")
            run_blocking(lambda: migrate(engine_for(url)))
    except (OSError, ConnectionError) as exc:
        raise BadInput(f"--database: cannot open {mask(url)}: {mask(str(exc))}") from None
    except Exception as exc:  # asyncpg's own errors (no such database, bad password...)
        if type(exc).__module__.startswith(("asyncpg", "sqlite3")):
            raise BadInput(f"--database: cannot open {mask(url)}: {mask(str(exc))}") from None
        raise
    return url


def serve(url: str | None, host: str, port: int, workers: int, *,
          url_file: str | None = None, json_logs: bool = False,
          forwarded_allow_ips: str = "127.0.0.1", root_path: str = "",
          token_days: float | None = None) -> None:
    """Serve until interrupted: every worker builds the app from the environment."""
    import uvicorn

    file = url_file or os.environ.get(URL_FILE_ENV)
    if url is None and file:
        url = url_from_file(file)
    if root_path and (not root_path.startswith("/") or root_path.endswith("/")):
        raise BadInput(f"--root-path: expected a path such as /orapa, got {root_path!r}")
    check_port(host, port)
    url = prepare(url, workers)
    os.environ["ORAPA_DATABASE_URL"] = url
    os.environ[MIGRATED_ENV] = url
    if token_days is not None:
        os.environ["ORAPA_TOKEN_DAYS"] = str(token_days)
    # events are a few hundred bytes: compressing each socket message costs more CPU than
    # it saves on the wire. Players think between questions for longer than uvicorn's 5 s
    # keep-alive: a connection closed meanwhile makes the next question fail in some clients
    # (one that sends on it just as the server closes it), so idle connections stay open longer.
    uvicorn.run("web.app:create_app", factory=True, host=host, port=port, workers=workers,
                log_level="info", ws_per_message_deflate=False,
                timeout_keep_alive=KEEP_ALIVE_SECONDS,
                timeout_graceful_shutdown=SHUTDOWN_GRACE_SECONDS, log_config=log_config(json_logs),
                proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips,
                root_path=root_path, server_header=False)
