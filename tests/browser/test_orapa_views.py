"""The director's view, the replay, training mode and names full of HTML, in the browser."""
from __future__ import annotations

import re

import json
import random
import urllib.request

import pytest

from games.orapa.gems import gem_set
from games.orapa.layout import Layout, PlacedGem, violations
from games.orapa.placements import placements
from games.orapa.random_layouts import random_layout
from tests.browser.conftest import screenshot
from tests.browser.helpers import (api_get, create_game, enter_layout, game_id, solve_answers,
                                   wait_turn)

QUESTIONS = "section[aria-label=questions]"


def illegal_layout(seed: int) -> dict:
    """Base gems at random placements that break O3 (overlap or shared edges)."""
    rng = random.Random(seed)
    while True:
        gems = gem_set("base")
        layout = Layout([PlacedGem(g, rng.choice(placements(g.shape))) for g in gems])
        if any("overlap" in v for v in violations(layout)):
            return layout.to_json()


def test_analysis_and_replay_of_a_finished_game(new_page):
    page = new_page("Rita")
    page.click("text=Create game")
    page.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    asked = 0
    for port in ("15", "1", "K", "5", "9", "E"):
        if asked == 3:
            break
        if page.locator(f"{QUESTIONS} .port[data-port='{port}'] .port-tag").count():
            continue        # an earlier shot's exit: known already (O5)
        page.click(f"{QUESTIONS} [data-port='{port}']")
        page.wait_for_selector(f"{QUESTIONS} [data-answer='{asked}']")
        asked += 1
    enter_layout(page, random_layout(gem_set("base"), rng=random.Random(5)).to_json(),
                 "sketch board", drag_first=False)
    for left in (2, 1):
        page.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
        page.click("text=Guess with this sketch")
        assert f"{left} guess" in page.inner_text("[role=dialog]")
        page.click("text=Yes, guess")
        if left == 2:
            page.wait_for_selector(".verdict:has-text('Wrong')")
    page.wait_for_selector("[data-testid=outcome]:has-text('Game over')")
    step = page.wait_for_selector("[data-testid=replay-step]")
    total = int(step.inner_text().split(" of ")[1].split(":")[0])
    assert step.inner_text().startswith(f"Event {total} of {total}")
    page.click("[aria-label='first event']")
    assert page.inner_text("[data-testid=replay-step]") == f"Event 0 of {total}: the start"
    replay = page.locator("section[aria-label=replay]")
    assert replay.locator(".port .port-tag").count() == 0
    replay.focus()
    shots = 0
    for i in range(total):
        replay.press("ArrowRight")
        # the step shown once the key is handled (reading it at once can race the render)
        step = page.wait_for_selector(f"[data-testid=replay-step]:has-text('Event {i + 1} of ')")
        if " shot " in step.inner_text():
            shots += 1
            # the board as it was: this shot's entry tagged (with a new number, or with an earlier
            # shot's when it enters where that one left: the same path backwards)
            port = step.inner_text().split(" shot ")[1].split()[0]
            replay.locator(f".port[data-port='{port}'] .port-tag").wait_for(state="attached",
                                                                          timeout=10_000)
            if shots == 2:
                screenshot(page, "replay")
    assert shots == 3
    # the analysis (the server works on it while the replay is stepped through): bits per
    # question (3 bars) and the advisor's comparison
    analysis = page.wait_for_selector("[data-testid^=analysis-], .after .error", timeout=150_000)
    assert "3 questions asked" in analysis.inner_text()
    assert "advisor would have needed" in analysis.inner_text()
    assert page.locator("[data-testid^=analysis-] svg.chart rect").count() == 3
    screenshot(page, "after-game")
    assert page.errors == []


def _serves_hints(base: str) -> bool:
    with urllib.request.urlopen(f"{base}/api/openapi.json", timeout=10) as res:
        return "/api/games/{gid}/hints/next" in json.load(res)["paths"]


def test_training_mode_shows_hints(new_page, server):
    if not _serves_hints(server):
        pytest.skip("this server does not serve the hints endpoints")
    page = new_page("Tom")
    page.check("input[name=hints]")
    page.click("text=Create game")
    page.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    # ten answers: few enough layouts left for the map to come quickly on a busy machine
    asked = 0
    for port in ("11", "5", "C", "P", "1", "10", "K", "18", "A", "J", "3", "7", "M", "E"):
        if asked == 10:
            break
        if page.locator(f"{QUESTIONS} .port[data-port='{port}'] .port-tag").count():
            continue        # known already (O5)
        page.click(f"{QUESTIONS} [data-port='{port}']")
        page.wait_for_selector(f"{QUESTIONS} [data-answer='{asked}']")
        asked += 1
    page.click("text=Advisor's next question")
    shown_hint = page.wait_for_selector("[data-testid=hint-next]", timeout=60_000).inner_text()
    # the figure the advisor chose by, in its order, and the count in words
    advice = api_get(page, server, f"/games/{game_id(page)}/hints/next")
    best = advice["ranking"][0]
    if "expected_questions" in best:
        assert f"about {best['expected_questions']:.2f} questions still needed" in shown_hint
        runner = advice["ranking"][1]
        assert f"{runner['question']} ({runner['expected_questions']:.2f} questions left)" \
            in shown_hint
    else:
        assert f"{best['expected_bits']:.2f} bits of information expected" in shown_hint
    assert str(advice["candidates"]) not in shown_hint or advice["candidates"] < 10_000
    page.click("text=Deduction map")
    shown = page.wait_for_selector("[data-testid=hint-map], section[aria-label=training] .error",
                                   timeout=60_000).inner_text()
    assert re.search(r"fits? the answers", shown), shown      # "1 layout fits", "12 layouts fit"
    # the map is drawn over the question board: every cell marked, some of them settled
    board = page.locator(f"{QUESTIONS} svg[aria-label='question board']")
    assert board.locator(".cell.deduced").count() == 80
    settled = board.locator(".cell.deduced:not([data-deduced=open])").count()
    assert settled > 0
    hint = page.inner_text("[data-testid=hint-next]")
    advised = hint.split("Ask ")[1].split(":")[0]
    assert board.locator(f"[data-port='{advised}'] .port-tag:text-is('★'), "
                         f"[data-cell='{advised}'] text:text-is('★')").count() == 1
    enter_layout(page, random_layout(gem_set("base"), rng=random.Random(9)).to_json(),
                 "sketch board", drag_first=False)
    page.click("text=Is my sketch forced?")
    page.wait_for_selector("[data-testid=hint-check]", timeout=60_000)
    screenshot(page, "training")
    assert page.errors == []


def test_a_name_full_of_html_is_shown_as_text(new_page):
    name = "<img src=x onerror=alert(1)>"
    page = new_page(name, phone=True)
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    assert page.inner_text(".player-name") == name
    create_game(page)
    wait_turn(page)        # the computer director's mine is placed: a shot can be answered
    assert page.inner_text(".seats li[data-seat='0'] .seat-name") == name
    assert page.locator("img").count() == 0
    # the phone screen: nothing wider than the 390 px viewport, and a port shoots by keyboard
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.focus(f"{QUESTIONS} [data-port='1']")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{QUESTIONS} [data-answer='0']")
    screenshot(page, "phone")
    assert dialogs == [] and page.errors == []


def test_daily_puzzle_solved_in_the_browser(new_page, server):
    page = new_page("Dan")
    page.click("text=Daily puzzle")
    page.wait_for_selector("section[aria-label=answers] [data-answer='0']", timeout=90_000)
    puzzle = api_get(page, server, "/daily")
    solution = solve_answers({"gems": puzzle["gems"], "rules": puzzle.get("rules"),
                              "observations": {"0": puzzle["observations"]}}, 0)
    enter_layout(page, solution, "daily sketch", drag_first=False)
    n = len(puzzle["observations"])
    assert page.inner_text("[data-testid=daily-score]") == f"{n} of {n} answers reproduced"
    assert "Daily puzzle of " in page.inner_text("h1")            # its date
    assert "No attempt yet" in page.inner_text("[data-testid=daily-record]")
    page.click("text=Submit my answer")
    page.wait_for_selector(".verdict:has-text('Correct')")
    assert "Solved today in 1 attempt" in page.inner_text("[data-testid=daily-record]")
    screenshot(page, "daily")
    # remembered after a reload (with the sketch), and the streak is on the stats page
    page.reload()
    page.wait_for_selector("[data-testid=daily-record]:has-text('Solved today in 1 attempt')")
    assert page.inner_text("[data-testid=daily-score]") == f"{n} of {n} answers reproduced"
    page.click("text=My stats")
    assert page.wait_for_selector("[data-testid=daily-streak]").inner_text() == "1"
    assert page.errors == []


def test_director_places_an_illegal_then_a_legal_mine(new_page):
    page = new_page("Dora")
    page.check("input[name=mode][value=table]")
    page.select_option("select[name=tableRole]", "director")
    page.fill("input[name=explorers]", "2")
    page.fill("input[name=computerExplorers]", "2")
    page.select_option("select[name=level]", "easy")   # they keep playing after the test
    page.click("text=Create game")
    page.wait_for_selector("[data-testid='editor-mine board']")
    enter_layout(page, illegal_layout(3), "mine board")
    # the half-placed mine is a draft: a reload keeps it, and a second tab keeps in step
    editor = "[data-testid='editor-mine board'] svg.board"
    page.reload()
    page.wait_for_selector(f"{editor} .gem")
    assert page.locator(f"{editor} .gem").count() == 5
    other = page.context.new_page()
    other.goto(page.url)
    other.wait_for_selector(f"{editor} .gem")
    other.click("text=Clear")
    page.locator(f"{editor} .gem").first.wait_for(state="detached")
    other.close()
    enter_layout(page, illegal_layout(3), "mine board")
    violations = page.inner_text("[data-testid=violations]")
    assert "overlap" in violations and "gems[" not in violations
    page.click("text=Place this mine")
    refusal = page.wait_for_selector("[data-testid=server-refusal]")
    assert "overlap" in refusal.inner_text() and "gems[" not in refusal.inner_text()
    assert page.locator(f"{editor} .gem.flagged").count() >= 2   # the gems it names
    screenshot(page, "director-illegal")
    page.click("text=Clear")
    enter_layout(page, random_layout(gem_set("base"), rng=random.Random(11)).to_json(),
                 "mine board", drag_first=False)
    page.wait_for_selector("[data-testid=legal]")
    page.click("text=Place this mine")
    # the computer explorers start asking; their questions appear live
    page.wait_for_selector(".director .answer-log [data-answer='0']", timeout=60_000)
    screenshot(page, "director-watching")
    assert page.errors == []
