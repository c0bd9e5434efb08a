"""Edition options through the server (RULINGS O7, O9): a solo game with bounce answers, a
consistent guess that is not the mine, and a wrong guess answered with one telling answer."""
from __future__ import annotations

import random
from typing import Any

from games.orapa.layout import Layout
from games.orapa.random_layouts import random_layout
from games.orapa.gems import gem_set
from solver.orapa.consistent import ConsistentLayouts
from tests.web.conftest import wait_for
from tests.web.helpers import puzzle_from_state


def test_a_bounce_solo_game_with_the_fair_guess(player: Any) -> None:
    me = player("Tatham")
    created = me.post("/api/games", {"game": "orapa", "mode": "solo", "rules": {
        "answer": "bounces", "guess": "consistent", "reveal": True}})
    assert created.status_code == 201, created.text
    gid = created.json()["game"]["id"]
    state = wait_for(lambda: (lambda s: s if s["to_move"] == 0 else None)(me.state(gid)))
    assert state["guess"] == "consistent" and state["reveal"] is True
    for port in ("1", "12", "C", "Q"):
        response = me.post(f"/api/games/{gid}/actions", {"shot": port})
        assert response.status_code == 200, response.text
        event = response.json()["event"]
        assert "color" not in event and ("bounces" in event or event["exit"] == "absorbed")
    # a wrong guess: a random layout that contradicts an answer; one telling answer comes back
    state = me.state(gid)
    answers = len(state["observations"]["0"])   # 3 or 4: a shot that retraces one is free (O5)
    puzzle = puzzle_from_state(state, 0)
    rng = random.Random(5)
    wrong = next(x for x in (random_layout(gem_set("base"), rng=rng) for _ in range(500))
                 if not all(o.holds(x) for o in puzzle.observations))
    response = me.post(f"/api/games/{gid}/actions", {"guess": wrong.to_json()})
    assert response.status_code == 200, response.text
    event = response.json()["event"]
    assert event["correct"] is False and "reveal" in event
    state = me.state(gid)
    assert len(state["observations"]["0"]) == answers + 1
    # any layout that fits every answer so far wins
    puzzle = puzzle_from_state(state, 0)
    fits = next(iter(ConsistentLayouts(puzzle, timeout=60).layouts()))
    response = me.post(f"/api/games/{gid}/actions", {"guess": fits.to_json()})
    event = response.json()["event"]
    assert event["correct"] is True and event["decided_by"].startswith("guess: consistent")
    state = me.state(gid)
    assert state["status"] == "over" and state["winners"] == [0]
    assert state["decided_by"] == event["decided_by"]
    mine = Layout.from_json(state["mines"]["1"])
    assert all(o.holds(mine) for o in puzzle.observations)


def test_a_bad_guess_option_is_a_400_in_words(player: Any) -> None:
    me = player("Ann")
    response = me.post("/api/games", {"game": "orapa", "mode": "solo",
                                      "rules": {"guess": "close enough"}})
    assert 400 <= response.status_code < 500
    assert "rules.guess: expected 'mine' or 'consistent'" in response.json()["error"]
