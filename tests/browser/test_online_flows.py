"""Issue 28 in the browser: unknown pages, messages in a player's words, the invite link signed
out, long names on a phone, a duel against the computer, a table's questions by asker and the
panels after the game, the guess button and the tab title."""
from __future__ import annotations

import random
import urllib.error
import urllib.request

from games.orapa.gems import gem_set
from games.orapa.random_layouts import random_layout
from tests.browser.conftest import screenshot
from tests.browser.helpers import api_get, api_post, create_game, enter_layout, game_id, wait_turn

QUESTIONS = "section[aria-label=questions]"
LONG_NAME = "Maximilianus" * 3 + "Quartz"        # 42 letters, no space to break at


def signed_out(browser, server: str, phone: bool = False):
    """A page of a fresh context with nobody signed in."""
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = browser.new_context(viewport=viewport, base_url=server)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


def test_unknown_pages_get_the_apps_own_no_such_page(new_page, server):
    page = new_page("Nia")
    for path in ("/nope", "/games/", "/games/abc", "/games/9999", "/players/x/y"):
        page.goto(path)
        shown = page.wait_for_selector("[data-testid=no-such-page]").inner_text()
        assert "No such page" in shown and "Back to the lobby" in shown, path
        for raw in ("not found", "Input should be", "path.gid", "game: no game"):
            assert raw not in shown, (path, shown)
    try:
        urllib.request.urlopen(f"{server}/nope", timeout=10)
        raise AssertionError("/nope answered 200")
    except urllib.error.HTTPError as err:      # still a 404 for the machines
        assert err.code == 404 and b"<div id=" in err.read()
    page.click("text=Back to the lobby")
    page.wait_for_selector("text=New game")
    assert page.errors == []


def test_a_name_of_spaces_is_refused_in_words(browser, server):
    page = signed_out(browser, server)
    page.goto("/")
    page.fill("input[name=name]", "   ")
    page.click("text=Start playing")
    error = page.wait_for_selector("form[aria-label='choose a name'] .error").inner_text()
    assert "spaces" in error and "String should" not in error
    page.context.close()


def test_an_invite_link_opened_signed_out_signs_in_and_takes_the_seat(new_page, browser, server):
    ann = new_page("Ann")
    ann.check("input[name=mode][value=duel]")
    ann.select_option("select[name=opponent]", "human")
    ann.click("text=Create game")
    code = ann.inner_text("[data-testid=game-code]")
    gid = game_id(ann)
    guest = signed_out(browser, server)
    guest.goto(f"/games/{gid}?code={code}")
    form = guest.wait_for_selector("form[aria-label='choose a name']")
    assert "take the open seat" in form.inner_text()
    guest.fill("input[name=name]", "Bea")
    guest.click("text=Start playing")
    # seated at once, still on the game's page
    guest.wait_for_selector("[data-testid='editor-mine board']")
    assert guest.url.rstrip("/").endswith(f"/games/{gid}?code={code}") or f"/games/{gid}" in guest.url
    assert "watching" not in guest.inner_text(".game-head")
    state = api_get(ann, server, f"/games/{gid}")
    assert [s["name"] for s in state["seats"]] == ["Ann", "Bea"]
    assert guest.errors == []
    guest.context.close()


def test_a_signed_out_viewer_of_a_finished_game_reads_words_and_comes_back(new_page, browser,
                                                                           server):
    ann = new_page("Ann")
    ann.click("text=Create game")
    wait_turn(ann)
    gid = game_id(ann)
    wrong = random_layout(gem_set("base"), rng=random.Random(1)).to_json()
    for _ in range(2):
        api_post(ann, server, f"/games/{gid}/actions", {"guess": wrong})
    viewer = signed_out(browser, server)
    viewer.goto(f"/games/{gid}")
    viewer.wait_for_selector("[data-testid=outcome]")
    viewer.wait_for_timeout(1000)       # the analysis and the events are asked for
    shown = viewer.inner_text("main")
    assert "bearer" not in shown.lower() and "Authorization" not in shown
    told = viewer.wait_for_selector("text=Pick a name in the lobby")
    told.click()
    viewer.fill("input[name=name]", "Vic")
    viewer.click("text=Start playing")
    viewer.wait_for_url(f"**/games/{gid}")
    viewer.wait_for_selector("[data-testid=outcome]")
    assert viewer.errors == []
    viewer.context.close()


def test_long_names_keep_the_phone_page_390_px_wide(new_page, server):
    page = new_page(LONG_NAME, phone=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.click("text=Create game")
    wait_turn(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.goto("/")
    create_game(page, "uncovered", variant="beginner", players="3", computers="2")
    page.wait_for_selector(".hand")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    names = [page.inner_text(f".seats li[data-seat='{i}'] .seat-name") for i in (1, 2)]
    assert names[0] != names[1]                        # two computers told apart
    screenshot(page, "phone-long-name")
    assert page.errors == []


def test_a_duel_against_the_computer(new_page, server):
    page = new_page("Dua")
    page.check("input[name=mode][value=duel]")
    page.click("text=Create game")
    page.wait_for_selector("[data-testid='editor-mine board']")
    assert page.locator("[data-testid=game-code]").count() == 0     # no seat is open
    enter_layout(page, random_layout(gem_set("base"), rng=random.Random(4)).to_json(),
                 "mine board", drag_first=False)
    page.click("text=Place this mine")
    # the guess button says what is missing until the sketch holds the gem set
    button = page.wait_for_selector("[data-testid=guess-button]")
    assert "Place 5 more gems" in button.inner_text() and button.is_disabled()
    wait_turn(page)
    assert page.title().startswith("Your turn")
    page.fill(f"{QUESTIONS} input[name=question]", "Z9")        # an error...
    page.press(f"{QUESTIONS} input[name=question]", "Enter")
    assert "neither a port" in page.inner_text(".explorer .error")
    page.click(f"{QUESTIONS} [data-port='1']")
    page.wait_for_selector(f"{QUESTIONS} [data-answer='0']")
    assert page.locator(".explorer .error").count() == 0        # ...cleared by the next move
    page.wait_for_selector(f"{QUESTIONS} [data-answer='0']")
    # the tab's title follows the turn line (the computer may already have answered back, so
    # compare the two rather than expect either)
    page.wait_for_function("""() => document.title.startsWith('Your turn') ===
        document.querySelector('[data-testid=turn]').innerText.startsWith('Your turn')""")
    # the computer's question on my mine: its path is drawn there
    mine = "[data-testid=opponent-questions] svg[aria-label='my mine']"
    page.wait_for_selector(f"{mine} .wave", state="attached", timeout=60_000)
    wait_turn(page)
    page.locator("[data-testid='editor-sketch board'] .palette-gem").first.click()
    assert "Place 4 more gems" in page.inner_text("[data-testid=guess-button]")
    assert page.errors == []


def guess_while_refetches_wait(page) -> None:
    """Confirm the open guess dialog while every refetch of the game's state is held back, and
    check that the verdict comes with the game after the guess: a wrong guess at a table passes
    the turn, so "Your turn" and an enabled Guess button beside the verdict would be stale (a
    click on Guess then is refused, or lost when the refetch disables the button under it)."""
    held: list | None = []
    url = f"**/api/games/{game_id(page)}"
    page.route(url, lambda route: held.append(route) if held is not None else route.fallback())
    with page.expect_response(lambda r: r.url.endswith("/actions")) as reply:
        page.click("text=Yes, guess")
    after = reply.value.json()["game"]
    page.wait_for_selector(".verdict")
    mine = after["to_move"] == after["your_seat"]
    turn = page.inner_text("[data-testid=turn]")
    assert ("Your turn" in turn) == mine, (turn, after["to_move"])
    assert page.is_disabled("[data-testid=guess-button]") != mine
    waiting, held = held, None
    for route in waiting:
        route.continue_()
    page.unroute(url)


def test_a_table_says_who_asked_and_the_panels_after_the_game_are_per_seat(new_page, server):
    page = new_page("Tia")
    page.check("input[name=mode][value=table]")
    page.fill("input[name=explorers]", "2")
    page.fill("input[name=computerExplorers]", "1")
    page.select_option("select[name=level]", "easy")
    page.click("text=Create game")
    mine_asked = 0
    for port in ("15", "1", "K", "5", "9", "E", "3", "M"):
        if mine_asked == 2:
            break
        wait_turn(page)
        if page.locator(f"{QUESTIONS} .port[data-port='{port}'] .port-tag").count():
            continue
        heard = page.locator(f"{QUESTIONS} .answer-log li").count()
        page.click(f"{QUESTIONS} [data-port='{port}']")
        page.wait_for_selector(f"{QUESTIONS} [data-answer='{heard}']")
        mine_asked += 1
    wait_turn(page)
    log = page.inner_text(f"{QUESTIONS} .answer-log")
    computer = [s["name"] for s in api_get(page, server, f"/games/{game_id(page)}")["seats"]
                if s["role"] == "explorer" and s["kind"] == "computer"][0]
    assert "Tia: " in log and f"{computer}: " in log               # who asked each one
    state = api_get(page, server, f"/games/{game_id(page)}")
    theirs = state["asked_by"][str(state["your_seat"])].count(2)      # seat 2: the computer
    # a wrong guess, then a second: out; the computer plays on or the table ends
    enter_layout(page, random_layout(gem_set("base"), rng=random.Random(99)).to_json(),
                 "sketch board", drag_first=False)
    for n in range(2):
        if "Game over" in wait_turn(page, timeout=120_000):
            break          # the computer found the mine first
        page.click("[data-testid=guess-button]")
        if n == 0:
            guess_while_refetches_wait(page)
        else:
            page.click("text=Yes, guess")
            page.wait_for_selector(".verdict")     # mine, or the game's outcome
    page.wait_for_selector("[data-testid=outcome]", timeout=300_000)
    final = api_get(page, server, f"/games/{game_id(page)}")
    me, other = final["your_seat"], 2
    asked = final["asked_by"][str(me)]
    assert page.inner_text(f"[data-testid=asked-{me}]").startswith(
        f"{asked.count(me)} question{'' if asked.count(me) == 1 else 's'} asked")
    used = 2 - final["guesses_left"][str(me)]
    assert f"{used} of 2 guesses used" in page.inner_text(f"[data-testid=asked-{me}]")
    assert page.inner_text(f"[data-testid=asked-{other}]").startswith(
        f"{asked.count(other)} question")
    assert asked.count(me) == mine_asked and asked.count(other) >= theirs
    screenshot(page, "table-after")
    assert page.errors == []


def test_not_you_keeps_the_old_player_to_switch_back_to(new_page):
    page = new_page("Ann")
    page.click("text=Not you?")
    page.wait_for_selector("section[aria-label='players on this browser'] >> text=Play as Ann")
    page.fill("input[name=name]", "Bob")
    page.click("text=Start playing")
    page.wait_for_selector(".player-name:text-is('Bob')")
    page.click("text=Play as Ann")
    page.wait_for_selector("p:has-text('Welcome, Ann')")
    assert "Play as Bob" in page.inner_text("section[aria-label='players on this browser']")
    assert page.errors == []


def test_resigning_asks_first_then_ends_the_game_and_says_why(new_page):
    page = new_page("Rex")
    page.click("text=Create game")
    wait_turn(page)
    page.click("text=Resign…")
    dialog = page.wait_for_selector("[role=dialog]")
    assert "you lose" in dialog.inner_text()
    page.click("text=Cancel")
    assert "Your turn" in page.inner_text("[data-testid=turn]")
    page.click("text=Resign…")
    page.click("text=Yes, resign")
    # the reason comes with the game's events, read once the game is over
    page.wait_for_selector("[data-testid=outcome]:has-text('Rex resigned')")
    assert page.errors == []


def test_the_other_games_have_a_resign_button_too(new_page):
    page = new_page("Rae")
    create_game(page, "ripple", level="easy")
    wait_turn(page)
    page.click("text=Resign…")
    assert "opponent wins" in page.wait_for_selector("[role=dialog]").inner_text()
    page.click("text=Yes, resign")
    ending = page.wait_for_selector("[data-testid=turn]:has-text('Game over')").inner_text()
    assert "won" in ending and "Rae resigned" in ending
    assert page.errors == []


def test_a_long_name_keeps_the_uncovered_hands_in_one_row_on_a_desktop(new_page):
    page = new_page(LONG_NAME)
    create_game(page, "uncovered", variant="beginner", players="3", computers="2")
    page.wait_for_selector(".hand")
    for hand in range(3):
        tops = page.eval_on_selector_all(f".hand[data-hand='{hand}'] .ucard",
                                         "cards => cards.map(c => c.getBoundingClientRect().top)")
        assert len(tops) == 4 and max(tops) - min(tops) < 1, (hand, tops)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert page.errors == []
