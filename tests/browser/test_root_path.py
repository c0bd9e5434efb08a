"""The app behind a proxy that serves it under /orapa and strips the prefix (`orapa serve
--root-path /orapa`, tests/web/prefix_proxy.py): the page loads its assets, signs up, creates
a game and follows it live, every request under the base path (issue 30)."""
from __future__ import annotations

from typing import Iterator

import pytest

from tests.browser.conftest import screenshot
from tests.browser.helpers import create_game
from tests.web.prefix_proxy import PrefixProxy, served_under


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PrefixProxy]:
    with served_under("/orapa", tmp_path_factory.mktemp("rooted")) as proxy:
        yield proxy


def test_the_app_under_a_base_path(browser, proxied: PrefixProxy) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url)
            if r.url.startswith("http") and "/orapa/" not in r.url else None)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(proxied.base + "/")
    page.fill("input[name=name]", "Rooted")
    page.click("text=Start playing")
    page.wait_for_selector("text=New game")
    create_game(page, mode="solo")
    assert page.url.startswith(proxied.base + "/games/"), page.url
    page.wait_for_selector("[data-testid=turn]")
    page.reload()                                   # the address itself opens the game again
    page.wait_for_selector("[data-testid=turn]")
    screenshot(page, "root-path-phone")
    assert outside == [] and errors == []
    assert sockets and all("/orapa/api/games/" in url for url in sockets), sockets
    context.close()
