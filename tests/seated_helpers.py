"""Shared by the seated-game tests: play a game with computer seats through the protocol only,
and rebuild a game from its options and actions as the server does."""
from __future__ import annotations

from typing import Any, Callable

Factory = Callable[[dict[str, Any], list[dict[str, Any]]], Any]
Chooser = Callable[[Any, int, str], dict[str, Any]]


def seats(count: int) -> list[dict[str, Any]]:
    """`count` computer seats of role player, as the create body lists them."""
    return [{"role": "player", "kind": "computer", "level": "easy"} for _ in range(count)]


def play_out(game: Any, choose: Chooser, levels: list[str], max_actions: int = 400,
             watch: Callable[[Any, int, dict[str, Any], dict[str, Any]], None] | None = None,
             ) -> list[tuple[int, dict[str, Any]]]:
    """Let the computers play `game` to its end; returns the (seat, action) log. `watch` sees
    the game, the seat, the action and its event after every action."""
    log = []
    while not game.over:
        assert len(log) < max_actions, "the game did not end"
        seat = game.to_move
        assert seat is not None
        action = choose(game, seat, levels[seat])
        event = game.act(seat, action)
        assert isinstance(event["type"], str)
        log.append((seat, action))
        if watch is not None:
            watch(game, seat, action, event)
    assert game.to_move is None
    return log


def rebuild(factory: Factory, options: dict[str, Any], count: int, log: list[tuple[int, dict[str, Any]]]) -> Any:
    """A game made again from its options and its actions, in order."""
    game = factory(options, seats(count))
    for seat, action in log:
        game.act(seat, action)
    return game


def views(game: Any, count: int) -> list[dict[str, Any]]:
    """Every seat's view and the spectator's."""
    return [game.view(seat) for seat in range(count)] + [game.view(None)]
