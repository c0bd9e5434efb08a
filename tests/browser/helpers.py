"""Driving the app like a player: enter a layout on a sketch by palette, keys and dragging;
read a game through the API with the page's own token; solve the answers heard."""
from __future__ import annotations

import json
import urllib.request
from typing import Any

BOARD_UNITS = 12.2      # the board's SVG viewBox width in grid units (x from -1.1)
BOARD_LEFT = -1.1


def normalised(vertices: list[list[int]]) -> list[tuple[int, int]]:
    """Vertices moved so the bounding box starts at (0, 0), as a sorted list."""
    x0 = min(v[0] for v in vertices)
    y0 = min(v[1] for v in vertices)
    return sorted((x - x0, y - y0) for x, y in vertices)


def selected_vertices(editor) -> list[list[int]]:
    return json.loads(editor.locator(".gem.selected").get_attribute("data-vertices"))


def enter_layout(page, layout: dict[str, Any], editor_label: str, drag_first: bool = True) -> None:
    """Put every gem of `layout` on the sketch editor: the first one dragged from the palette
    and dragged into place with the mouse, the others added with a click and moved with keys."""
    editor = page.locator(f"[data-testid='editor-{editor_label}']")
    board = editor.locator(".sketch-board")
    svg = editor.locator("svg.board")
    for i, gem in enumerate(layout["gems"]):
        kind = f"{gem['color']} {gem['shape']}"
        button = editor.locator(f".palette-gem[data-kind='{kind}']").first
        editor.evaluate("e => e.scrollIntoView({block: 'start'})")   # mouse drags need it in view
        box = svg.bounding_box()
        unit = box["width"] / BOARD_UNITS

        def at(x: float, y: float) -> tuple[float, float]:
            return box["x"] + (x - BOARD_LEFT) * unit, box["y"] + (y - BOARD_LEFT) * unit

        if i == 0 and drag_first:
            b = button.bounding_box()
            page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
            page.mouse.down()
            page.mouse.move(*at(3.2, 3.2), steps=5)
            page.mouse.move(*at(5.0, 4.0), steps=5)   # grabbed at (1, 1): corner lands on (4, 3)
            page.mouse.up()
        else:
            button.click()
        board.focus()
        target = normalised(gem["vertices"])
        for turn in range(9):
            if normalised(selected_vertices(editor)) == target:
                break
            board.press("m" if turn == 4 else "r")
        assert normalised(selected_vertices(editor)) == target, f"cannot orient {kind}"
        now = selected_vertices(editor)
        dx = min(v[0] for v in gem["vertices"]) - min(v[0] for v in now)
        dy = min(v[1] for v in gem["vertices"]) - min(v[1] for v in now)
        if i == 0 and drag_first:
            # drag the placed gem by the mouse, grabbing it at its first vertex's inner side
            cx = sum(v[0] for v in now) / len(now)
            cy = sum(v[1] for v in now) / len(now)
            page.mouse.move(*at(cx, cy))
            page.mouse.down()
            page.mouse.move(*at(cx + dx / 2, cy + dy / 2), steps=4)
            page.mouse.move(*at(cx + dx, cy + dy), steps=4)
            page.mouse.up()
        else:
            for _ in range(abs(dx)):
                board.press("ArrowRight" if dx > 0 else "ArrowLeft")
            for _ in range(abs(dy)):
                board.press("ArrowDown" if dy > 0 else "ArrowUp")
        placed = selected_vertices(editor)
        assert sorted(map(tuple, placed)) == sorted(map(tuple, gem["vertices"])), (kind, placed)


def api_get(page, base: str, path: str) -> Any:
    """GET an API path as the page's player (its token from localStorage)."""
    token = page.evaluate("localStorage.getItem('orapa.token')")
    request = urllib.request.Request(f"{base}/api{path}", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as res:
        return json.load(res)


def api_post(page, base: str, path: str, body: Any) -> Any:
    """POST a JSON body to an API path as the page's player (a game's set-up, where the page's
    clicks are not what a test is about)."""
    token = page.evaluate("localStorage.getItem('orapa.token')")
    request = urllib.request.Request(f"{base}/api{path}", data=json.dumps(body).encode(),
                                     headers={"Authorization": f"Bearer {token}",
                                              "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as res:
        return json.load(res)


def game_id(page) -> str:
    return page.url.rstrip("/").split("/games/")[1].split("?")[0]


def solve_answers(state: dict[str, Any], seat: int, unique: bool = True) -> dict[str, Any] | None:
    """The only layout consistent with the seat's answers (the project's solver); with
    unique=False, None while more than one layout fits."""
    from games.orapa.puzzle import Puzzle
    from solver.orapa.api import solve

    # a game's rules may carry O7's game options (guess, reveal) beside a puzzle's rules
    rules = {k: v for k, v in (state.get("rules") or {}).items() if k not in ("guess", "reveal")}
    puzzle = Puzzle.from_json({"gems": state["gems"], "rules": rules,
                               "observations": state["observations"][str(seat)]})
    result = solve(puzzle, limit=2, count_limit=2)
    if not unique and result.status != "unique":
        return None
    assert result.status == "unique", result.status
    return result.solutions[0].to_json()


def create_game(page, game: str = "orapa", **fields: str) -> None:
    """Fill the lobby's create form (selects, number and text inputs, checkboxes given as
    "on") and wait for the game page."""
    page.select_option("select[name=game]", game)
    for name, value in fields.items():
        field = page.locator(f"[name={name}]").first
        kind = field.evaluate("e => e.tagName === 'SELECT' ? 'select' : e.type")
        if kind == "radio":
            page.check(f"input[name={name}][value={value}]")
        elif kind == "select":
            field.select_option(value)
        elif kind == "checkbox":
            field.set_checked(value == "on")
        else:
            field.fill(value)
    page.click("text=Create game")
    page.wait_for_selector("[data-testid=turn]")


def join_by_code(page, code: str) -> None:
    """Join from the lobby with a game's code and wait for the game page."""
    page.fill("form[aria-label='join a game'] input[name=code]", code)
    page.click("form[aria-label='join a game'] button[type=submit]")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("[data-testid=turn]")


def wait_turn(page, text: str = "Your turn", timeout: float = 30_000) -> str:
    """Wait until the turn line says `text` or the game is over (an Orapa game's outcome takes
    the turn line's place); returns the line."""
    either = "[data-testid=turn], [data-testid=outcome]"
    page.wait_for_selector(f"[data-testid=turn]:has-text({text!r}), "
                           "[data-testid=turn]:has-text('Game over'), [data-testid=outcome]",
                           timeout=timeout)
    return page.locator(either).first.inner_text()
