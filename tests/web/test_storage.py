"""Storage on both engines: migrations apply once, the database refuses a second event n, two
server processes racing for one turn give one winner, and state comes back from the log."""
from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import Player
from tests.web.helpers import legal_mine
from web import store
from web.app import create_app
from web.database import engine_for, migrate, run_blocking


def test_migrations_apply_once_and_the_database_refuses_a_second_event_n(
        database_url: str) -> None:
    async def scenario() -> None:
        engine = engine_for(database_url)
        await migrate(engine)
        await migrate(engine)          # a start on a migrated database changes nothing
        gid, _ = await store.create_game("orapa", "solo", {"mode": "solo"}, [], False)
        await store.append(gid, 1, [{"type": "turn", "event": {"type": "turn"}}])
        with pytest.raises(store.SeqTaken):
            await store.append(gid, 1, [{"type": "turn", "event": {"type": "turn"}}])
        # a batch whose second row collides is refused as a whole
        await store.append(gid, 3, [{"type": "turn", "event": {"n": 3}}])
        with pytest.raises(store.SeqTaken):
            await store.append(gid, 2, [{"type": "turn", "event": {}}] * 2)
        await store.append(gid, 2, [{"type": "turn", "event": {"n": 2}}])
        rows = await store.events_after(gid, 0)
        assert [(r["seq"], r["event"]) for r in rows] == [(1, {"type": "turn"}), (2, {"n": 2}),
                                                          (3, {"n": 3})]
        if hasattr(engine, "close_shared"):
            await engine.close_shared()
    run_blocking(scenario)


def test_two_servers_racing_for_one_turn_record_exactly_one_move(tmp_path: Any) -> None:
    """Two processes' worth of server (two apps, each with its own cache and locks) on one
    SQLite file: the same explorer guesses through both at the same moment. (PostgreSQL's
    race runs between real worker processes: test_processes.py.)"""
    database_url = f"sqlite:///{tmp_path / 'race.db'}"
    with TestClient(create_app(database_url)) as one, \
            TestClient(create_app(database_url)) as two:
        dee, ann, bob = Player(one, "Dee"), Player(one, "Ann"), Player(two, "Bob")
        seats = [{"role": "director", "kind": "human"}, {"role": "explorer", "kind": "human"},
                 {"role": "explorer", "kind": "human"}]
        created = dee.post("/api/games", {"mode": "table", "seats": seats}).json()
        gid = created["game"]["id"]
        ann.post(f"/api/games/{gid}/join", {"code": created["code"]})
        bob.post(f"/api/games/{gid}/join", {"code": created["code"]})
        dee.put(f"/api/games/{gid}/mine", legal_mine(1))
        headers = ann.headers
        assert two.get(f"/api/games/{gid}", headers=headers).json()["to_move"] == 1  # warm
        barrier = threading.Barrier(2)
        results: dict[str, Any] = {}

        def guess(name: str, client: TestClient, seed: int) -> None:
            barrier.wait()
            results[name] = client.post(f"/api/games/{gid}/actions", headers=headers,
                                        json={"guess": legal_mine(seed)})

        threads = [threading.Thread(target=guess, args=("one", one, 2)),
                   threading.Thread(target=guess, args=("two", two, 3))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(r.status_code for r in results.values())
        assert codes == [200, 409], {k: r.text for k, r in results.items()}
        events = one.get(f"/api/games/{gid}/events", headers=headers).json()["events"]
        assert [e["type"] for e in events].count("guess") == 1
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        # both servers agree on the state after the race
        assert one.get(f"/api/games/{gid}", headers=headers).json()["seq"] == \
            two.get(f"/api/games/{gid}", headers=headers).json()["seq"]


def test_a_new_server_on_the_same_database_carries_on(database_url: str) -> None:
    with TestClient(create_app(database_url)) as first:
        me = Player(first, "Ann")
        seats = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "human"}]
        created = me.post("/api/games", {"mode": "duel", "seats": seats}).json()
        gid, code = created["game"]["id"], created["code"]
        me.put(f"/api/games/{gid}/mine", legal_mine(4))
        before = me.state(gid)
    with TestClient(create_app(database_url)) as second:
        again = Player.__new__(Player)
        again.client, again.id, again.token, again.headers = second, me.id, me.token, me.headers
        assert again.state(gid) == before
        bob = Player(second, "Bob")
        assert bob.post(f"/api/games/{gid}/join", {"code": code}).json()["seat"] == 1
        bob.put(f"/api/games/{gid}/mine", legal_mine(5))
        assert again.post(f"/api/games/{gid}/actions", {"shot": "12"}).status_code == 200
        assert again.state(gid)["observations"]["0"][0]["shot"] == "12"
