"""Reviews of finished Orapa games (issue 32): per explorer, `orapa review` on that explorer's
questions and the mine it explored; computed once, in a worker process, and kept.

In a duel each player's review covers its own answers and the other player's mine; at a table
each explorer's covers the questions it asked, judged in the states they were asked in (every
explorer's answers before them known: they are public), against the table's mine.

The first request after the end starts the computation (the others wait for it); the result is
kept in the database (table `orapa_review`, one row a game: a finished game's review never
changes) and in a small per-process cache (`web.worker_cache.WorkerCache`).
"""
from __future__ import annotations

from typing import Any

from games.orapa.layout import Layout
from games.orapa.puzzle import Puzzle
from games.orapa.seated import OrapaSeated
from web.tables import Review
from web.worker_cache import WorkerCache

# one review's part: (seat, the puzzle of the answers the seat heard, the indices of the
# questions it asked, the mine it explored)
Part = tuple[str, Puzzle, list[int], Layout]


def parts_of(game: OrapaSeated) -> list[Part]:
    """What each explorer's review covers."""
    from games.orapa.session import QUESTION_ACTIONS
    session = game.session
    assert session is not None
    askers = [e.player for e in session.log if e.action in QUESTION_ACTIONS and e.answer]
    parts = []
    for seat in game.explorers:
        name = str(seat)
        puzzle = game.puzzle_for(seat)
        if len(puzzle.observations) == len(askers):     # a table: everyone's answers
            asked = [i for i, who in enumerate(askers) if who == name]
        else:                                           # a duel: its own answers only
            asked = list(range(len(puzzle.observations)))
        parts.append((name, puzzle, asked, session.mine_explored_by(name)))
    return parts


def review_parts(parts: list[Part], seed: int) -> dict[str, Any]:
    """`{"reviews": {SEAT: REVIEW}}` (runs in the worker process)."""
    from solver.orapa.review.game import review
    return {"reviews": {seat: review(puzzle, mine, seed, asked=asked).to_json()
                        for seat, puzzle, asked, mine in parts}}


async def stored_review(gid: int) -> dict[str, Any] | None:
    """A finished game's stored review, if one was made."""
    row = await Review.select(Review.body).where(Review.game == gid).first().output(
        load_json=True).run()
    return None if row is None else row["body"]


async def save_review(gid: int, body: dict[str, Any]) -> None:
    """Keep a game's review; a second save of the same game (another server process computed
    the same thing) is ignored."""
    await Review.insert(Review(game=gid, body=body)).on_conflict(action="DO NOTHING").run()


class Reviews(WorkerCache[list[Part]]):
    """The reviews of one server process: stored ones cached, running ones shared."""

    def __init__(self) -> None:
        super().__init__(parts_of, review_parts, stored_review, save_review)


def why_cell(puzzle: Puzzle, cell: int) -> dict[str, Any]:
    """`{"cell", "settled", "content", "answers": [{"number", ...answer}]}`: the fewest answers
    (a minimal set) that force a cell, or `settled` false when the cell is still open."""
    from games.orapa.board import cell_label
    from solver.orapa.review.why import forcing_answers
    forcing = forcing_answers(puzzle, cell)
    if forcing is None:
        return {"cell": cell_label(cell), "settled": False, "content": None, "answers": []}
    return {"settled": True, **forcing.to_json(puzzle)}


def why_wrong(puzzle: Puzzle, guess: Layout, mine: Layout) -> dict[str, Any]:
    """What tells a guess from the mine (`solver.orapa.review.why.why_wrong`)."""
    from solver.orapa.review.why import why_wrong as tell_apart
    return tell_apart(puzzle, guess, mine, "layout")
