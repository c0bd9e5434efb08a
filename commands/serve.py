"""`orapa serve`: the game server (FastAPI under uvicorn) with the browser app."""
from __future__ import annotations

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
