"""Uncovered! as a seated game (games/seated.py): 2 to 6 seats, seat n is player n (U1, U2).

Create options: `"variant"` (beginner, intermediate or advanced; U5), `"win"` (ordered or
shared; U3) and the deal: `"hands"` ("1243,3412,...", a chosen deal) or else `"seed"` (a
random deal from that seed; drawn here when missing, and kept in `options` so that whoever
stores the game rebuilds the same deal). The options hold the whole deal: they must never be shown to
a seat before the game is over.

Actions: `{"swap": [own_position, other_seat, other_position]}` or `{"declare": true}`.

What a seat may see goes through `view` (built on `games.uncovered.views.view_of`, U5). Events
list what they show (`EVENT_FIELDS`): a swap is made face up, so the two cards it moves are
public from then on (every seat's view shows them), and the declaration ends the game, after
which every hand is face up. So a swap event shows exactly those two cards, and nothing else.

The score of a won game (U4) needs the exact optimum of the deal, which is the solver's work:
it comes in as the callable `optimum(hands, win) -> (fewest swaps, [[player, own, other,
position], ...])`, injected by the caller (see `solver.uncovered.score.seated_game`).

>>> seats = [{"role": "player"}] * 2
>>> game = UncoveredSeated.create({"hands": "2234,1134", "variant": "intermediate"}, seats)
>>> game.view(0)["position"]["hands"]
[[None, None, None, None], [1, 1, 3, 4]]
>>> game.act(0, {"swap": [1, 1, 2]})
{'type': 'swap', 'turn': 0, 'swap': [0, 1, 1, 2], 'cards': [1, 2], 'to_move': 1}
>>> game.view(0)["position"]["hands"][0]
[1, None, None, None]
"""
from __future__ import annotations

import random
import secrets
from enum import Enum
from typing import Any, Callable, Mapping, Sequence

from games.errors import BadInput, IllegalMove, Malformed
from games.seated import OpenMoves, Seat
from games.seated_checks import ALL_LOSE, WIN, check_turn, only_key, option, settle_seats, whole_number
from games.uncovered.deal import (
    PLAYERS_MAX, PLAYERS_MIN, Hands, WinRule, format_hands, parse_hands, random_deal,
)
from games.uncovered.game import Game, Swap
from games.uncovered.views import Variant, View, check_variant, view_of

EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "swap": ("turn", "swap", "cards", "to_move"),
    "declare": ("turn", "won", "initial", "hands", "options", "optimum", "best_swaps", "score"),
}
"""What every seat sees of each kind of event (a declaration ends the game: all is face up)."""

Optimum = Callable[[Hands, WinRule], tuple[int, list[list[int]]]]
"""(deal, win rule) -> (fewest swaps that win from it, one shortest sequence of swaps)."""


def _choice(options: Mapping[str, Any], name: str, kind: type[Enum], default: Any) -> Any:
    text = option(options, name, str, default.value)
    try:
        return kind(text)
    except ValueError:
        raise BadInput(f"{name}: {text!r} is not one of {', '.join(k.value for k in kind)}") from None


def _lists(hands: Sequence[Sequence[int | None]]) -> list[list[int | None]]:
    return [list(hand) for hand in hands]


class UncoveredSeated(OpenMoves):
    """An Uncovered! table on the server: the engine's `Game`, seen through U5's views (its
    events are public, as `EVENT_FIELDS` lists; replay and waiting_for from `OpenMoves`)."""

    game = "uncovered"
    event_fields = EVENT_FIELDS

    def __init__(self, hands: Hands, variant: Variant, win: WinRule, deal: dict[str, Any],
                 seats: Sequence[Seat], optimum: Optimum | None = None) -> None:
        check_variant(variant, len(hands))
        self.seats = list(seats)
        self.variant, self.win, self.deal = variant, win, deal
        self.table = Game(hands, win)
        self.optimum = optimum
        self._best: tuple[int, list[list[int]]] | None = None

    @classmethod
    def create(cls, options: Mapping[str, Any], seats: Sequence[Seat | Mapping[str, Any]],
               optimum: Optimum | None = None) -> "UncoveredSeated":
        """A new table for the seats (none: `DEFAULT_SEATS`), dealt from `hands` or else `seed`,
        under `variant` and `win`."""
        settled = settle_seats("uncovered", seats, PLAYERS_MIN, PLAYERS_MAX)
        players = len(settled)
        variant = _choice(options, "variant", Variant, Variant.BEGINNER)
        win = _choice(options, "win", WinRule, WinRule.ORDERED)
        if variant is Variant.ADVANCED and players < 3:
            raise BadInput(f"variant: advanced needs 3 or more seats, not {players}")
        text = option(options, "hands", str, None)
        seed = option(options, "seed", int, None)
        if text is not None:  # a chosen deal; a seed (the server adds one to every game) is unused
            hands = parse_hands(text, "hands")
            if len(hands) != players:
                raise BadInput(f"hands: {len(hands)} hands for {players} seats")
            deal: dict[str, Any] = {"hands": format_hands(hands)}
        else:
            seed = secrets.randbelow(2 ** 62) if seed is None else seed
            hands = random_deal(players, random.Random(seed))
            deal = {"seed": seed}
        return cls(hands, variant, win, deal, settled, optimum)

    @property
    def options(self) -> dict[str, Any]:
        """The options that rebuild this table (with the seed drawn at creation). Secret."""
        return {"variant": self.variant.value, "win": self.win.value} | self.deal

    @property
    def over(self) -> bool:
        """Someone has declared."""
        return self.table.over

    @property
    def to_move(self) -> int | None:
        """Turn t belongs to seat t mod N; None once over."""
        return None if self.over else self.table.current_player

    def act(self, seat: int | None, action: Mapping[str, Any]) -> dict[str, Any]:
        """A swap (its two cards, now face up, in the event) or the declaration (judged, U3)."""
        kind, value = only_key(action, ("swap", "declare"))
        check_turn(seat, self.to_move, self.over)
        assert seat is not None    # check_turn refuses a spectator
        turn = self.table.turn
        if kind == "declare":
            if value is not True:
                raise Malformed(f"declare: expected true, got {value!r}")
            won = self.table.declare()
            return {"type": "declare", "turn": turn, "won": won} | self._final()
        if not (isinstance(value, list) and len(value) == 3):
            raise Malformed(f"swap: expected [own_position, other_seat, other_position], got {value!r}")
        own, other, position = (whole_number(v, f"swap[{i}]") for i, v in enumerate(value))
        swap = Swap(seat, own, other, position)
        try:
            self.table.apply(swap)  # nothing changed when illegal
        except BadInput as exc:
            raise IllegalMove(str(exc)) from None
        hands = self.table.hands
        return {"type": "swap", "turn": turn, "swap": swap.as_list(),
                "cards": [hands[seat][own - 1], hands[other][position - 1]], "to_move": self.to_move}

    def seat_view(self, seat: int | None) -> View:
        """The engine's view for a seat; a spectator knows only what every seat knows."""
        if seat is not None:
            return view_of(self.table, seat, self.variant)
        views = [view_of(self.table, viewer, self.variant) for viewer in range(self.table.players)]
        cards = tuple(
            tuple(None if any(v.cards[owner][i] is None for v in views) else value
                  for i, value in enumerate(hand))
            for owner, hand in enumerate(views[0].cards)
        )
        return View(-1, self.table.turn, self.table.current_player, cards, views[0].settled, self.over)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The table as `seat` may see it (U5; None = spectator), the turn, the swaps so far, and
        once over the deal, the optimum and, for a won game, the score (U4)."""
        seen = self.seat_view(seat)
        document: dict[str, Any] = {
            "position": {
                "variant": self.variant.value, "win": self.win.value, "players": self.table.players,
                "turn": seen.turn, "to_move": self.to_move, "hands": _lists(seen.cards),
                "settled": sorted([owner, position] for owner, position in seen.settled),
                "over": self.over, "won": self.table.won if self.over else None,
                "swaps": [swap.as_list() for swap in self.table.history],
            },
            "you": seat,
        }
        if self.over:
            document |= self._final()
        return document

    def _final(self) -> dict[str, Any]:
        """What everybody learns at the end: the deal, the optimum, a shortest win, the score."""
        final: dict[str, Any] = {"initial": _lists(self.table.initial), "hands": _lists(self.table.hands),
                                 "options": self.options}
        if self.optimum is not None:
            if self._best is None:
                self._best = self.optimum(self.table.initial, self.win)
            fewest, swaps = self._best
            final |= {"optimum": fewest, "best_swaps": swaps,
                      "score": self.table.swaps_made - fewest if self.table.won else None}
        return final

    def result(self) -> dict[str, Any]:
        """Cooperative: every seat wins a won table, everybody loses a lost one; with the score."""
        if not self.over:
            return {"outcome": None, "winners": []}
        won = self.table.won
        outcome = {"outcome": WIN if won else ALL_LOSE,
                   "winners": list(range(self.table.players)) if won else [],
                   "swaps_made": self.table.swaps_made}
        return outcome | {k: v for k, v in self._final().items() if k in ("optimum", "score")}
