"""The app in French (issue 34): a browser whose language is French gets the lobby, the rules
pages and a whole solo Orapa game in French; the switch in the header goes back to English and
the choice is remembered after a reload. French is longer than English: on a 390 px phone and a
desktop nothing may be wider than the window."""
from __future__ import annotations

import re

import pytest

from games.orapa.board import PORT_LABELS

from tests.browser.conftest import screenshot
from tests.browser.helpers import api_get, enter_layout, game_id, solve_answers
from tests.browser.test_a11y import AXE, WIDTHS, axe_problems

QUESTIONS = ".boards > section:first-child"     # the question board's section, in any language
# English a French page must not show (the header, the lobby, the game page, the end)
ENGLISH = ("How to play", "Daily puzzle", "Your turn", "New game", "Join a game", "My games",
           "answers reproduced", "Guess with this sketch", "Game over", "Waiting for",
           "Create game", "Play now", "Step ")


def french_page(browser, server, phone: bool = False):
    """A fresh context whose browser speaks French, signed up as a new player."""
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = browser.new_context(viewport=viewport, base_url=server, locale="fr-FR",
                                  reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    # a text no locale file has: i18n.ts says "i18n: missing ns:key" once on the console
    page.on("console", lambda m: m.text.startswith("i18n: missing") and page.errors.append(m.text))
    page.goto("/")
    return context, page


def assert_french(page, where: str) -> None:
    """The page says it is French and shows none of the English phrases above."""
    assert page.evaluate("document.documentElement.lang") == "fr", where
    text = page.inner_text("body")
    found = [e for e in ENGLISH if e in text]
    assert not found, f"English on the {where}: {found}"


def assert_fits(page, where: str) -> None:
    """Nothing is wider than the window (a long French word or label would push it out)."""
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    culprits = [] if wide <= 0 else page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(-4).map(e => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 40))""")
    assert wide <= 0, f"the {where} is {wide} px wider than the window: {culprits}"


def sign_up(page, name: str) -> None:
    page.fill("input[name=name]", name)
    page.click("form:has(input[name=name]) button[type=submit]")
    page.wait_for_selector("select[name=game]")


def at_both_widths(page, where: str, check=None, axe: bool = False, shot: str = "") -> None:
    """The page in French and fitting the window on a desktop and resized to a 390 px phone
    (the layout follows the width by CSS only: tests/browser/test_a11y.py), with `check(page)`,
    axe and a screenshot NAME-desktop / NAME-phone at each; the page is left at the desktop."""
    for width, size in WIDTHS.items():
        page.set_viewport_size(size)
        assert_french(page, f"{where} ({width})")
        assert_fits(page, f"{where} ({width})")
        if check:
            check(page)
        if axe and AXE.is_file():   # the French texts keep every name a screen reader needs
            assert axe_problems(page) == [], width
        if shot:
            screenshot(page, f"{shot}-{width}")
    page.set_viewport_size(WIDTHS["desktop"])


def lobby_texts(page) -> None:
    body = page.inner_text("body")
    for french in ("Nouvelle partie", "Rejoindre une partie", "Mes parties", "Jouer maintenant",
                   "Bienvenue, Léa", "Énigme du jour", "Comment jouer"):
        assert french in body, french


def daily_texts(page) -> None:
    """The date in French words, the score line French too."""
    day = page.inner_text("main h1")
    assert re.search(r"Énigme du (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d+ \w+ \d{4}",
                     day), day
    score = page.inner_text("[data-testid=daily-score]")
    assert re.fullmatch(r"Réponses? reproduites? : \d+ sur \d+", score), score


def test_the_lobby_and_a_rules_page_in_french_fit_the_window(browser, server):
    context, page = french_page(browser, server)
    try:
        page.wait_for_selector("h1:has-text('Quatre jeux de déduction')")
        assert "Choisissez un nom" in page.inner_text("body")
        sign_up(page, "Léa")
        assert page.input_value("[data-testid=language-switch]") == "fr"
        page.wait_for_selector("h2:has-text('Mes parties')")      # my games loaded
        page.check("input[name=mode][value=duel]")            # duels offer clocks, in French
        clocks = page.locator("select[name=clock] option").all_inner_texts()
        assert clocks[0] == "sans pendule" and "10 min + 10 s par coup" in clocks and "2 min par tour" in clocks
        assert page.locator("select[name=opponent] option").all_inner_texts()[0] == "l’ordinateur"
        page.check("input[name=mode][value=solo]")
        at_both_widths(page, "lobby", lobby_texts, axe=True, shot="lobby-fr")
        page.click("header >> text=Comment jouer")
        page.click(".learn-index >> text=Orapa Mine")
        page.wait_for_selector("h1:has-text('Comment jouer à Orapa Mine')")
        # the live example answers in French (port 7 of the example mine comes straight back, blue)
        page.locator("[data-testid=live-example] .port[data-port='7']").click()
        answer = page.text_content("[data-testid=live-answer]")
        assert "ressort par le port 7 lui-même, couleur bleu" in answer, answer
        assert page.locator(".mix-table tr[data-mix='light purple'] td").first.inner_text().strip() == "violet clair"
        assert page.locator(".learn-nav a:text-is('Tutoriel')").count() == 1
        at_both_widths(page, "rules page", axe=True, shot="learn-orapa-fr")
        for game, title in (("ripple", "Ripple"), ("mandragora", "Mandragora Mania"),
                            ("uncovered", "Uncovered!")):
            page.click(f".learn-nav >> text={title}")
            page.wait_for_selector(f"h1:has-text('Comment jouer à {title}')")
            at_both_widths(page, f"rules of {game}")
        # the other pages of the header, and the tutorial
        for path, heading in (("/learn/orapa/tutorial", "Votre première partie d’Orapa Mine"),
                              ("/daily", "Énigme du"), ("/learn", "Comment jouer")):
            page.goto(path)
            page.wait_for_selector(f"main h1:has-text('{heading}')")
            at_both_widths(page, path, daily_texts if path == "/daily" else None)
        page.click("header >> text=Mes statistiques")
        page.wait_for_selector("main h1:has-text('Statistiques de Léa')")
        assert "Pas encore de partie gagnée" in page.inner_text("main")
        at_both_widths(page, "stats page")
        assert page.errors == []
    finally:
        context.close()


def test_a_solo_game_played_to_the_end_in_french(browser, server):
    context, page = french_page(browser, server)
    try:
        sign_up(page, "Jules")
        page.click("form:has(select[name=game]) button[type=submit]")   # Créer la partie: solo
        page.wait_for_selector("[data-testid=turn]")
        for _ in range(100):
            if page.locator(f"{QUESTIONS} .port[data-port='1']").count():
                break
            page.wait_for_timeout(100)
        assert_french(page, "game page")
        # shots, port after port, until the project's solver finds a single layout
        asked = 0
        mine = None
        spread = ["1", "5", "9", "11", "14", "17", "A", "D", "G", "J", "K", "N", "Q"]
        for port in spread + [p for p in PORT_LABELS if p not in spread]:   # all 36 settle any mine
            if page.locator(f"{QUESTIONS} .port[data-port='{port}'] .port-tag").count():
                continue                     # the exit of an earlier shot: already known
            page.click(f"{QUESTIONS} .port[data-port='{port}']")
            page.wait_for_selector(f"{QUESTIONS} [data-answer='{asked}']")
            asked += 1
            if asked >= 8 and asked % 2 == 0:
                state = api_get(page, server, f"/games/{game_id(page)}")
                mine = solve_answers(state, state["your_seat"], unique=False)
                if mine is not None:
                    break
        state = api_get(page, server, f"/games/{game_id(page)}")
        mine = mine or solve_answers(state, state["your_seat"])
        # the answers read in French: a colour name of the French list, or "absorbé"
        answers = page.inner_text(f"{QUESTIONS} .answer-log")
        assert re.search(r"rouge|jaune|bleu|blanc|orange|violet|vert|noir|rose|gris|transparent|absorb",
                         answers), answers
        assert_french(page, "game page after the shots")
        label = page.get_attribute("[data-testid^='editor-']", "data-testid").removeprefix("editor-")
        enter_layout(page, mine, label)
        assert_french(page, "game page with a sketch")
        page.click("[data-testid=guess-button]")
        dialog = page.locator("[role=dialog]")
        assert_french(page, "guess dialog")
        dialog.locator("button.primary").click()
        page.wait_for_selector("[data-testid=outcome]")
        assert "Jules" in page.inner_text("[data-testid=outcome]")
        assert_french(page, "end of the game")
        screenshot(page, "won-fr")
        # the stats page counts the win, in French words and French dates
        page.click("header >> text=Mes statistiques")
        row = page.locator("[data-testid=game-history] tbody tr")
        row.first.wait_for()
        assert "victoire" in row.inner_text() and str(asked) in row.inner_text()
        assert re.search(r"\d+ (janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc)", row.inner_text())
        assert_french(page, "stats page")
        assert page.errors == []
    finally:
        context.close()


def test_switching_back_to_english_is_remembered(browser, server):
    context, page = french_page(browser, server, phone=True)
    try:
        sign_up(page, "Zoé")
        assert "Nouvelle partie" in page.inner_text("body")
        page.select_option("[data-testid=language-switch]", "en")
        page.wait_for_selector("h2:has-text('New game')")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert "Nouvelle partie" not in page.inner_text("body")
        assert page.evaluate("localStorage.getItem('orapa.language')") == "en"
        page.reload()
        page.wait_for_selector("h2:has-text('New game')")
        assert page.input_value("[data-testid=language-switch]") == "en"
        assert "How to play" in page.inner_text("header")
        # and back to French, remembered the same way
        page.select_option("[data-testid=language-switch]", "fr")
        page.wait_for_selector("h2:has-text('Nouvelle partie')")
        page.reload()
        page.wait_for_selector("h2:has-text('Nouvelle partie')")
        assert page.errors == []
    finally:
        context.close()


@pytest.mark.parametrize("game", ["ripple", "mandragora", "uncovered"])
def test_the_other_games_pages_in_french_on_a_phone(browser, server, game):
    context, page = french_page(browser, server, phone=True)
    try:
        sign_up(page, "Noé")
        page.select_option("select[name=game]", game)
        if game == "uncovered":
            page.fill("input[name=players]", "3")
            page.fill("input[name=computers]", "2")
        page.click("form:has(select[name=game]) button[type=submit]")
        page.wait_for_selector("[data-testid=turn]")
        page.wait_for_timeout(500)
        assert_french(page, f"{game} page")
        for english in ("Restart", "Resign", "Moves", "player side", "Sow area", "Turn "):
            assert english not in page.inner_text("main"), (game, english)
        assert_fits(page, f"{game} page")
        if game == "ripple":
            assert "pierres claires" in page.inner_text("[data-testid=scores]")
        if game == "mandragora":
            assert page.locator("[data-move]").first.inner_text().startswith("Semer la zone")
        if game == "uncovered":
            assert page.locator("[data-testid=turn-counter]").count() == 1
            assert "Tour" in page.inner_text("main")
        screenshot(page, f"{game}-fr-phone")
        assert page.errors == []
    finally:
        context.close()
