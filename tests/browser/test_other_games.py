"""Ripple, Mandragora Mania and Uncovered! in the browser (issue 19): a Ripple game to its end
against the computer, a Mandragora game to its end, and an Uncovered! table of two browsers
played to a win, whose score screen shows the right score."""
from __future__ import annotations

import random

from solver.uncovered.score import optimum_and_swaps
from tests.browser.conftest import screenshot
from tests.browser.helpers import api_get, game_id


def create(page, game: str, **selects: str) -> None:
    page.select_option("select[name=game]", game)
    for name, value in selects.items():
        if name in ("players", "computers"):
            page.fill(f"input[name={name}]", value)
        else:
            page.select_option(f"select[name={name}]", value)
    page.click("text=Create game")
    page.wait_for_selector("[data-testid=turn]")


def test_ripple_game_to_its_end_against_the_computer(new_page, server):
    page = new_page("Rae")
    create(page, "ripple", level="easy")
    rng = random.Random(3)
    moves = 0
    while "Game over" not in page.inner_text("[data-testid=turn]"):
        page.wait_for_selector("[data-testid=turn]:has-text('Your turn'), [data-testid=turn]:has-text('Game over')")
        if "Game over" in page.inner_text("[data-testid=turn]"):
            break
        empty = page.locator(".rcell.clickable")
        count = empty.count()
        if count == 0:          # still animating the last ripple
            page.wait_for_timeout(200)
            continue
        page.locator(".colour-pick").nth(rng.randrange(4)).click()
        empty.nth(rng.randrange(count)).click()
        moves += 1
        if moves == 6:
            screenshot(page, "ripple")
        page.wait_for_timeout(150)
        assert moves < 40
    state = api_get(page, server, f"/games/{game_id(page)}")
    assert state["status"] == "over"
    history = page.locator("[data-testid=history] li")
    assert history.count() == len(state["position"]["history"])
    final = state["position"]["scores"]
    assert f": {final['1']} : {final['2']}" in history.last.inner_text() or \
        f"{final['1']} : {final['2']}" in history.last.inner_text()
    page.wait_for_function("document.querySelectorAll('.moving').length === 0")
    page.wait_for_timeout(1500)     # the last ripple's animation ends on the final board
    board = state["position"]["board"]
    for r in range(7):
        for c in range(7):
            stone = page.locator(f"[data-cell='{r},{c}'] text.stone-text")
            assert stone.count() == (board[r][c] != ".")
    screenshot(page, "ripple-end")
    assert page.errors == []


def test_mandragora_game_to_its_end(new_page, server):
    page = new_page("Mia")
    create(page, "mandragora", level="easy", pattern="B")
    moves = 0
    while True:
        page.wait_for_selector("[data-move], [data-testid=turn]:has-text('Game over')", timeout=30_000)
        if "Game over" in page.inner_text("[data-testid=turn]"):
            break
        legal = page.locator("[data-move]")
        # read the buttons and the highlighted areas in one go: the computer's reply may change
        # them between two separate reads
        areas, highlighted = page.evaluate("""() => [
            [...document.querySelectorAll('[data-move]')].map(e => +e.getAttribute('data-move')),
            [...document.querySelectorAll('.area.legal')].map(e => +e.getAttribute('data-area'))]""")
        # the highlighted areas on the board are exactly the legal ones
        assert sorted(highlighted) == sorted(areas)
        if moves % 2:
            page.locator(".mandragora-board").focus()   # the keyboard way: arrows, then Enter
            page.keyboard.press("Enter")
        else:
            legal.first.click()
        moves += 1
        if moves == 3:
            screenshot(page, "mandragora")
        page.wait_for_timeout(150)
        assert moves < 150
    state = api_get(page, server, f"/games/{game_id(page)}")
    assert state["status"] == "over" and state["position"]["over"]
    scores = page.inner_text("[data-testid=scores]")
    assert f": {state['position']['scores']['player']}" in scores
    screenshot(page, "mandragora-end")
    assert page.errors == []


def test_uncovered_two_browsers_to_a_win_with_the_score(new_page, server):
    ann = new_page("Ann")
    create(ann, "uncovered", variant="beginner", players="2", computers="0")
    code = ann.inner_text("[data-testid=game-code]")
    ben = new_page("Ben")
    ben.fill("input[name=code]", code)
    ben.click("form[aria-label='join a game'] button[type=submit]")
    ben.wait_for_url("**/games/*")
    pages = {0: ann, 1: ben}
    state = api_get(ann, server, f"/games/{game_id(ann)}")
    hands = state["position"]["hands"]        # beginner: every card is face up
    assert all(v is not None for hand in hands for v in hand)
    fewest, swaps = optimum_and_swaps(hands)
    for turn, (player, own, other, position) in enumerate(swaps):
        page = pages[player]
        page.wait_for_selector(f"[data-testid=turn-counter]:text-is('{turn}')")
        page.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
        page.click(f"[data-card='{player}-{own}']")
        page.click(f"[data-card='{other}-{position}']")
        # the other browser sees the swap live
        pages[1 - player].wait_for_selector(f"[data-testid=turn-counter]:text-is('{turn + 1}')")
        if turn == 0:
            screenshot(pages[1 - player], "uncovered")
    mover = pages[len(swaps) % 2]
    mover.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    mover.click("button:has-text('Declare')")
    for page in (ann, ben):
        page.wait_for_selector("[data-testid=score-screen]")
        assert page.inner_text("[data-testid=score]") == "0"
    assert f"the fewest possible from this deal was {fewest}" in ann.inner_text("[data-testid=score-screen]")
    # the shortest win is replayable, ending on every hand 1 2 3 4
    for _ in range(len(swaps)):
        ann.click("[data-testid=score-screen] button:has-text('▶')")
    assert ann.inner_text("[data-testid=best-step]") == f"{len(swaps)} of {len(swaps)}"
    screenshot(ann, "uncovered-score")
    assert ann.errors == [] and ben.errors == []
