"""A player's game list (the stats page's chart, the lobby's "my games") and Mandragora's
training hint: what the solver would play and what it is worth."""
from __future__ import annotations

from typing import Any

import pytest

from games.mandragora.match import replay
from solver.mandragora.solver import solve_match
from tests.web.helpers import human_table

HUMANS = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "human"}]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_players_games_with_results_and_questions(player: Any) -> None:
    dee, ann, bob, gid, mine = human_table(player, 2)
    # six ports no earlier answer settles (O5 would make a repeat free and keep the turn)
    for ann_shot, bob_shot in (("1", "2"), ("3", "4"), ("5", "6")):
        assert ann.post(f"/api/games/{gid}/actions", {"shot": ann_shot}).status_code == 200
        assert bob.post(f"/api/games/{gid}/actions", {"shot": bob_shot}).status_code == 200
    mover = ann
    asked = 3     # each explorer shot three ports (a table's answers are public: not counted)
    over = mover.post(f"/api/games/{gid}/actions", {"guess": mine}).json()["game"]
    assert over["status"] == "over"
    running = ann.post("/api/games", {"game": "ripple", "seats": HUMANS}).json()["game"]["id"]

    listed = {g["id"]: g for g in ann.get(f"/api/players/{ann.id}/games").json()["games"]}
    assert list(listed) == [gid, running]          # oldest first
    assert listed[running]["status"] in ("waiting", "playing")
    assert listed[running]["result"] is None and listed[running]["questions"] is None
    table = listed[gid]
    assert (table["game"], table["mode"], table["status"], table["role"]) == \
        ("orapa", "table", "over", "explorer")
    assert table["result"] == ("win" if mover is ann else "loss")
    assert table["started"] <= table["ended"]
    winner = mover.get(f"/api/players/{mover.id}/games").json()["games"][0]
    assert (winner["result"], winner["questions"], winner["training"]) == ("win", asked, False)
    assert dee.get(f"/api/players/{dee.id}/games").json()["games"][0]["result"] == "directed"
    assert ann.get("/api/players/99999/games").status_code == 404
    assert ann.client.get(f"/api/players/{ann.id}/games").status_code == 401


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_mandragora_solver_hint(player: Any) -> None:
    mia, max_, eve = player("Mia"), player("Max"), player("Eve")
    plain = mia.post("/api/games", {"game": "mandragora", "seats": HUMANS}).json()["game"]["id"]
    assert mia.get(f"/api/games/{plain}/hints/solver").status_code == 403
    orapa = mia.post("/api/games", {"mode": "solo", "hints": True}).json()["game"]["id"]
    assert mia.get(f"/api/games/{orapa}/hints/solver").status_code == 404
    created = mia.post("/api/games", {"game": "mandragora", "pattern": "B", "hints": True,
                                      "seats": HUMANS}).json()
    gid = created["game"]["id"]
    max_.post(f"/api/games/{gid}/join", {"code": created["code"]})
    assert eve.get(f"/api/games/{gid}/hints/solver").status_code == 403
    moves: list[int] = []
    while True:
        state = mia.state(gid)
        match = replay("B", "player", moves)
        exact = match.position.pieces_in_play() <= 16
        if not moves or exact:       # the opening (a timed search), then the exact solve
            hint = mia.get(f"/api/games/{gid}/hints/solver").json()
            assert hint["best"] in state["legal"]
            assert hint["side"] == state["position"]["to_move"]
        if exact:                    # the same value as the solver's own exact solve
            assert hint["exact"] and hint["value"] == solve_match(match).value
            break
        mover = mia if state["to_move"] == 0 else max_
        move = state["legal"][-1]
        assert mover.post(f"/api/games/{gid}/actions", {"move": move}).status_code == 200
        moves.append(move)
        assert len(moves) < 80
