"""`orapa serve`: the game server (FastAPI under uvicorn) with the browser app."""
from __future__ import annotations

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--database", default=None, metavar="URL",
              help="sqlite:///PATH or postgresql://USER:PASSWORD@HOST:PORT/DB "
                   "(default: $ORAPA_DATABASE_URL, else sqlite:///./orapa.db).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes (more than one needs PostgreSQL).")
def serve_command(host: str, port: int, database: str | None, workers: int) -> None:
    """Serve the games over HTTP and WebSocket (the API under /api, the app at /)."""
    from web.server import serve

    serve(database, host, port, workers)
