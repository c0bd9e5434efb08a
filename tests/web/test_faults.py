"""Fault injection (issue 30): PostgreSQL stopped and restarted under live games, a full disk
under SQLite, a SQLite file turned read-only under the server. Each checks what a client sees
(503 with Retry-After, health `unavailable`, sockets closed with a code and a reason, then
service again) and that nothing acknowledged is lost. (SIGKILL of a server: test_processes.py;
a SQLite writer holding the file lock: test_hardening.py.)"""
from __future__ import annotations

import contextlib
import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.conftest import Player, wait_for
from tests.web.helpers import legal_mine
from tests.web.pg_cluster import Cluster, find_binaries
from tests.web.serve_process import Server
from web.app import create_app


def call(server: Server, method: str, path: str, token: str | None = None,
         body: Any = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with httpx.Client(base_url=server.base, timeout=30) as client:
        return client.request(method, path, headers=headers, json=body)


@pytest.fixture
def own_cluster() -> Iterator[Cluster]:
    """A cluster of this test alone (it is stopped and restarted)."""
    binaries = find_binaries()
    if binaries is None:
        pytest.skip("no PostgreSQL server binaries (initdb, pg_ctl) on this machine")
    cluster = Cluster(binaries).start()
    yield cluster
    cluster.stop()


def test_postgresql_restarted_under_live_games(own_cluster: Cluster, tmp_path: Path) -> None:
    """Two workers; PostgreSQL goes down and comes back. While it is down: 503 with
    Retry-After and health 503; once back, each worker LISTENs again and every socket gets
    the events written through either worker (the old listener never reconnected: sockets of
    the other worker waited for their 20 s poll)."""
    server = Server(own_cluster.new_database(), tmp_path / "server.log", workers=2).start()
    try:
        dee, ann, bob = (call(server, "POST", "/api/players", body={"name": n}).json()["token"]
                         for n in ("Dee", "Ann", "Bob"))
        seats = [{"role": "director", "kind": "human"}, {"role": "explorer", "kind": "human"},
                 {"role": "explorer", "kind": "human"}]
        created = call(server, "POST", "/api/games", dee, {"mode": "table",
                                                          "seats": seats}).json()
        gid = created["game"]["id"]
        for token in (ann, bob):
            call(server, "POST", f"/api/games/{gid}/join", token, {"code": created["code"]})
        call(server, "PUT", f"/api/games/{gid}/mine", dee, legal_mine(6))
        start = call(server, "GET", f"/api/games/{gid}", dee).json()["seq"]
        with contextlib.ExitStack() as stack:
            sockets, workers = [], set()
            for _ in range(40):
                ws = stack.enter_context(connect(
                    f"ws://127.0.0.1:{server.port}/api/games/{gid}/live?after={start}",
                    subprotocols=["orapa", f"bearer.{dee}"]))
                ws.recv(timeout=10)
                sockets.append(ws)
                workers.add(ws.response.headers["x-orapa-worker"])
                if len(workers) == 2 and len(sockets) >= 4:
                    break
            assert len(workers) == 2, "the kernel never gave a socket to the second worker"

            own_cluster.pause()
            down = call(server, "POST", f"/api/games/{gid}/actions", ann, {"cell": "A1"})
            assert down.status_code == 503 and int(down.headers["retry-after"]) >= 1
            assert "try again" in down.json()["error"]
            health = call(server, "GET", "/api/health")
            assert health.status_code == 503 and health.json()["status"] == "unavailable"
            own_cluster.resume()
            wait_for(lambda: call(server, "GET", "/api/health").status_code == 200, 60)

            asked, acted_by, delays = [], set(), []
            cells = (f"{col}{row}" for row in range(1, 9) for col in "ABCDEFGHIJ")
            for i, cell in enumerate(cells):
                token = ann if i % 2 == 0 else bob
                answer = call(server, "POST", f"/api/games/{gid}/actions", token,
                              {"cell": cell})
                assert answer.status_code == 200, answer.text
                acted_by.add(answer.headers["x-orapa-worker"])
                asked.append(cell)
                if len(acted_by) == 2 and len(asked) >= 6:
                    break
            assert len(acted_by) == 2
            last = call(server, "GET", f"/api/games/{gid}", dee).json()["seq"]
            for ws in sockets:
                got: list[dict[str, Any]] = []
                began = time.monotonic()
                with contextlib.suppress(ConnectionClosed):
                    while not got or got[-1]["seq"] < last:
                        got.append(json.loads(ws.recv(timeout=10)))
                delays.append(time.monotonic() - began)
                seqs = [e["seq"] for e in got if "seq" in e]
                assert seqs == list(range(start + 1, last + 1)), seqs
                assert [e["cell"] for e in got if e.get("type") == "cell"] == asked
            print(f"sockets caught up; slowest read {max(delays):.2f} s")
        log = (tmp_path / "server.log").read_text()
        assert "LISTEN again" in log
    finally:
        server.stop()


def _mount_tmpfs(where: Path, size: str = "2m") -> None:
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (needs root)")


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    where = tmp_path / "disk"
    _mount_tmpfs(where)
    yield where
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


def _fill(disk: Path) -> Path:
    filler = disk / "filler"
    with contextlib.suppress(OSError), open(filler, "wb") as stream:
        while True:
            stream.write(b"\0" * 4096)
            stream.flush()
    return filler


def _two_shots_in(client: TestClient) -> tuple[Player, int, list[int]]:
    """Ella signs up, starts a solo game and shoots twice: she, the game's id and the sequence
    numbers of the two acknowledged shots."""
    me = Player(client, "Ella")
    gid = me.post("/api/games", {"mode": "solo"}).json()["game"]["id"]
    wait_for(lambda: me.state(gid)["to_move"] == 0)
    acknowledged = []
    for shot in ("1", "2"):
        answer = me.post(f"/api/games/{gid}/actions", {"shot": shot})
        assert answer.status_code == 200, answer.text
        acknowledged.append(answer.json()["event"]["seq"])
    return me, gid, acknowledged


def test_a_full_disk(small_disk: Path) -> None:
    """SQLite on a 2 MB tmpfs, filled up: moves get 503 with Retry-After and health says
    unavailable; reads still answer; once there is room the game goes on, and every
    acknowledged move is in the log."""
    url = f"sqlite:///{small_disk / 'orapa.db'}"
    with TestClient(create_app(url), raise_server_exceptions=False) as client:
        me, gid, acknowledged = _two_shots_in(client)
        filler = _fill(small_disk)
        refused = None
        for cell in ("A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"):
            answer = me.post(f"/api/games/{gid}/actions", {"cell": cell})
            if answer.status_code == 200:        # (a page or two of room was left)
                acknowledged.append(answer.json()["event"]["seq"])
                continue
            refused = answer
            break
        assert refused is not None and refused.status_code == 503, refused and refused.text
        assert refused.headers["retry-after"].isdigit()
        assert client.get("/api/health").status_code == 503
        assert me.get(f"/api/games/{gid}").status_code == 200         # reads still work
        filler.unlink()
        wait_for(lambda: client.get("/api/health").status_code == 200, 30)
        answer = me.post(f"/api/games/{gid}/actions", {"cell": "J8"})
        assert answer.status_code == 200, answer.text
        acknowledged.append(answer.json()["event"]["seq"])

        seqs = [e["seq"] for e in me.get(f"/api/games/{gid}/events").json()["events"]]
        assert set(acknowledged) <= set(seqs) and seqs == list(range(1, len(seqs) + 1))


def _immutable(files: list[Path], on: bool) -> None:
    """`chattr +i` (or -i): not even root may write them, through descriptors already open too."""
    present = [str(f) for f in files if f.exists()]
    done = subprocess.run(["chattr", "+i" if on else "-i", *present], capture_output=True)
    if done.returncode != 0:
        if on:
            pytest.skip("cannot make a file immutable here (chattr needs root on ext4 or the like)")
        raise AssertionError(done.stderr)


def test_a_read_only_database(tmp_path: Path) -> None:
    """The SQLite file (and its write-ahead log) turned read-only under the running server:
    moves, sign-ups and chat get 503 with a player's message, its code and Retry-After; health
    says unavailable (its check writes); reads of the game and its log still answer. Once
    writable again the game goes on, and every acknowledged move is in the log, in order."""
    if os.geteuid() != 0:
        pytest.skip("making a file immutable needs root")
    db = tmp_path / "orapa.db"
    files = [db, tmp_path / "orapa.db-wal"]
    with TestClient(create_app(f"sqlite:///{db}"), raise_server_exceptions=False) as client:
        me, gid, acknowledged = _two_shots_in(client)
        _immutable(files, True)
        try:
            for refused in (me.post(f"/api/games/{gid}/actions", {"cell": "A1"}),
                            client.post("/api/players", json={"name": "Late"}),
                            me.post(f"/api/games/{gid}/chat", {"text": "hello"})):
                assert refused.status_code == 503, refused.text
                body = refused.json()
                assert body["code"] == "storage_unavailable" and "try again" in body["error"]
                assert "Error" not in body["error"] and refused.headers["retry-after"].isdigit()
            health = client.get("/api/health")
            assert health.status_code == 503 and health.json()["status"] == "unavailable"
            state = me.get(f"/api/games/{gid}")
            assert state.status_code == 200 and state.json()["seq"] >= acknowledged[-1]
            assert me.get(f"/api/games/{gid}/events").status_code == 200
        finally:
            _immutable(files, False)
        wait_for(lambda: client.get("/api/health").status_code == 200, 30)
        answer = me.post(f"/api/games/{gid}/actions", {"cell": "J8"})
        assert answer.status_code == 200, answer.text
        acknowledged.append(answer.json()["event"]["seq"])
        seqs = [e["seq"] for e in me.get(f"/api/games/{gid}/events").json()["events"]]
        assert set(acknowledged) <= set(seqs) and seqs == list(range(1, len(seqs) + 1))
