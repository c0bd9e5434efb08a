"""The review in the browser (issue 32): each duel player's own questions reviewed after the
game, learn-from-your-mistakes walked through, and "why is this cell certain?" naming answers
that really force the cell (checked with the SAT model: they force it, and without any one of
them the cell is open again)."""
from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from games.orapa.board import parse_cell
from games.orapa.puzzle import CellAnswer, Puzzle
from solver.orapa.consistent import ConsistentLayouts
from games.orapa.answers import cell_contents
from tests.browser.conftest import SHOTS
from tests.web.helpers import legal_mine

ANN_SHOTS = ["1", "3", "A", "K", "5"]
BOB_SHOTS = ["2", "C", "12", "E3", "E4"]


class ApiPlayer:
    """A player signed up through the API, and its requests."""

    def __init__(self, base: str, name: str) -> None:
        self.base = base
        body = self._call("POST", "/api/players", {"name": name}, auth=False)
        self.id, self.name, self.token = body["player"]["id"], name, body["token"]

    def _call(self, method: str, path: str, body: Any = None, auth: bool = True) -> Any:
        headers = {"Content-Type": "application/json"}
        if auth:
            headers["Authorization"] = f"Bearer {self.token}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, headers=headers,
                                         method=method)
        with urllib.request.urlopen(request, timeout=120) as res:
            return json.load(res)

    def get(self, path: str) -> Any:
        return self._call("GET", path)

    def post(self, path: str, body: Any) -> Any:
        return self._call("POST", path, body)

    def put(self, path: str, body: Any) -> Any:
        return self._call("PUT", path, body)


def finished_duel(base: str) -> tuple[ApiPlayer, ApiPlayer, str]:
    """A duel played through the API: Ann guesses wrong, Bob guesses right."""
    ann, bob = ApiPlayer(base, "Ann"), ApiPlayer(base, "Bob")
    seats = [{"role": "player", "kind": "human"}, {"role": "player", "kind": "human"}]
    created = ann.post("/api/games", {"mode": "duel", "seats": seats})
    gid = str(created["game"]["id"])
    bob.post(f"/api/games/{gid}/join", {"code": created["code"]})
    ann.put(f"/api/games/{gid}/mine", legal_mine(3))
    bob.put(f"/api/games/{gid}/mine", legal_mine(4))
    for a, b in zip(ANN_SHOTS, BOB_SHOTS):
        ann.post(f"/api/games/{gid}/actions", {"shot": a})
        bob.post(f"/api/games/{gid}/actions", {"cell" if b[0] == "E" else "shot": b})
    ann.post(f"/api/games/{gid}/actions", {"guess": legal_mine(7)})
    if ann.get(f"/api/games/{gid}")["status"] != "over":
        bob.post(f"/api/games/{gid}/actions", {"guess": legal_mine(3)})
    assert ann.get(f"/api/games/{gid}")["status"] == "over"
    return ann, bob, gid


# the three tests only read one finished duel, whose reviews a server computes once (5.7 s of
# its worker process a duel): the group asks xdist for one worker, so one server and one duel
# (pytest 9.2 with xdist 3.8 ignores groups, pytest-xdist issue 1386: then one duel a worker)
pytestmark = pytest.mark.xdist_group("review-duel")


@pytest.fixture(scope="module")
def duel(server: str) -> tuple[ApiPlayer, ApiPlayer, str]:
    """One finished duel for this module's tests, which only read it."""
    return finished_duel(server)


def page_as(browser: Any, base: str, who: ApiPlayer, gid: str, phone: bool = False) -> Any:
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = browser.new_context(viewport=viewport, base_url=base)
    context.add_init_script(
        f"localStorage.setItem('orapa.token', {json.dumps(who.token)});"
        f"localStorage.setItem('orapa.player', {json.dumps(json.dumps({'id': str(who.id), 'name': who.name}))});")
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"/games/{gid}")
    page.wait_for_selector("[data-testid=review-0] [data-testid=review-totals]")
    page.wait_for_selector("[data-testid=review-1] [data-testid=review-totals]")
    return page


def asked(page: Any, seat: int) -> list[str]:
    return page.eval_on_selector_all(f"[data-testid=review-{seat}] li[data-question]",
                                     "rows => rows.map(r => r.dataset.question)")


def test_a_duel_review_shows_each_players_own_questions(
        browser: Any, server: str, duel: tuple[ApiPlayer, ApiPlayer, str]) -> None:
    ann, bob, gid = duel
    page = page_as(browser, server, ann, gid)
    assert asked(page, 0) == ANN_SHOTS
    assert asked(page, 1) == BOB_SHOTS
    assert page.locator("[data-testid=review-0] [data-testid=review-chart]").count() == 1
    totals = page.inner_text("[data-testid=review-0] [data-testid=review-totals]")
    assert "Skill" in totals and "out of 100" in totals
    # Ann's wrong guess: told why
    page.click("[data-testid=why-wrong-0] button")
    told = page.locator("[data-testid=why-wrong-0] [role=status]:has-text('guess')")
    told.wait_for()
    wrong = ann.post(f"/api/games/{gid}/review/wrong?seat=0", legal_mine(7))
    numbers = ", ".join(map(str, wrong["unreproduced"]))
    assert (numbers and numbers in told.inner_text()) or wrong["question"] in told.inner_text()
    page.locator("[data-testid=review-0]").screenshot(path=str(SHOTS / "review-desktop.png"))
    assert page.errors == []
    phone = page_as(browser, server, bob, gid, phone=True)
    assert asked(phone, 1) == BOB_SHOTS
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"the page is {width} px wide on a 390 px phone"
    phone.locator("[data-testid=review-1]").screenshot(path=str(SHOTS / "review-phone.png"))
    assert phone.errors == []


def test_learn_from_mistakes_walks_through_a_game(
        browser: Any, server: str, duel: tuple[ApiPlayer, ApiPlayer, str]) -> None:
    ann, _, gid = duel
    review = ann.get(f"/api/games/{gid}/review")["reviews"]["0"]
    page = page_as(browser, server, ann, gid, phone=True)
    page.click("text=Learn from Ann's mistakes")
    learn = page.locator("section[aria-label='learn from your mistakes']")
    exercises = [n for n in review["costliest"]
                 if review["questions"][n - 1]["best"]["question"] is not None]
    if not exercises:
        assert learn.locator("[data-testid=learn-none]").count() == 1
        return
    for k, number in enumerate(exercises):
        q = review["questions"][number - 1]
        assert f"before question {number}" in learn.locator("[data-testid=learn-step]").inner_text()
        # answer with the question asked in the game: told its figure and the advisor's
        learn.locator(f"[aria-label='learn board'] [data-port='{q['question']}'], "
                      f"[aria-label='learn board'] [data-cell='{q['question']}']").first.click()
        answer = learn.locator("[data-testid=learn-answer]").inner_text()
        assert "That is what was asked in the game" in answer or "Well found" in answer
        assert q["best"]["question"] in answer
        assert learn.locator("[data-testid=learn-split] li").count() == len(q["best"]["split"])
        if k == 0:
            learn.screenshot(path=str(SHOTS / "review-learn-phone.png"))
        if k + 1 < len(exercises):
            learn.locator("text=Next exercise").click()
    assert learn.locator("[data-testid=learn-done]").count() == 1
    assert page.errors == []


def forces(state: dict[str, Any], seat: str, numbers: list[int], cell: int,
           content: str) -> bool:
    """Do these answers of the seat (1 for its first) force the cell? (the SAT model)"""
    heard = state["observations"][seat]
    puzzle = Puzzle.from_json({"gems": state["gems"], "rules": state["rules"],
                               "observations": [heard[n - 1] for n in numbers]})
    layouts = ConsistentLayouts(puzzle, method="model")
    return all(layouts.first([CellAnswer(cell, other)]) is None
               for other in cell_contents(puzzle.gems) if other != content)


def test_the_settled_cell_explanation_names_answers_that_force_it(
        browser: Any, server: str, duel: tuple[ApiPlayer, ApiPlayer, str]) -> None:
    ann, _, gid = duel
    state = ann.get(f"/api/games/{gid}")
    # a settled cell of Ann's answers (the server tells which; the browser must agree)
    label = next(c for c in (f"{col}{row}" for row in range(1, 9) for col in "ABCDEFGHIJ")
                 if ann.get(f"/api/games/{gid}/review/why/{c}?seat=0")["settled"])
    page = page_as(browser, server, ann, gid)
    page.click(f"[aria-label='why board Ann'] [data-cell='{label}']")
    text = page.locator("[data-testid=why-0]")
    text.wait_for()
    lit = [int(n) for n in page.eval_on_selector_all(
        "[aria-label=\"Ann's answers, the forcing ones marked\"] li[data-lit=yes]",
        "items => items.map(i => i.dataset.answer)")]
    assert label in text.inner_text() and "surely" in text.inner_text()
    content = ann.get(f"/api/games/{gid}/review/why/{label}?seat=0")["content"]
    cell = parse_cell(label)
    assert lit and forces(state, "0", lit, cell, content)
    for dropped in lit:             # without any one of them the cell is open again
        assert not forces(state, "0", [n for n in lit if n != dropped], cell, content)
    page.locator("section[aria-label='why Ann']").screenshot(path=str(SHOTS / "review-why.png"))
    assert page.errors == []
