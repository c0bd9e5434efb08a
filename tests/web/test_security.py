"""Secrets stay secret: no mine reaches an explorer before the end, tokens are checked, and a
seat acts only for itself and on its turn."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.web.conftest import wait_for
from tests.web.helpers import legal_mine, next_action


def gem_texts(layout: dict[str, Any]) -> list[str]:
    """Each gem's vertices as they would appear in any JSON answer."""
    return [json.dumps(g["vertices"]) for g in layout["gems"]]


def seen_nowhere(texts: list[str], layout: dict[str, Any]) -> bool:
    squeezed = [t.replace(" ", "") for t in texts]
    return not any(g.replace(" ", "") in t for g in gem_texts(layout) for t in squeezed)


def test_no_mine_reaches_the_explorer_before_the_end(player: Any) -> None:
    me = player("Ella")
    gid = me.post("/api/games", {"game": "orapa", "mode": "solo"}).json()["game"]["id"]
    seen: list[str] = []
    rng = random.Random(4)
    with me.client.websocket_connect(f"/api/games/{gid}/live?token={me.token}") as ws:
        seen.append(json.dumps(ws.receive_json()))
        while True:
            state = wait_for(lambda: (s := me.state(gid))["to_move"] == 0 and s)
            seen.append(json.dumps(state))
            seen.append(me.get(f"/api/games/{gid}/events").text)
            action = next_action(state, 0, rng)
            if "guess" in action:
                break
            seen.append(me.post(f"/api/games/{gid}/actions", action).text)
        while True:   # everything the socket sent up to now
            message = ws.receive_json()
            seen.append(json.dumps(message))
            if message.get("seq") == state["seq"]:
                break
    final = me.post(f"/api/games/{gid}/actions", action).json()
    assert final["game"]["status"] == "over"
    mine = final["game"]["mines"]["1"]
    assert seen_nowhere(seen, mine)


def test_a_wrong_guess_stays_hidden_from_the_other_explorers(player: Any) -> None:
    dee, ann, bob = player("Dee"), player("Ann"), player("Bob")
    seats = [{"role": "director", "kind": "human"}, {"role": "explorer", "kind": "human"},
             {"role": "explorer", "kind": "human"}]
    created = dee.post("/api/games", {"game": "orapa", "mode": "table", "seats": seats}).json()
    gid = created["game"]["id"]
    for p in (ann, bob):
        assert p.post(f"/api/games/{gid}/join", {"code": created["code"]}).status_code == 200
    assert dee.put(f"/api/games/{gid}/mine", legal_mine(1)).status_code == 200
    wrong = legal_mine(2)
    response = ann.post(f"/api/games/{gid}/actions", {"guess": wrong})
    assert response.status_code == 200 and response.json()["event"]["correct"] is False
    bob_view = bob.get(f"/api/games/{gid}/events").text + json.dumps(bob.state(gid))
    assert seen_nowhere([bob_view], wrong) and seen_nowhere([bob_view], legal_mine(1))
    assert "layout" not in bob.get(f"/api/games/{gid}/events").json()["events"][-2]
    assert bob.state(gid)["mines"] == {} and dee.state(gid)["mines"]["0"] == legal_mine(1)


def test_each_duel_player_sees_only_its_own_mine(player: Any) -> None:
    ann, bob = player("Ann"), player("Bob")
    seats = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "human"}]
    created = ann.post("/api/games", {"game": "orapa", "mode": "duel", "seats": seats}).json()
    gid = created["game"]["id"]
    bob.post(f"/api/games/{gid}/join", {"code": created["code"]})
    ann.put(f"/api/games/{gid}/mine", legal_mine(7))
    bob.put(f"/api/games/{gid}/mine", legal_mine(8))
    assert ann.state(gid)["mines"] == {"0": legal_mine(7)}
    assert bob.state(gid)["mines"] == {"1": legal_mine(8)}
    assert seen_nowhere([json.dumps(ann.state(gid))], legal_mine(8))
    assert ann.client.get(f"/api/games/{gid}").json()["mines"] == {}   # a spectator


def test_tokens_are_required_and_checked(client: Any, player: Any) -> None:
    me = player("Ella")
    gid = me.post("/api/games", {"game": "orapa", "mode": "solo"}).json()["game"]["id"]
    bad = {"Authorization": "Bearer not-a-token"}
    for method, path, body in [("post", "/api/games", {"mode": "solo"}),
                               ("post", f"/api/games/{gid}/actions", {"shot": "1"}),
                               ("put", f"/api/games/{gid}/mine", legal_mine(1)),
                               ("post", f"/api/games/{gid}/join", {"code": "ABCDEF"})]:
        for headers in ({}, bad, {"Authorization": me.token}):
            response = client.request(method, path, json=body, headers=headers)
            assert response.status_code == 401, (path, headers, response.text)
            assert sorted(response.json()) == ["code", "error"]
    assert client.get(f"/api/games/{gid}", headers=bad).status_code == 401
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect(f"/api/games/{gid}/live?token=wrong") as ws:
            ws.receive_json()
    assert closed.value.code == 4401
    assert "token" not in me.get("/api/players/me").json()["player"]


def test_a_seat_acts_only_for_itself_and_on_its_turn(player: Any) -> None:
    dee, ann, bob, eve = player("Dee"), player("Ann"), player("Bob"), player("Eve")
    seats = [{"role": "director", "kind": "human"}, {"role": "explorer", "kind": "human"},
             {"role": "explorer", "kind": "human"}]
    created = dee.post("/api/games", {"game": "orapa", "mode": "table", "seats": seats}).json()
    gid = created["game"]["id"]
    for p in (ann, bob):
        p.post(f"/api/games/{gid}/join", {"code": created["code"]})
    assert ann.put(f"/api/games/{gid}/mine", legal_mine(1)).status_code == 409  # not a director
    dee.put(f"/api/games/{gid}/mine", legal_mine(1))
    assert dee.state(gid)["to_move"] == 1
    assert bob.post(f"/api/games/{gid}/actions", {"shot": "3"}).status_code == 409
    assert dee.post(f"/api/games/{gid}/actions", {"shot": "3"}).status_code == 409
    assert eve.post(f"/api/games/{gid}/actions", {"shot": "3"}).status_code == 403
    assert ann.post(f"/api/games/{gid}/actions", {"shot": "3"}).status_code == 200
    assert ann.post(f"/api/games/{gid}/actions", {"shot": "4"}).status_code == 409
    assert dee.put(f"/api/games/{gid}/mine", legal_mine(2)).status_code == 409  # started
    assert bob.post(f"/api/games/{gid}/actions", {"cell": "E4"}).status_code == 200
    events = dee.get(f"/api/games/{gid}/events").json()["events"]
    assert [e["seat"] for e in events if e["type"] in ("shot", "cell")] == [1, 2]
