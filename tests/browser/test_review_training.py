"""Training in the browser (issue 32): the layouts still possible after every answer as the game
goes, and a settled cell's "why" naming answers that really force it (the SAT model agrees, and
without any one of them the cell is open again)."""
from __future__ import annotations

from games.orapa.board import parse_cell
from tests.browser.conftest import SHOTS
from tests.browser.helpers import api_get, game_id
from tests.browser.test_review import forces

QUESTIONS = "section[aria-label=questions]"


def test_training_counts_layouts_as_it_goes_and_explains_a_settled_cell(new_page,
                                                                        server) -> None:
    page = new_page("Tia")
    page.check("input[name=hints]")
    page.click("text=Create game")
    page.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    counts = page.locator("[data-testid=layouts-as-we-go]")
    asked = 0
    for port in ("11", "5", "C", "P", "1", "10", "K", "18", "A", "J"):
        if asked == 6:
            break
        if page.locator(f"{QUESTIONS} .port[data-port='{port}'] .port-tag").count():
            continue        # known already (O5)
        page.click(f"{QUESTIONS} [data-port='{port}']")
        page.wait_for_selector(f"{QUESTIONS} [data-answer='{asked}']")
        asked += 1
    page.locator(f"[data-testid=layouts-as-we-go]:has-text('after answer {asked}')").wait_for(
        timeout=120_000)
    gid = game_id(page)
    now = api_get(page, server, f"/games/{gid}/hints/deductions")
    assert f"after answer {asked}" in counts.inner_text()
    if now["exact"]:
        assert f"{now['count']:,}" in counts.inner_text() or now["count"] >= 1_000_000
    page.click("text=Why is a cell settled?")
    board = page.locator("svg[aria-label='why settled']")
    board.locator(".cell.deduced").first.wait_for()
    label = board.locator(".cell.deduced").first.get_attribute("data-cell")
    board.locator(f".cell[data-cell='{label}']").click()
    told = page.locator("[data-testid=why-training]")
    told.wait_for(timeout=60_000)
    assert label in told.inner_text() and "surely" in told.inner_text()
    lit = [int(n) for n in page.eval_on_selector_all(
        "[aria-label='your answers, the forcing ones marked'] li[data-lit=yes]",
        "items => items.map(i => i.dataset.answer)")]
    state = api_get(page, server, f"/games/{gid}")
    seat = str(next(s["seat"] for s in state["seats"] if s["role"] != "director"))
    content = now["cells"][label]
    cell = parse_cell(label)
    assert lit and forces(state, seat, lit, cell, content)
    for dropped in lit:
        assert not forces(state, seat, [n for n in lit if n != dropped], cell, content)
    page.locator("[data-testid=training-extras]").screenshot(
        path=str(SHOTS / "review-training.png"))
    assert page.errors == []
