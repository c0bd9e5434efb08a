"""Whole Orapa games of every mode through the API only (computer seats included), on SQLite
and on PostgreSQL; the log replays; sockets deliver every event in order."""
from __future__ import annotations

import random
from typing import Any

from tests.web.conftest import wait_for
from tests.web.helpers import human_table, legal_mine, next_action


def my_turn_or_over(state: dict[str, Any], seat: int) -> dict[str, Any] | None:
    return state if state["status"] == "over" or state["to_move"] == seat else None


def play_until_over(me: Any, gid: int, seat: int, rng: random.Random) -> dict[str, Any]:
    """Play `seat` with the advisor whenever it is its turn, until the game is over."""
    for _ in range(200):
        state = wait_for(lambda: my_turn_or_over(me.state(gid), seat))
        if state["status"] == "over":
            return state
        response = me.post(f"/api/games/{gid}/actions", next_action(state, seat, rng))
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["event"]["seat"] == seat and body["game"]["seq"] >= body["event"]["seq"]
    raise AssertionError("the game did not end")


def check_log(me: Any, gid: int, state: dict[str, Any]) -> None:
    """The log is gap-free from seq 1 and ends with `over`; REST and socket agree."""
    events = me.get(f"/api/games/{gid}/events").json()["events"]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert events[-1]["type"] == "over" and events[-1]["outcome"] == state["outcome"]
    with me.client.websocket_connect(f"/api/games/{gid}/live?token={me.token}&after=3") as ws:
        assert ws.receive_json()["status"] == "over"
        streamed = [ws.receive_json() for _ in range(len(events) - 3)]
    assert streamed == events[3:]


def test_solo_game_to_the_end(player: Any) -> None:
    me = player("Ella")
    created = me.post("/api/games", {"game": "orapa", "mode": "solo"})
    assert created.status_code == 201, created.text
    game = created.json()["game"]
    assert game["seats"][0]["player"] == me.id and game["mines"] == {}
    state = play_until_over(me, game["id"], 0, random.Random(1))
    assert state["outcome"] == "win" and state["winners"] == [0]
    assert set(state["mines"]) == {"1"}          # revealed at the end
    check_log(me, game["id"], state)
    events = me.get(f"/api/games/{game['id']}/events").json()["events"]
    stats = me.get(f"/api/players/{me.id}/stats").json()
    assert (stats["games"], stats["wins"], stats["by_mode"]["solo"]["wins"]) == (1, 1, 1)
    assert stats["average_questions"] == sum(e["type"] in ("shot", "cell") for e in events)
    assert stats["won_games"] == 1 and stats["training"]["games"] == 0


def test_duel_against_the_computer(player: Any) -> None:
    me = player("Ann")
    seats = [{"role": "player", "kind": "human"},
             {"role": "player", "kind": "computer", "level": "easy"}]
    game = me.post("/api/games", {"game": "orapa", "mode": "duel", "seats": seats}).json()["game"]
    gid = game["id"]
    assert me.post(f"/api/games/{gid}/actions", {"shot": "1"}).status_code == 409  # no mine yet
    placed = me.put(f"/api/games/{gid}/mine", legal_mine(5))
    assert placed.status_code == 200 and placed.json()["game"]["mines"]["0"] == legal_mine(5)
    state = play_until_over(me, gid, 0, random.Random(2))
    assert state["outcome"] in ("win", "tie") and state["winners"]
    assert set(state["mines"]) == {"0", "1"}
    check_log(me, gid, state)


def test_table_with_a_human_director_and_computer_explorers(player: Any) -> None:
    dee, ann = player("Dee"), player("Ann")
    seats = [{"role": "director", "kind": "human"}, {"role": "explorer", "kind": "human"},
             {"role": "explorer", "kind": "computer", "level": "easy"}]
    created = dee.post("/api/games", {"game": "orapa", "mode": "table", "seats": seats}).json()
    gid = created["game"]["id"]
    joined = ann.post(f"/api/games/{gid}/join", {"code": created["code"].lower()})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    again = ann.post(f"/api/games/{gid}/join", {"code": created["code"]})
    assert again.json()["seat"] == 1                      # joining twice: the same seat
    eve = player("Eve")
    assert eve.post(f"/api/games/{gid}/join", {"code": created["code"]}).status_code == 409
    bad = dee.put(f"/api/games/{gid}/mine", {"gems": legal_mine(3)["gems"][:4]})
    assert bad.status_code == 422 and "gems must be exactly" in bad.json()["error"]
    assert dee.put(f"/api/games/{gid}/mine", legal_mine(3)).status_code == 200
    assert dee.state(gid)["status"] == "playing"
    state = play_until_over(ann, gid, 1, random.Random(3))
    assert state["outcome"] in ("win", "all lose")
    assert dee.state(gid)["mines"]["0"] == legal_mine(3)
    check_log(dee, gid, state)


def test_a_human_directors_mine_gets_every_broken_rule_back_by_name(player: Any) -> None:
    dee = player("Dee")
    seats = [{"role": "director", "kind": "human"},
             {"role": "explorer", "kind": "computer", "level": "easy"},
             {"role": "explorer", "kind": "computer", "level": "easy"}]
    gid = dee.post("/api/games", {"mode": "table", "seats": seats}).json()["game"]["id"]
    mine = legal_mine(3)

    def onto(moved: int, still: int) -> None:      # slide gem `moved` onto gem `still`
        (ax, ay), (bx, by) = mine["gems"][still]["vertices"][0], \
            mine["gems"][moved]["vertices"][0]
        mine["gems"][moved]["vertices"] = [[x + ax - bx, y + ay - by]
                                           for x, y in mine["gems"][moved]["vertices"]]
    onto(1, 0)
    onto(3, 2)
    refused = dee.put(f"/api/games/{gid}/mine", mine)
    assert refused.status_code == 422
    error = refused.json()["error"]
    assert "gems[0] (red parallelogram) and gems[1] (yellow triangle) overlap" in error
    assert "gems[2] (blue large-triangle) and gems[3] (white large-triangle) overlap" in error
    assert dee.state(gid)["status"] == "waiting" and dee.state(gid)["mines_placed"] == []
    assert dee.put(f"/api/games/{gid}/mine", legal_mine(3)).status_code == 200


def test_asking_again_is_free_and_keeps_the_turn(player: Any) -> None:
    """RULINGS O5 at a table of people: the same port again, the exit port of an earlier shot
    and the same cell again are answered from the record, not counted, and the turn stays."""
    dee, ann, bob, gid, mine = human_table(player)
    first = ann.post(f"/api/games/{gid}/actions", {"shot": "1"}).json()
    assert first["event"]["type"] == "shot" and first["game"]["to_move"] == 2
    back = first["event"]["exit"]
    assert back != "absorbed", "pick another mine: this test needs a shot that comes out"
    again = bob.post(f"/api/games/{gid}/actions", {"shot": back}).json()
    assert again["event"]["type"] == "confirm" and again["game"]["to_move"] == 2
    assert (again["event"]["shot"], again["event"]["exit"]) == (back, "1")
    assert again["event"].get("color") == first["event"].get("color")
    same = bob.post(f"/api/games/{gid}/actions", {"shot": "1"}).json()
    assert same["event"]["type"] == "confirm" and same["game"]["to_move"] == 2
    assert same["game"]["observations"]["1"] == [{k: v for k, v in first["event"].items()
                                                  if k in ("shot", "exit", "color")}]
    cell = bob.post(f"/api/games/{gid}/actions", {"cell": "E4"}).json()
    assert cell["event"]["type"] == "cell" and cell["game"]["to_move"] == 1
    repeat = ann.post(f"/api/games/{gid}/actions", {"cell": "e4"}).json()
    assert repeat["event"]["type"] == "confirm" and repeat["game"]["to_move"] == 1
    assert len(repeat["game"]["observations"]["1"]) == 2
    events = ann.get(f"/api/games/{gid}/events").json()["events"]
    assert [e["type"] for e in events if e["type"] in ("shot", "cell", "confirm", "turn")] == \
        ["turn", "shot", "turn", "confirm", "confirm", "cell", "turn", "confirm"]


def test_two_computer_seats_have_distinct_names(player: Any) -> None:
    me = player("Ann")
    seats = me.post("/api/games", {"mode": "table"}).json()["game"]["seats"]
    computers = [s["name"] for s in seats if s["kind"] == "computer"]
    assert len(computers) == 2 and len(set(computers)) == 2, computers
    solo = me.post("/api/games", {"mode": "solo"}).json()["game"]["seats"]
    assert [s["name"] for s in solo if s["kind"] == "computer"] == ["computer (normal)"]


def test_a_player_resigns_a_duel_and_the_other_wins(player: Any) -> None:
    ann, bob = player("Ann"), player("Bob")
    seats = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "human"}]
    created = ann.post("/api/games", {"mode": "duel", "seats": seats}).json()
    gid = created["game"]["id"]
    bob.post(f"/api/games/{gid}/join", {"code": created["code"]})
    assert ann.post(f"/api/games/{gid}/actions", {"resign": True}).status_code == 409  # no mines
    ann.put(f"/api/games/{gid}/mine", legal_mine(3))
    bob.put(f"/api/games/{gid}/mine", legal_mine(4))
    assert bob.post(f"/api/games/{gid}/actions", {"resign": "yes"}).status_code == 422
    out = bob.post(f"/api/games/{gid}/actions", {"resign": True})      # not Bob's turn: allowed
    assert out.status_code == 200 and out.json()["event"]["type"] == "resign"
    state = out.json()["game"]
    assert (state["status"], state["outcome"], state["winners"]) == ("over", "win", [0])
    assert ann.post(f"/api/games/{gid}/actions", {"resign": True}).status_code == 409
    assert ann.get(f"/api/players/{ann.id}/stats").json()["wins"] == 1
