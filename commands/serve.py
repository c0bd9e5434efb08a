"""`orapa serve`: the game server (FastAPI under uvicorn) with the browser app."""
from __future__ import annotations

from typing import Any, Callable

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--database", default=None, metavar="URL",
              help="sqlite:///PATH or postgresql://USER:PASSWORD@HOST:PORT/DB "
                   "(default: $ORAPA_DATABASE_URL, else sqlite:///./orapa.db). A password here "
                   "shows in `ps`: prefer the environment or --database-file.")
@click.option("--database-file", default=None, metavar="PATH",
              help="A file whose first line is the database URL (default: "
                   "$ORAPA_DATABASE_URL_FILE); keeps the password off the command line.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes (more than one needs PostgreSQL).")
@click.option("--log-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="json: one JSON object per line (for log collectors).")
@click.option("--forwarded-allow-ips", default="127.0.0.1", show_default=True,
              metavar="IPS", help="Proxies whose X-Forwarded-For/-Proto are believed "
                                  "(comma-separated, or * behind a private network).")
@click.option("--root-path", default="", metavar="PATH",
              help="The path prefix a reverse proxy serves the app under (e.g. /orapa), "
                   "when it strips that prefix before passing requests on.")
@click.option("--token-days", type=click.FloatRange(min=0, min_open=True), default=None,
              help="Refuse player tokens older than this many days (default: never).")
def serve_command(host: str, port: int, database: str | None, database_file: str | None,
                  workers: int, log_format: str, forwarded_allow_ips: str, root_path: str,
                  token_days: float | None) -> None:
    """Serve the games over HTTP and WebSocket (the API under /api, the app at /)."""
    from web.server import serve

    serve(database, host, port, workers, url_file=database_file,
          json_logs=log_format == "json", forwarded_allow_ips=forwarded_allow_ips,
          root_path=root_path, token_days=token_days)


DATABASE_HELP = "sqlite:///PATH or postgresql://... (default: $ORAPA_DATABASE_URL)"
F = Callable[..., Any]


def database_options(command: F) -> F:
    """`--database URL` and `--database-file PATH`, as every `orapa database` command takes them."""
    command = click.option("--database-file", default=None, metavar="PATH",
                           help="A file whose first line is the database URL.")(command)
    return click.option("--database", default=None, metavar="URL", help=DATABASE_HELP)(command)


def _url(database: str | None, database_file: str | None) -> str:
    from web.app import database_url
    from web.server import url_from_file

    if database is None and database_file:
        database = url_from_file(database_file)
    return database_url(database)


@click.group("database")
def database_group() -> None:
    """The game server's database: backups (taken while it runs), restores, one game's log."""


@database_group.command("backup")
@database_options
@click.option("--out", required=True, type=click.Path(dir_okay=False, writable=True),
              help="The backup file to write (JSON lines).")
def backup_command(database: str | None, database_file: str | None, out: str) -> None:
    """Back up every player, game, event and analysis, from one snapshot (the server may run)."""
    import os

    from web.backup import backup

    url = _url(database, database_file)
    partial = out + ".partial"
    try:
        with open(partial, "w", encoding="utf-8") as stream:
            counts = backup(url, stream)
        os.replace(partial, out)          # a backup file is whole or absent
    except OSError as exc:
        raise click.BadParameter(f"cannot write {out}: {exc.strerror}", param_hint="--out")
    click.echo(f"backed up {counts['orapa_game']} games, {counts['orapa_event']} events and "
               f"{counts['orapa_player']} players to {out}")


@database_group.command("restore")
@database_options
@click.argument("backup_file", type=click.File("r", encoding="utf-8"))
def restore_command(database: str | None, database_file: str | None, backup_file: Any) -> None:
    """Fill a new, empty database from a backup (stop the server that used the old one)."""
    from web.backup import restore

    counts = restore(_url(database, database_file), backup_file, backup_file.name)
    click.echo(f"restored {counts['orapa_game']} games, {counts['orapa_event']} events and "
               f"{counts['orapa_player']} players")


@database_group.command("export-game")
@database_options
@click.argument("game", type=click.IntRange(1, 2 ** 31 - 1))
def export_game_command(database: str | None, database_file: str | None, game: int) -> None:
    """One game's row and its whole event log as one JSON document (it holds the secrets:
    mines and deals)."""
    import json

    from web.backup import export_game

    click.echo(json.dumps(export_game(_url(database, database_file), game), indent=1))
