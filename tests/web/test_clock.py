"""Game clocks, decided by time with an injected clock (web.store.now, which also stamps the
events): a duel is lost on time, a table explorer loses the turn; the server enforces it on a
request and by its timer with nobody acting; figures in STATE come from the server."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given, strategies as st

from tests.web.conftest import wait_for
from tests.web.helpers import legal_mine
from web import store, timekeeper
from web.clocks import Clocks, parse_clock
from games.errors import BadInput

DUEL = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "human"}]
TABLE = [{"role": "director", "kind": "computer", "level": "easy"},
         {"role": "explorer", "kind": "human"}, {"role": "explorer", "kind": "human"}]


class FakeTime:
    """The server's clock, moved on by the test."""

    def __init__(self) -> None:
        self.t = datetime.now(timezone.utc)

    def __call__(self) -> datetime:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += timedelta(seconds=seconds)


@pytest.fixture
def fake_time(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(store, "now", fake)
    monkeypatch.setattr(timekeeper, "CLOCK_TICK", 3600.0)   # the test runs the timer's look
    return fake


def duel(player: Any, clock: dict[str, int]) -> tuple[Any, Any, int]:
    ann, bob = player("Ann"), player("Bob")
    created = ann.post("/api/games", {"mode": "duel", "seats": DUEL, "clock": clock})
    assert created.status_code == 201, created.text
    gid = created.json()["game"]["id"]
    assert bob.post(f"/api/games/{gid}/join", {"code": created.json()["code"]}).status_code == 200
    for who, seed in ((ann, 1), (bob, 2)):
        assert who.put(f"/api/games/{gid}/mine", legal_mine(seed)).status_code == 200
    return ann, bob, gid


def test_a_duel_is_lost_on_time_when_the_player_to_move_next_asks(player: Any,
                                                                  fake_time: FakeTime) -> None:
    ann, bob, gid = duel(player, {"initial": 60, "increment": 5})
    state = ann.state(gid)
    assert state["status"] == "playing" and state["to_move"] == 0
    assert state["clock"]["left"] == {"0": 60.0, "1": 60.0} and state["clock"]["running"] == 0
    fake_time.advance(20)
    assert ann.post(f"/api/games/{gid}/actions", {"shot": "1"}).status_code == 200
    state = bob.state(gid)
    assert state["clock"]["left"] == {"0": 45.0, "1": 60.0}      # 60 - 20 + 5
    assert state["clock"]["running"] == 1
    fake_time.advance(60.5)                                      # Bob's time is gone
    late = bob.post(f"/api/games/{gid}/actions", {"shot": "2"})
    assert late.status_code in (403, 409), late.text
    state = bob.state(gid)
    assert state["status"] == "over" and state["winners"] == [0]
    events = ann.get(f"/api/games/{gid}/events").json()["events"]
    assert [(e["type"], e.get("seat"), e.get("loses")) for e in events[-2:]] == [
        ("timeout", 1, "game"), ("over", None, None)]
    assert state["clock"]["running"] is None and state["clock"]["left"]["1"] == 0.0


def test_the_timer_ends_a_duel_with_nobody_acting(client: Any, player: Any,
                                                  fake_time: FakeTime) -> None:
    ann, bob, gid = duel(player, {"per_move": 30})
    assert ann.state(gid)["to_move"] == 0
    fake_time.advance(29)
    client.portal.call(client.app.state.games.check_clocks)
    events = ann.get(f"/api/games/{gid}/events").json()["events"]
    assert "timeout" not in [e["type"] for e in events]
    fake_time.advance(2)
    client.portal.call(client.app.state.games.check_clocks)       # no request: the timer
    events = ann.get(f"/api/games/{gid}/events").json()["events"]   # (reads do not enforce)
    assert [e["type"] for e in events[-2:]] == ["timeout", "over"]
    assert ann.state(gid)["winners"] == [1]


def test_a_table_explorer_out_of_time_loses_the_turn(player: Any, fake_time: FakeTime) -> None:
    ann, bob = player("Ann"), player("Bob")
    created = ann.post("/api/games", {"mode": "table", "seats": TABLE,
                                      "clock": {"per_move": 60}}).json()
    gid = created["game"]["id"]
    bob.post(f"/api/games/{gid}/join", {"code": created["code"]})
    state = wait_for(lambda: (s := ann.state(gid))["status"] == "playing" and s)
    first = state["to_move"]
    fake_time.advance(61)
    state = bob.state(gid)                                     # a read enforces it
    assert state["status"] == "playing" and state["to_move"] != first
    assert state["clock"]["running"] == state["to_move"]
    assert state["clock"]["left"][str(state["to_move"])] == 60.0
    mover = ann if state["to_move"] == 1 else bob
    idle = bob if mover is ann else ann
    assert idle.post(f"/api/games/{gid}/actions", {"shot": "1"}).status_code == 409
    fake_time.advance(10)
    assert mover.post(f"/api/games/{gid}/actions", {"shot": "1"}).status_code == 200
    types = [e["type"] for e in ann.get(f"/api/games/{gid}/events").json()["events"]]
    assert types.count("timeout") == 1 and "over" not in types
    assert ann.state(gid)["to_move"] == first                  # the turn came back


def test_bad_clocks_are_refused_in_words(player: Any) -> None:
    ann = player("Ann")
    for body, field in (({"mode": "solo", "clock": {"per_move": 30}}, "clock:"),
                        ({"mode": "duel", "seats": DUEL, "clock": {"per_move": 2}},
                         "clock.per_move:"),
                        ({"mode": "duel", "seats": DUEL, "clock": {"initial": 60, "x": 1}},
                         "clock:"),
                        ({"mode": "duel", "seats": DUEL, "clock": 60}, "clock:"),
                        ({"mode": "table", "seats": TABLE, "clock": {"initial": 600}},
                         "clock.increment:")):
        answer = ann.post("/api/games", body)
        assert answer.status_code == 422, body
        assert answer.json()["error"].startswith(field), answer.json()


@given(st.lists(st.tuples(st.sampled_from([0, 1]), st.integers(0, 100)), max_size=12),
       st.integers(10, 600), st.integers(0, 30))
def test_a_bank_is_the_initial_time_less_the_time_used_plus_increments(
        moves: list[tuple[int, int]], initial: int, increment: int) -> None:
    clock = parse_clock({"initial": initial, "increment": increment}, "orapa", "duel")
    at = datetime(2026, 1, 1, tzinfo=timezone.utc)
    clocks = Clocks(clock, {0: float(initial), 1: float(initial)})
    clocks.take({"type": "turn", "seat": None, "at": at, "event": {"to_move": 0}})
    used, turns, mover = {0: 0, 1: 0}, {0: 0, 1: 0}, 0
    for other, seconds in moves:
        at += timedelta(seconds=seconds)
        used[mover] += seconds
        turns[mover] += 1
        clocks.take({"type": "shot", "seat": mover, "at": at, "event": {}})
        mover = other
        clocks.take({"type": "turn", "seat": None, "at": at, "event": {"to_move": mover}})
    for seat in (0, 1):
        assert clocks.left[seat] == initial - used[seat] + increment * turns[seat]
    assert clocks.deadline() == at + timedelta(seconds=clocks.left[mover])


def test_parse_clock_names_the_field() -> None:
    with pytest.raises(BadInput, match="clock.increment"):
        parse_clock({"initial": 60, "increment": -1}, "orapa", "duel")
    assert parse_clock({"initial": 60}, "orapa", "duel") == {"initial": 60, "increment": 0}
    assert parse_clock(None, "ripple", None) is None


def test_after_a_restart_the_timer_still_ends_a_game(database_url: str,
                                                     fake_time: FakeTime) -> None:
    from fastapi.testclient import TestClient

    from tests.web.conftest import Player
    from web.app import create_app

    with TestClient(create_app(database_url)) as first:
        ann, bob = Player(first, "Ann"), Player(first, "Bob")
        _, _, gid = duel(lambda name: ann if name == "Ann" else bob, {"per_move": 30})
    fake_time.advance(31)
    with TestClient(create_app(database_url)) as again:          # nobody comes back
        again.portal.call(again.app.state.games.check_clocks)
        events = again.get(f"/api/games/{gid}/events").json()["events"]
    assert [e["type"] for e in events[-2:]] == ["timeout", "over"]
