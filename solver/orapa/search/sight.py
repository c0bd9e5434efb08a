"""Sight lines: which cells must stay clear for a gem to be the first one seen from a port.

The visibility rule wants every gem to be the first gem some port's straight look meets. For a
placement, the look from a port whose line meets it crosses some cells first; the placement is
seen from that port exactly when none of those cells holds a gem. The frontier search cuts a
branch with these masks (`room_left`): gems placed later only block more lines, so a gem whose
every line is blocked now is never seen.

>>> from games.orapa.placements import find_placement
>>> p = find_placement("square", [(1, 0), (2, 1), (1, 2), (0, 1)])   # A1, B1, A2, B2
>>> 0 in sight_lines(p.cell_mask)        # seen from the ports next to it: nothing in between
True
"""
from __future__ import annotations

from functools import lru_cache

from games.orapa.board import CELLS, PORT_LINES
from games.orapa.placements import Placement, placements


@lru_cache(maxsize=None)
def sight_lines(cell_mask: int) -> tuple[int, ...]:
    """The cells a look from each port crosses before it meets these cells, one mask per port
    whose line meets them (a mask holding another one dropped): a gem is the first one seen
    from some port exactly when one of these masks has no gem in it."""
    found = set()
    for line in PORT_LINES:
        before = 0
        for cell in line:
            if cell_mask >> cell & 1:
                found.add(before)
                break
            before |= 1 << cell
    kept = [m for m in found if not any(o != m and o & m == o for o in found)]
    return tuple(sorted(kept, key=lambda m: (bin(m).count("1"), m)))


@lru_cache(maxsize=None)
def sighted(shape: str, mirror: bool) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """Every placement of a shape: quarter, touch and cell masks, and its sight lines."""
    return tuple((p.mask, p.touch_mask, p.cell_mask, sight_lines(p.cell_mask))
                 for p in placements(shape, mirror))


def room_left(placed: list[tuple[int, Placement]], left: tuple[int, ...], used: int,
               touch: int, empty: int,
               room: list[tuple[tuple[tuple[int, int, int, tuple[int, ...]], ...], int, int]],
               witness: list[int]) -> bool:
    """Can the branch still give a visible layout? Every placed gem needs a sight line with no
    placed gem on it (more gems only block more), the gems left need as many cells as are
    neither empty nor taken, and each kind left needs a placement that fits and could be
    seen. Necessary conditions only: False means no member anywhere below. `witness[i]`:
    where the last look found kind i a placement (looked at first: it mostly still fits)."""
    occupied = 0
    for _, p in placed:
        occupied |= p.cell_mask
    for _, p in placed:
        if all(line & occupied for line in sight_lines(p.cell_mask)):
            return False
    free = ~(occupied | empty) & ((1 << CELLS) - 1)
    if sum(n * room[i][2] for i, n in enumerate(left)) > bin(free).count("1"):
        return False
    blocked = used | touch
    for i, n in enumerate(left):
        if not n:
            continue
        options, forbidden, _ = room[i]
        off = empty | forbidden
        count = len(options)
        for r in range(witness[i], witness[i] + count):
            mask, touch_mask, cell_mask, lines = options[r % count]
            if not (mask & blocked or touch_mask & used or cell_mask & off) \
                    and any(not line & occupied for line in lines):
                witness[i] = r % count
                break
        else:
            return False
    return True
