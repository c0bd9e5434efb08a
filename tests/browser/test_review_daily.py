"""The daily page says the puzzle's grade (issue 32), the one the server serves."""
from __future__ import annotations

from tests.browser.conftest import SHOTS
from tests.browser.helpers import api_get


def test_the_daily_page_says_its_grade(new_page, server) -> None:
    page = new_page("Dora", phone=True)
    page.goto("/daily")
    shown = page.locator("[data-testid=daily-grade]")
    shown.wait_for(timeout=120_000)
    served = api_get(page, server, "/daily")["grade"]
    assert f"Grade: {served}" in shown.inner_text()
    page.screenshot(path=str(SHOTS / "daily-grade-phone.png"))
    assert page.errors == []
