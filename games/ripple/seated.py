"""Ripple as a seated game (games/seated.py): two seats, seat 0 is player 1, seat 1 player 2.

Create options: `"power": true` for the power-stone variant (2 per player, R5) and `"palettes"`
for asymmetric colours, either `"rb,gy"` or `[["red", "blue"], ["green", "yellow"]]` (player 1's
pair first). Timed mode is not offered: a game rebuilt from its moves has no clock.

An action is `{"move": "red@3,3"}` (`red+@3,3` for a power stone). Nothing in Ripple is hidden,
so every seat and spectator gets the same view.

>>> game = RippleSeated.create({}, [{"role": "player"}, {"role": "player"}])
>>> game.act(0, {"move": "red@3,3"})["scores"], game.to_move
({'1': 0, '2': 0}, 1)
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.errors import BadInput, IllegalMove, Malformed
from games.ripple.board import COLOURS, row_col
from games.ripple.game import RippleGame
from games.ripple.notation import board_rows, parse_colour, parse_move, parse_palettes
from games.ripple.rules import DRAW, Group, Position, Rules, all_groups, ripple_steps
from games.seated import OpenMoves, Seat
from games.seated_checks import check_turn, only_key, option, settle_seats, two_player_result

POWER_STONES = 2
MOVE_FIELDS = ("side", "move", "ripple", "groups", "scores", "change", "over", "winner", "reason")
"""What every seat sees of a move: nothing in Ripple is hidden, but it is listed."""


def _palettes(value: Any) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The `palettes` option: None, "rb,gy", or two lists of two colour names."""
    if value is None:
        return None
    if isinstance(value, str):
        return parse_palettes(value)
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(p, list) for p in value)):
        raise BadInput("palettes: expected \"rb,gy\" or two lists of colour names")
    pairs = []
    for player, names in enumerate(value):
        if not all(isinstance(name, str) for name in names):
            raise BadInput(f"palettes[{player}]: expected colour names such as \"red\"")
        pairs.append(tuple(sorted(parse_colour(name, f"palettes[{player}]") for name in names)))
    return pairs[0], pairs[1]


def _cell(cell: int) -> list[int]:
    return list(row_col(cell))


def _group_json(group: Group) -> dict[str, Any]:
    cells = [_cell(c) for c in range(49) if group.cells >> c & 1]
    return {"colour": COLOURS[group.colour], "cells": cells, "owner": group.owner, "points": group.points}


def _scores(pair: tuple[int, int]) -> dict[str, int]:
    return {"1": pair[0], "2": pair[1]}


def _winner(position: Position) -> int | str | None:
    return "draw" if position.winner == DRAW else position.winner


class RippleSeated(OpenMoves):
    """A Ripple game on the server: the engine's `RippleGame`, driven by seats."""

    move_fields = MOVE_FIELDS
    game = "ripple"

    def __init__(self, rules: Rules, seats: Sequence[Seat]) -> None:
        self.rules, self.seats = rules, list(seats)
        self.record = RippleGame(rules)

    @classmethod
    def create(cls, options: Mapping[str, Any], seats: Sequence[Seat | Mapping[str, Any]]) -> "RippleSeated":
        """A new game from the create body's options and its two seats (none: `DEFAULT_SEATS`)."""
        settled = settle_seats("ripple", seats, 2, 2)
        power = option(options, "power", bool, False)
        return cls(Rules(POWER_STONES if power else 0, _palettes(options.get("palettes"))), settled)

    @property
    def options(self) -> dict[str, Any]:
        """The options that rebuild this game (defaults filled in)."""
        palettes = self.rules.palettes
        return {"power": self.rules.power_stones > 0,
                "palettes": None if palettes is None else [[COLOURS[c] for c in p] for p in palettes]}

    @property
    def position(self) -> Position:
        """The current position."""
        return self.record.position

    @property
    def over(self) -> bool:
        """Whether the game has ended (R4)."""
        return self.position.over

    @property
    def to_move(self) -> int | None:
        """Seat 0 for player 1, seat 1 for player 2; None once over."""
        return None if self.over else self.position.to_move - 1

    def act(self, seat: int | None, action: Mapping[str, Any]) -> dict[str, Any]:
        """Play `{"move": "colour@row,col"}`; the event tells the ripple step by step, the groups
        after it and the scores with their change."""
        _, text = only_key(action, ("move",))
        check_turn(seat, self.to_move, self.over)
        if not isinstance(text, str):
            raise Malformed(f"move: expected a string such as \"red@3,3\", got {text!r}")
        try:
            move = parse_move(text, "move")
        except BadInput as exc:
            raise Malformed(str(exc)) from None
        before = self.position
        try:
            self.record.play(move)  # nothing changed when illegal
        except BadInput as exc:
            raise IllegalMove(str(exc)) from None
        steps = ripple_steps(before, move)
        record = self.record.history[-1]
        after = self.position
        return {
            "type": "move", "side": record.player, "move": str(move),
            "ripple": [[_cell(a), _cell(b)] for a, b in steps],
            "groups": [_group_json(g) for g in all_groups(after) if g.colour == move.colour],
            "scores": _scores(record.scores), "change": _scores(record.change),
            "over": after.over, "winner": _winner(after), "reason": after.reason,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """The position as `orapa ripple play --json` prints it (with the history), the rules,
        each player's colours and power stones left, and every scoring group."""
        position = self.position
        return {
            "position": {
                "board": board_rows(position), "scores": _scores(position.scores),
                "to_move": position.to_move, "over": position.over, "winner": _winner(position),
                "history": [{"move": str(r.move), "player": r.player, "scores": _scores(r.scores),
                             "change": _scores(r.change)} for r in self.record.history],
            },
            "rules": self.options,
            "colours": {str(p): [COLOURS[c] for c in self.rules.colours_for(p)] for p in (1, 2)},
            "power_left": _scores(position.power_left),
            "groups": [_group_json(g) for g in all_groups(position)],
            "reason": position.reason,
        }

    def result(self) -> dict[str, Any]:
        """Outcome and winners (a draw is a tie of both seats), with the final scores."""
        position = self.position
        winner = None if position.winner in (None, DRAW) else position.winner - 1
        return two_player_result(winner, self.over) | {"scores": _scores(position.scores),
                                                        "reason": position.reason}
