"""Every refusal says why twice: `error`, one line for a person, and `code`, a stable name a
program can test (docs/interface.md lists them). One module maps each failure to its status
and code (web/errors.py); BadInput is split by cause, malformed against forbidden by the rules."""
from __future__ import annotations

from typing import Any

import pytest

from games.errors import BadInput, IllegalMove, Malformed
from games.seated import NotYourTurn
from tests.web.helpers import legal_mine
from web import failures
from web.errors import FAILURES, failure_status

SQLITE_ONLY = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def refused(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code and set(body) == {"error", "code"}, body
    return str(body["error"])


def test_every_failure_has_one_status_and_a_distinct_code() -> None:
    codes = [code for _, code in FAILURES.values()]
    assert len(codes) == len(set(codes))
    for kind in (Malformed, IllegalMove, NotYourTurn):
        assert issubclass(kind, BadInput)     # every `except BadInput` still catches them
    assert failure_status(NotYourTurn("x")) == (409, "not_your_turn")
    assert failure_status(IllegalMove("x")) == (422, "illegal_move")

    class Newer(failures.SeatTaken):
        """A failure nobody listed takes its nearest listed base."""

    assert failure_status(Newer("x")) == (409, "seat_taken")


@SQLITE_ONLY
def test_the_service_failures_come_with_their_codes(player: Any) -> None:
    host, guest, third = player("Host"), player("Guest"), player("Third")
    created = host.post("/api/games", {"game": "orapa", "mode": "duel",
                                       "seats": [{"role": "player"}, {"role": "player"}]})
    assert created.status_code == 201, created.text
    gid, code = created.json()["game"]["id"], created.json()["code"]
    assert "join code" in refused(guest.post(f"/api/games/{gid}/join", {"code": "WRONG"}),
                                  403, "wrong_code")
    assert guest.post(f"/api/games/{gid}/join", {"code": code}).status_code == 200
    refused(third.post(f"/api/games/{gid}/join", {"code": code}), 409, "seat_taken")
    refused(third.get("/api/games/999999"), 404, "no_such_game")
    refused(third.get("/api/players/999999"), 404, "no_such_player")
    refused(third.post(f"/api/games/{gid}/actions", {"shot": "1"}), 403, "not_seated")
    refused(host.put(f"/api/games/{gid}/mine", {"gems": []}), 422, "illegal_move")
    refused(host.put(f"/api/games/{gid}/mine", "a mine"), 422, "bad_input")
    assert host.put(f"/api/games/{gid}/mine", legal_mine(1)).status_code == 200
    assert guest.put(f"/api/games/{gid}/mine", legal_mine(2)).status_code == 200
    refused(guest.post(f"/api/games/{gid}/actions", {"shot": "1"}), 409, "not_your_turn")
    refused(host.post(f"/api/games/{gid}/actions", {"shot": ["1"]}), 422, "malformed")
    refused(host.post(f"/api/games/{gid}/actions", {"dance": 1}), 422, "malformed")
    refused(host.post(f"/api/games/{gid}/chat", {"text": ""}), 422, "malformed")
    refused(host.post(f"/api/games/{gid}/rematch", {}), 409, "not_now")
    refused(host.client.get("/api/players/me", headers={"Authorization": "Bearer nope"}), 401,
            "unauthorized")
    refused(host.client.post("/api/games", content=b"{", headers={
        **host.headers, "Content-Type": "application/json"}), 400, "malformed")


@SQLITE_ONLY
def test_an_illegal_move_in_another_game_is_told_from_a_malformed_one(player: Any) -> None:
    me = player("Sower")
    created = me.post("/api/games", {"game": "mandragora", "seats": [
        {"role": "player"}, {"role": "player", "kind": "computer", "level": "easy"}]})
    gid = created.json()["game"]["id"]
    state = me.state(gid)
    illegal = next(a for a in range(10) if a not in state["legal"])
    refused(me.post(f"/api/games/{gid}/actions", {"move": illegal}), 422, "illegal_move")
    refused(me.post(f"/api/games/{gid}/actions", {"move": "five"}), 422, "malformed")


def test_docs_interface_lists_every_code() -> None:
    from pathlib import Path

    from web.errors import STATUS_CODES
    text = (Path(__file__).resolve().parents[2] / "docs" / "interface.md").read_text()
    for code in [c for _, c in FAILURES.values()] + list(STATUS_CODES.values()) + \
            ["storage_unavailable"]:
        assert f"`{code}`" in text, code
