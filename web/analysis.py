"""Analyses of finished Orapa games: computed once, in the background, kept in the database.

When a training game (created with hints) ends, its analysis (per explorer:
`web.hints.analysis`) starts at once in a worker process; another game's starts on its first
request. It is stored in `orapa_analysis`; the computing, keeping and sharing are
`web.worker_cache.WorkerCache`'s.
"""
from __future__ import annotations

from typing import Any

from games.orapa.layout import Layout
from games.orapa.puzzle import Puzzle
from games.orapa.seated import OrapaSeated
from web import hints, store
from web.worker_cache import WorkerCache

# one explorer's part: its seat, the puzzle of the answers it heard, the mine it explored
Part = tuple[str, Puzzle, Layout]


def _analyse_parts(parts: list[Part], gid: int) -> dict[str, Any]:
    """Each explorer's analysis, keyed by seat (runs in the worker process)."""
    return {seat: hints.analysis(puzzle, mine, gid) for seat, puzzle, mine in parts}


def _parts(game: OrapaSeated) -> list[Part]:
    """Each explorer's seat, the puzzle of the answers it heard and the mine it explored."""
    assert game.session is not None
    return [(str(seat), game.puzzle_for(seat), game.session.mine_explored_by(str(seat)))
            for seat in game.explorers]


class Analyses(WorkerCache[list[Part]]):
    """The analyses of this process: stored ones cached, running ones shared."""

    def __init__(self) -> None:
        super().__init__(_parts, _analyse_parts, store.get_analysis, store.save_analysis)

    def game_over(self, gid: int, game: Any, training: bool) -> None:
        """A game just ended: start the analysis of an Orapa training game."""
        if training and isinstance(game, OrapaSeated) and game.session is not None:
            self.start(gid, game)
