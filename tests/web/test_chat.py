"""Chat per game: live over the socket, kept in the log (so in the replay), limited in length
and rate, kept as the players typed it (escaping is the page's job), and never a move."""
from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.web.conftest import Player
from web.app import create_app
from web.routers.chat import MAX_CHAT, clean_text
from web.errors import ApiError

TABLE = [{"role": "director", "kind": "computer", "level": "easy"},
         {"role": "explorer", "kind": "human"}, {"role": "explorer", "kind": "human"}]


def table(player: Any) -> tuple[Any, Any, int]:
    ann, bob = player("Ann"), player("Bob")
    created = ann.post("/api/games", {"mode": "table", "seats": TABLE}).json()
    gid = created["game"]["id"]
    assert bob.post(f"/api/games/{gid}/join", {"code": created["code"]}).status_code == 200
    return ann, bob, gid


def test_chat_reaches_the_socket_and_stays_in_the_log(player: Any) -> None:
    ann, bob, gid = table(player)
    with bob.client.websocket_connect(f"/api/games/{gid}/live?token={bob.token}") as ws:
        first = ws.receive_json()
        for _ in range(first["seq"]):
            ws.receive_json()                       # the log so far
        said = ann.post(f"/api/games/{gid}/chat", {"text": "  good luck <b>all</b>\n"})
        assert said.status_code == 200, said.text
        event = said.json()["event"]
        assert (event["type"], event["seat"], event["text"], event["name"]) == (
            "chat", 1, "good luck <b>all</b>", "Ann")
        while True:           # a computer director may place its mine meanwhile
            got = ws.receive_json()
            if got["type"] == "chat":
                break
        assert got == event
    log = [e for e in bob.get(f"/api/games/{gid}/events").json()["events"] if e["type"] == "chat"]
    assert log == [event]
    spectator = ann.client.get(f"/api/games/{gid}/events").json()["events"]
    assert event in spectator            # spectators read the chat too


def test_chat_is_not_a_move(player: Any) -> None:
    ann, bob, gid = table(player)
    from tests.web.conftest import wait_for
    state = wait_for(lambda: (s := ann.state(gid))["status"] == "playing" and s)
    mover = ann if state["to_move"] == 1 else bob
    other = bob if mover is ann else ann
    other.post(f"/api/games/{gid}/chat", {"text": "your turn, take your time"})
    mover.post(f"/api/games/{gid}/chat", {"text": "thinking"})
    after = ann.state(gid)
    for key in ("to_move", "status", "observations", "guesses_left"):
        assert after[key] == state[key], key
    events = ann.get(f"/api/games/{gid}/events").json()["events"]
    assert [e["type"] for e in events[-2:]] == ["chat", "chat"]     # no `turn` after them
    shot = mover.post(f"/api/games/{gid}/actions", {"shot": "1"})
    assert shot.status_code == 200, shot.text                       # still the mover's turn
    history = ann.get(f"/api/players/{ann.id}/games").json()["games"][0]
    assert history["questions"] == (1 if mover is ann else 0)


def test_who_may_chat_and_what(player: Any) -> None:
    ann, bob, gid = table(player)
    carl = player("Carl")
    refused = carl.post(f"/api/games/{gid}/chat", {"text": "hello"})
    assert refused.status_code == 403 and "seated" in refused.json()["error"]
    assert ann.client.post(f"/api/games/{gid}/chat", json={"text": "hi"}).status_code == 401
    for body in ({"text": ""}, {"text": " \n\t"}, {"text": 5}, {"words": "hi"}, ["hi"],
                 {"text": "x" * (MAX_CHAT + 1)}):
        answer = ann.post(f"/api/games/{gid}/chat", body)
        assert answer.status_code == 422, body
        assert answer.json()["error"].startswith("text:")
    assert ann.post(f"/api/games/{gid}/chat", {"text": "x" * MAX_CHAT}).status_code == 200
    assert ann.post("/api/games/999999/chat", {"text": "hi"}).status_code == 404


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=MAX_CHAT + 20))
def test_a_kept_message_is_printable_trimmed_and_short(text: str) -> None:
    try:
        kept = clean_text(text)
    except ApiError as exc:
        assert exc.status == 422
        return
    assert 1 <= len(kept) <= MAX_CHAT and kept == kept.strip()
    assert all(ch == " " or not ch.isspace() for ch in kept)          # one line
    assert not any(unicodedata.category(ch)[0] == "C" for ch in kept)  # nothing invisible


def test_chat_past_the_rate_is_429_with_retry_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORAPA_RATE_LIMITS", "chat=3/minute;sign-up=100/minute")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'o.db'}")) as client:
        ann, bob = Player(client, "Ann"), Player(client, "Bob")
        created = ann.post("/api/games", {"mode": "table", "seats": TABLE}).json()
        gid = created["game"]["id"]
        bob.post(f"/api/games/{gid}/join", {"code": created["code"]})
        answers = [ann.post(f"/api/games/{gid}/chat", {"text": f"hi {i}"}) for i in range(4)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        assert int(answers[3].headers["retry-after"]) >= 1
        assert "too many chat messages" in answers[3].json()["error"]
        assert bob.post(f"/api/games/{gid}/chat", {"text": "me too"}).status_code == 200
