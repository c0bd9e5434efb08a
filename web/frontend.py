"""The browser app: the built bundle of web/frontend (web/frontend/dist) at `/`, with its pages
(/games/{id}, /players/{id}, /daily) answered by index.html; without a bundle `/` says in one
line how to build it."""
from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Match

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

    @app.get("/learn", include_in_schema=False)
    @app.get("/learn/{rest:path}", include_in_schema=False)
    async def learn_page(rest: str = "") -> Response:
        return page()   # how to play and the tutorial (the app says "no such page" itself)

    @app.api_route("/{name:path}", include_in_schema=False,
                   methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
    async def static_file(name: str, request: Request) -> Response:
        """A file of the bundle (assets, icons); 405 for a known path asked with another
        method; anything else is 404 (`POST /api/nope` too, not 405)."""
        if request.method not in ("GET", "HEAD"):
            for route in request.app.router.routes:
                if (getattr(route, "endpoint", None) is not static_file
                        and route.matches(request.scope)[0] is Match.PARTIAL):
                    return error_response(405, f"/{name}: {request.method} is not allowed "
                                               f"here")
            return error_response(404, f"/{name}: no such endpoint")
        if name.startswith("api/"):
            return error_response(404, f"/{name}: no such endpoint")
        if "\x00" in name:
            return PlainTextResponse("not found\n", status_code=404)
        root = dist.resolve()
        target = (dist / name).resolve()
        if not target.is_relative_to(root) or not target.is_file():
            index = dist / "index.html"
            if index.is_file():     # the app says "no such page", with a link to the lobby
                return FileResponse(index, status_code=404)
            return PlainTextResponse("not found\n", status_code=404)
        return FileResponse(target)
