"""Ripple, Mandragora Mania and Uncovered! through the HTTP API only, computer seats included:
whole games to their end, refusals (409 out of turn, 422 illegal), and Uncovered!'s leak check:
every STATE and every event a seat or a spectator gets, for every variant, shows no card that
U5 hides from it (checked against the deal the final STATE reveals)."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.mandragora import replay
from games.ripple import RippleGame, Rules, board_rows, parse_moves
from solver.uncovered.computer import choose_action
from solver.uncovered.search import solve
from tests.web.conftest import wait_for

SQLITE_ONLY = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def over(me: Any, gid: int) -> dict[str, Any] | None:
    state = me.state(gid)
    return state if state["status"] == "over" else None


def turn_or_over(me: Any, gid: int, seats: Any) -> dict[str, Any] | None:
    """The STATE once one of `seats` is to move or the game is over."""
    state = me.state(gid)
    return state if state["status"] == "over" or state["to_move"] in seats else None


def log_of(me: Any, gid: int) -> list[dict[str, Any]]:
    events = me.get(f"/api/games/{gid}/events").json()["events"]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    return events


def test_ripple_against_the_computer_to_the_end(player: Any) -> None:
    """A human seat that plays random legal stones from its STATE against a normal computer."""
    me = player("Ria")
    seats = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "computer", "level": "normal"}]
    created = me.post("/api/games", {"game": "ripple", "palettes": "rb,gy", "seats": seats})
    assert created.status_code == 201, created.text
    state = created.json()["game"]
    gid, rng = state["id"], random.Random(4)
    assert state["status"] == "playing" and state["to_move"] == 0 and state["colours"] == {
        "1": ["red", "blue"], "2": ["green", "yellow"]}
    assert me.post(f"/api/games/{gid}/actions", {"move": "green@3,3"}).status_code == 422
    for _ in range(30):
        state = wait_for(lambda: turn_or_over(me, gid, (0,)))
        if state["status"] == "over":
            break
        free = [(r, c) for r, row in enumerate(state["position"]["board"]) for c, ch in enumerate(row) if ch == "."]
        r, c = rng.choice(free)
        response = me.post(f"/api/games/{gid}/actions", {"move": f"{rng.choice(state['colours']['1'])}@{r},{c}"})
        assert response.status_code == 200, response.text
        event = response.json()["event"]
        assert event["seat"] == 0 and event["type"] == "move" and event["side"] == 1
        if not event["over"]:
            late = me.post(f"/api/games/{gid}/actions", {"move": f"red@{r},{c}"})
            assert late.status_code in (409, 422)  # the computer's turn now, or already taken
    state = wait_for(lambda: over(me, gid))
    moves = [e["move"] for e in log_of(me, gid) if e["type"] == "move"]
    engine = RippleGame.replay(Rules(palettes=((0, 1), (2, 3))), parse_moves(",".join(moves)))
    assert state["position"]["board"] == board_rows(engine.position) and engine.position.over
    assert state["outcome"] in ("win", "tie") and log_of(me, gid)[-1]["type"] == "over"


@SQLITE_ONLY
def test_a_mandragora_match_of_two_computers(player: Any) -> None:
    me = player("Mia")
    seats = [{"role": "player", "kind": "computer", "level": "easy"},
             {"role": "player", "kind": "computer", "level": "normal"}]
    created = me.post("/api/games", {"game": "mandragora", "pattern": "C", "first": "opponent", "seats": seats})
    assert created.status_code == 201, created.text
    gid = created.json()["game"]["id"]
    state = wait_for(lambda: over(me, gid))
    events = log_of(me, gid)
    moves = [e for e in events if e["type"] == "move"]
    match = replay("C", "opponent", [e["area"] for e in moves])
    assert match.over and state["position"]["areas"] == {str(a): s for a, s in enumerate(match.position.board)}
    assert [e["seat"] for e in moves] == [("player", "opponent").index(e["side"]) for e in moves]
    winner = match.winner()
    assert state["winners"] == {"player": [0], "opponent": [1], "tie": [0, 1]}[winner]
    assert events[-1] == {**events[-1], "type": "over", "winners": state["winners"]}
    assert me.post(f"/api/games/{gid}/actions", {"move": 2}).status_code == 403  # no seat of mine


def test_bad_create_bodies_of_the_other_games_are_422(player: Any) -> None:
    me = player("Bad")
    for body, words in [({"game": "mandragora", "pattern": "Z"}, "pattern"),
                        ({"game": "ripple", "power": "yes"}, "power"),
                        ({"game": "uncovered", "variant": "advanced"}, "advanced needs 3"),
                        ({"game": "uncovered", "seats": [{"role": "explorer"}] * 2}, "seats[0].role")]:
        response = me.post("/api/games", body)
        assert response.status_code == 422 and words in response.json()["error"], (body, response.text)


def _truth(initial: list[list[int]], swaps: list[list[int]]) -> list[list[int]]:
    hands = [list(h) for h in initial]
    for mover, own, other, position in swaps:
        hands[mover][own - 1], hands[other][position - 1] = hands[other][position - 1], hands[mover][own - 1]
    return hands


def _may_see(variant: str, viewer: int | None, owner: int) -> bool:
    if variant == "beginner":
        return True
    if viewer is None:
        return False
    return owner != viewer if variant == "intermediate" else owner == viewer


def check_uncovered_state(state: dict[str, Any], viewer: int | None, initial: list[list[int]], seed: int) -> None:
    """Every card of a running table's STATE is null or true, and shown only if U5 allows it."""
    position = state["position"]
    if position["over"]:
        return
    text = json.dumps(state)
    assert "initial" not in state and "options" not in state and "best_swaps" not in state
    assert f'"seed": {seed}' not in text and str(seed) not in text
    swaps = position["swaps"]
    truth = _truth(initial, swaps)
    turned_up = {(s[0], s[1]) for s in swaps} | {(s[2], s[3]) for s in swaps}
    for owner, hand in enumerate(position["hands"]):
        for index, value in enumerate(hand):
            allowed = (owner, index + 1) in turned_up or _may_see(position["variant"], viewer, owner)
            assert value == (truth[owner][index] if allowed else None), (viewer, owner, index, position)


@SQLITE_ONLY
@pytest.mark.parametrize("variant", ["beginner", "intermediate", "advanced"])
def test_uncovered_with_two_people_and_computers_never_leaks_a_card(player: Any, variant: str) -> None:
    """Two people (each playing from its own STATE with the computer's policy) and two computer
    seats play to the end; every STATE and event every seat and a spectator got is then checked
    against the deal revealed at the end."""
    ann, bob, spy = player("Ann"), player("Bob"), player("Spy")
    seats = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "computer", "level": "normal"},
             {"role": "player", "kind": "human"}, {"role": "player", "kind": "computer", "level": "easy"}]
    created = ann.post("/api/games", {"game": "uncovered", "variant": variant, "seats": seats})
    assert created.status_code == 201, created.text
    gid, code = created.json()["game"]["id"], created.json()["code"]
    assert bob.post(f"/api/games/{gid}/join", {"code": code}).json()["seat"] == 2
    seen: list[tuple[int | None, dict[str, Any]]] = []
    people = {0: ann, 2: bob}
    for _ in range(200):
        state = wait_for(lambda: turn_or_over(ann, gid, people))
        if state["status"] == "over":
            break
        seat = state["to_move"]
        mine = people[seat].state(gid)
        seen += [(seat, mine), (None, spy.state(gid)), (None, spy.client.get(f"/api/games/{gid}").json())]
        # the person plays what a computer would from this seat's view, rebuilt from its STATE alone
        action = choose_action(_from_state(mine, seat), seat, "normal")
        wrong = people[2 - seat].post(f"/api/games/{gid}/actions", action)
        assert wrong.status_code == 409 and "turn" in wrong.json()["error"]
        response = people[seat].post(f"/api/games/{gid}/actions", action)
        assert response.status_code == 200, response.text
        seen.append((seat, response.json()["game"]))
    final = wait_for(lambda: over(ann, gid))
    assert {viewer for viewer, _ in seen if viewer is not None} == {0, 2}  # both people played
    initial = final["initial"]
    seed = final["options"]["seed"]
    assert final["optimum"] == solve(tuple(map(tuple, initial))).optimum
    if final["outcome"] == "win":
        assert final["score"] == final["swaps_made"] - final["optimum"] and final["winners"] == [0, 1, 2, 3]
    for viewer, state in seen:
        check_uncovered_state(state, viewer, initial, seed)
    logs = [ann, bob, spy]
    events = [log_of(who, gid) for who in logs]
    assert events[0] == events[1] == events[2]  # nothing in an event depends on who reads it
    swaps = []
    for event in events[0]:
        if event["type"] == "swap":
            swaps.append(event["swap"])
            mover, own, other, position = event["swap"]
            truth = _truth(initial, swaps)
            assert event["cards"] == [truth[mover][own - 1], truth[other][position - 1]]
            assert set(event) == {"seq", "at", "seat", "type", "turn", "swap", "cards", "to_move"}
        elif event["type"] == "declare":
            assert event["hands"] == _truth(initial, swaps)
        elif event["type"] not in ("over",):
            assert "hands" not in json.dumps(event) and str(seed) not in json.dumps(event)
    assert swaps == final["position"]["swaps"]
    with spy.client.websocket_connect(f"/api/games/{gid}/live?token={spy.token}&after=0") as socket:
        assert socket.receive_json()["status"] == "over"
        assert [socket.receive_json() for _ in events[0]] == events[0]


def _from_state(state: dict[str, Any], seat: int) -> Any:
    """A stand-in game whose view for `seat` is the STATE's: the computer's policy needs nothing more."""

    class FromState:
        to_move, over = state["to_move"], False

        def view(self, viewer: int) -> dict[str, Any]:
            assert viewer == seat
            return {"position": state["position"], "you": seat}

    return FromState()


@SQLITE_ONLY
def test_every_other_game_can_be_resigned(player: Any) -> None:
    """Ripple and Mandragora go to the other player; Uncovered!'s table loses together; the log
    ends with the resignation and the end."""
    ann, bob = player("Ann"), player("Bob")
    two = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "human"}]
    for game in ("ripple", "mandragora", "uncovered"):
        body = {"game": game, "seats": two}
        if game == "uncovered":
            body["variant"] = "beginner"
        created = ann.post("/api/games", body).json()
        gid = created["game"]["id"]
        bob.post(f"/api/games/{gid}/join", {"code": created["code"]})
        state = ann.state(gid)
        resigner = bob if state["to_move"] == 0 else ann      # not on their turn: allowed
        out = resigner.post(f"/api/games/{gid}/actions", {"resign": True})
        assert out.status_code == 200, (game, out.text)
        final = out.json()["game"]
        assert final["status"] == "over" and final["resigned"] == final["your_seat"], game
        if game == "uncovered":
            assert (final["outcome"], final["winners"]) == ("all lose", []), game
        else:
            assert (final["outcome"], final["winners"]) == ("win", [1 - final["your_seat"]])
        again = ann.post(f"/api/games/{gid}/actions", {"resign": True})
        assert again.status_code == 409 and "over" in again.json()["error"]
        events = ann.get(f"/api/games/{gid}/events").json()["events"]
        assert [e["type"] for e in events][-2:] == ["resign", "over"]
