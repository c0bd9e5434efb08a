"""What every route answers, as public models: a route declares one as its `response_model`, so
FastAPI sends only the fields named here (anything else in the value a route returns is dropped,
never sent) and the OpenAPI schema says what each route returns.

The game-specific part of STATE and of an EVENT is listed by each game's views (games/seated.py);
`GameState` and `Event` name the union of those fields, and a route sends only the fields the
view set (`response_model_exclude_unset`), so a spectator's STATE still has no `code`.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, create_model

from games.mandragora.seated import MOVE_FIELDS as MANDRAGORA_MOVE
from games.orapa.seated import EVENT_FIELDS as ORAPA_EVENTS
from games.ripple.seated import MOVE_FIELDS as RIPPLE_MOVE
from games.seated import ENVELOPE
from games.uncovered.seated import EVENT_FIELDS as UNCOVERED_EVENTS
from web.loaded import RESULT_FIELDS, SERVER_EVENTS


class Public(BaseModel):
    """A public answer: fields not named are dropped, never sent."""

    model_config = ConfigDict(extra="ignore")


class Player(Public):
    """A player as anybody may see it: its id and name (never its token)."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    id: int
    name: str


class PlayerAnswer(Public):
    player: Player


class SignedUp(Public):
    """A new player, or new token: the token is shown this once."""

    player: Player
    token: str


class SeatState(Public):
    seat: int
    role: str
    kind: str
    level: str | None = None
    name: str | None = None
    player: int | None = None


class GameState(Public):
    """STATE (INTERFACE.md): the server's part, then the game's own (its `view`) and its result."""

    id: int
    game: str
    mode: str | None = None
    hints: bool = False
    seats: list[SeatState] = []
    status: str
    to_move: int | None = None
    seq: int
    your_seat: int | None = None
    code: str | None = Field(None, description="the join code: for seated players only")
    clock: dict[str, Any] | None = None
    daily: Any = None
    # the games' own views (games/*/seated.py `view`)
    gems: Any = None
    rules: Any = None
    guess: Any = None
    reveal: Any = None
    allowed_guesses: Any = None
    decided_by: Any = None
    observations: Any = None
    asked_by: Any = None
    guesses_left: Any = None
    mines: Any = None
    mines_placed: Any = None
    position: Any = None
    legal: Any = None
    moves: Any = None
    sides: Any = None
    pieces: Any = None
    colours: Any = None
    power_left: Any = None
    groups: Any = None
    you: Any = None
    initial: Any = None
    hands: Any = None
    options: Any = None
    best_swaps: Any = None
    # the result (`result()`)
    outcome: str | None = None
    winners: list[int] = []
    scores: Any = None
    reason: Any = None
    swaps_made: Any = None
    optimum: Any = None
    score: Any = None
    resigned: Any = None


def _event_fields() -> list[str]:
    fields: list[str] = []
    for names in (*ORAPA_EVENTS.values(), ("layout",), MANDRAGORA_MOVE, RIPPLE_MOVE,
                  *UNCOVERED_EVENTS.values(), *SERVER_EVENTS.values(), RESULT_FIELDS):
        fields += [name for name in names if name not in fields and name not in ENVELOPE]
    return fields


Event = create_model(   # type: ignore[call-overload]
    "Event", __base__=Public, __doc__="EVENT (INTERFACE.md): the envelope and the fields the "
    "games' and the server's event views list (games/seated.py, web/loaded.py).",
    seq=(int, ...), at=(str, ...), seat=(int | None, None), type=(str, ...),
    **{name: (Any, None) for name in _event_fields()})


class Created(Public):
    game: GameState
    code: str


class Joined(Public):
    game: GameState
    seat: int


class StateAnswer(Public):
    game: GameState


class Acted(Public):
    event: Event        # type: ignore[valid-type]
    game: GameState


class EventAnswer(Public):
    event: Event        # type: ignore[valid-type]


class Events(Public):
    events: list[Event]     # type: ignore[valid-type]


class LobbyGame(Public):
    id: int
    game: str
    mode: str | None = None
    status: str


class Lobby(Public):
    games: list[LobbyGame]


class Presence(Public):
    online: list[int]
    spectators: list[str]
    anonymous: int


class Counts(Public):
    games: int
    wins: int
    losses: int
    ties: int
    directed: int


class Stats(Counts):
    average_questions: float | None = None
    won_games: int
    by_mode: dict[str, Counts]
    training: Counts
    daily_streak: int


class PlayedGame(Public):
    id: int
    game: str
    mode: str | None = None
    status: str
    seat: int
    role: str
    result: str | None = None
    questions: int | None = None
    training: bool
    started: str | None = None
    ended: str | None = None


class PlayedGames(Public):
    games: list[PlayedGame]


class DailyResult(Public):
    attempts: int
    solved: bool


class DailyPuzzle(Public):
    """Today's puzzle without its solution."""

    date: str
    gems: Any
    rules: Any = None
    observations: list[Any]
    grade: Any = None
    you: DailyResult | None = None


class DailyGuessed(DailyResult):
    correct: bool


class NextQuestion(Public):
    """The advisor's question, as `orapa next --json` gives it."""

    model_config = ConfigDict(extra="allow")   # the advisor's figures: nothing secret


class Deductions(Public):
    count: int
    exact: bool
    cells: dict[str, Any]


class SketchCheck(Public):
    reproduces: list[bool]
    consistent: bool
    forced: Any = None


class SolverAdvice(Public):
    side: str
    best: int | None = None
    value: float
    exact: bool
    depth: int | None = None


class Health(Public):
    status: str
    database: str
