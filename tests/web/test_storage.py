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
from web.database import migrate, run_blocking, use_engine
from web.engines import engine_for


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


def test_an_old_database_is_brought_up_to_date(database_url: str) -> None:
    """A database made by the first three migrations (before analyses were kept) and holding a
    game: a start applies the rest, and the game is still there."""
    from piccolo.apps.migrations.commands.forwards import run_forwards

    async def old_database() -> int:
        engine = engine_for(database_url)
        use_engine(engine)
        result = await run_forwards("orapa", migration_id="2026-11-23T09:00:00:000000")
        assert result.success, result.message
        gid, _ = await store.create_game("orapa", "solo", {"mode": "solo"}, [], False)
        await store.append(gid, 1, [{"type": "turn", "event": {"type": "turn"}}])
        with pytest.raises(Exception, match="orapa_analysis"):
            await store.get_analysis(gid)
        await migrate(engine)
        assert await store.get_analysis(gid) is None
        await store.save_analysis(gid, {"0": {"questions": 0}})
        await store.save_analysis(gid, {"0": {"questions": 1}})   # a second save is ignored
        assert await store.get_analysis(gid) == {"0": {"questions": 0}}
        assert [r["seq"] for r in await store.events_after(gid)] == [1]
        if hasattr(engine, "close_shared"):
            await engine.close_shared()
        return gid
    run_blocking(old_database)


def test_a_server_whose_cache_is_behind_the_log_judges_moves_on_the_log(tmp_path: Any) -> None:
    """Two apps on one SQLite file (each trusts its cache): a move recorded through one leaves
    the other's cache behind; a move through that one is judged again on the log, not refused,
    and both are logged in order."""
    database_url = f"sqlite:///{tmp_path / 'behind.db'}"
    with TestClient(create_app(database_url)) as one, \
            TestClient(create_app(database_url)) as two:
        ann = Player(one, "Ann")
        seats = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "human"}]
        created = ann.post("/api/games", {"mode": "duel", "seats": seats}).json()
        gid = created["game"]["id"]
        bob = Player(one, "Bob")
        bob.post(f"/api/games/{gid}/join", {"code": created["code"]})
        ann.put(f"/api/games/{gid}/mine", legal_mine(1))
        assert two.get(f"/api/games/{gid}", headers=ann.headers).json()["status"] == "waiting"
        bob.put(f"/api/games/{gid}/mine", legal_mine(2))            # two has not seen this
        shot = two.post(f"/api/games/{gid}/actions", headers=ann.headers, json={"shot": "3"})
        assert shot.status_code == 200, shot.text
        again = two.post(f"/api/games/{gid}/actions", headers=bob.headers, json={"shot": "4"})
        assert again.status_code == 200, again.text
        events = one.get(f"/api/games/{gid}/events", headers=ann.headers).json()["events"]
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        assert [(e["seat"], e["type"]) for e in events if e["type"] == "shot"] == \
            [(0, "shot"), (1, "shot")]


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
