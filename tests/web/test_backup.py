"""Backups while the server runs (issue 30): a backup taken while moves are being made holds
every move acknowledged before it began and, per game, a gap-free log; it restores into a new
database of either engine, where the games read back the same; one game's log exports."""
from __future__ import annotations

import io
import json
import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from games.errors import BadInput
from tests.cli_runner import run_cli
from tests.web.conftest import Player, wait_for
from web.app import create_app
from web.backup import backup, export_game, restore

CELLS = [f"{col}{row}" for row in range(1, 9) for col in "ABCDEFGHIJ"]


def test_a_backup_taken_under_load_restores_everything(database_url: str, tmp_path: Path,
                                                       request: pytest.FixtureRequest) -> None:
    with TestClient(create_app(database_url)) as client:
        players = [Player(client, f"p{i}") for i in range(3)]
        games = []
        for me in players:
            gid = me.post("/api/games", {"mode": "solo"}).json()["game"]["id"]
            games.append((me, gid))
        for me, gid in games:
            wait_for(lambda: me.state(gid)["to_move"] == 0)
        acknowledged: dict[int, int] = {}
        stop = threading.Event()

        def play(me: Player, gid: int) -> None:
            for cell in CELLS:
                if stop.is_set():
                    return
                answer = me.post(f"/api/games/{gid}/actions", {"cell": cell})
                if answer.status_code == 200:
                    acknowledged[gid] = answer.json()["event"]["seq"]

        threads = [threading.Thread(target=play, args=g) for g in games]
        for thread in threads:
            thread.start()
        wait_for(lambda: len(acknowledged) == len(games) and min(acknowledged.values()) > 8)
        before = dict(acknowledged)
        out = io.StringIO()
        counts = backup(database_url, out)
        stop.set()
        for thread in threads:
            thread.join()
        rows = [json.loads(line) for line in out.getvalue().splitlines()[1:]]
        for _, gid in games:
            seqs = [r["row"]["seq"] for r in rows
                    if r["table"] == "orapa_event" and r["row"]["game"] == gid]
            assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] >= before[gid]
        assert counts["orapa_player"] == 3 and counts["orapa_game"] == 3
        shown = {gid: me.state(gid) for me, gid in games}
        exported = export_game(database_url, games[0][1])
        assert [e["seq"] for e in exported["events"]] == list(
            range(1, shown[games[0][1]]["seq"] + 1))
        assert exported["game"]["options"]["mode"] == "solo"

    # into the other engine when there is one, else a new SQLite file
    if database_url.startswith("sqlite"):
        target = (request.getfixturevalue("pg_cluster").new_database()
                  if _has_postgres() else f"sqlite:///{tmp_path / 'restored.db'}")
    else:
        target = f"sqlite:///{tmp_path / 'restored.db'}"
    restored = restore(target, io.StringIO(out.getvalue()))
    assert restored == counts
    with TestClient(create_app(target)) as client:
        for me, gid in games:
            again = Player.__new__(Player)
            again.client, again.id, again.token = client, me.id, me.token
            again.headers = me.headers
            state = again.state(gid)
            snapshot = [r["row"] for r in rows if r["table"] == "orapa_event"
                        and r["row"]["game"] == gid]
            assert state["seq"] == len(snapshot)
        newcomer = Player(client, "new")          # ids go on after the restored ones
        assert newcomer.id == 4
    with pytest.raises(BadInput, match="not empty"):
        restore(target, io.StringIO(out.getvalue()))


def _has_postgres() -> bool:
    from tests.web.pg_cluster import find_binaries
    return find_binaries() is not None


def test_the_commands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'o.db'}"
    with TestClient(create_app(url)) as client:
        me = Player(client, "Ella")
        gid = me.post("/api/games", {"mode": "solo"}).json()["game"]["id"]
        wait_for(lambda: me.state(gid)["to_move"] == 0)
    out = tmp_path / "b.jsonl"
    status, text, err = run_cli(capsys, "database", "backup", "--database", url, "--out",
                                str(out))
    assert status == 0 and "backed up 1 games" in text and out.exists()
    status, text, err = run_cli(capsys, "database", "export-game", "--database", url, str(gid))
    assert status == 0 and json.loads(text)["game"]["id"] == gid
    status, text, err = run_cli(capsys, "database", "export-game", "--database", url, "99")
    assert status == 2 and "no game 99" in err
    (tmp_path / "junk.jsonl").write_text("hello\n")
    status, text, err = run_cli(capsys, "database", "restore", "--database",
                                f"sqlite:///{tmp_path / 'new.db'}", str(tmp_path / "junk.jsonl"))
    assert status == 2 and "not an orapa backup" in err and len(err.strip().splitlines()) == 1
    status, text, err = run_cli(capsys, "database", "restore", "--database",
                                f"sqlite:///{tmp_path / 'new.db'}", str(out))
    assert status == 0 and "restored 1 games" in text


