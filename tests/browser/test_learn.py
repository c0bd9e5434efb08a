"""First contact, how to play and the first-game tutorial (issue 34, the learning half), in the
browser: the lobby's four games and "Play now", the rules pages with their live examples, and a
new player finishing the Orapa tutorial by clicking."""
from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot


@pytest.mark.parametrize("phone", [False, True])
def test_lobby_shows_the_four_games_and_play_now_starts_a_solo_game(new_page, phone):
    page = new_page("Nina", phone=phone)
    intros = page.locator(".welcome .game-intros li")
    assert intros.count() == 4
    for title in ("Orapa Mine", "Mandragora Mania", "Ripple", "Uncovered!"):
        assert page.locator(f".welcome h2:has-text('{title}')").count() == 1
    assert page.locator(".welcome svg.game-picture").count() == 4
    screenshot(page, f"lobby-welcome-{'phone' if phone else 'desktop'}")
    page.click("button.play-now")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    assert page.errors == []


def test_the_rules_pages_are_reachable_and_the_example_board_answers(new_page):
    page = new_page("Omar")
    page.click("header >> text=How to play")
    page.wait_for_selector("h1:has-text('How to play')")
    page.click(".learn-index >> text=Orapa Mine")
    page.wait_for_selector("h1:has-text('How to play Orapa Mine')")
    live = page.locator("[data-testid=live-example]")
    # port 7 of the example mine (puzzle base-easy-01) comes straight back, blue
    live.locator(".port[data-port='7']").click()
    assert "comes back out of port 7 itself, coloured blue" in page.text_content("[data-testid=live-answer]")
    assert live.locator("polyline.wave").count() == 1
    live.locator(".port[data-port='F'] [role=button]").focus()
    page.keyboard.press("Enter")
    assert "comes out at port L, coloured yellow" in page.text_content("[data-testid=live-answer]")
    # the colour table names all sixteen wave colours with a swatch each
    assert page.locator(".mix-table tbody tr").count() == 16
    assert page.locator(".mix-table tr[data-mix='light blue'] .swatch").count() == 1
    # transparent is a checkerboard, light blue a flat colour: told apart without comparing tints
    image = "s => getComputedStyle(s).backgroundImage"
    assert "gradient" in page.locator(".mix-table tr[data-mix='transparent'] .swatch").evaluate(image)
    assert page.locator(".mix-table tr[data-mix='light blue'] .swatch").evaluate(image) == "none"
    screenshot(page, "learn-orapa-desktop")
    page.click(".learn-nav >> text=Ripple")
    page.wait_for_selector("h1:has-text('How to play Ripple')")
    texts = []
    while page.locator("text=Next step").is_enabled():
        texts.append(page.text_content("[data-testid=ripple-text]"))
        page.click("text=Next step")
    joined = " ".join(texts)
    # the farthest red stones go first (lower row breaking ties); one is blocked by a blue stone
    assert "row 1, column 2 is pushed one square away, to row 0, column 1" in joined
    assert "row 3, column 5 is pushed one square away, to row 3, column 6" in joined
    assert "row 5, column 3 would leave the board or land on a stone, so it stays" in joined
    for title, fact in (("Mandragora Mania", "9 (their base)"), ("Uncovered!", "advanced (3 or more players)")):
        page.click(f".learn-nav >> text={title}")
        page.wait_for_selector(f"h1:has-text('How to play {title}')")
        assert page.locator(f"text={fact}").count() >= 1
    assert page.errors == []


def test_rules_pages_are_served_as_the_app_and_unknown_ones_say_so(new_page, server):
    import urllib.request

    with urllib.request.urlopen(f"{server}/learn/ripple") as res:
        assert res.status == 200
    page = new_page("Pia")
    page.goto("/learn/chess")
    page.wait_for_selector("[data-testid=no-such-page]")


@pytest.mark.parametrize("phone", [False, True])
def test_a_new_player_finishes_the_tutorial_by_clicking(new_page, phone):
    page = new_page("Tom", phone=phone)
    assert page.locator("text=New to Orapa Mine? Take the first-game tutorial").count() == 1
    page.click("text=New to Orapa Mine? Take the first-game tutorial")
    page.wait_for_selector("[data-testid=tutorial]")
    board = page.locator("[data-testid=tutorial] svg.board")
    # a wrong port is refused with a hint, nothing is asked
    board.locator(".port[data-port='1']").click()
    assert "press port 3" in page.text_content("[data-testid=tutorial-said]")
    for port, heard in (("3", "port 3 itself, coloured yellow"), ("C", "port N, coloured yellow"),
                        ("16", "port F, coloured red"), ("G", "port G itself, coloured red")):
        board.locator(f".port[data-port='{port}']").click()
        assert heard in page.text_content("[data-testid=tutorial-said]")
    if phone:
        screenshot(page, "tutorial-phone")
    for cell in ("C3", "G6"):
        board.locator(f".cell[data-cell='{cell}']").click()
    assert board.locator(".gem").count() == 2
    page.click("button:has-text('Guess this mine')")
    assert "You found the mine in 4 questions" in page.text_content("[data-testid=tutorial-done]")
    if not phone:
        screenshot(page, "tutorial-desktop")
    page.goto("/")
    page.wait_for_selector("text=First-game tutorial (done)")
    assert page.errors == []


def test_the_tutorial_can_be_skipped_and_stays_skipped(new_page):
    page = new_page("Ugo")
    page.goto("/learn/orapa/tutorial")
    page.click("text=Skip the tutorial")
    page.wait_for_selector("h1:has-text('Tutorial skipped')")
    page.reload()
    page.goto("/")
    page.wait_for_selector("text=First-game tutorial (done)")
