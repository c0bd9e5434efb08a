"""Answers no layout of the gem set can give, found before any search (issue 15, item 3).

Some answers contradict the gem set itself, whatever the placement: an absorbed wave without a
black gem, a wave colour or a cell content needing a colour no gem has, a transparent wave that
turned without a transparent gem to turn it. Others contradict each other through the rules
alone: two different answers to one shot or one cell, or a shot whose reverse (O4: paths are
reversible) was answered differently. The search would have to exhaust every layout to prove
such a puzzle empty (hours with no black gem to absorb); these checks prove it at once and
name the conflicting observations.

>>> from games.orapa.gems import gem_set
>>> from games.orapa.puzzle import parse_observation
>>> base = gem_set("base")
>>> impossible_answers([parse_observation({"shot": "1", "exit": "absorbed"})], base)
[0]
>>> impossible_answers([parse_observation({"shot": "1", "exit": "A", "color": "red"})], base)
"""
from __future__ import annotations

from typing import Sequence

from games.orapa.colors import GEM_COLOR_BITS
from games.orapa.gems import Gem
from games.orapa.board import PORTS
from games.orapa.puzzle import ABSORBED, CellAnswer, Observation, ShotAnswer


def straight_exit(port: int) -> int:
    """The port a wave leaves by when it meets nothing: the one facing its entry."""
    return (port + PORTS // 2) % PORTS


def _alone_impossible(obs: Observation, gems: Sequence[Gem]) -> bool:
    """Can no layout of these gems give this answer, whatever the other answers?"""
    colors = {gem.color for gem in gems}
    available = 0
    for color in colors:
        available |= GEM_COLOR_BITS[color]
    if isinstance(obs, ShotAnswer):
        if obs.exit is None:
            return "black" not in colors
        if (obs.color or 0) & ~available:
            return True
        if obs.bounces == 0:   # a wave that met no face went straight through, colourless
            return obs.exit != straight_exit(obs.port) or bool(obs.color)
        # every gem but a transparent one colours or absorbs a wave that touches it
        return (obs.color == 0 and "transparent" not in colors
                and obs.exit != straight_exit(obs.port))
    if obs.content == "empty":
        return False
    if obs.content == ABSORBED:
        return "black" not in colors
    return obs.content not in colors


def _pair_conflict(observations: Sequence[Observation]) -> list[int] | None:
    """Two answers the rules forbid together: the same question answered twice differently,
    or a shot's answer against its reverse (exit E of a shot from P means that a shot from
    E leaves by P with the same colour and bounce count). A colour or a count an answer does
    not give (RULINGS O9) agrees with any."""
    Answer = tuple[int | None, int | None, int | None]
    shots: dict[int, tuple[int, Answer]] = {}
    cells: dict[int, tuple[int, str]] = {}

    def agree(a: Answer, b: Answer) -> bool:
        return a[0] == b[0] and all(x is None or y is None or x == y for x, y in zip(a[1:], b[1:]))

    def require(port: int, answer: Answer, index: int) -> list[int] | None:
        known = shots.get(port)
        if known is None:
            shots[port] = (index, answer)
            return None
        if not agree(known[1], answer):
            return sorted({known[0], index})
        return None

    for i, obs in enumerate(observations):
        if isinstance(obs, CellAnswer):
            known_cell = cells.setdefault(obs.cell, (i, obs.content))
            if known_cell[1] != obs.content:
                return [known_cell[0], i]
            continue
        found = require(obs.port, (obs.exit, obs.color, obs.bounces), i)
        if found is None and obs.exit is not None:
            found = require(obs.exit, (obs.port, obs.color, obs.bounces), i)
        if found is not None:
            return found
    return None


def impossible_answers(observations: Sequence[Observation], gems: Sequence[Gem]
                       ) -> list[int] | None:
    """Indices of observations that cannot all hold with these gems, by the rules alone (one
    index when an answer is impossible by itself, else two); None when these checks find
    nothing (the search may still find a contradiction)."""
    for i, obs in enumerate(observations):
        if _alone_impossible(obs, gems):
            return [i]
    return _pair_conflict(observations)
