"""The review of finished Orapa games and "why" through the API (issue 32)."""
from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient

from games.orapa.board import parse_cell
from games.orapa.puzzle import CellAnswer, Puzzle
from solver.orapa.consistent import ConsistentLayouts
from games.orapa.answers import cell_contents
from tests.web.helpers import human_duel, human_table, legal_mine
from web.app import create_app
from web.engines import sqlite_path

ANN_SHOTS = ["1", "3", "A", "K", "5"]
BOB_SHOTS = ["2", "C", "12"]


def duel(player: Any, hints: bool = False) -> tuple[Any, Any, int]:
    ann, bob, gid = human_duel(player, hints)
    for k in range(max(len(ANN_SHOTS), len(BOB_SHOTS))):
        for who, shots in ((ann, ANN_SHOTS), (bob, BOB_SHOTS)):
            shot = shots[k] if k < len(shots) else None
            if shot is None:           # out of shots: a cell question keeps the turns going
                shot_body = {"cell": f"E{k + 1}"}
            else:
                shot_body = {"shot": shot}
            assert who.post(f"/api/games/{gid}/actions", shot_body).status_code == 200
    return ann, bob, gid


def forces(state: dict[str, Any], seat: str, numbers: list[int], cell: int,
           content: str) -> bool:
    """Do these answers of the seat (1 for its first) force the cell? (the SAT model)"""
    heard = state["observations"][seat]
    puzzle = Puzzle.from_json({"gems": state["gems"], "rules": state["rules"],
                               "observations": [heard[n - 1] for n in numbers]})
    layouts = ConsistentLayouts(puzzle, method="model")
    return all(layouts.first([CellAnswer(cell, other)]) is None
               for other in cell_contents(puzzle.gems) if other != content)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)   # solver work: once
def test_each_duel_player_gets_a_review_of_its_own_questions(player: Any,
                                                             database_url: str) -> None:
    ann, bob, gid = duel(player, hints=True)
    assert ann.get(f"/api/games/{gid}/review").status_code == 409      # not over yet
    assert bob.post(f"/api/games/{gid}/review/wrong?seat=0", legal_mine(4)).status_code == 409
    # before the end, with hints: why a cell of one's own deductions is settled
    deduced = ann.get(f"/api/games/{gid}/hints/deductions").json()["cells"]
    label, content = next((c, v) for c, v in deduced.items() if v != "open")
    why = ann.get(f"/api/games/{gid}/review/why/{label}").json()
    assert why["settled"] and why["content"] == content and why["answers"]
    state = ann.get(f"/api/games/{gid}").json()
    assert forces(state, "0", [a["number"] for a in why["answers"]], parse_cell(label), content)
    assert ann.get(f"/api/games/{gid}/review/why/{label}?seat=1").status_code == 403
    assert ann.get(f"/api/games/{gid}/review/why/Z99").status_code == 422
    # the end: both guess right
    assert ann.post(f"/api/games/{gid}/actions", {"guess": legal_mine(4)}).status_code == 200
    assert bob.post(f"/api/games/{gid}/actions", {"guess": legal_mine(3)}).status_code == 200
    reviews = ann.get(f"/api/games/{gid}/review").json()["reviews"]
    assert set(reviews) == {"0", "1"}
    assert [q["question"] for q in reviews["0"]["questions"]] == ANN_SHOTS
    assert [q["question"] for q in reviews["1"]["questions"]][:len(BOB_SHOTS)] == BOB_SHOTS
    for seat, body in reviews.items():
        assert {"questions", "skill", "luck", "forced_after", "advisor_questions"} <= set(body)
        assert isinstance(body["advisor_questions"], int)
        assert all(0 <= q["skill"] <= 100 for q in body["questions"])
    # a wrong guess against Bob's mine (which Ann explored)
    wrong = ann.post(f"/api/games/{gid}/review/wrong", legal_mine(7)).json()
    assert not wrong["correct"] and (wrong["unreproduced"] or wrong["question"])
    assert bob.get(f"/api/games/{gid}/review/why/{label}?seat=0").json()["settled"]
    assert "token" not in json.dumps(reviews).lower()
    # computed once and kept: a new server on the same database serves it as it is
    with sqlite3.connect(sqlite_path(database_url)) as db:
        stored = db.execute("SELECT body FROM orapa_review WHERE game = ?", (gid,)).fetchall()
    assert [json.loads(body) for body, in stored] == [{"reviews": reviews}]
    with TestClient(create_app(database_url)) as again:
        assert again.get(f"/api/games/{gid}/review", headers=ann.headers).json() == \
            {"reviews": reviews}


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_table_reviews_each_explorers_own_questions(player: Any) -> None:
    dee, ann, bob, gid, mine = human_table(player)
    asked: dict[str, list[str]] = {"1": [], "2": []}
    by_seat = {1: ann, 2: bob}
    for shot in ["1", "2", "C", "12", "5", "K"]:
        seat = ann.state(gid)["to_move"]
        body = by_seat[seat].post(f"/api/games/{gid}/actions", {"shot": shot}).json()
        if body["event"]["type"] == "shot":        # not a free confirmation (O5)
            asked[str(seat)].append(shot)
    assert asked["1"] and asked["2"]
    if ann.state(gid)["to_move"] != 1:
        bob.post(f"/api/games/{gid}/actions", {"cell": "J8"})
        asked["2"].append("J8")
    assert ann.post(f"/api/games/{gid}/actions", {"guess": mine}).status_code == 200
    assert ann.state(gid)["status"] == "over"
    reviews = dee.get(f"/api/games/{gid}/review").json()["reviews"]
    assert set(reviews) == {"1", "2"}
    for seat in ("1", "2"):
        assert [q["question"] for q in reviews[seat]["questions"]] == asked[seat]
    numbers = sorted(q["number"] for body in reviews.values() for q in body["questions"])
    assert numbers == list(range(1, len(numbers) + 1))     # every answer judged once


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_review_errors_in_a_players_words(player: Any) -> None:
    ann = player("Ann")
    assert ann.get("/api/games/999/review").status_code == 404
    other = ann.post("/api/games", {"game": "ripple"}).json()["game"]["id"]
    response = ann.get(f"/api/games/{other}/review")
    assert response.status_code == 404 and "Orapa" in response.json()["error"]
    plain = ann.post("/api/games", {"mode": "solo"}).json()["game"]["id"]
    response = ann.get(f"/api/games/{plain}/review/why/E4")
    assert response.status_code in (400, 409) and "error" in response.json()
