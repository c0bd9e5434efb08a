"""The referee's log (games/orapa/session.py) as JSON and back: what one logged action holds, the
whole game written out, and a game read back by replaying its log, every recorded answer
checked against the mines (so a log that breaks the rules or disagrees with them is bad input).

The referee itself is not imported here (it imports this module): the functions take it as a
`Referee`, the few members of it they use.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Literal, Protocol

from games.errors import BadInput
from games.orapa.gems import Gem, gem_set, gem_set_to_json
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import (CellAnswer, Observation, ShotAnswer, cell_answer,
                                parse_observation, shot_answer)

Mode = Literal["duel", "table"]
Outcome = Literal["win", "tie", "all lose"]
Question = Literal["shot", "cell"]
Action = Literal["shot", "cell", "confirm", "guess", "reveal", "resign"]
DUEL: Mode = "duel"
TABLE: Mode = "table"
WIN: Outcome = "win"
TIE: Outcome = "tie"
ALL_LOSE: Outcome = "all lose"
QUESTION_ACTIONS: tuple[Question, ...] = ("shot", "cell")
HEARD_ACTIONS: tuple[Action, ...] = (*QUESTION_ACTIONS, "reveal")  # answers joining the record
ACTIONS: tuple[Action, ...] = ("shot", "cell", "confirm", "guess", "reveal", "resign")


@dataclass(frozen=True)
class Event:
    """One logged action: a question and its answer, a free confirmation, or a guess."""

    player: str
    action: Action
    answer: Observation | None = None  # for shot, cell, confirm and reveal
    guess: Layout | None = None        # for guess
    correct: bool | None = None        # for guess

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "action": self.action}
        if self.answer is not None:
            data.update(self.answer.to_json())
        if self.guess is not None:
            data["layout"] = self.guess.to_json()
            data["correct"] = self.correct
        return data


class Referee(Protocol):
    """What the log needs of the referee (games.orapa.session.Session)."""

    mode: Mode
    players: tuple[str, ...]
    director: str | None
    mines: dict[str, Layout]
    gems: tuple[Gem, ...]
    rules: RuleOptions
    allowed_guesses: int
    guess_rule: str
    reveal: bool
    log: list[Event]
    winners: tuple[str, ...]
    outcome: Outcome | None
    decided_by: str | None

    @property
    def over(self) -> bool: ...
    @property
    def to_move(self) -> str | None: ...
    @property
    def eliminated(self) -> tuple[str, ...]: ...
    def shoot(self, player: str, port: int | str) -> ShotAnswer: ...
    def ask_cell(self, player: str, cell: int | str) -> CellAnswer: ...
    def confirm(self, player: str, question: str) -> Observation: ...
    def guess(self, player: str, layout: Layout) -> bool: ...
    def resign(self, player: str) -> None: ...
    def settled(self, player: str, port: int | None, cell: int | None) -> Observation | None: ...
    def mine_explored_by(self, player: str) -> Layout: ...
    def _known(self, player: str) -> None: ...
    def _check_turn(self, player: str) -> None: ...
    def _end_turn(self) -> None: ...


def guess_options_json(session: Referee) -> dict[str, Any]:
    """The O7 guess options, only where they differ from the defaults."""
    data: dict[str, Any] = {}
    if session.guess_rule != "mine":
        data["guess"] = session.guess_rule
    if session.reveal:
        data["reveal"] = True
    return data


def session_json(session: Referee) -> dict[str, Any]:
    """The game and its log; `status` is derived and only informative."""
    return {
        "mode": session.mode,
        "gems": gem_set_to_json(session.gems),
        "rules": session.rules.to_json(),
        "players": list(session.players),
        "director": session.director,
        "allowed_guesses": session.allowed_guesses,
        **guess_options_json(session),
        "mines": {owner: mine.to_json() for owner, mine in session.mines.items()},
        "log": [event.to_json() for event in session.log],
        "status": {"over": session.over, "outcome": session.outcome,
                   "winners": list(session.winners), "to_move": session.to_move,
                   "eliminated": list(session.eliminated), "decided_by": session.decided_by},
    }


def read_session(data: Any, duel: Callable[..., Any], table: Callable[..., Any]) -> Any:
    """A game rebuilt from its JSON by `duel(...)` or `table(...)` (the referee's constructors)
    and then by replaying its log; any disagreement is bad input."""
    if not isinstance(data, dict):
        raise BadInput("session: expected a JSON object")
    for key in ("mode", "gems", "players", "mines", "log"):
        if key not in data:
            raise BadInput(f"session: missing {key!r}")
    gems = gem_set(data["gems"], "gems")
    rules = RuleOptions.from_json(data.get("rules"), "rules")
    if not isinstance(data["mines"], dict) or not isinstance(data["players"], list):
        raise BadInput("session: 'mines' must be an object and 'players' a list")
    mines = {owner: Layout.from_json(mine, rules, f"mines.{owner}")
             for owner, mine in data["mines"].items()}
    guess_rule, reveal = data.get("guess"), data.get("reveal")   # None: the rules' own
    if data["mode"] == DUEL:
        session = duel(data["players"], mines, gems, rules, guess_rule, reveal)
    elif data["mode"] == TABLE:
        director = data.get("director")
        if list(mines) != [director]:
            raise BadInput("session: a table game has one mine, the director's")
        allowed = data.get("allowed_guesses", 2)
        if type(allowed) is not int:
            raise BadInput(f"allowed_guesses: expected an integer, got {allowed!r}")
        session = table(director, data["players"], mines[director], gems, rules, allowed,
                        guess_rule, reveal)
    else:
        raise BadInput(f"mode: expected 'duel' or 'table', got {data['mode']!r}")
    if not isinstance(data["log"], list):
        raise BadInput("log: expected a list")
    for i, item in enumerate(data["log"]):
        try:
            replay_item(session, item, rules)
        except BadInput as exc:
            raise BadInput(f"log[{i}]: {exc}") from None
    return session


def replay_item(session: Referee, item: Any, rules: RuleOptions) -> None:
    """Apply one logged item to `session` again, checking the answer it records."""
    if not isinstance(item, dict) or "player" not in item or "action" not in item:
        raise BadInput("expected an object with 'player' and 'action'")
    player, action = item["player"], item["action"]
    if action == "resign":
        session.resign(player)
        return
    if action == "reveal":       # made again by the guess before it: check it matches
        last = session.log[-1] if session.log else None
        if last is None or last.action != "reveal" or last.player != player \
                or last.answer != parse_observation(item):
            raise BadInput("a reveal must follow the wrong guess it answers, as recorded")
        return
    if action == "guess":
        if "layout" not in item or "correct" not in item:
            raise BadInput("a guess needs 'layout' and 'correct'")
        correct = session.guess(player, Layout.from_json(item["layout"], rules, "layout"))
        if correct != item["correct"]:
            raise BadInput(f"recorded correct={item['correct']} but the mine says {correct}")
        return
    if action not in (*QUESTION_ACTIONS, "confirm"):
        raise BadInput(f"unknown action {action!r} (shot, cell, confirm, guess, resign)")
    recorded = parse_observation(item)
    answer: Observation
    if action != "confirm":
        session._known(player)     # an unknown player is named before the question is judged
    if action == "confirm":
        answer = session.confirm(player, recorded.question)
    elif session.settled(player, getattr(recorded, "port", None),
                         getattr(recorded, "cell", None)):
        # a repeat counted as a question: logs written before O5 made repeats free
        session._check_turn(player)
        mine = session.mine_explored_by(player)
        answer = shot_answer(mine, recorded.port) if isinstance(recorded, ShotAnswer) \
            else cell_answer(mine, recorded.cell)
        if action != ("shot" if isinstance(answer, ShotAnswer) else "cell"):
            raise BadInput(f"action {action!r} does not match its question")
        session.log.append(Event(player, action, answer))
        session._end_turn()
    elif action == "shot" and isinstance(recorded, ShotAnswer):
        answer = session.shoot(player, recorded.port)
    elif action == "cell" and isinstance(recorded, CellAnswer):
        answer = session.ask_cell(player, recorded.cell)
    else:
        raise BadInput(f"action {action!r} does not match its question")
    if answer != recorded:
        raise BadInput(f"recorded answer '{recorded}' but the mine answers '{answer}'")
