"""Whole Orapa games in the browser: a solo game clicked through to a right guess, and a duel
between two browser contexts that see each other's questions live."""
from __future__ import annotations

import random

from games.orapa.board import PORT_LABELS
from games.orapa.gems import gem_set
from games.orapa.random_layouts import random_layout
from tests.browser.conftest import screenshot
from tests.browser.helpers import api_get, api_post, enter_layout, game_id, solve_answers

QUESTIONS = "section[aria-label=questions]"
CLICKED = 8     # the solo game's questions asked on the page (a typed port and a cell among them)


def check_tags(page, port: str, number: int) -> None:
    """One numbering: the tag of a shot's entry and exit is its answer's number in the list
    (the cell question counts too)."""
    answer = page.inner_text(f"{QUESTIONS} [data-answer='{number}'] .answer-text")
    tagged = [port] + ([answer.split("→ ")[1].split()[0]] if "absorbed" not in answer else [])
    for end in tagged:
        tag = page.text_content(f"{QUESTIONS} .port[data-port='{end}'] .port-tag")
        assert tag == str(number + 1), (answer, end, tag)


def test_solo_game_clicked_to_a_right_guess(new_page, server):
    page = new_page("Ella")
    screenshot(page, "lobby")
    page.click("text=Create game")
    page.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    # Ports in turn (one typed instead of clicked) and a cell, until the project's solver finds
    # one layout only (a generated mine is unique under all 36 shots, so it stops by then). The
    # first CLICKED questions are asked on the page; the shots after them go through the API
    # (the set-up of the guess), and their answers and tags are read on the reloaded page.
    asked = 0
    mine = None
    known: set[str] = set()
    gid = game_id(page)
    seat = api_get(page, server, f"/games/{gid}")["your_seat"]

    def repeat_known(port: str) -> None:
        """An earlier shot's exit (O5): the page answers from the record, sends nothing, and
        the turn stays."""
        page.click(f"{QUESTIONS} [data-port='{port}']")
        known_line = page.wait_for_selector("[data-testid=already-known]").inner_text()
        assert known_line.startswith(f"Already known: {port} → ") and "free" in known_line
        assert "Your turn" in page.inner_text("[data-testid=turn]")

    clicked_again = False   # the free repeat (O5) asked on the page during the clicked shots
    for port in PORT_LABELS:
        if port in known:
            if asked <= CLICKED:        # every answer so far asked on the page: tagged there
                assert page.locator(f"{QUESTIONS} .port[data-port='{port}'] .port-tag").count()
                if not clicked_again:
                    repeat_known(port)
                    clicked_again = True
            continue
        if asked >= CLICKED:
            api_post(page, server, f"/games/{gid}/actions", {"shot": port})
        elif port == "7":
            page.fill(f"{QUESTIONS} input[name=question]", "7")
            page.press(f"{QUESTIONS} input[name=question]", "Enter")
        else:
            page.click(f"{QUESTIONS} [data-port='{port}']")
        if asked < CLICKED:
            page.wait_for_selector(f"{QUESTIONS} [data-answer='{asked}']")
            check_tags(page, port, asked)
        heard = api_get(page, server, f"/games/{gid}")["observations"][str(seat)]
        known |= {end for answer in heard if "shot" in answer
                  for end in (answer["shot"], answer["exit"])}
        asked += 1
        if asked == 6:
            page.click(f"{QUESTIONS} [data-cell='E4']")       # a first tap selects the cell
            page.wait_for_selector("[data-testid=picked-cell]:has-text('E4')")
            assert page.locator(f"{QUESTIONS} [data-answer='{asked}']").count() == 0
            page.click(f"{QUESTIONS} [data-cell='E4']")       # the second asks
            page.wait_for_selector(f"{QUESTIONS} [data-answer='{asked}']")
            assert "E4: " in page.inner_text(f"{QUESTIONS} [data-answer='{asked}']")
            asked += 1
            screenshot(page, "explorer")
        if asked >= 12 and asked % 3 == 0:
            state = api_get(page, server, f"/games/{gid}")
            mine = solve_answers(state, state["your_seat"], unique=False)
            if mine is not None:
                break
    page.reload()
    page.wait_for_selector(f"{QUESTIONS} [data-answer='{asked - 1}']")
    state = api_get(page, server, f"/games/{gid}")
    for number, answer in enumerate(state["observations"][str(seat)]):
        if number >= CLICKED:
            check_tags(page, answer["shot"], number)
    if not clicked_again:   # no known port came up during the clicked shots (or none at all:
        # a random mine's exits reached none of the later ports in 2 runs of 4 with -n 3)
        repeat_known(min(known))
    assert len(state["observations"][str(seat)]) == asked
    mine = mine or solve_answers(state, seat)
    enter_layout(page, mine, "sketch board")
    assert page.inner_text("[data-testid=sketch-score]") == f"{asked} of {asked} answers reproduced"
    page.check("text=show every path")
    page.click("text=Guess with this sketch")
    dialog = page.locator("[role=dialog]")
    assert "2 guesses left" in dialog.inner_text()
    screenshot(page, "sketch-guess")
    page.click("text=Yes, guess")
    page.wait_for_selector("[data-testid=outcome]:has-text('Game over')")
    assert "Ella won" in page.inner_text("[data-testid=outcome]")
    # the mine is revealed with the path of every shot
    assert page.locator("svg[aria-label='revealed mine Ella'] .wave").count() == asked - 1
    screenshot(page, "won")
    # the stats page counts the win and charts its questions
    page.click("text=My stats")
    page.wait_for_selector(".figures")
    assert page.inner_text(".figures div:has(dt:text-is('wins')) dd") == "1"
    page.wait_for_selector("svg[aria-label='questions per won game over time'] circle")
    chart = "svg[aria-label='questions per won game over time']"
    assert f"{asked} questions" in page.locator(f"{chart} title").text_content()
    row = page.locator("[data-testid=game-history] tbody tr")
    assert row.count() == 1 and "win" in row.inner_text() and str(asked) in row.inner_text()
    screenshot(page, "stats")
    assert page.errors == []


def test_duel_each_sees_the_others_question_live(new_page, server):
    ella = new_page("Ella")
    ella.check("input[name=mode][value=duel]")
    ella.select_option("select[name=opponent]", "human")
    ella.click("text=Create game")
    code = ella.inner_text("[data-testid=game-code]")
    bob = new_page("Bob")
    bob.fill("input[name=code]", code)
    bob.click("form[aria-label='join a game'] button[type=submit]")
    bob.wait_for_url("**/games/*")
    assert game_id(bob) == game_id(ella)

    rng = random.Random(7)
    for page in (ella, bob):
        page.wait_for_selector("[data-testid='editor-mine board']")
        enter_layout(page, random_layout(gem_set("base"), rng=rng).to_json(), "mine board",
                     drag_first=False)
        page.click("text=Place this mine")
    state = api_get(ella, server, f"/games/{game_id(ella)}")
    first, second = (ella, bob) if state["to_move"] == state["your_seat"] else (bob, ella)
    first.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    first.click(f"{QUESTIONS} [data-port='1']")
    # the other browser sees the question on its own mine, live
    second.wait_for_selector("[data-testid=opponent-questions] [data-answer='0']:has-text('1 →')")
    second.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    second.click(f"{QUESTIONS} [data-port='A']")
    first.wait_for_selector("[data-testid=opponent-questions] [data-answer='0']:has-text('A →')")
    screenshot(first, "duel")
    assert ella.errors == [] and bob.errors == []
