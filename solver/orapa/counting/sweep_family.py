"""The searches' families as column-sweep problems (`solver.orapa.counting.sweep`).

A plain family (`PathFamily`) is fixed gems, each a slot of one candidate, and free gems off
their forbidden cells and compatible with the fixed ones, identical free gems one slot of
several copies. A lazy leaf (`Context.count_lazy`'s bytes) is touched gems, each a slot of the
placements still possible for it (never grouped with identical gems: its placements cover a
path cell no other gem may cover), and free gems off the path cells and their kind's
forbidden cells. Every answered coloured cell must be covered by a gem showing it.
"""
from __future__ import annotations

from functools import lru_cache

from games.orapa.gems import Gem
from games.orapa.placements import placements
from games.orapa.puzzle import CellAnswer
from solver.orapa.counting.sweep import Slot, SweepProblem
from solver.orapa.search.path_family import PathFamily


def _coloured(cell_answers: tuple[CellAnswer, ...] | list[CellAnswer]
              ) -> tuple[tuple[int, str], ...]:
    return tuple(sorted((a.cell, a.content) for a in cell_answers if a.content != "empty"))


def family_problem(family: PathFamily) -> SweepProblem:
    """The sweep problem whose count is the family's (`python_family_count`)."""
    index: dict[tuple[str, bool], dict[int, int]] = {}
    slots: list[Slot] = []
    for g in family.fixed:
        key = (g.gem.shape, family.mirror)
        if key not in index:
            index[key] = {p.mask: i for i, p in enumerate(placements(*key))}
        slots.append(Slot(g.gem, (index[key][g.placement.mask],)))
    k = 0
    while k < len(family.free):
        gem, avoid = family.free[k], family.avoid[k]
        copies = 1
        while (k + copies < len(family.free) and family.free[k + copies] == gem
               and family.avoid[k + copies] == avoid):
            copies += 1
        allowed = tuple(i for i, p in enumerate(placements(gem.shape, family.mirror))
                        if family._allowed(k, p))
        slots.append(Slot(gem, allowed, copies))
        k += copies
    return SweepProblem(tuple(slots), _coloured(family.cell_answers), family.visibility,
                        family.mirror)


@lru_cache(maxsize=None)
def _cells_of(shape: str, mirror: bool) -> tuple[int, ...]:
    return tuple(p.cell_mask for p in placements(shape, mirror))


def _off(cells: tuple[int, ...], avoid: int) -> tuple[int, ...]:
    return tuple(i for i, c in enumerate(cells) if not c & avoid)


def lazy_problems(blob: bytes, kinds: tuple[Gem, ...], forbidden: tuple[int, ...],
                  cell_answers: tuple[CellAnswer, ...] | list[CellAnswer], visibility: bool,
                  mirror: bool) -> list[SweepProblem]:
    """The lazy search's leaves (the bytes `Context.count_lazy` reads: per leaf the touched
    gems' number, the free gems left by kind, the path cells, then per touched gem its kind
    and its 320-bit placement set) as sweep problems, in order."""
    required = _coloured(cell_answers)
    out: list[SweepProblem] = []
    at, nk = 0, len(kinds)
    while at < len(blob):
        touched = blob[at]
        left = blob[at + 1:at + 1 + nk]
        paths = int.from_bytes(blob[at + 1 + nk:at + 17 + nk], "little")
        at += 17 + nk
        slots: list[Slot] = []
        for _ in range(touched):
            kind = kinds[blob[at]]
            options = int.from_bytes(blob[at + 1:at + 41], "little")
            count = len(placements(kind.shape, mirror))
            slots.append(Slot(kind, tuple(i for i in range(count) if options >> i & 1)))
            at += 41
        for a, n in enumerate(left):
            if n:
                kind = kinds[a]
                slots.append(Slot(kind, _off(_cells_of(kind.shape, mirror), paths | forbidden[a]),
                                  n))
        out.append(SweepProblem(tuple(slots), required, visibility, mirror))
    return out
