"""Ripple, Mandragora Mania and Uncovered! in the browser (issue 19): a Ripple game to its end
against the computer and one on a single screen (hot-seat) with a restart, a Mandragora game to
its end with the solver's training hint, an Uncovered! table of two browsers played to a win
whose score screen shows the right score, each seat seeing only what its variant allows, and
the three pages on a 390 px phone after a move."""
from __future__ import annotations

import random

from solver.uncovered.score import optimum_and_swaps
from tests.browser.conftest import screenshot, wait_until
from tests.browser.helpers import api_get, create_game, game_id, join_by_code, wait_turn


def test_ripple_game_to_its_end_against_the_computer(new_page, server):
    page = new_page("Rae", still=True)
    create_game(page, "ripple", level="easy")
    rng = random.Random(3)
    moves = 0
    while "Game over" not in wait_turn(page):
        empty = page.locator(".rcell.clickable")
        count = empty.count()
        if count == 0:          # still animating the last ripple
            page.wait_for_timeout(50)
            continue
        played = page.locator("[data-testid=history] li").count()
        page.locator(".colour-pick").nth(rng.randrange(4)).click()
        empty.nth(rng.randrange(count)).click()
        moves += 1
        if moves == 6:
            screenshot(page, "ripple")
        assert not page.locator(".error").count(), page.inner_text(".error")
        page.wait_for_selector(f"[data-testid=history] li:nth-child({played + 1})")
        assert moves < 40
    state = api_get(page, server, f"/games/{game_id(page)}")
    assert state["status"] == "over"
    history = page.locator("[data-testid=history] li")
    assert history.count() == len(state["position"]["history"])
    final = state["position"]["scores"]
    assert f"{final['1']} : {final['2']}" in history.last.inner_text()
    ending = page.inner_text("[data-testid=turn]")       # the ending says why: the scores
    assert f"Rae {final['1']} point" in ending and f"{final['2']} point" in ending
    wait_until(page, "document.querySelectorAll('.moving').length === 0")
    board = state["position"]["board"]
    wait_until(page, f"document.querySelectorAll('text.stone-text').length === "
               f"{sum(ch != '.' for row in board for ch in row)}")
    for r in range(7):
        for c in range(7):
            stone = page.locator(f"[data-cell='{r},{c}'] text.stone-text")
            assert stone.count() == (board[r][c] != ".")
    screenshot(page, "ripple-end")
    assert page.errors == []


COLOURS = "1214"    # keys of red, blue, red, yellow: only the second red pushes a stone (R2)


def test_ripple_on_one_screen_by_keyboard_then_restart(new_page, server):
    page = new_page("Rae")
    create_game(page, "ripple", otherOpponent="hotseat", friend="Kim")
    gid = game_id(page)
    board = page.locator(".ripple-board")
    for turn in range(4):
        who = "Rae" if turn % 2 == 0 else "Kim"
        wait_turn(page, f"{who}'s turn (on this screen)")
        page.wait_for_selector(".rcell.clickable")
        board.focus()               # the keyboard way: a colour by number, arrows, Enter
        board.press(COLOURS[turn])
        if turn:
            board.press("ArrowRight")
        board.press("Enter")
        if turn == 2:               # the second red stone pushes the first one: animated
            wait_until(page, "document.querySelector(\"[data-cell='3,2'] .moving\")",
                       timeout=5000)
        page.wait_for_selector(f"[data-testid=history] li:nth-child({turn + 1})")
    history = api_get(page, server, f"/games/{gid}")["position"]["history"]
    assert [h["player"] for h in history] == [1, 2, 1, 2]
    assert [h["move"] for h in history] == ["red@3,3", "blue@3,4", "red@3,5", "yellow@3,6"]
    assert api_get(page, server, f"/games/{gid}")["position"]["board"][3] == "..r.BrY"
    assert "Kim:" in page.inner_text("[data-testid=history] li:nth-child(2)")
    wait_turn(page, "Rae's turn")
    screenshot(page, "ripple-hotseat")
    page.click("text=Restart")
    page.wait_for_url(lambda url: game_id_of(url) not in ("", gid))
    wait_turn(page, "Rae's turn (on this screen)")
    assert page.locator("[data-testid=history] li").count() == 0
    assert page.errors == []


def game_id_of(url: str) -> str:
    return url.split("/games/")[1].split("?")[0] if "/games/" in url else ""


def test_mandragora_game_to_its_end_with_the_solvers_hint(new_page, server):
    page = new_page("Mia", still=True)
    create_game(page, "mandragora", level="easy", pattern="B", hints="on")
    moves = 0
    while True:
        page.wait_for_selector("[data-move], [data-testid=turn]:has-text('Game over')",
                               timeout=30_000)
        if "Game over" in page.inner_text("[data-testid=turn]"):
            break
        # read the buttons and the highlighted areas in one go: the computer's reply may change
        # them between two separate reads
        areas, highlighted = page.evaluate("""() => [
            [...document.querySelectorAll('[data-move]')].map(e => +e.getAttribute('data-move')),
            [...document.querySelectorAll('.area.legal')].map(e => +e.getAttribute('data-area'))]""")
        assert sorted(highlighted) == sorted(areas)
        if moves == 0:
            page.click("text=What would the solver play?")
            hint = page.wait_for_selector("[data-testid=solver-hint]", timeout=30_000).inner_text()
            best = int(hint.split("area ")[1].split(" ")[0])
            assert best in areas and "is worth" in hint
            assert page.locator(f"[data-area='{best}'] .advised").count() == 1
            screenshot(page, "mandragora")
        if moves % 2:
            page.locator(".mandragora-board").focus()   # the keyboard way: arrows, then Enter
            page.keyboard.press("Enter")
        else:
            page.locator("[data-move]").first.click()
        moves += 1
        page.wait_for_timeout(100)
        assert moves < 150
    state = api_get(page, server, f"/games/{game_id(page)}")
    assert state["status"] == "over" and state["position"]["over"]
    scores = page.inner_text("[data-testid=scores]")
    assert f": {state['position']['scores']['player']}" in scores
    # the ending says why (the scores by name and side), the moves are listed with names, and
    # the board says which base is mine
    ending = page.inner_text("[data-testid=turn]")
    assert f"Mia (player side, yours) {state['position']['scores']['player']} point" in ending
    listed = page.locator("[data-testid=moves] li")
    assert listed.count() == len(state["moves"]) and "Mia sowed area" in page.inner_text(
        "[data-testid=moves]")
    assert page.locator("[data-area='0'] .area-label:has-text('your base')").count() == 1
    screenshot(page, "mandragora-end")
    assert page.errors == []


def test_uncovered_two_browsers_to_a_win_with_the_score(new_page, server):
    ann = new_page("Ann", still=True)    # swapped cards then stay outlined instead of flashing
    create_game(ann, "uncovered", variant="beginner", players="2", computers="0")
    code = ann.inner_text("[data-testid=game-code]")
    ben = new_page("Ben", still=True)
    join_by_code(ben, code)
    pages = {0: ann, 1: ben}
    state = api_get(ann, server, f"/games/{game_id(ann)}")
    hands = state["position"]["hands"]        # beginner: every card is face up
    assert all(v is not None for hand in hands for v in hand)
    fewest, swaps = optimum_and_swaps(hands)
    for turn, (player, own, other, position) in enumerate(swaps):
        page = pages[player]
        page.wait_for_selector(f"[data-testid=turn-counter]:text-is('{turn}')")
        wait_turn(page)
        page.click(f"[data-card='{player}-{own}']")
        page.click(f"[data-card='{other}-{position}']")
        # the other browser sees the swap live, and says it in words
        pages[1 - player].wait_for_selector(f"[data-testid=turn-counter]:text-is('{turn + 1}')")
        pages[1 - player].wait_for_selector(
            f"[data-testid=last-swap]:has-text('position {own} with'):has-text('position {position}.')")
        if turn == 0:
            screenshot(pages[1 - player], "uncovered")
    mover = pages[len(swaps) % 2]
    wait_turn(mover)
    mover.click("button:has-text('Declare')")
    # irreversible for the whole table: it asks first, and nothing is sent until the answer
    dialog = mover.wait_for_selector("[role=dialog]")
    assert "whole table" in dialog.inner_text()
    assert ann.locator("[data-testid=score-screen]").count() == 0
    mover.click("text=Yes, declare")
    for page in (ann, ben):
        page.wait_for_selector("[data-testid=score-screen]")
        assert "the declaration at turn" in page.inner_text("[data-testid=turn]")
        assert page.inner_text("[data-testid=score]") == "0"
    assert f"the fewest possible from this deal was {fewest}" in ann.inner_text("[data-testid=score-screen]")
    # the shortest win is replayable, ending on every hand 1 2 3 4
    for _ in range(len(swaps)):
        ann.click("[data-testid=score-screen] button:has-text('▶')")
    assert ann.inner_text("[data-testid=best-step]") == f"{len(swaps)} of {len(swaps)}"
    last = ann.inner_text("[data-testid=best-swap]")     # in the players' names
    assert last.startswith(("Ann swapped", "Ben swapped")) and "player" not in last
    screenshot(ann, "uncovered-score")
    assert ann.errors == [] and ben.errors == []


def test_uncovered_each_seat_sees_only_what_its_variant_allows(new_page, server):
    ann = new_page("Ann")
    create_game(ann, "uncovered", variant="intermediate", players="2", computers="0")
    ben = new_page("Ben")
    join_by_code(ben, ann.inner_text("[data-testid=game-code]"))
    gid = game_id(ann)
    hidden = 0
    for page in (ann, ben):
        hands = api_get(page, server, f"/games/{gid}")["position"]["hands"]
        for p, hand in enumerate(hands):
            for i, value in enumerate(hand):
                shown = page.inner_text(f"[data-card='{p}-{i + 1}']")
                assert shown == ("?" if value is None else str(value))
                hidden += value is None
    assert hidden > 0           # the variant hides some cards from each seat
    assert ann.errors == [] and ben.errors == []


def fits(page, width: int) -> None:
    """Nothing on the page reaches past the screen's right edge."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    board = page.locator(".ripple-board, .mandragora-board, .hands").first.bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= width


# each game: its lobby options, a move to play (none for Uncovered!, whose page is checked as it
# opens) and what shows once the move is being shown
ON_A_PHONE = [
    ("ripple", {"level": "easy"}, ".rcell.clickable", "[data-testid=history] li"),
    ("mandragora", {"level": "easy"}, "[data-move]", "[data-testid=banner]:has-text('sows area')"),
    ("uncovered", {"variant": "beginner", "players": "3", "computers": "2"}, None, ".hand"),
]


def test_the_other_games_fit_a_phone_after_a_move(new_page):
    page = new_page("Pia", phone=True)
    for game, options, move, shown in ON_A_PHONE:
        page.goto("/")
        create_game(page, game, **options)
        if move:
            wait_turn(page)
            page.locator(move).first.click()
        page.wait_for_selector(shown)
        fits(page, 390)
    assert page.errors == []


def test_a_flashing_card_keeps_its_size_on_a_phone(new_page):
    """A card flashes (three pulses) where a swap moved it; the pulse once scaled the card up,
    so a card at the end of a row reached past a phone's screen while it flashed."""
    page = new_page("Flo", phone=True)
    create_game(page, "uncovered", variant="beginner", players="3", computers="2")
    page.wait_for_selector(".hand .ucard")
    sizes = page.evaluate("""async () => {
        const cards = [...document.querySelectorAll('.ucard')];
        const widths = () => cards.map(c => Math.round(c.getBoundingClientRect().width * 10));
        const before = widths();
        cards.forEach(c => c.classList.add('flash'));
        await new Promise(done => setTimeout(done, 250));   // half a pulse: the most it grows
        return {before, during: widths(), pulsing: document.getAnimations().length,
                page: document.documentElement.scrollWidth};
    }""")
    assert sizes["pulsing"] > 0
    assert sizes["during"] == sizes["before"]
    assert sizes["page"] <= 390
    assert page.errors == []
