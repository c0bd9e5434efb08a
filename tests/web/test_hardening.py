"""A server one can put on the internet (issue 30), in process: sockets sign in without a token
in the address, tokens can be revoked and expire, bodies are strict, storage failures are 503,
paths with NUL bytes and unknown endpoints are 404, every answer has the security headers,
chosen deals are refused where seats could not see them, and no lock outlives a missing game."""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from tests.web.conftest import Player, wait_for
from web.app import create_app
from web.engines import ServerSQLiteEngine, sqlite_path
from web.models import GAME_OPTIONS


def test_a_socket_signs_in_with_the_bearer_subprotocol(player: Any) -> None:
    me = player("Ella")
    gid = me.post("/api/games", {"game": "orapa", "mode": "solo"}).json()["game"]["id"]
    with me.client.websocket_connect(f"/api/games/{gid}/live",
                                     subprotocols=["orapa", f"bearer.{me.token}"]) as ws:
        assert ws.accepted_subprotocol == "orapa"
        state = ws.receive_json()
        assert state["seats"][0]["player"] == me.id and "mines" in state
    with pytest.raises(WebSocketDisconnect) as closed:
        with me.client.websocket_connect(f"/api/games/{gid}/live",
                                         subprotocols=["orapa", "bearer.wrong"]) as ws:
            ws.receive_json()
    assert closed.value.code == 4401 and "token" in closed.value.reason


def test_sign_out_everywhere_revokes_the_old_token(player: Any) -> None:
    me = player("Ella")
    old = dict(me.headers)
    answer = me.post("/api/players/me/sign-out-everywhere", {})
    assert answer.status_code == 200 and answer.json()["player"]["id"] == me.id
    new = answer.json()["token"]
    assert new != me.token
    assert me.client.get("/api/players/me", headers=old).status_code == 401
    assert me.client.get("/api/players/me",
                         headers={"Authorization": f"Bearer {new}"}).status_code == 200


def test_tokens_expire_when_the_operator_says(player: Any,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    me = player("Ella")
    assert me.get("/api/players/me").status_code == 200
    monkeypatch.setenv("ORAPA_TOKEN_DAYS", "0.000001")      # about 0.1 s
    time.sleep(0.3)
    answer = me.get("/api/players/me")
    assert answer.status_code == 401 and "expired" in answer.json()["error"]
    monkeypatch.setenv("ORAPA_TOKEN_DAYS", "30")
    assert me.get("/api/players/me").status_code == 200


@pytest.mark.parametrize("body, field", [
    ({"game": "orapa", "junk": "a" * 5000}, "junk"),
    ({"game": "orapa", "hints": "yes"}, "hints"),
    ({"game": "ripple", "mode": "m" * 200}, "mode"),
    ({"game": "orapa", "mode": "so\u0000lo"}, "NUL"),
    ({"game": "orapa", "seats": [{"role": "explorer"}] * 40}, "seats"),
    ({"game": "uncovered", "variant": "x" * 100}, "variant"),
])
def test_create_bodies_are_strict(player: Any, body: dict[str, Any], field: str) -> None:
    me = player("Ella")
    answer = me.post("/api/games", body)
    assert answer.status_code == 422 and field in answer.json()["error"], answer.text
    assert me.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("raw, status, words", [
    (b'{"game": "orapa", "allowed_guesses": NaN}', 422, "NaN"),
    (b'{"game": "orapa", "allowed_guesses": Infinity}', 422, "Infinity"),
    (b"[" * 950 + b"]" * 950, 422, "nested"),
    (b'{"game": "orapa", "seed": ' + b"7" * 5000 + b"}", 422, "digits"),
    (b'{"game": "orapa", "mode": "' + b"x" * 300_000 + b'"}', 413, "larger"),
])
def test_hostile_json_is_refused_in_one_line(player: Any, raw: bytes, status: int,
                                            words: str) -> None:
    me = player("Ella")
    answer = me.client.post("/api/games", content=raw,
                            headers={**me.headers, "Content-Type": "application/json"})
    assert answer.status_code == status and words in answer.json()["error"], answer.text


def test_nul_bytes_and_unknown_endpoints(player: Any) -> None:
    me = player("Ella")
    for path in ("/%00", "/..%00/etc/passwd", "/assets/%00x.js"):
        assert me.client.get(path).status_code == 404, path
    answer = me.get("/api/games?code=%00")
    assert answer.status_code == 422 and "NUL" in answer.json()["error"]
    assert me.client.post("/api/nope").status_code == 404
    assert me.client.post("/api/nope").json()["error"].startswith("/api/nope")
    assert me.client.delete("/api/players/me").status_code == 405     # a known path


def test_security_headers_and_no_pid(client: TestClient) -> None:
    for path in ("/api/health", "/", "/api/docs"):
        headers = client.get(path).headers
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-orapa-worker"] != str(os.getpid())


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_no_lock_is_kept_for_missing_games(client: TestClient, player: Any) -> None:
    me = player("Ella")
    service = client.app.state.games
    before = len(service._locks)
    for gid in range(1000, 1200):
        assert me.get(f"/api/games/{gid}").status_code == 404
        assert me.get(f"/api/games/{gid}/events").status_code == 404
    assert len(service._locks) == before


def test_chosen_deals_only_where_every_seat_sees_them(player: Any) -> None:
    ann, bob = player("Ann"), player("Bob")
    two = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "human"}]
    for body in ({"game": "uncovered", "variant": "intermediate", "hands": "1234,4321",
                  "seats": two},
                 {"game": "uncovered", "variant": "intermediate", "seed": 5, "seats": two},
                 {"game": "orapa", "mode": "duel", "seed": 5, "seats": two}):
        answer = ann.post("/api/games", body)
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"].split(":")[0] in ("hands", "seed")
    # face up (beginner), or against computers only: the creator may choose
    assert ann.post("/api/games", {"game": "uncovered", "variant": "beginner",
                                   "hands": "1234,4321", "seats": two}).status_code == 201
    solo = [{"role": "player", "kind": "human"},
            {"role": "player", "kind": "computer", "level": "easy"}]
    assert bob.post("/api/games", {"game": "uncovered", "variant": "intermediate",
                                   "hands": "1234,4321", "seats": solo}).status_code == 201


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_server_deals_with_many_secure_bits(client: TestClient, player: Any,
                                               database_url: str) -> None:
    ann = player("Ann")
    three = [{"role": "player", "kind": "human"}] * 3
    for _ in range(6):
        assert ann.post("/api/games", {"game": "uncovered", "variant": "advanced",
                                       "seats": three}).status_code == 201
    with sqlite3.connect(sqlite_path(database_url)) as db:
        seeds = [json.loads(o)["seed"] for (o,) in db.execute("SELECT options FROM orapa_game")]
    assert len(set(seeds)) == 6 and max(seeds) >= 2 ** 64    # 2**31 was the old range


# ----- storage failures ------------------------------------------------------------------
def started_solo(me: Any) -> int:
    """A solo game whose computer director has hidden its mine."""
    gid = me.post("/api/games", {"game": "orapa", "mode": "solo"}).json()["game"]["id"]
    wait_for(lambda: me.state(gid)["to_move"] == 0)
    return gid


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_full_disk_is_503_with_retry_after(database_url: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(database_url), raise_server_exceptions=False) as client:
        full_disk(client, monkeypatch)


def full_disk(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    me = Player(client, "Ella")
    gid = started_solo(me)

    async def full(self: Any, querystring: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(ServerSQLiteEngine, "write_atomically", full)
    answer = me.post(f"/api/games/{gid}/actions", {"shot": "1"})
    assert answer.status_code == 503 and answer.headers["retry-after"].isdigit()
    assert "try again" in answer.json()["error"] and "Error" not in answer.json()["error"]
    health = client.get("/api/health")
    assert health.status_code == 503 and health.json()["status"] == "unavailable"
    monkeypatch.undo()
    assert me.post(f"/api/games/{gid}/actions", {"shot": "1"}).status_code in (200, 409)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_reads_never_wait_behind_a_locked_writer(client: TestClient, player: Any,
                                                 database_url: str) -> None:
    """Another process holds SQLite's write lock: a move waits for it, a read does not."""
    me = player("Ella")
    gid = started_solo(me)
    other = sqlite3.connect(sqlite_path(database_url), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    results: list[Any] = []
    writer = threading.Thread(target=lambda: results.append(
        me.post(f"/api/games/{gid}/actions", {"shot": "1"})))
    writer.start()
    time.sleep(1.0)                      # (the move is now waiting for the file lock)
    try:
        for _ in range(3):
            assert me.get(f"/api/games/{gid}").status_code == 200
            assert me.get(f"/api/games/{gid}/events").status_code == 200
        assert writer.is_alive()         # the move still waits for the lock
    finally:
        other.execute("ROLLBACK")
        other.close()
    writer.join(30)
    assert results and results[0].status_code == 200, results


# ----- one property over every body ------------------------------------------------------
JSON_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
                        st.text(max_size=20))
BODIES = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=BODIES)
def test_a_create_body_is_stored_only_if_valid(client: TestClient, body: Any) -> None:
    """Whatever the body, the answer is one line under 500, and what is stored holds only the
    game's own options."""
    token = client.post("/api/players", json={"name": "Fuzz"}).json()["token"]
    raw = json.dumps(body, allow_nan=True).encode()
    answer = client.post("/api/games", content=raw, headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    assert answer.status_code < 500 and list(answer.json()) in (["error", "code"], ["game", "code"])
    if answer.status_code == 201:
        game = body.get("game", "orapa") if isinstance(body, dict) else None
        assert isinstance(body, dict) and set(body) <= {"game", "hints", "seats"} | \
            GAME_OPTIONS[game]
