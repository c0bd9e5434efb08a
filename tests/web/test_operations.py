"""Running the server for real (issue 30): no token in any log line, a rejected socket closed
with 4401 and its reason, a 500 that keeps the keep-alive connection, JSON-lines logs, the
metrics endpoint only for its token, rate limits with Retry-After."""
from __future__ import annotations

import http.client
import json
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.pg_cluster import free_port
from tests.web.helpers import run_coroutine
from tests.web.serve_process import Server
from web.app import create_app


@pytest.fixture
def json_server(tmp_path: Path) -> Iterator[Server]:
    server = Server(f"sqlite:///{tmp_path / 'o.db'}", tmp_path / "server.log",
                    args=("--log-format", "json")).start()
    yield server
    server.stop()


def test_no_token_in_any_log_line_and_4401_at_the_handshake(json_server: Server) -> None:
    base, port = json_server.base, json_server.port
    token = httpx.post(f"{base}/api/players", json={"name": "Ella"}).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    gid = httpx.post(f"{base}/api/games", json={"mode": "solo"}, headers=auth).json()["game"]["id"]
    live = f"ws://127.0.0.1:{port}/api/games/{gid}/live"
    with connect(f"{live}?after=0&token={token}") as ws:            # scripts: still works
        assert json.loads(ws.recv(timeout=10))["id"] == gid
    with connect(live, subprotocols=["orapa", f"bearer.{token}"]) as ws:   # the app's way
        assert ws.subprotocol == "orapa" and json.loads(ws.recv(timeout=10))["id"] == gid
    httpx.get(f"{base}/api/games/{gid}?token={token}", headers=auth)
    for where in (f"{live}?token=wrong{token[:8]}", live):
        protocols = ["orapa", "bearer.nope"] if where == live else None
        with connect(where, subprotocols=protocols) as ws:    # (was a bare 403 handshake)
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
        assert closed.value.rcvd.code == 4401 and "token" in closed.value.rcvd.reason
    json_server.stop()
    log = json_server.log.read_text()
    assert token not in log and token[:12] not in log
    lines = [line for line in log.splitlines() if line.strip()]
    entries = [json.loads(line) for line in lines]          # every line is one JSON object
    assert any(e.get("path", "").startswith(f"/api/games/{gid}") for e in entries)
    assert any("token=***" in e["message"] for e in entries)


def test_a_500_keeps_the_keep_alive_connection(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'o.db'}")

    @app.get("/api/test-failure")
    async def failure() -> None:
        raise RuntimeError("a bug")

    app.router.routes.insert(0, app.router.routes.pop())     # before the app's own pages
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.05)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        for _ in range(10):
            connection.request("GET", "/api/test-failure")
            answer = connection.getresponse()
            body = json.loads(answer.read())
            assert answer.status == 500 and "RuntimeError" not in body["error"]
            connection.request("GET", "/api/health")   # the same connection
            health = connection.getresponse()
            assert health.status == 200 and json.loads(health.read())["status"] == "ok"
        connection.close()
    finally:
        server.should_exit = True
        thread.join(10)


def test_metrics_need_the_operators_token(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'o.db'}"
    with TestClient(create_app(url)) as client:
        assert client.get("/api/metrics").status_code == 404            # off by default
    monkeypatch.setenv("ORAPA_METRICS_TOKEN", "s3cret-metrics")
    with TestClient(create_app(url)) as client:
        client.get("/api/health")
        assert client.get("/api/metrics").status_code == 401
        assert client.get("/api/metrics", headers={"Authorization": "Bearer x"}).status_code \
            == 401
        figures = client.get("/api/metrics", headers={"Authorization": "Bearer s3cret-metrics"})
        assert figures.status_code == 200
        for name in ("orapa_requests_total", "orapa_request_seconds_bucket",
                     "orapa_sockets_open", "orapa_games_loaded", "orapa_hint_jobs_waiting"):
            assert name in figures.text, name


def test_sign_ups_past_the_rate_are_429_with_retry_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORAPA_RATE_LIMITS", "sign-up=3/minute;join=2/minute")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'o.db'}")) as client:
        answers = [client.post("/api/players", json={"name": f"p{i}"}) for i in range(4)]
        assert [a.status_code for a in answers] == [201, 201, 201, 429]
        assert int(answers[3].headers["retry-after"]) >= 1
        assert "too many sign-ups" in answers[3].json()["error"]
        token = answers[0].json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        created = client.post("/api/games", json={"mode": "duel", "seats": [
            {"role": "player", "kind": "human"}] * 2}, headers=auth).json()
        joins = [client.post(f"/api/games/{created['game']['id']}/join",
                             json={"code": created["code"]}, headers=auth) for _ in range(3)]
        assert [j.status_code for j in joins] == [200, 200, 429]


def test_the_hint_pool_runs_one_computation_per_player() -> None:
    import asyncio

    from web.errors import ApiError
    from web.limits import HintPool

    async def scenario() -> list[Any]:
        pool, release = HintPool(threads=1, queue=1), threading.Event()
        first = asyncio.ensure_future(pool.run(1, release.wait, 10))
        await asyncio.sleep(0.1)
        second = asyncio.ensure_future(pool.run(2, lambda: "second"))   # waits its turn
        await asyncio.sleep(0.1)
        outcomes: list[Any] = []
        for who in (1, 3):          # 1: its own hint is still running; 3: the queue is full
            try:
                outcomes.append(await pool.run(who, lambda: who))
            except ApiError as exc:
                outcomes.append(exc.status)
        outcomes.append(second.done())
        release.set()
        await first
        outcomes.append(await second)
        outcomes.append(await pool.run(3, lambda: 3))       # room again
        pool.close()
        return outcomes

    assert run_coroutine(scenario()) == [429, 503, False, "second", 3]
