"""The browser app: the built bundle of web/frontend (web/frontend/dist) at `/`, with its pages
(/games/{id}, /players/{id}, /daily) answered by index.html; without a bundle `/` says in one
line how to build it."""
from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, PlainTextResponse, Response

from web.errors import error_response

DIST = Path(__file__).parent / "frontend" / "dist"
MISSING = "The browser app is not built: run `make frontend` (the API is at /api/docs).\n"


def install(app: FastAPI, dist: Path = DIST) -> None:
    """Routes for the app's pages and its static files (registered after the API)."""

    def page() -> Response:
        index = dist / "index.html"
        if not index.is_file():
            return PlainTextResponse(MISSING)
        return FileResponse(index)

    @app.get("/", include_in_schema=False)
    async def home() -> Response:
        return page()

    @app.get("/games/{gid}", include_in_schema=False)
    async def game_page(gid: str) -> Response:
        return page()

    @app.get("/players/{pid}", include_in_schema=False)
    async def player_page(pid: str) -> Response:
        return page()

    @app.get("/daily", include_in_schema=False)
    async def daily_page() -> Response:
        return page()

    @app.get("/{name:path}", include_in_schema=False)
    async def static_file(name: str) -> Response:
        """A file of the bundle (assets, icons); anything else is 404."""
        root = dist.resolve()
        target = (dist / name).resolve()
        if name.startswith("api/"):
            return error_response(404, f"/{name}: no such endpoint")
        if not target.is_relative_to(root) or not target.is_file():
            return PlainTextResponse("not found\n", status_code=404)
        return FileResponse(target)
