"""Training mode (hints, the analysis after the end), player statistics and the daily puzzle."""
from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient

from games.errors import LimitReached
from games.orapa.board import parse_cell
from games.orapa.gems import gem_set
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import Puzzle
from solver.orapa.advisor import autoplay, defaults
from solver.orapa.advisor.autoplay import decide
from tests.web.helpers import legal_mine, run_coroutine
from web import daily, hints
from web.app import create_app
from web.engines import sqlite_path


SHOTS = ["1", "3", "A", "K", "5", "15"]   # no exit of an earlier one (O5: free)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)   # solver work: once
def test_hints_and_the_analysis_of_a_duel(player: Any, database_url: str) -> None:
    ann, bob = player("Ann"), player("Bob")
    plain = ann.post("/api/games", {"mode": "solo"}).json()["game"]["id"]
    assert ann.get(f"/api/games/{plain}/hints/next").status_code == 403
    seats = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "human"}]
    created = ann.post("/api/games", {"mode": "duel", "seats": seats, "hints": True}).json()
    gid = created["game"]["id"]
    bob.post(f"/api/games/{gid}/join", {"code": created["code"]})
    ann.put(f"/api/games/{gid}/mine", legal_mine(3))
    bob.put(f"/api/games/{gid}/mine", legal_mine(4))
    hint = ann.get(f"/api/games/{gid}/hints/next").json()
    assert hint["question"] == hint["ranking"][0]["question"] and hint["candidates"] > 1000
    for shot in SHOTS:
        for p in (ann, bob):
            assert p.post(f"/api/games/{gid}/actions", {"shot": shot}).status_code == 200
    # the hint is `orapa next --seed GID` on what Ann has heard: one set of advisor defaults
    state = ann.get(f"/api/games/{gid}").json()
    heard = Puzzle.from_json({"gems": state["gems"], "rules": state["rules"],
                              "observations": state["observations"]["0"]})
    hint, same = ann.get(f"/api/games/{gid}/hints/next").json(), decide(heard, seed=gid)
    # (the best question itself may differ: the tree search stops at a wall-clock deadline)
    assert (hint["strategy"], hint["candidates"], hint["exact"], hint["method"]) == \
        (defaults.STRATEGY, same.candidates.count, same.candidates.exact, same.candidates.method)
    deduced = ann.get(f"/api/games/{gid}/hints/deductions").json()
    settled = {c: v for c, v in deduced["cells"].items() if v != "open"}
    assert len(deduced["cells"]) == 80 and settled
    bobs_mine = Layout.from_json(legal_mine(4))
    assert all(bobs_mine.cell_content(parse_cell(c)) == v for c, v in settled.items())
    truth = ann.post(f"/api/games/{gid}/hints/check", legal_mine(4)).json()
    assert truth["reproduces"] == [True] * len(SHOTS) and truth["consistent"]
    other = ann.post(f"/api/games/{gid}/hints/check", legal_mine(5)).json()
    assert not other["consistent"] and not other["forced"] and False in other["reproduces"]
    assert ann.get(f"/api/games/{gid}/analysis").status_code == 409     # not over yet
    assert ann.post(f"/api/games/{gid}/actions", {"guess": legal_mine(4)}).json()["event"][
        "correct"]
    state = bob.post(f"/api/games/{gid}/actions", {"guess": legal_mine(3)}).json()["game"]
    assert state["outcome"] == "tie" and state["winners"] == [0, 1]
    analysis = ann.get(f"/api/games/{gid}/analysis").json()
    assert set(analysis) == {"0", "1"}
    for seat in ("0", "1"):
        assert len(analysis[seat]["bits"]) == len(SHOTS) == analysis[seat]["questions"]
        assert all(b >= 0 for b in analysis[seat]["bits"]) and sum(analysis[seat]["bits"]) > 5
        assert analysis[seat]["forced_after"] is None or analysis[seat]["forced_after"] <= 6
        assert analysis[seat]["advisor_questions"] >= 1
    stats = ann.get(f"/api/players/{ann.id}/stats").json()
    # a training game is kept apart: not in the totals, nor in the average over won games
    assert (stats["training"]["games"], stats["training"]["ties"],
            stats["by_mode"]["training"]["ties"]) == (1, 1, 1)
    assert (stats["games"], stats["ties"], stats["won_games"], stats["average_questions"]) == \
        (0, 0, 0, None) and "duel" not in stats["by_mode"]
    # computed once (it started when the game ended) and kept in the database: a new server
    # on the same database serves it as it is
    with sqlite3.connect(sqlite_path(database_url)) as db:
        stored = db.execute("SELECT body FROM orapa_analysis WHERE game = ?", (gid,)).fetchall()
    assert [json.loads(body) for body, in stored] == [analysis]
    with TestClient(create_app(database_url)) as again:
        assert again.get(f"/api/games/{gid}/analysis", headers=ann.headers).json() == analysis


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_only_explorers_get_hints(player: Any) -> None:
    dee, ann = player("Dee"), player("Ann")
    seats = [{"role": "director", "kind": "human"}, {"role": "explorer", "kind": "human"},
             {"role": "explorer", "kind": "computer", "level": "easy"}]
    created = dee.post("/api/games", {"mode": "table", "seats": seats, "hints": True}).json()
    gid = created["game"]["id"]
    ann.post(f"/api/games/{gid}/join", {"code": created["code"]})
    dee.put(f"/api/games/{gid}/mine", legal_mine(2))
    assert dee.post(f"/api/games/{gid}/hints/check", legal_mine(2)).status_code == 403
    checked = ann.post(f"/api/games/{gid}/hints/check", legal_mine(2))
    assert checked.json() == {"reproduces": [], "consistent": True, "forced": False}
    bad = ann.post(f"/api/games/{gid}/hints/check", {"gems": []})
    assert bad.status_code == 422 and "gems" in bad.json()["error"]


def test_the_daily_puzzle_is_the_same_for_everyone_and_guesses_count(client: Any,
                                                                      player: Any) -> None:
    first = client.get("/api/daily")
    assert first.status_code == 200 and "solution" not in first.json()
    assert client.get("/api/daily").json() == first.json()
    assert first.json()["date"] == daily.today() and first.json()["observations"]
    solution = daily.generate(daily.today()).solution.to_json()
    me = player("Ella")
    assert client.post("/api/daily/guess", json=solution).status_code == 401
    assert me.get("/api/daily").json()["you"] == {"attempts": 0, "solved": False}
    assert "you" not in client.get("/api/daily").json()
    assert me.post("/api/daily/guess", legal_mine(11)).json() == \
        {"correct": False, "attempts": 1, "solved": False}
    assert me.post("/api/daily/guess", solution).json() == \
        {"correct": True, "attempts": 2, "solved": True}
    assert me.post("/api/daily/guess", {"gems": "x"}).status_code == 422
    # remembered: a reload of the page reads it back; the stats page shows the streak
    assert me.get("/api/daily").json()["you"] == {"attempts": 2, "solved": True}
    assert me.get(f"/api/players/{me.id}/stats").json()["daily_streak"] == 1
    assert player("Bob").get("/api/daily").json()["you"] == {"attempts": 0, "solved": False}


def test_the_daily_streak_counts_days_in_a_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """Solved on the 1st, 3rd, 4th and 5th (twice wrong first on the 4th): on the 5th the
    streak is 3; on the 6th, not solved yet, still 3; a gap on the 2nd ends it."""
    solved = {"2026-03-01": [True], "2026-03-03": [True], "2026-03-04": [False, False, True],
              "2026-03-05": [True]}
    rows = {day: {"id": i} for i, day in enumerate(solved)}

    async def daily_game(day: str) -> dict[str, Any] | None:
        return rows.get(day)

    async def events_after(gid: int, after: int = 0) -> list[dict[str, Any]]:
        day = next(d for d, r in rows.items() if r["id"] == gid)
        return [{"player": 7, "type": "guess", "event": {"correct": c}} for c in solved[day]] \
            + [{"player": 8, "type": "guess", "event": {"correct": True}}]

    monkeypatch.setattr(daily.store, "daily_game", daily_game)
    monkeypatch.setattr(daily.store, "events_after", events_after)
    assert run_coroutine(daily.streak(7, "2026-03-05")) == 3
    assert run_coroutine(daily.streak(7, "2026-03-06")) == 3
    assert run_coroutine(daily.streak(7, "2026-03-02")) == 1
    assert run_coroutine(daily.player_result("2026-03-04", 7)) == {"attempts": 3, "solved": True}
    assert run_coroutine(daily.streak(9, "2026-03-05")) == 0


def test_a_hint_is_given_where_the_budget_finds_no_layout(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """`orapa next` keeps to its budget and says when it found nothing; the page's hint may
    not stop there: its budget doubles until a layout is found (it was a 503 on 2 of 50 full
    states once the advisor's own doubling went)."""
    real, budgets = autoplay.advise, []

    def slow_to_find(puzzle: Puzzle, strategy: str, sample: int, exact_bound: int,
                     budget: float, *rest: Any) -> Any:
        budgets.append(budget)
        if budget < 4 * defaults.BUDGET:
            raise LimitReached("no consistent layout found within the time budget")
        return real(puzzle, strategy, sample, exact_bound, budget, *rest)

    monkeypatch.setattr(autoplay, "advise", slow_to_find)
    puzzle = Puzzle(gem_set("base"), RuleOptions())
    with pytest.raises(LimitReached):
        autoplay.decide(puzzle)
    assert hints.next_question(puzzle)["ranking"]
    assert budgets[-3:] == [defaults.BUDGET, 2 * defaults.BUDGET, 4 * defaults.BUDGET]
