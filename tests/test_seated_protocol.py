"""Every game the server hosts takes the whole seated-game shape (games/seated.py), and each of
its views lists what it shows: a field nobody listed never reaches a seat."""
from __future__ import annotations

import inspect
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.seated import ENVELOPE, SeatedGame
from web.loaded import RESULT_FIELDS
from web.registry import GAMES

MEMBERS = ("act", "replay", "waiting_for", "view", "event_view", "result")
OPTIONS = {"orapa": {"mode": "solo", "seed": 5}, "ripple": {"seed": 5}, "mandragora": {"seed": 5},
           "uncovered": {"seed": 5}}


def played(name: str, actions: int = 4) -> tuple[Any, list[tuple[int, dict[str, Any]]]]:
    """A game of `name` with its default seats, and the events of its first few actions (the
    computer plays every seat, as for a computer seat on the server)."""
    kind = GAMES[name]
    game = kind.create(dict(OPTIONS[name]), [])
    events = []
    for _ in range(actions):
        waiting = game.waiting_for()
        seat = waiting[0] if waiting else game.to_move
        if seat is None or game.over:
            break
        action = kind.computer(game, seat, "easy")
        events.append((seat, game.act(seat, action)))
    return game, events


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_registered_game_implements_the_whole_protocol(name: str) -> None:
    game, events = played(name)
    assert isinstance(game, SeatedGame)
    for member in MEMBERS:
        assert callable(getattr(game, member)), member
    assert "event_view" in dir(type(getattr(game, "inner", game))), "event_view is the game's own"
    assert set(inspect.signature(game.event_view).parameters) == {"event", "seat"}
    assert events, "the game took no action"
    assert set(game.result()) <= set(RESULT_FIELDS)


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=20, deadline=None)
@given(extra=st.dictionaries(st.text(min_size=1, max_size=8), st.integers(), max_size=3),
       viewer=st.one_of(st.none(), st.integers(0, 3)))
def test_an_event_view_shows_only_listed_fields(name: str, extra: dict[str, int],
                                                viewer: int | None) -> None:
    """A field the game did not list (a secret slipped in by mistake) never comes out, and a view
    never invents a field."""
    game, events = PLAYED[name]
    for seq, (seat, event) in enumerate(events, 1):
        full = {"seq": seq, "at": "2026-01-01T00:00:00+00:00", "seat": seat, **event}
        seen = game.event_view(full, viewer)
        assert seen.items() <= full.items()
        assert set(ENVELOPE) <= set(seen)
        secret = {f"secret {key}": value for key, value in extra.items()}
        assert game.event_view({**full, **secret}, viewer) == seen


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_unknown_event_type_shows_only_its_envelope(name: str) -> None:
    game, _ = PLAYED[name]
    event = {"seq": 9, "at": "x", "seat": 0, "type": "future kind", "mine": {"gems": []}}
    assert game.event_view(event, 0) == {"seq": 9, "at": "x", "seat": 0, "type": "future kind"}


PLAYED = {name: played(name) for name in sorted(GAMES)}
