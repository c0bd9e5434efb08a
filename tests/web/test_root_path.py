"""`orapa serve --root-path /orapa` behind a proxy that serves it under /orapa and strips the
prefix (tests/web/prefix_proxy.py): the page, its assets, the API, the OpenAPI page and the live
socket all answer under the base path, and the page tells the app its base path so that the
app's own calls go there too (issue 30)."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from tests.web.prefix_proxy import PrefixProxy, served_under
from web.app import create_app
from web.frontend import DIST, rooted_page

BUILT = pytest.mark.skipif(not (DIST / "index.html").is_file(),
                           reason="the browser app is not built (make frontend)")


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PrefixProxy]:
    with served_under("/orapa", tmp_path_factory.mktemp("rooted")) as proxy:
        yield proxy


def test_the_page_moves_its_assets_under_the_base_path_and_names_it() -> None:
    page = '<html><head><script type="module" src="/assets/a.js"></script>' \
           '<link rel="stylesheet" href="/assets/a.css"></head></html>'
    rooted = rooted_page(page, "/orapa")
    assert '<meta name="orapa-root" content="/orapa" />' in rooted
    assert 'src="/orapa/assets/a.js"' in rooted and 'href="/orapa/assets/a.css"' in rooted
    assert rooted_page(page, '/a"b').count('"/a&quot;b/assets/') == 2   # (quoted)


@BUILT
def test_without_a_root_path_the_page_is_the_bundle_as_built(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'orapa.db'}")) as client:
        assert client.get("/").text == (DIST / "index.html").read_text(encoding="utf-8")


@BUILT
def test_the_app_its_assets_and_its_api_under_the_base_path(proxied: PrefixProxy) -> None:
    with httpx.Client(base_url=proxied.base, timeout=30) as client:
        for page in ("/", "/games/5", "/daily"):
            answer = client.get(page)
            assert answer.status_code == 200 and "text/html" in answer.headers["content-type"]
            assert '<meta name="orapa-root" content="/orapa" />' in answer.text
            assets = re.findall(r'(?:src|href)="(/[^"]*)"', answer.text)
            assert assets and all(a.startswith("/orapa/assets/") for a in assets), assets
            for asset in assets:
                loaded = httpx.get(f"http://127.0.0.1:{proxied.port}{asset}", timeout=30)
                assert loaded.status_code == 200, asset
                assert loaded.headers["content-type"].split(";")[0] in (
                    "text/javascript", "application/javascript", "text/css")
                if asset.endswith(".js"):       # the app reads its base path from the page
                    assert "orapa-root" in loaded.text
        assert httpx.get(f"http://127.0.0.1:{proxied.port}/api/health").status_code == 404
        assert client.get("/api/health").json()["status"] == "ok"
        assert client.get("/api/openapi.json").status_code == 200
        docs = client.get("/api/docs")
        assert docs.status_code == 200 and "/orapa/api/openapi.json" in docs.text
        signed = client.post("/api/players", json={"name": "Proxied"})
        assert signed.status_code == 201, signed.text
        token = signed.json()["token"]
        created = client.post("/api/games", json={"mode": "solo"},
                              headers={"Authorization": f"Bearer {token}"})
        assert created.status_code == 201, created.text
        gid = created.json()["game"]["id"]
    live = f"ws://127.0.0.1:{proxied.port}/orapa/api/games/{gid}/live?token={token}"
    with connect(live, open_timeout=30) as socket:
        state = json.loads(socket.recv(timeout=30))
        assert state["id"] == gid and state["your_seat"] == 0
