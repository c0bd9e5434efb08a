"""Why: the answers that already force a settled cell, and what tells a wrong guess from the mine.

`forcing_answers` finds a minimal set (no answer of it can be dropped) the way `orapa solve`
shrinks a conflict: a cell settled to X is forced by a set of answers T when T together with
"the cell holds Y" is a contradiction for every other content Y (one query of the solver each:
the wave search, else the SAT model). Starting from every answer, the answers are dropped one at
a time while the rest still force the cell. (Starting from the SAT solver's unsatisfiable cores
was measured slower: one core query takes longer than the whole deletion by the wave search.)

`why_wrong` names the answers a wrong guess does not reproduce, or, when it reproduces them all,
one port (else one cell) whose answer differs between the guess and the mine.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.errors import BadInput
from games.orapa.answers import cell_contents
from games.orapa.board import CELLS, PORTS, cell_label, port_label
from games.orapa.layout import Layout
from games.orapa.puzzle import (CellAnswer, Observation, Puzzle, cell_answer, check_legal_for,
                                shot_answer)
from solver.orapa.consistent import ConsistentLayouts


@dataclass
class Forcing:
    """A settled cell, what it holds and a minimal set of answers (indices) that force it."""

    cell: int
    content: str
    answers: list[int]

    def to_json(self, puzzle: Puzzle) -> dict[str, Any]:
        return {"cell": cell_label(self.cell), "content": self.content,
                "answers": [{"number": i + 1, **puzzle.observations[i].to_json()}
                            for i in self.answers]}


def _allows(puzzle: Puzzle, chosen: list[int], extra: Observation) -> bool:
    """Is some layout consistent with the chosen answers and the extra one?"""
    sub = puzzle.with_observations([puzzle.observations[i] for i in chosen])
    return ConsistentLayouts(sub).first([extra]) is not None


def forcing_answers(puzzle: Puzzle, cell: int) -> Forcing | None:
    """A minimal set of the puzzle's answers that force the cell's content (None when the
    answers leave the cell open). Raises BadInput when the answers contradict each other."""
    if not 0 <= cell < CELLS:
        raise BadInput(f"cell: expected a cell of the board, got {cell}")
    layout = ConsistentLayouts(puzzle).first()
    if layout is None:
        raise BadInput("puzzle: no layout is consistent with the answers "
                       "(orapa solve names a conflict)")
    content = layout.cell_content(cell)
    others = [c for c in cell_contents(puzzle.gems) if c != content]
    answers = list(range(len(puzzle.observations)))
    if any(_allows(puzzle, answers, CellAnswer(cell, other)) for other in others):
        return None                         # the cell can hold another content: it is open
    i = 0
    while i < len(answers):
        trial_answers = answers[:i] + answers[i + 1:]
        if all(not _allows(puzzle, trial_answers, CellAnswer(cell, other)) for other in others):
            answers = trial_answers
        else:
            i += 1
    return Forcing(cell, content, answers)


def why_wrong(puzzle: Puzzle, guess: Layout, mine: Layout, where: str = "guess"
              ) -> dict[str, Any]:
    """What tells a guess from the mine: `unreproduced` (answer numbers, 1 for the first)
    the guess does not give, and when it gives them all, one question whose answer differs
    (`question`, with the guess's and the mine's answers); `correct` when they are alike.
    An illegal guess is bad input naming `where`."""
    check_legal_for(guess, puzzle.gems, puzzle.rules, where)
    unreproduced = [i + 1 for i, o in enumerate(puzzle.observations) if not o.holds(guess)]
    found: dict[str, Any] = {"correct": guess == mine, "unreproduced": unreproduced,
                             "question": None, "guess_answer": None, "mine_answer": None}
    if guess == mine or unreproduced:
        return found
    for port in range(PORTS):
        theirs, ours = shot_answer(guess, port), shot_answer(mine, port)
        if theirs != ours:
            return {**found, "question": port_label(port), "guess_answer": theirs.to_json(),
                    "mine_answer": ours.to_json()}
    for cell in range(CELLS):
        theirs_cell, ours_cell = cell_answer(guess, cell), cell_answer(mine, cell)
        if theirs_cell != ours_cell:
            return {**found, "question": cell_label(cell),
                    "guess_answer": theirs_cell.to_json(), "mine_answer": ours_cell.to_json()}
    return {**found, "correct": True}   # alike in every answer: the same mine to the rules
