"""Game sessions (RULINGS O7): a referee that keeps turns, answers questions and judges guesses.

Two kinds of game:

- a duel (2 players): each player hides a mine and answers the other's questions; turns
  alternate. A guess uses the turn and a wrong guess loses at once. A right guess by the second
  player wins; a right guess by the first player gives the second one more turn, in which a right
  guess ties and anything else (a wrong guess or a question) leaves the first player the winner.
- a table (3 to 5 players): one director hides the only mine and every explorer in turn asks
  it. Answers are public. A wrong guess is announced and the explorer plays on, until they have
  made `allowed_guesses` wrong guesses (default 2): then they are out. When every explorer is
  out, everybody loses.

A turn is one question (a shot or a cell) or one guess. Confirming an answer already given
(`confirm`) is free: it is allowed on the player's own turn and does not end it. Guesses are
judged by O6 equality (`Layout.__eq__`) under option `guess: mine` (the default); under `guess:
consistent` any legal layout that gives every answer heard so far wins, and with `reveal` a
wrong guess is told one answer that tells it from the mine (O7). Shots are answered in the
rules' answer kind (colour, bounce count or both, O9). The log holds every action and converts
to JSON and back; reading it back replays it, so a log that breaks the rules or disagrees with
the mines is bad input.

>>> from games.orapa.gems import gem_set
>>> from games.orapa.random_layouts import random_layout
>>> import random
>>> gems = gem_set("base")
>>> mine = random_layout(gems, rng=random.Random(3))
>>> game = Session.table("Dee", ["Ann", "Bob", "Cy"], mine, gems)
>>> game.to_move, game.shoot("Ann", "15").question, game.to_move
('Ann', '15', 'Bob')
>>> game.guess("Bob", mine), game.over, game.winners, game.outcome
(True, True, ('Bob',), 'win')
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.errors import BadInput
from games.orapa.board import parse_cell, parse_port
from games.orapa.gems import Gem
from games.orapa.guessing import guess_is_right, parse_guess_options, rule_words, telling_answer
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import (CellAnswer, Observation, Puzzle, ShotAnswer, cell_answer,
                                check_legal_for, shot_answer)
from games.orapa.session_log import (ALL_LOSE, DUEL, HEARD_ACTIONS, QUESTION_ACTIONS, TABLE, TIE,
                                     WIN, Event, Mode, Outcome, guess_options_json, read_session,
                                     replay_item, session_json)

__all__ = ["ALL_LOSE", "DUEL", "HEARD_ACTIONS", "QUESTION_ACTIONS", "TABLE", "TIE", "WIN",
           "Event", "Session"]


class Session:
    """The referee of one game of Orapa Mine; build it with `Session.duel` or `Session.table`."""

    def __init__(self, mode: Mode, players: list[str], director: str | None,
                 mines: dict[str, Layout], gems: tuple[Gem, ...], rules: RuleOptions,
                 allowed_guesses: int, guess_rule: str | None = None,
                 reveal: bool | None = None) -> None:
        guess_rule, reveal = parse_guess_options(
            rules.guess if guess_rule is None else guess_rule,
            rules.reveal if reveal is None else reveal)
        names = list(players) + ([director] if director is not None else [])
        if any(not isinstance(n, str) or not n.strip() for n in names):
            raise BadInput("players: every name must be a non-empty string")
        if len(set(names)) != len(names):
            raise BadInput(f"players: names must differ, got {names}")
        if allowed_guesses < 1:
            raise BadInput(f"allowed_guesses: must be at least 1, got {allowed_guesses}")
        for owner, mine in mines.items():
            check_legal_for(mine, gems, rules, f"mine of {owner}")
        self.mode: Mode = mode
        self.players: tuple[str, ...] = tuple(players)
        self.director = director
        self.mines = dict(mines)
        self.gems = gems
        self.rules = rules
        self.allowed_guesses = allowed_guesses
        self.guess_rule = guess_rule           # O7: `mine` or `consistent`
        self.reveal = reveal                   # O7: a wrong guess is told one telling answer
        self.decided_by: str | None = None     # which rule judged the guess that ended it
        self._pending_rule: str | None = None
        self.log: list[Event] = []
        self.wrong_guesses: dict[str, int] = {p: 0 for p in self.players}
        self.resigned: set[str] = set()        # players who gave up (out of the game)
        self.winners: tuple[str, ...] = ()
        self.outcome: Outcome | None = None        # WIN, TIE or ALL_LOSE once the game is over
        self._turn = 0                         # index into players of the player to move
        self._last_turn = False                # duel: the second player's turn after a right guess

    @classmethod
    def duel(cls, players: tuple[str, str] | list[str], mines: dict[str, Layout],
             gems: tuple[Gem, ...], rules: RuleOptions | None = None,
             guess_rule: str | None = None, reveal: bool | None = None) -> "Session":
        """Two players, first player first; `mines[p]` is the mine player p hid for the other."""
        if len(players) != 2:
            raise BadInput(f"players: a duel has 2 players, got {len(players)}")
        if set(mines) != set(players):
            raise BadInput("mines: give one mine for each of the two players")
        return cls(DUEL, list(players), None, mines, gems, rules or RuleOptions(), 1,
                   guess_rule, reveal)

    @classmethod
    def table(cls, director: str, explorers: list[str], mine: Layout, gems: tuple[Gem, ...],
              rules: RuleOptions | None = None, allowed_guesses: int = 2,
              guess_rule: str | None = None, reveal: bool | None = None) -> "Session":
        """One director and 2 to 4 explorers (3 to 5 players), explorers in turn order."""
        if not 2 <= len(explorers) <= 4:
            raise BadInput(f"players: a table game has 2 to 4 explorers besides the director, "
                           f"got {len(explorers)}")
        return cls(TABLE, list(explorers), director, {director: mine}, gems,
                   rules or RuleOptions(), allowed_guesses, guess_rule, reveal)

    # ----- state -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def to_move(self) -> str | None:
        """The player whose turn it is, or None when the game is over."""
        return None if self.over else self.players[self._turn]

    @property
    def eliminated(self) -> tuple[str, ...]:
        """Table players out of the game after too many wrong guesses."""
        return tuple(p for p in self.players if self._is_eliminated(p))

    def _is_eliminated(self, player: str) -> bool:
        return self.mode == TABLE and (self.wrong_guesses[player] >= self.allowed_guesses
                                       or player in self.resigned)

    def mine_explored_by(self, player: str) -> Layout:
        """The mine that answers `player`'s questions."""
        if self.mode == TABLE:
            return self.mines[self.director]  # type: ignore[index]
        return self.mines[self.players[1 - self.players.index(player)]]

    def observations(self, player: str) -> list[Observation]:
        """The answers `player` has heard, in order: their own (duel) or everyone's (table)."""
        self._known(player)
        return [e.answer for e in self.log if e.action in HEARD_ACTIONS and e.answer
                and (self.mode == TABLE or e.player == player)]

    def puzzle_for(self, player: str) -> Puzzle:
        """What `player` knows, as a puzzle for the solver."""
        return Puzzle(self.gems, self.rules, tuple(self.observations(player)))

    # ----- actions -----------------------------------------------------------------------
    def shoot(self, player: str, port: int | str) -> ShotAnswer:
        """Shoot a wave from `port` (index or label); uses the turn, unless the player's own
        answers already settle it (O5: then it is a free confirmation)."""
        self._check_turn(player)
        port_index = parse_port(port) if isinstance(port, str) else port
        known = self.settled(player, port_index, None)
        if known is not None:
            self.log.append(Event(player, "confirm", known))
            return known  # type: ignore[return-value]
        answer = shot_answer(self.mine_explored_by(player), port_index, self.rules.answer)
        self.log.append(Event(player, "shot", answer))
        self._end_turn()
        return answer

    def ask_cell(self, player: str, cell: int | str) -> CellAnswer:
        """Ask what is in `cell` (index or name); uses the turn, unless the player has asked
        it before (O5: then it is a free confirmation)."""
        self._check_turn(player)
        cell_index = parse_cell(cell) if isinstance(cell, str) else cell
        known = self.settled(player, None, cell_index)
        if known is not None:
            self.log.append(Event(player, "confirm", known))
            return known  # type: ignore[return-value]
        answer = cell_answer(self.mine_explored_by(player), cell_index)
        self.log.append(Event(player, "cell", answer))
        self._end_turn()
        return answer

    def settled(self, player: str, port: int | None, cell: int | None) -> Observation | None:
        """The answer that the answers `player` has heard (their own in a duel, everyone's at a
        table, where answers are public) already give to a shot from `port` or a question about
        `cell` (O5): the same port or cell again, or the exit port of an earlier shot (the same
        path backwards, O4). None when it would be a new question."""
        for answer in self.observations(player):
            if isinstance(answer, CellAnswer):
                if answer.cell == cell:
                    return answer
            elif port is not None and answer.port == port:
                return answer
            elif port is not None and answer.exit == port:
                return replace(answer, port=answer.exit, exit=answer.port)
        return None

    def confirm(self, player: str, question: str) -> Observation:
        """Repeat an earlier answer (a port or cell the player's own answers settle); free."""
        self._check_turn(player)
        wanted = question.strip().upper()
        try:
            known = self.settled(player, parse_port(wanted), None)
        except BadInput:
            try:
                known = self.settled(player, None, parse_cell(wanted))
            except BadInput:
                known = None
        if known is None:
            raise BadInput(f"{player}: cannot confirm {question!r}: your answers do not "
                           f"settle it yet")
        self.log.append(Event(player, "confirm", known))
        return known

    def guess(self, player: str, layout: Layout) -> bool:
        """Guess the whole mine; uses the turn. Returns whether the guess is right: the mine
        itself (O6) under `guess: mine`, or any legal layout giving every answer heard so far
        under `guess: consistent` (O7). Under `reveal`, a wrong guess is told one answer that
        tells it from the mine (a `reveal` event, heard like a question's answer)."""
        self._check_turn(player)
        if layout.kinds != sorted(self.gems):
            raise BadInput(f"{player}: the guess must use exactly the gem set "
                           f"({', '.join(map(str, sorted(self.gems)))})")
        correct = self.judge_guess(player, layout)
        self.log.append(Event(player, "guess", guess=layout, correct=correct))
        telling = None if correct or not self.reveal else self.telling_answer(player, layout)
        if telling is not None:
            self.log.append(Event(player, "reveal", telling))
        if self.mode == DUEL:
            self._judge_duel_guess(player, correct)
        else:
            self._judge_table_guess(player, correct)
        if self.over and self.decided_by is None:
            self.decided_by = self._rule_words(correct)
        elif correct:                 # a duel's first right guess: it decides unless matched
            self._pending_rule = self._rule_words(True)
        return correct

    def judge_guess(self, player: str, layout: Layout) -> bool:
        """Is this guess right under the session's `guess` rule (O7)?"""
        return guess_is_right(self.guess_rule, self.mine_explored_by(player), layout,
                              self.observations(player), self.rules)

    def telling_answer(self, player: str, layout: Layout) -> Observation | None:
        """The mine's answer that tells `layout` apart from it (O7 `reveal`), or None."""
        return telling_answer(self.mine_explored_by(player), layout, self.rules.answer)

    def _rule_words(self, correct: bool) -> str:
        return rule_words(self.guess_rule, correct)

    def resign(self, player: str) -> None:
        """Give up (at any time, not only on one's turn). A duel is won by the other player; a
        table explorer is out, as after their last wrong guess (all out: all lose)."""
        self._known(player)
        if self.over:
            raise BadInput(f"{player}: the game is over")
        if self._is_eliminated(player):
            raise BadInput(f"{player}: already out of the game")
        self.log.append(Event(player, "resign"))
        self.resigned.add(player)
        if self.mode == DUEL:
            self._finish(WIN, tuple(p for p in self.players if p != player))
        elif all(self._is_eliminated(p) for p in self.players):
            self._finish(ALL_LOSE, ())
        elif self.players[self._turn] == player:
            self._end_turn()

    # ----- rules -------------------------------------------------------------------------
    def _known(self, player: str) -> None:
        if player not in self.players:
            known = ", ".join(self.players)
            if player == self.director:
                raise BadInput(f"{player}: the director answers and never asks (explorers: "
                               f"{known})")
            raise BadInput(f"{player!r}: no such player (players: {known})")

    def _check_turn(self, player: str) -> None:
        self._known(player)
        if self.over:
            raise BadInput(f"{player}: the game is over")
        if player in self.resigned:
            raise BadInput(f"{player}: resigned, out of the game")
        if self._is_eliminated(player):
            raise BadInput(f"{player}: eliminated after {self.wrong_guesses[player]} wrong "
                           f"guesses")
        if player != self.to_move:
            raise BadInput(f"{player}: not your turn ({self.to_move} to move)")

    def _finish(self, outcome: Outcome, winners: tuple[str, ...]) -> None:
        self.outcome, self.winners = outcome, winners

    def _end_turn(self) -> None:
        """Pass the turn on after a question (guesses are judged first)."""
        if self.over:
            return
        if self._last_turn:                          # the second player did not match the guess
            self._finish(WIN, (self.players[0],))
            self.decided_by = self._pending_rule
            return
        for step in range(1, len(self.players) + 1):
            candidate = (self._turn + step) % len(self.players)
            if not self._is_eliminated(self.players[candidate]):
                self._turn = candidate
                return

    def _judge_duel_guess(self, player: str, correct: bool) -> None:
        first, second = self.players
        if self._last_turn:
            if correct:
                self._finish(TIE, (first, second))
            else:
                self._finish(WIN, (first,))
        elif not correct:
            self._finish(WIN, (second if player == first else first,))
        elif player == second:
            self._finish(WIN, (second,))
        else:
            self._last_turn = True
            self._turn = 1

    def _judge_table_guess(self, player: str, correct: bool) -> None:
        if correct:
            self._finish(WIN, (player,))
            return
        self.wrong_guesses[player] += 1
        if all(self._is_eliminated(p) for p in self.players):
            self._finish(ALL_LOSE, ())
        else:
            self._end_turn()

    # ----- JSON (games/orapa/session_log.py) -----------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The game and its log; `status` is derived and only informative."""
        return session_json(self)

    def guess_options_json(self) -> dict[str, Any]:
        """The O7 guess options, only where they differ from the defaults."""
        return guess_options_json(self)

    @classmethod
    def from_json(cls, data: Any) -> "Session":
        """Rebuild a session by replaying its log; any disagreement is bad input."""
        session: Session = read_session(data, cls.duel, cls.table)
        return session

    def _replay(self, item: Any, rules: RuleOptions) -> None:
        """Apply one logged item again, checking the answer it records."""
        replay_item(self, item, rules)
