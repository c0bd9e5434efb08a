"""Playing together beyond chat: who is online (sockets open per seat, spectators by name)
and the rematch after the end (same options and seats, a new deal, one link for everyone)."""
from __future__ import annotations

from typing import Any

from tests.web.conftest import wait_for
from tests.web.test_chat import TABLE, table

RESIGN = {"resign": True}


def test_presence_follows_the_open_sockets(player: Any) -> None:
    ann, bob, gid = table(player)
    carl = player("Carl")
    path = f"/api/games/{gid}/presence"
    assert ann.get(path).json() == {"online": [], "spectators": [], "anonymous": 0}
    with ann.client.websocket_connect(f"/api/games/{gid}/live?token={ann.token}") as ws:
        ws.receive_json()
        assert ann.get(path).json()["online"] == [1]
        with carl.client.websocket_connect(f"/api/games/{gid}/live?token={carl.token}") as w2, \
                bob.client.websocket_connect(f"/api/games/{gid}/live") as w3:
            w2.receive_json()
            w3.receive_json()
            assert bob.get(path).json() == {"online": [1], "spectators": ["Carl"],
                                            "anonymous": 1}
        assert ann.get(path).json() == {"online": [1], "spectators": [], "anonymous": 0}
    assert ann.get(path).json()["online"] == []
    assert ann.get("/api/games/999999/presence").status_code == 404


def test_a_rematch_has_the_same_options_and_seats_and_one_link(player: Any) -> None:
    ann, bob, gid = table(player)
    carl = player("Carl")
    early = ann.post(f"/api/games/{gid}/rematch", {})
    assert early.status_code == 409 and "not over" in early.json()["error"]
    for who in (ann, bob):
        assert who.post(f"/api/games/{gid}/actions", RESIGN).status_code == 200
    assert carl.post(f"/api/games/{gid}/rematch", {}).status_code == 403
    made = bob.post(f"/api/games/{gid}/rematch", {})
    assert made.status_code == 200, made.text
    event = made.json()["event"]
    assert event["type"] == "rematch" and event["name"] == "Bob"
    again = ann.post(f"/api/games/{gid}/rematch", {}).json()["event"]
    assert again["game"] == event["game"] and again["code"] == event["code"]    # one rematch
    old, new = ann.state(gid), bob.state(event["game"])
    assert new["status"] == "waiting" and new["mode"] == "table"
    assert [(s["role"], s["kind"]) for s in new["seats"]] == [
        (s["role"], s["kind"]) for s in old["seats"]]
    assert new["seats"][1]["name"] == "Bob"
    joined = ann.post(f"/api/games/{event['game']}/join", {"code": event["code"]})
    assert joined.status_code == 200 and joined.json()["seat"] == 2
    seen = [e for e in carl.get(f"/api/games/{gid}/events").json()["events"]
            if e["type"] == "rematch"]
    assert seen and "code" not in seen[0]              # a spectator gets no join code


def test_a_rematch_keeps_the_clock(player: Any) -> None:
    ann, bob = player("Ann"), player("Bob")
    created = ann.post("/api/games", {"mode": "table", "seats": TABLE, "gems": "base",
                                      "clock": {"per_move": 90}}).json()
    gid = created["game"]["id"]
    bob.post(f"/api/games/{gid}/join", {"code": created["code"]})
    # the computer director places its mine in the background: on a loaded machine the
    # explorers could resign before it had (seen as a rerun in two whole runs of the suite)
    wait_for(lambda: ann.state(gid)["status"] == "playing")
    for who in (ann, bob):
        assert who.post(f"/api/games/{gid}/actions", RESIGN).status_code == 200
    new = ann.post(f"/api/games/{gid}/rematch", {}).json()["event"]["game"]
    assert ann.state(new)["clock"]["per_move"] == 90
