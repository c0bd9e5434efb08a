"""The browser app: the built bundle of web/frontend (web/frontend/dist) at `/`, with its pages
(/games/{id}, /players/{id}, /daily) answered by index.html; without a bundle `/` says in one
line how to build it.

Behind a proxy that serves the app under a base path and strips it (`orapa serve --root-path
/orapa`), the page is sent with its asset addresses under that path and the path in
`<meta name="orapa-root">`, from which the app prefixes its API calls, its socket and its
page addresses (web/frontend/src/router.ts)."""
from __future__ import annotations

import html
from functools import lru_cache
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse, Response
from starlette.routing import Match

from web.errors import error_response

DIST = Path(__file__).parent / "frontend" / "dist"
MISSING = "The browser app is not built: run `make frontend` (the API is at /api/docs).\n"


@lru_cache(maxsize=8)
def rooted_page(text: str, root: str) -> str:
    """index.html for an app served under `root` (e.g. /orapa): the bundle's absolute asset
    addresses moved under it, and `root` told to the app in a meta tag."""
    quoted = html.escape(root, quote=True)
    text = text.replace('="/assets/', f'="{quoted}/assets/')
    return text.replace("<head>", f'<head>\n    <meta name="orapa-root" content="{quoted}" />', 1)


def page_response(index: Path, request: Request, status_code: int = 200) -> Response:
    """The app's page, under the request's root path when it has one."""
    root = request.scope.get("root_path", "")
    if not root:
        return FileResponse(index, status_code=status_code)
    return HTMLResponse(rooted_page(index.read_text(encoding="utf-8"), root),
                        status_code=status_code)


def install(app: FastAPI, dist: Path = DIST) -> None:
    """Routes for the app's pages and its static files (registered after the API)."""

    def page(request: Request) -> Response:
        index = dist / "index.html"
        if not index.is_file():
            return PlainTextResponse(MISSING)
        return page_response(index, request)

    @app.get("/", include_in_schema=False)
    async def home(request: Request) -> Response:
        return page(request)

    @app.get("/games/{gid}", include_in_schema=False)
    async def game_page(gid: str, request: Request) -> Response:
        return page(request)

    @app.get("/players/{pid}", include_in_schema=False)
    async def player_page(pid: str, request: Request) -> Response:
        return page(request)

    @app.get("/daily", include_in_schema=False)
    async def daily_page(request: Request) -> Response:
        return page(request)

    @app.get("/learn", include_in_schema=False)
    @app.get("/learn/{rest:path}", include_in_schema=False)
    async def learn_page(request: Request, rest: str = "") -> Response:
        return page(request)   # how to play and the tutorial (the app says "no such page")

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
                return page_response(index, request, 404)
            return PlainTextResponse("not found\n", status_code=404)
        return FileResponse(target)
