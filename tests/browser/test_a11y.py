"""Accessibility (issue 34): axe-core (the npm package of web/frontend, run inside the page)
finds no serious or critical violation on any page of the app, on a 390 px phone and a desktop;
ports, cells and answers have names a screen reader reads.

Each page is visited once and checked at both widths by resizing the viewport: the app's layout
follows the width through CSS media queries only (no script reads it), so a page resized to a
phone is the page a phone shows."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.helpers import create_game

AXE = Path(__file__).resolve().parents[2] / "web" / "frontend" / "node_modules" / "axe-core" / "axe.min.js"


def axe_problems(page) -> list[str]:
    """Serious and critical violations on the page as it is, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # through the debugging protocol, so the server's Content Security Policy allows it
        page.evaluate(AXE.read_text() + "\n;undefined")
    out = page.evaluate("""async () => {
        const r = await window.axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
          .map(v => v.id + ' (' + v.impact + '): ' + v.help + ' -- ' +
               v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' +
                 (n.failureSummary || '').split('\\n').slice(1, 2).join('')).join(' | '));
    }""")
    return out


WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def check(page, where: str, problems: dict[str, list[str]]) -> None:
    """Axe's serious and critical violations on the page at each width of WIDTHS, noted under
    `where` and the width; the page is left at the width it had."""
    page.wait_for_timeout(300)          # let the page settle (fonts, first answers)
    had = page.viewport_size
    for width, size in WIDTHS.items():
        page.set_viewport_size(size)
        found = axe_problems(page)
        if found:
            problems[f"{where} ({width})"] = found
    page.set_viewport_size(had)


@pytest.fixture(scope="module", autouse=True)
def _axe_present():
    if not AXE.is_file():
        pytest.skip("axe-core is not installed (cd web/frontend && npm ci)")


def test_no_serious_violation_on_any_page(new_page, browser, server):
    problems: dict[str, list[str]] = {}
    # signed out: the lobby's welcome and the name form
    context = browser.new_context(viewport=WIDTHS["desktop"], base_url=server)
    try:
        out = context.new_page()
        out.goto("/")
        out.wait_for_selector("text=Start playing")
        check(out, "lobby, signed out", problems)
    finally:
        context.close()

    page = new_page("Ada")
    check(page, "lobby", problems)
    for path in ("/learn", "/learn/orapa", "/learn/mandragora", "/learn/ripple", "/learn/uncovered",
                 "/learn/orapa/tutorial", "/daily", "/no/such/page"):
        page.goto(path)
        page.wait_for_selector("main h1, main h2")
        check(page, path, problems)
    page.goto("/learn/orapa")
    page.click("[data-testid=live-example] .port[data-port='7']")
    check(page, "/learn/orapa after a wave", problems)

    # an Orapa solo game in training mode, with a shot, the notes mode open, then over
    page.goto("/")
    page.check("input[name=hints]")
    page.click("text=Create game")
    page.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    page.click("section[aria-label=questions] .port[data-port='15']")
    page.wait_for_selector("ol.answer-log li")
    page.click("text=Take notes")
    check(page, "orapa game (notes)", problems)
    page.click("text=Resign…")
    page.click("text=Yes, resign")
    page.wait_for_selector("section[aria-label=replay]")
    check(page, "orapa game over (replay)", problems)
    player = page.evaluate("JSON.parse(localStorage.getItem('orapa.me') || 'null')")
    if player:
        page.goto(f"/players/{player['id']}")
        page.wait_for_selector("main h1, main h2")
        check(page, "my stats", problems)

    for game in ("mandragora", "ripple", "uncovered"):
        page.goto("/")
        page.wait_for_selector("text=New game")
        create_game(page, game)
        page.wait_for_timeout(500)
        check(page, f"{game} game", problems)

    assert not problems, "\n".join(f"{where}: {p}" for where, ps in problems.items() for p in ps)


def test_ports_cells_and_answers_have_names(new_page):
    page = new_page("Ben")
    page.click("text=Create game")
    page.wait_for_selector("[data-testid=turn]:has-text('Your turn')")
    board = page.locator("section[aria-label=questions] svg.board")
    port = board.locator(".port[data-port='15'] [role=button]")
    assert port.get_attribute("aria-label") == "shoot from port 15"
    cell = board.locator(".cell[data-cell='E4']")
    assert cell.get_attribute("role") == "button"
    assert "E4" in cell.get_attribute("aria-label")
    port.click()
    page.wait_for_selector("ol.answer-log li")
    answer = page.locator("ol.answer-log li").first.text_content()
    assert answer.startswith("15 → ")
