"""Real `orapa serve` processes: SIGKILL in the middle of a game and a restart on the same
database lose nothing (the game goes on, computer seats resume, a socket catches up with
after=N); with PostgreSQL and two workers, events committed through one worker reach the
sockets of both, and of many simultaneous guesses exactly one is recorded."""
from __future__ import annotations

import contextlib
import json
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest
from websockets.sync.client import connect

from tests.web.helpers import legal_mine
from tests.web.serve_process import Server


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def call(server: Server, method: str, path: str, token: str | None = None,
         body: Any = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with httpx.Client(base_url=server.base, timeout=30) as client:   # a fresh connection
        return client.request(method, path, headers=headers, json=body)


def sign_up(server: Server, name: str) -> str:
    return call(server, "POST", "/api/players", body={"name": name}).json()["token"]


def test_sigkill_mid_game_then_restart_carries_on(database_url: str, servers: list[Server],
                                                  tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = Server(database_url, log).start()
    servers.append(server)
    dee, ann = sign_up(server, "Dee"), sign_up(server, "Ann")
    seats = [{"role": "director", "kind": "human"}, {"role": "explorer", "kind": "human"},
             {"role": "explorer", "kind": "computer", "level": "easy"}]
    created = call(server, "POST", "/api/games", dee, {"mode": "table", "seats": seats}).json()
    gid = created["game"]["id"]
    call(server, "POST", f"/api/games/{gid}/join", ann, {"code": created["code"]})
    call(server, "PUT", f"/api/games/{gid}/mine", dee, legal_mine(9))

    def my_turn(srv: Server) -> dict[str, Any]:
        for _ in range(1200):
            state = call(srv, "GET", f"/api/games/{gid}", ann).json()
            if state["to_move"] == 1:
                return state
            time.sleep(0.05)
        raise AssertionError("Ann's turn never came")

    assert call(server, "POST", f"/api/games/{gid}/actions", ann, {"shot": "3"}).status_code \
        == 200
    before = call(server, "GET", f"/api/games/{gid}/events", dee).json()["events"]
    server.kill()                       # the computer explorer is thinking about its move
    restarted = Server(database_url, log).start()
    servers.append(restarted)
    after = call(restarted, "GET", f"/api/games/{gid}/events", dee).json()["events"]
    assert after[:len(before)] == before            # nothing lost
    seen = before[-1]["seq"]
    with connect(f"ws://127.0.0.1:{restarted.port}/api/games/{gid}/live?token={dee}"
                 f"&after={seen}") as ws:
        first = json.loads(ws.recv(timeout=30))
        assert first["id"] == gid and first["mines"]["0"] == legal_mine(9)
        my_turn(restarted)                          # the computer seat carried on
        for shot in ("4", "5"):
            assert call(restarted, "POST", f"/api/games/{gid}/actions", ann,
                        {"shot": shot}).status_code == 200
            my_turn(restarted)
        won = call(restarted, "POST", f"/api/games/{gid}/actions", ann,
                   {"guess": legal_mine(9)}).json()
        assert won["game"]["outcome"] == "win" and won["game"]["winners"] == [1]
        streamed = []
        while not streamed or streamed[-1]["type"] != "over":
            streamed.append(json.loads(ws.recv(timeout=60)))
    assert [e["seq"] for e in streamed] == list(range(seen + 1, seen + 1 + len(streamed)))
    assert [e["seat"] for e in streamed if e["type"] in ("shot", "cell")][:1] == [2]
    final = call(restarted, "GET", f"/api/games/{gid}/events", dee).json()["events"]
    assert final == before + streamed


def test_two_postgresql_workers_share_events_and_one_guess_wins(
        pg_cluster: Any, servers: list[Server], tmp_path: Path) -> None:
    server = Server(pg_cluster.new_database(), tmp_path / "server.log", workers=2).start()
    servers.append(server)
    dee, ann, bob = (sign_up(server, n) for n in ("Dee", "Ann", "Bob"))
    seats = [{"role": "director", "kind": "human"}, {"role": "explorer", "kind": "human"},
             {"role": "explorer", "kind": "human"}]
    created = call(server, "POST", "/api/games", dee, {"mode": "table", "seats": seats}).json()
    gid = created["game"]["id"]
    for token in (ann, bob):
        call(server, "POST", f"/api/games/{gid}/join", token, {"code": created["code"]})
    call(server, "PUT", f"/api/games/{gid}/mine", dee, legal_mine(6))
    start = call(server, "GET", f"/api/games/{gid}", dee).json()["seq"]
    sockets, workers = [], set()
    stack = contextlib.ExitStack()
    for _ in range(40):                 # sockets until both workers hold some
        ws = stack.enter_context(connect(f"ws://127.0.0.1:{server.port}/api/games/{gid}/live"
                                         f"?token={dee}&after={start}"))
        ws.recv(timeout=10)
        sockets.append(ws)
        workers.add(ws.response.headers["x-orapa-worker"])
        if len(workers) == 2 and len(sockets) >= 4:
            break
    assert len(workers) == 2, "the kernel never gave a socket to the second worker"
    # each worker judges moves on its cached game, kept current by the other's NOTIFY: moves
    # through both, alternating explorers, are all accepted
    acted_by, asked = set(), []
    for i, cell in enumerate(f"{col}{row}" for row in range(1, 9) for col in "ABCDEFGHIJ"):
        token = ann if i % 2 == 0 else bob
        response = call(server, "POST", f"/api/games/{gid}/actions", token, {"cell": cell})
        assert response.status_code == 200, response.text
        acted_by.add(response.headers["x-orapa-worker"])
        asked.append(cell)
        if len(acted_by) == 2 and len(asked) >= 6 and len(asked) % 2 == 0:
            break        # (an even count: Ann, who guesses below, is to move again)
    assert len(acted_by) == 2, "every move went to one worker"
    last = call(server, "GET", f"/api/games/{gid}", dee).json()["seq"]
    for ws in sockets:
        got = [json.loads(ws.recv(timeout=20)) for _ in range(last - start)]
        assert [e["seq"] for e in got] == list(range(start + 1, last + 1))
        assert [e["cell"] for e in got if e["type"] == "cell"] == asked
    stack.close()
    # many simultaneous guesses by the explorer to move: the database lets one through
    barrier, results = threading.Barrier(8), []

    def guess(seed: int) -> None:
        barrier.wait()
        results.append(call(server, "POST", f"/api/games/{gid}/actions", ann,
                            {"guess": legal_mine(seed)}))

    threads = [threading.Thread(target=guess, args=(20 + i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(r.status_code for r in results) == [200] + [409] * 7
    events = call(server, "GET", f"/api/games/{gid}/events", dee).json()["events"]
    assert [e["type"] for e in events].count("guess") == 1
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
