"""An operator's SIGTERM stops `orapa serve` even while a request waits for a long computation
(a finished game's analysis): uvicorn's wait for requests in flight is bounded by the options
`orapa serve` gives it."""
from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from tests.cli_runner import run_cli
from tests.web.pg_cluster import free_port

NOT_OURS = {"app", "factory", "workers", "log_config", "port"}


def _options_of_serve(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                      tmp_path: Path) -> dict[str, Any]:
    """The keyword options `orapa serve` passes to uvicorn.run (which is not run)."""
    seen: dict[str, Any] = {}
    for name in ("ORAPA_DATABASE_URL", "ORAPA_DATABASE_MIGRATED"):     # serve sets both
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: seen.update(options))
    status, _, err = run_cli(capsys, "serve", "--database", f"sqlite:///{tmp_path / 'o.db'}",
                             "--port", str(free_port()))
    assert status == 0 and seen, err
    return seen


def test_a_request_that_never_ends_does_not_hold_the_server_on_sigterm(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    options = _options_of_serve(capsys, monkeypatch, tmp_path)
    arrived = threading.Event()

    async def waits_forever(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        arrived.set()
        await asyncio.Event().wait()        # like a request waiting for an analysis

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(
        waits_forever, port=port, log_config=None,
        **{name: value for name, value in options.items() if name not in NOT_OURS}))
    serving = threading.Thread(target=server.run, daemon=True)
    serving.start()

    def ask() -> None:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games/1/analysis", timeout=120)
        except httpx.HTTPError:
            pass                            # cut off by the stop: what this test wants
    asking = threading.Thread(target=ask, daemon=True)
    for _ in range(200):
        if server.started:
            break
        serving.join(0.05)
    asking.start()
    assert arrived.wait(30), "the request never reached the app"
    server.should_exit = True               # what uvicorn's SIGTERM handler does
    # not a timing check: without a bound uvicorn waits for the request for ever
    serving.join(60)
    assert not serving.is_alive(), "the server still waits for the request in flight"
