"""Mandragora Mania board geometry: areas, the two sowing loops, the mirror map, pieces, patterns.

Areas are numbered 0..9: 0 is the player's base, 9 the opponent's base; the player owns 1, 3, 5,
the opponent owns 6, 7, 8, and both may sow from the shared areas 2 and 4 (RULINGS M1). A board is
a tuple of ten strings indexed by area number; each string lists that area's pieces from bottom
to top (M2), and a base holds the pieces its owner has scored (they never move again).

>>> sow(PATTERNS["A"], PLAYER, 1)[0][:5]
('', '', 'KMKM', 'MAMM', 'MMMM')
>>> [MIRROR[area] for area in PLAYER_LOOP] == list(OPPONENT_LOOP)
True
"""
from __future__ import annotations

PLAYER, OPPONENT = 0, 1
SIDE_NAMES = ("player", "opponent")
BASES = (0, 9)
PLAYING_AREAS = (1, 2, 3, 4, 5, 6, 7, 8)
SELECTABLE = ((1, 2, 3, 4, 5), (2, 4, 6, 7, 8))
PLAYER_LOOP = (1, 2, 3, 4, 5, 0, 6, 4, 7, 2, 8)
OPPONENT_LOOP = (6, 4, 7, 2, 8, 9, 1, 2, 3, 4, 5)
LOOPS = (PLAYER_LOOP, OPPONENT_LOOP)
MIRROR = {1: 6, 6: 1, 2: 4, 4: 2, 3: 7, 7: 3, 5: 8, 8: 5, 0: 9, 9: 0}
"""Swaps the sides: carries the player's loop onto the opponent's (and back)."""

PIECE_KINDS = "MKPCA"
FIRST_MOVER_VALUES = {"M": 1, "K": 2, "P": 2, "C": 3, "A": 3}
SECOND_MOVER_VALUES = {"M": 1, "K": 3, "P": 3, "C": 4, "A": 4}
PIECES_PER_AREA = 3
TOTAL_PIECES = PIECES_PER_AREA * len(PLAYING_AREAS)

_PATTERN_TEXT = {
    "A": "MMM KMK MAM MMM MMM MCM PMP MMM",
    "B": "MMM MCM MMM MAM PMP MMM MMM KMK",
    "C": "MMM MCM PMP MAM MMM MMM KMK MMM",
    "D": "MMM MCM PMP MAM MMM MMM KMK MMM",  # printed identical to C; both names are kept (M5)
    "E": "MMM MAM KMK MMM MMM PMP MCM MMM",
}
PATTERNS: dict[str, tuple[str, ...]] = {
    name: ("", *text.split(), "") for name, text in _PATTERN_TEXT.items()
}
"""Starting boards (areas 0..9, bases empty) for patterns A..E."""


def piece_values(scorer_moved_first: bool) -> dict[str, int]:
    """Points a piece is worth to the side that scores it (M3)."""
    return FIRST_MOVER_VALUES if scorer_moved_first else SECOND_MOVER_VALUES


def _sowing_targets(side: int, area: int) -> tuple[int, ...]:
    """Areas that receive the 1st, 2nd, ... piece sown from `area` (enough for every piece)."""
    loop = LOOPS[side]
    start = loop.index(area) + 1  # the first occurrence counts for a shared area (M1)
    return tuple(loop[(start + step) % len(loop)] for step in range(TOTAL_PIECES))


SOWING_TARGETS: dict[tuple[int, int], tuple[int, ...]] = {
    (side, area): _sowing_targets(side, area)
    for side in (PLAYER, OPPONENT) for area in SELECTABLE[side]
}
"""(side, area) -> where each successive piece lands; precomputed once."""

STEPS_TO_BASE: dict[tuple[int, int], int] = {
    key: targets.index(BASES[key[0]]) + 1 for key, targets in SOWING_TARGETS.items()
}
"""(side, area) -> number of pieces that makes the last one land in the mover's base."""


def sow(board: tuple[str, ...], side: int, area: int) -> tuple[tuple[str, ...], bool]:
    """Sow every piece of `area` for `side`, top piece first; return (board, extra turn).

    Pieces reaching the mover's base stay there as scored. The caller checks legality.

    >>> board, again = sow(PATTERNS["A"], PLAYER, 5)
    >>> board[0], board[6], board[4], again
    ('M', 'MCMM', 'MMMM', False)
    """
    stack = board[area]
    targets = SOWING_TARGETS[side, area]
    areas = list(board)
    areas[area] = ""
    for piece, target in zip(reversed(stack), targets):
        areas[target] += piece
    return tuple(areas), targets[len(stack) - 1] == BASES[side]


def mirror_board(board: tuple[str, ...]) -> tuple[str, ...]:
    """The board seen from the other side: the contents of area a move to MIRROR[a].

    >>> mirror_board(PATTERNS["A"])[1:9] == tuple(PATTERNS["A"][MIRROR[a]] for a in range(1, 9))
    True
    """
    return tuple(board[MIRROR[area]] for area in range(10))
