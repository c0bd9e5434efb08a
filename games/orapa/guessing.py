"""Judging a guess under the options of RULINGS O7: `guess` (mine or consistent) and `reveal`.

Board Game Arena takes a guess only when it is the mine (`guess: mine`, the default); Simon
Tatham's Black Box takes any legal layout that fits every answer given so far (`guess:
consistent`) and answers a wrong guess with one telling laser (`reveal`): here the mine's
answer to the first question, in O1 port order then cell order, whose answer differs on the
guess.
"""
from __future__ import annotations

from typing import Any, Iterable

from games.errors import BadInput
from games.orapa.board import CELLS, PORTS
from games.orapa.layout import Layout, RuleOptions, violations
from games.orapa.puzzle import Observation, cell_answer, shot_answer

GUESS_RULES = ("mine", "consistent")


def parse_guess_options(guess: Any = "mine", reveal: Any = False) -> tuple[str, bool]:
    """The O7 options `guess` (`mine` or `consistent`) and `reveal` (true/false, on/off)."""
    if guess not in GUESS_RULES:
        raise BadInput(f"rules.guess: expected 'mine' or 'consistent', got {guess!r}")
    if reveal in ("on", "off"):
        reveal = reveal == "on"
    if not isinstance(reveal, bool):
        raise BadInput(f"rules.reveal: expected true or false, got {reveal!r}")
    return guess, reveal


def guess_is_right(rule: str, mine: Layout, guess: Layout, heard: Iterable[Observation],
                   rules: RuleOptions) -> bool:
    """The mine itself always wins; under `consistent` so does a legal layout that gives every
    answer in `heard` (the answers of the game so far that count for this guesser)."""
    if guess == mine:
        return True
    if rule == "mine" or violations(guess, rules):
        return False
    return all(answer.holds(guess) for answer in heard)


def telling_answer(mine: Layout, guess: Layout, answer_kind: str = "colour"
                   ) -> Observation | None:
    """The mine's answer to the first question whose answer on `guess` differs: ports in O1
    order (top, left, bottom, right), then cells (A1, B1, ...); None when none does."""
    for port in range(PORTS):
        answer = shot_answer(mine, port, answer_kind)
        if shot_answer(guess, port, answer_kind) != answer:
            return answer
    for cell in range(CELLS):
        content = cell_answer(mine, cell)
        if cell_answer(guess, cell) != content:
            return content
    return None


def rule_words(rule: str, correct: bool) -> str:
    """Which rule judged the deciding guess, in a player's words."""
    if rule == "consistent":
        return ("guess: consistent (a guess wins when it fits every answer given)" if correct
                else "guess: consistent (the guess did not fit every answer given)")
    return ("guess: mine (a guess wins only when it is the hidden mine)" if correct
            else "guess: mine (the guess was not the hidden mine)")
