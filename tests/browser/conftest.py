"""Browser tests: headless Chromium (Debian's, never a Playwright download) driven by Playwright
against a real `orapa serve` on 127.0.0.1 (a free port, SQLite in a temporary directory).

Skipped with a one-line reason when Chromium, Playwright, the server or the built app is missing.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "web" / "frontend" / "dist" / "index.html"
SHOTS = ROOT / "docs" / "web"
CHROMIUM = os.environ.get("ORAPA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def _missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not Path(CHROMIUM).exists():
        return "chromium is not installed (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright)"
    try:
        import web.app  # noqa: F401
    except ImportError:
        return "the game server (web/) is not installed"
    if not DIST.is_file():
        return "the browser app is not built (make frontend)"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a fresh `orapa serve`, for the whole session."""
    reason = _missing()
    if reason:
        pytest.skip(reason)
    port = _free_port()
    db = tmp_path_factory.mktemp("db") / "orapa.db"
    log = open(db.with_suffix(".log"), "w")
    proc = subprocess.Popen(
        [sys.executable, "-c", "from cli import main; main()", "serve", "--port", str(port),
         "--database", f"sqlite:///{db}"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        # every test signs new players up from 127.0.0.1: the per-address rates are not what
        # these tests are about (tests/web checks them)
        env={**os.environ, "ORAPA_RATE_LIMITS": "off"})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{base}/api/health", timeout=2) as res:
                if json.load(res)["status"] == "ok":
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"orapa serve did not start: {db.with_suffix('.log').read_text()[-2000:]}")
        time.sleep(0.3)
    yield base
    proc.terminate()
    try:
        # a game ended by the last test leaves its analysis running as a background task,
        # which uvicorn waits for on SIGTERM: the throwaway database needs no clean stop
        proc.wait(timeout=2)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


MISSING_TEXTS: list[str] = []
"""The `i18n: missing ns:key` lines any page said during the current test (src/i18n.ts says one
on the console for a text no locale file has)."""


def _watch_texts(context):
    """Note every missing-text line a page of this browser context says."""
    def heard(message) -> None:
        if message.text.startswith("i18n: missing"):
            where = message.page.url if message.page else "?"
            MISSING_TEXTS.append(f"{message.text} (on {where})")

    context.on("console", heard)
    return context


@pytest.fixture(scope="session")
def browser(server: str):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        # every context a test opens, in whatever language, listens for missing texts
        new_context, new_page = chromium.new_context, chromium.new_page

        def watched_context(*args, **kwargs):
            return _watch_texts(new_context(*args, **kwargs))

        def watched_page(*args, **kwargs):
            page = new_page(*args, **kwargs)
            _watch_texts(page.context)
            return page

        chromium.new_context, chromium.new_page = watched_context, watched_page
        yield chromium
        chromium.close()


@pytest.fixture(autouse=True)
def no_missing_texts() -> Iterator[None]:
    """Fail a test whose pages showed a text missing from the locale files (an English page
    too: test_french.py checks the French ones the same way). Autouse, so it is set up before
    and torn down after the test's own fixtures, once their contexts are closed and their
    console lines are in."""
    MISSING_TEXTS.clear()
    yield
    found, MISSING_TEXTS[:] = list(MISSING_TEXTS), []
    assert not found, "texts missing from src/locales: " + "; ".join(found)


@pytest.fixture
def new_page(browser, server):
    """new_page(name, phone=False, still=False): a fresh browser context signed in as a new
    player; `still` asks for reduced motion (the app then runs its animations' steps at once)."""
    contexts = []

    def make(name: str, phone: bool = False, still: bool = False):
        viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        context = browser.new_context(viewport=viewport, base_url=server,
                                      reduced_motion="reduce" if still else "no-preference")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.goto("/")
        page.fill("input[name=name]", name)
        page.click("text=Start playing")
        page.wait_for_selector("text=New game")
        return page

    yield make
    for context in contexts:
        context.close()


ANIMATIONS_DONE = "document.getAnimations().every(a => a.playState !== 'running')"


def wait_until(page, expression: str, timeout: float = 20_000) -> None:
    """Wait until a JavaScript expression is true in the page. (Playwright's wait_for_function
    evaluates its predicate with eval inside the page, which the server's Content Security
    Policy refuses; page.evaluate goes through the debugging protocol and is allowed.)"""
    import time

    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise PlaywrightTimeout(f"still false after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(50)


def screenshot(page, name: str) -> None:
    """Save the view as docs/web/NAME.png (docs/web.md shows them), once the running CSS
    animations (wave paths, flashing cards) have finished."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        wait_until(page, ANIMATIONS_DONE, timeout=3000)
    except PlaywrightTimeout:
        pass    # still moving after 3 s: take it as it is
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
