"""Orapa Mine as a seated game (games/seated.py) over the referee of games/orapa/session.py.

Modes (INTERFACE.md, Web API):
- `solo`: one explorer and a director (a computer, whose mine comes from the generator);
- `duel`: two seats of role `player`, each hides a mine for the other (RULINGS O7);
- `table`: one director and 2 to 4 explorers.

Actions: `{"mine": LAYOUT}` (a director or a duel player hides its mine; allowed until the game
starts, a later one replaces the earlier), then `{"shot": "15"}`, `{"cell": "E4"}` or
`{"guess": LAYOUT}` by the explorer to move; `{"resign": true}` by an explorer at any time
(RULINGS O7 has no resignation: a duel is then won by the other player, a table explorer is
out as after a last wrong guess). A question the seat's answers already settle
(RULINGS O5) gives a `confirm` event: answered from the record, free, the turn stays. The game
starts once every mine is placed. The referee's player names are the seat numbers written as
strings.

>>> from games.seated import Seat
>>> from games.orapa.random_layouts import random_layout
>>> from games.orapa.gems import gem_set
>>> import random
>>> mine = random_layout(gem_set("base"), rng=random.Random(3)).to_json()
>>> game = OrapaSeated({"mode": "solo"}, [])
>>> game.to_move is None, game.waiting_for()
(True, [1])
>>> game.act(1, {"mine": mine})
{'type': 'mine_placed'}
>>> game.act(0, {"shot": "15"})["type"], game.to_move
('shot', 0)
>>> game.act(0, {"guess": mine})["correct"], game.over, game.result()
(True, True, {'outcome': 'win', 'winners': [0]})
"""
from __future__ import annotations

from typing import Any

from games.errors import BadInput, IllegalMove, Malformed
from games.orapa.board import parse_cell, parse_port
from games.orapa.gems import Gem, gem_set, gem_set_to_json
from games.orapa.layout import Layout, RuleOptions, violations
from games.orapa.puzzle import Puzzle
from games.orapa.session import DUEL, TABLE, Session
from games.seated import NotYourTurn, Seat, shown

SOLO = "solo"
MODES = (SOLO, DUEL, TABLE)
QUESTION_KEYS = ("shot", "cell")
ANSWER_FIELDS = ("shot", "exit", "color", "bounces", "cell", "content")
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "mine_placed": (),          # that a mine is hidden, never the mine
    "shot": ANSWER_FIELDS, "cell": ANSWER_FIELDS,
    "confirm": ANSWER_FIELDS,   # a question answered from the record (O5)
    "guess": ("correct", "reveal", "decided_by"),   # the layout: see event_view
    "resign": (),
}
"""What every seat sees of each kind of Orapa event."""
ACTION_KEYS = ("mine", "shot", "cell", "guess", "resign")


def default_seats(mode: str) -> list[Seat]:
    """The seats of a mode when the create body lists none: the caller plays against the
    computer."""
    if mode == SOLO:
        return [Seat(0, "explorer", "human"), Seat(1, "director", "computer", "normal")]
    if mode == DUEL:
        return [Seat(0, "player", "human"), Seat(1, "player", "computer", "normal")]
    return [Seat(0, "director", "computer", "normal"), Seat(1, "explorer", "human"),
            Seat(2, "explorer", "computer", "normal")]


def check_seats(mode: str, seats: list[Seat]) -> list[Seat]:
    """The seats a mode needs, or BadInput naming what is wrong with them."""
    roles = [s.role for s in seats]
    if mode == SOLO:
        if sorted(roles) != ["director", "explorer"]:
            raise BadInput("seats: a solo game has one explorer and one director")
        if any(s.role == "director" and s.kind != "computer" for s in seats):
            raise BadInput("seats: the director of a solo game is the computer")
    elif mode == DUEL:
        if roles != ["player", "player"]:
            raise BadInput("seats: a duel has two seats of role 'player'")
    else:
        if roles.count("director") != 1 or not 2 <= roles.count("explorer") <= 4 \
                or len(roles) != roles.count("explorer") + 1:
            raise BadInput("seats: a table game has one director and 2 to 4 explorers")
    return seats


class OrapaSeated:
    """One game of Orapa Mine by seats; rebuilt by replaying its actions."""

    game = "orapa"

    def __init__(self, options: dict[str, Any], seats: list[Seat]) -> None:
        if not isinstance(options, dict):
            raise BadInput("options: expected an object")
        mode = options.get("mode", SOLO)
        if mode not in MODES:
            raise BadInput(f"mode: expected 'solo', 'duel' or 'table', got {mode!r}")
        self.mode: str = mode
        self.gems: tuple[Gem, ...] = gem_set(options.get("gems", "base"), "gems")
        self.rules = RuleOptions.from_json(options.get("rules"), "rules")
        # O7's options ride in the rules object beside O3's and O9's
        self.guess_rule, self.reveal = self.rules.guess, self.rules.reveal
        allowed = options.get("allowed_guesses", 2)
        if type(allowed) is not int or not 1 <= allowed <= 10:
            raise BadInput(f"allowed_guesses: expected an integer 1..10, got {allowed!r}")
        self.allowed_guesses = allowed
        self.seats: list[Seat] = check_seats(mode, list(seats) or default_seats(mode))
        self.mines: dict[int, Layout] = {}
        self.session: Session | None = None

    # ----- who is who ----------------------------------------------------------------------
    @property
    def hiders(self) -> list[int]:
        """Seats that hide a mine: the director, or both duel players."""
        return [s.seat for s in self.seats if s.role in ("director", "player")]

    @property
    def explorers(self) -> list[int]:
        """Seats that ask questions and guess."""
        return [s.seat for s in self.seats if s.role in ("explorer", "player")]

    def waiting_for(self) -> list[int]:
        """Seats that still have to hide their mine before the game can start."""
        if self.session is not None:
            return []
        return [s for s in self.hiders if s not in self.mines]

    @property
    def over(self) -> bool:
        return self.session is not None and self.session.over

    @property
    def to_move(self) -> int | None:
        if self.session is None or self.session.to_move is None:
            return None
        return int(self.session.to_move)

    # ----- actions -------------------------------------------------------------------------
    def act(self, seat: int, action: dict[str, Any]) -> dict[str, Any]:
        """Apply one action (see the module docstring); return its event."""
        if not any(s.seat == seat for s in self.seats):
            raise Malformed(f"seat: no seat {seat!r} in this game")
        if not isinstance(action, dict) or len(action) != 1 or next(iter(action)) not in \
                ACTION_KEYS:
            raise Malformed("action: expected exactly one of 'shot', 'cell', 'guess', 'mine' or "
                           "'resign'")
        key, value = next(iter(action.items()))
        if key == "mine":
            return self._place(seat, value)
        if key == "resign":
            return self._resign(seat, value)
        session = self._session_for_play(seat)
        if key == "shot":
            if not isinstance(value, (str, int)) or isinstance(value, bool):
                raise Malformed("shot: expected a port label such as '15' or 'B'")
            port = self._parse(parse_port, str(value), "shot")
            answer = session.shoot(str(seat), port)
            return {"type": session.log[-1].action, **answer.to_json()}   # shot or confirm
        if key == "cell":
            if not isinstance(value, str):
                raise Malformed("cell: expected a cell name such as 'E4'")
            cell = self._parse(parse_cell, value, "cell")
            told = session.ask_cell(str(seat), cell)
            return {"type": session.log[-1].action, **told.to_json()}   # cell or confirm
        layout = Layout.from_json(value, self.rules, "guess")
        if layout.kinds != sorted(self.gems):
            raise IllegalMove(f"guess: must use exactly the gem set "
                           f"({', '.join(map(str, sorted(self.gems)))})")
        correct = session.guess(str(seat), layout)
        event = {"type": "guess", "correct": correct, "layout": layout.to_json()}
        last = session.log[-1]
        if last.action == "reveal" and last.answer is not None:   # O7 reveal: one telling answer
            event["reveal"] = last.answer.to_json()
        if session.over and session.decided_by:
            event["decided_by"] = session.decided_by
        return event

    def replay(self, seat: int, action: dict[str, Any], recorded: dict[str, Any]) -> None:
        """Apply a stored action again. A question stored as counted (`recorded` is its event)
        stays counted even where O5 now makes it free: logs written before that rule."""
        if recorded.get("type") in QUESTION_KEYS and self.session is not None \
                and next(iter(action), None) in QUESTION_KEYS:
            session = self._session_for_play(seat)
            item = {k: v for k, v in recorded.items() if k in ("shot", "exit", "color", "cell",
                                                               "content", "bounces")}
            session._replay({"player": str(seat), "action": recorded["type"], **item},
                            self.rules)
            return
        self.act(seat, action)

    def _resign(self, seat: int, value: Any) -> dict[str, Any]:
        """An explorer (or duel player) gives up, on its turn or not: see Session.resign."""
        if value is not True:
            raise Malformed("resign: expected true")
        if self.session is None:
            raise NotYourTurn("game: not started yet; nothing to resign from")
        if seat not in self.explorers:
            raise NotYourTurn(f"seat {seat}: the director answers and cannot resign")
        if self.session.over:
            raise NotYourTurn("game: the game is over")
        try:
            self.session.resign(str(seat))
        except BadInput as exc:
            raise NotYourTurn(str(exc).replace(f"{seat}: ", f"seat {seat}: ", 1)) from None
        return {"type": "resign"}

    @staticmethod
    def _parse(parser: Any, text: str, field: str) -> int:
        try:
            return parser(text)
        except BadInput as exc:
            raise Malformed(f"{field}: {exc}") from None

    def _session_for_play(self, seat: int) -> Session:
        if self.session is None:
            raise NotYourTurn("game: not started yet (waiting for the mines of seats "
                              f"{', '.join(map(str, self.waiting_for()))})")
        if self.session.over:
            raise NotYourTurn("game: the game is over")
        if seat not in self.explorers:
            raise NotYourTurn(f"seat {seat}: the director answers and never asks")
        if seat != self.to_move:
            raise NotYourTurn(f"seat {seat}: not your turn (seat {self.to_move} to move)")
        return self.session

    def _place(self, seat: int, value: Any) -> dict[str, Any]:
        if seat not in self.hiders:
            raise NotYourTurn(f"seat {seat}: only a director or a duel player hides a mine")
        if self.session is not None:
            raise NotYourTurn("mine: the game has started; mines can no longer change")
        self.mines[seat] = self.check_mine(value)
        if not self.waiting_for():
            self._start()
        return {"type": "mine_placed"}

    def check_mine(self, value: Any) -> Layout:
        """A legal mine of this game's gem set, or BadInput naming every gem and rule broken."""
        layout = Layout.from_json(value, self.rules, "mine")
        problems = []
        if layout.kinds != sorted(self.gems):
            have = ", ".join(map(str, layout.kinds)) or "no gems"
            problems.append(f"the gems must be exactly {', '.join(map(str, sorted(self.gems)))} "
                            f"(has {have})")
        problems += violations(layout, self.rules)
        if problems:
            raise IllegalMove(f"mine: illegal: {'; '.join(problems)}")
        return layout

    def _start(self) -> None:
        names = {s: str(s) for s in self.hiders + self.explorers}
        if self.mode == DUEL:
            first, second = self.hiders
            self.session = Session.duel([names[first], names[second]],
                                        {names[s]: m for s, m in self.mines.items()},
                                        self.gems, self.rules, self.guess_rule, self.reveal)
        else:
            director = self.hiders[0]
            # a solo game is a table game with a single explorer (the referee's constructor
            # takes any number; only Session.table insists on two to four)
            self.session = Session(TABLE, [names[s] for s in self.explorers], names[director],
                                   {names[director]: self.mines[director]}, self.gems,
                                   self.rules, self.allowed_guesses, self.guess_rule,
                                   self.reveal)

    # ----- what each seat sees ---------------------------------------------------------------
    def puzzle_for(self, seat: int) -> Puzzle:
        """What an explorer seat knows: its answers as a puzzle (no solution)."""
        if self.session is None or seat not in self.explorers:
            return Puzzle(self.gems, self.rules)
        return self.session.puzzle_for(str(seat))

    def _observations(self, seat: int | None) -> dict[str, list[dict[str, str]]]:
        if self.session is None:
            return {str(s): [] for s in self.explorers}
        shown = self.explorers
        if self.mode == DUEL and seat in self.explorers and not self.over:
            shown = [seat]  # each duel player sees its own answers (all of them at the end)
        return {str(s): [o.to_json() for o in self.session.observations(str(s))]
                for s in shown}

    def _asked_by(self, observations: dict[str, list[Any]]) -> dict[str, list[int]]:
        """Beside each list of answers, the seat that asked each one (at a table the answers
        are public: every explorer's list holds everyone's questions)."""
        if self.session is None:
            return {key: [] for key in observations}
        askers = [int(e.player) for e in self.session.log
                  if e.action in ("shot", "cell", "reveal")]
        return {key: (askers if self.mode != DUEL else [int(key)] * len(askers_of))
                for key, askers_of in observations.items()}

    def _guesses_left(self) -> dict[str, int]:
        """Per explorer: the guesses it may still make (in a finished game: the ones it did
        not use)."""
        allowed = 1 if self.mode == DUEL else self.allowed_guesses
        if self.session is None:
            return {str(s): allowed for s in self.explorers}
        made = {str(s): 0 for s in self.explorers}
        for event in self.session.log:
            if event.action == "guess":
                made[event.player] += 1
        return {name: max(0, allowed - count) for name, count in made.items()}

    def view(self, seat: int | None) -> dict[str, Any]:
        """The Orapa part of STATE for `seat` (None: a spectator). Mines: only the seat's own
        before the end, all of them after."""
        result = self.result()
        observations = self._observations(seat)
        mines = {str(s): m.to_json() for s, m in self.mines.items()
                 if self.over or s == seat}
        return {"mode": self.mode, "gems": gem_set_to_json(self.gems),
                "rules": self.rules.to_json(),   # a puzzle's rules: the solver reads them
                "guess": self.guess_rule, "reveal": self.reveal,
                "allowed_guesses": self.allowed_guesses,
                "decided_by": None if self.session is None else self.session.decided_by,
                "to_move": self.to_move, "observations": observations,
                "asked_by": self._asked_by(observations),
                "guesses_left": self._guesses_left(), "outcome": result["outcome"],
                "winners": result["winners"], "mines": mines,
                "mines_placed": sorted(self.mines)}

    def event_view(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """An event as `seat` may see it (`EVENT_FIELDS`); a guessed layout only once the game
        is over, or to the seat that guessed it."""
        kind = event.get("type")
        fields = EVENT_FIELDS.get(kind, ()) if isinstance(kind, str) else ()
        if kind == "guess" and (self.over or (seat is not None and event.get("seat") == seat)):
            fields = (*fields, "layout")
        return shown(event, fields)

    def result(self) -> dict[str, Any]:
        if self.session is None or not self.session.over:
            return {"outcome": None, "winners": []}
        return {"outcome": self.session.outcome,
                "winners": sorted(int(w) for w in self.session.winners)}
