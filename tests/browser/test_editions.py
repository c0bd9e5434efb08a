"""Issue 33 in the browser: a solo game under bounce-count answers won by clicking (the lobby's
answer option, answers written "exits at C after 3 bounces"), the per-player BGA port labels,
and a wrong guess under `reveal` told the mine's telling answer."""
from __future__ import annotations

import random

from games.orapa.board import CELLS, PORT_LABELS, cell_label
from games.orapa.gems import gem_set
from games.orapa.puzzle import Puzzle
from games.orapa.random_layouts import random_layout
from tests.browser.conftest import screenshot
from tests.browser.helpers import api_get, api_post, create_game, enter_layout, game_id

QUESTIONS = "section[aria-label=questions]"
CLICKED = 3     # the bounce-count game's shots asked by clicking a port


def _layouts(state: dict, seat: int) -> list:
    """At most two layouts consistent with the seat's answers (the project's solver)."""
    from solver.orapa.api import solve
    rules = {k: v for k, v in (state.get("rules") or {}).items() if k not in ("guess", "reveal")}
    puzzle = Puzzle.from_json({"gems": state["gems"], "rules": rules,
                               "observations": state["observations"][str(seat)]})
    return solve(puzzle, limit=2, count_limit=2).solutions


def _ask(page, what: str, asked: int, cell: bool = False) -> str:
    page.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    if cell:
        page.click(f"{QUESTIONS} [data-cell='{what}']")
        page.wait_for_selector(f"[data-testid=picked-cell]:has-text('{what}')")
    page.click(f"{QUESTIONS} [data-{'cell' if cell else 'port'}='{what}']")
    page.wait_for_selector(f"{QUESTIONS} [data-answer='{asked}']")
    return page.inner_text(f"{QUESTIONS} [data-answer='{asked}'] .answer-text")


def test_a_bounce_count_solo_game_is_won_in_the_browser(new_page, server):
    page = new_page("Bea")
    create_game(page, answer="bounces", labels="sheet")
    state = api_get(page, server, f"/games/{game_id(page)}")
    assert state["rules"]["answer"] == "bounces"
    seat = state["your_seat"]
    asked = 0
    known: set[str] = set()
    # every shot not yet known: the first CLICKED shots clicked on the page, the rest sent
    # through the API (the set-up: clicking a shot is what the other tests are about), then
    # every answer read on the reloaded page; then cells while layouts differ
    for port in PORT_LABELS:
        if port in known:
            continue
        if asked < CLICKED:
            assert not page.locator(f"{QUESTIONS} .port[data-port='{port}'] .port-tag").count()
            _ask(page, port, asked)
        else:
            api_post(page, server, f"/games/{game_id(page)}/actions", {"shot": port})
        heard = api_get(page, server, f"/games/{game_id(page)}")["observations"][str(seat)]
        known |= {end for answer in heard for end in (answer["shot"], answer["exit"])}
        asked += 1
    page.reload()
    page.wait_for_selector(f"{QUESTIONS} [data-answer='{asked - 1}']")
    for number in range(asked):
        text = page.inner_text(f"{QUESTIONS} [data-answer='{number}'] .answer-text")
        assert "absorbed" in text or (" → exits at " in text and " bounce" in text), text
    while len(found := _layouts(api_get(page, server, f"/games/{game_id(page)}"), seat)) > 1:
        # counts cannot tell a blue large triangle from a white one: a cell tells them apart
        cell = next(c for c in range(CELLS)
                    if found[0].cell_content(c) != found[1].cell_content(c))
        text = _ask(page, cell_label(cell), asked, cell=True)
        assert text.startswith(f"{cell_label(cell)}: ")
        asked += 1
    screenshot(page, "editions-bounces-explorer")
    enter_layout(page, found[0].to_json(), "sketch board", drag_first=False)
    page.click("text=Guess with this sketch")
    page.click("text=Yes, guess")
    page.wait_for_selector("[data-testid=outcome]:has-text('Game over')")
    outcome = page.inner_text("[data-testid=outcome]")
    assert "Bea won" in outcome
    assert "Judged by guess: mine" in page.inner_text("[data-testid=decided-by]")
    screenshot(page, "editions-bounces-won")
    assert page.errors == []


def test_bga_labels_and_a_wrong_guess_under_reveal(new_page, server):
    page = new_page("Ray", phone=True)
    create_game(page, reveal="on", labels="bga")
    # the setting is the player's, kept in this browser; the server still hears the sheet's
    assert page.evaluate("localStorage.getItem('orapa.labels')") == "bga"
    text = _ask(page, "15", 0)                  # the sheet's 15 is drawn as BGA's E
    assert text.startswith("E → "), text
    assert page.text_content(f"{QUESTIONS} .port[data-port='15'] .port-label") == "E"
    state = api_get(page, server, f"/games/{game_id(page)}")
    assert state["observations"][str(state["your_seat"])][0]["shot"] == "15"
    assert state["reveal"] is True or state["rules"].get("reveal") is True
    wrong = random_layout(gem_set("base"), rng=random.Random(7))
    enter_layout(page, wrong.to_json(), "sketch board", drag_first=False)
    page.click("text=Guess with this sketch")
    page.click("text=Yes, guess")
    verdict = page.wait_for_selector(".verdict:has-text('Wrong')").inner_text()
    assert "The mine answers " in verdict and "your sketch does not" in verdict, verdict
    screenshot(page, "editions-reveal-phone")
    assert page.errors == []
