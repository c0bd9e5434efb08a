"""The notes sheet on the sketch board (issue 34): cells marked empty or maybe some colours and
ports marked, by clicks and by keys, on a phone and a desktop; kept across a reload; filled from
the deduction map in training mode; shown in the replay after the game."""
from __future__ import annotations

import pytest

from tests.browser.conftest import screenshot

QUESTIONS = "section[aria-label=questions]"
EDITOR = "[data-testid='editor-sketch board']"


@pytest.mark.parametrize("phone", [False, True])
def test_notes_survive_a_reload_fill_from_the_map_and_show_in_the_replay(new_page, phone):
    page = new_page("Noa", phone=phone)
    page.check("input[name=hints]")
    page.click("text=Create game")
    page.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    page.click(f"{QUESTIONS} .port[data-port='15']")
    page.wait_for_selector("ol.answer-log li")
    editor = page.locator(EDITOR)
    editor.locator("text=Take notes").click()
    board = editor.locator("svg.board")
    # the cycling tool: first click empty, second red
    board.locator(".cell[data-cell='A1']").click()
    assert board.locator(".cell[data-cell='A1']").get_attribute("data-note") == "empty"
    board.locator(".cell[data-cell='B1']").click()
    board.locator(".cell[data-cell='B1']").click()
    assert board.locator(".cell[data-cell='B1']").get_attribute("data-note") == "red"
    # several colours with the colour tools
    editor.locator("button[data-tool=yellow]").click()
    board.locator(".cell[data-cell='C2']").click()
    editor.locator("button[data-tool=blue]").click()
    board.locator(".cell[data-cell='C2']").click()
    assert board.locator(".cell[data-cell='C2']").get_attribute("data-note") == "yellow blue"
    # a port mark, cycled by clicks
    board.locator(".port[data-port='K']").click()
    board.locator(".port[data-port='K']").click()
    assert editor.locator(".port[data-port='K'] .port-note").get_attribute("data-note") == "✓"
    # keys: the cursor is on the last cell pressed (C2); up is C1, W marks it maybe white
    editor.locator(".sketch-board").focus()
    for key in ("ArrowUp", "w"):
        page.keyboard.press(key)
    assert board.locator(".cell[data-cell='C1']").get_attribute("data-note") == "white"
    assert "C1: noted maybe white" in page.text_content("[data-testid=note-said]")
    screenshot(page, f"notes-{'phone' if phone else 'desktop'}")

    page.reload()
    page.wait_for_selector("[data-testid=turn]")
    board = page.locator(EDITOR).locator("svg.board")
    notes = {c: board.locator(f".cell[data-cell='{c}']").get_attribute("data-note") for c in ("A1", "B1", "C2", "C1")}
    assert notes == {"A1": "empty", "B1": "red", "C2": "yellow blue", "C1": "white"}
    assert page.locator(EDITOR).locator(".port[data-port='K'] .port-note").count() == 1

    # training: the deduction map written into the notes (settled cells only)
    page.click("text=Fill in what is settled")
    # (the training counts ask for hints too; the button waits until the server is free)
    page.wait_for_selector("[data-testid=hint-filled]", timeout=120_000)
    filled = page.evaluate("""() => Object.entries(JSON.parse(localStorage.getItem(
        Object.keys(localStorage).find(k => k.startsWith('orapa.notes.'))) ).cells)""")
    filled = dict(filled)
    cells = page.locator(f"{QUESTIONS} .cell[data-deduced]")
    assert cells.count() == 80
    before = {"A1": ["empty"], "B1": ["red"], "C2": ["yellow", "blue"], "C1": ["white"]}
    deduced = cells.evaluate_all("cs => cs.map(c => [c.dataset.cell, c.dataset.deduced])")
    for name, what in deduced:
        if what == "open":      # an open cell keeps the player's own mark, or none
            assert filled.get(name) == before.get(name), name
        else:
            assert filled[name] == (["black"] if what == "absorbed" else [what]), name
    settled = sum(1 for _, what in deduced if what != "open")
    assert f"{settled} settled cell" in page.text_content("[data-testid=hint-filled]")

    # after the game, the replay shows the notes left on the sheet
    page.click("text=Resign…")
    page.click("text=Yes, resign")
    page.wait_for_selector("section[aria-label=replay]")
    replay = page.locator("section[aria-label=replay] svg.board").first
    for name in ("A1", "B1", "C1", "C2"):   # as left: the player's marks, or the map's where settled
        assert replay.locator(f".cell[data-cell='{name}']").get_attribute("data-note") == " ".join(filled[name]), name
    assert replay.locator(".port[data-port='K'] .port-note").count() == 1
    assert page.errors == []
