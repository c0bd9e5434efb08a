"""A hand-built layout with a symmetric white-tile trap, shared by the generator's and the
uniqueness tests: the white square can sit one row higher and no shot can tell (found by the
generator, written out here)."""
from __future__ import annotations

from games.orapa.layout import Layout

Gem = tuple[str, str, list[list[int]]]


def layout(*gems: Gem) -> Layout:
    """A layout from (shape, colour, vertices) triples."""
    return Layout.from_json({"gems": [{"shape": s, "color": c, "vertices": v}
                                      for s, c, v in gems]})


RED: Gem = ("parallelogram", "red", [[2, 0], [2, 2], [1, 3], [1, 1]])
YELLOW: Gem = ("triangle", "yellow", [[4, 3], [6, 3], [6, 5]])
BLUE: Gem = ("large-triangle", "blue", [[1, 6], [5, 6], [3, 8]])
WHITE: Gem = ("large-triangle", "white", [[7, 0], [9, 2], [7, 4]])
TRAP_MINE = layout(RED, YELLOW, BLUE, WHITE, ("square", "white", [[4, 1], [5, 2], [4, 3], [3, 2]]))
TRAP_TWIN = layout(RED, YELLOW, BLUE, WHITE, ("square", "white", [[4, 0], [5, 1], [4, 2], [3, 1]]))
