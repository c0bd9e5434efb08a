"""Orapa as a seated game: seats by mode, mines checked against O3 by name, turns, what each
seat sees, and rebuilding from the actions."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import BadInput
from games.orapa.board import PORT_LABELS
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.random_layouts import random_layout
from games.orapa.seated import OrapaSeated
from games.seated import NotYourTurn, Seat

GEMS = gem_set("base")


def mine(seed: int) -> dict:
    return random_layout(GEMS, RuleOptions(), random.Random(seed)).to_json()


def table() -> OrapaSeated:
    seats = [Seat(0, "director", "human"), Seat(1, "explorer", "human"),
             Seat(2, "explorer", "human")]
    return OrapaSeated({"mode": "table"}, seats)


def test_seats_must_fit_the_mode() -> None:
    with pytest.raises(BadInput, match="seats: a duel"):
        OrapaSeated({"mode": "duel"}, [Seat(0, "explorer", "human"), Seat(1, "player", "human")])
    with pytest.raises(BadInput, match="seats: a table"):
        OrapaSeated({"mode": "table"}, [Seat(0, "director", "human"),
                                        Seat(1, "explorer", "human")])
    with pytest.raises(BadInput, match="director of a solo game is the computer"):
        OrapaSeated({"mode": "solo"}, [Seat(0, "explorer", "human"),
                                       Seat(1, "director", "human")])
    with pytest.raises(BadInput, match="mode"):
        OrapaSeated({"mode": "chess"}, [])


def test_an_illegal_mine_names_every_gem_and_rule_it_breaks() -> None:
    game = table()
    layout = mine(1)
    layout["gems"][1] = {**layout["gems"][0], "color": "yellow", "shape": "parallelogram"}
    layout["gems"] = layout["gems"][:4]
    with pytest.raises(BadInput) as error:
        game.act(0, {"mine": layout})
    message = str(error.value)
    assert message.startswith("mine: illegal:") and "overlap" in message
    assert "gems must be exactly" in message and "gems[0]" in message and "gems[1]" in message
    with pytest.raises(NotYourTurn):
        game.act(1, {"mine": mine(1)})      # an explorer hides nothing
    assert game.waiting_for() == [0] and game.to_move is None


def test_turns_views_and_the_end_of_a_table_game() -> None:
    game = table()
    with pytest.raises(NotYourTurn, match="not started"):
        game.act(1, {"shot": "1"})
    game.act(0, {"mine": mine(1)})
    assert game.view(1)["mines"] == {} and game.view(0)["mines"] == {"0": mine(1)}
    with pytest.raises(NotYourTurn, match="not your turn"):
        game.act(2, {"shot": "1"})
    with pytest.raises(NotYourTurn, match="director"):
        game.act(0, {"shot": "1"})
    with pytest.raises(BadInput, match="shot: unknown port"):
        game.act(1, {"shot": "Z"})
    assert game.act(1, {"cell": "a1"})["cell"] == "A1"
    event = game.act(2, {"guess": mine(2)})
    assert event == {"type": "guess", "correct": False, "layout": mine(2)}
    assert game.event_view({**event, "seat": 2}, 1) == {"type": "guess", "correct": False,
                                                        "seat": 2}
    assert game.view(None)["guesses_left"] == {"1": 2, "2": 1}
    assert game.act(1, {"guess": mine(1)})["correct"] and game.over
    assert game.result() == {"outcome": "win", "winners": [1]}
    assert game.view(2)["mines"] == {"0": mine(1)} and "layout" in game.event_view(
        {**event, "seat": 2}, 1)
    with pytest.raises(NotYourTurn, match="over"):
        game.act(2, {"shot": "1"})


def test_a_duel_gives_the_second_player_a_last_turn() -> None:
    game = OrapaSeated({"mode": "duel"}, [])
    game.act(0, {"mine": mine(3)})
    assert game.to_move is None
    game.act(1, {"mine": mine(4)})
    assert game.act(0, {"guess": mine(4)})["correct"] and not game.over
    assert game.to_move == 1 and game.view(0)["mines"] == {"0": mine(3)}
    game.act(1, {"guess": mine(3)})
    assert game.result() == {"outcome": "tie", "winners": [0, 1]}


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(0, 200), min_size=1, max_size=12))
def test_a_game_rebuilds_from_its_actions(seed: int, choices: list[int]) -> None:
    """Replaying the accepted actions gives the same views to every seat."""
    game, log = table(), []
    for seat, action in [(0, {"mine": mine(seed)})] + [
            (1 + c % 2, {"shot": PORT_LABELS[c % 36]} if c < 120 else
             {"cell": "ABCDEFGHIJ"[c % 10] + str(1 + c % 8)} if c < 190 else
             {"guess": mine(seed + c % 3)}) for c in choices]:
        try:
            game.act(seat, action)
            log.append((seat, action))
        except BadInput:      # NotYourTurn too: rejected actions change nothing
            pass
    again = table()
    for seat, action in log:
        again.act(seat, action)
    assert all(again.view(s) == game.view(s) for s in (None, 0, 1, 2))


def test_a_repeat_is_a_free_confirm_but_a_stored_counted_repeat_replays_as_counted() -> None:
    """O5: asking again gives a `confirm` event and keeps the turn; a log stored before that
    rule (the repeat recorded as a `shot`) still rebuilds, with the repeat counted."""
    game = table()
    game.act(0, {"mine": mine(3)})
    first = game.act(1, {"shot": "1"})
    game.act(2, {"shot": "2"})
    repeat = game.act(1, {"shot": "1"})
    assert repeat == {**first, "type": "confirm"} and game.to_move == 1
    old = table()
    old.act(0, {"mine": mine(3)})
    old.replay(1, {"shot": "1"}, first)
    old.replay(2, {"shot": "2"}, game.act(1, {"shot": "2"}) | {"type": "shot"})
    old.replay(1, {"shot": "1"}, first)                       # stored as counted
    assert old.to_move == 2 and len(old.view(1)["observations"]["1"]) == 3


def test_after_the_end_guesses_left_are_the_unused_ones_and_each_answer_has_its_asker() -> None:
    """A finished table: the winner used 1 of 2 guesses, the other explorer none (both showed
    0 before); `asked_by` says whose question each public answer was."""
    game = table()
    game.act(0, {"mine": mine(1)})
    game.act(1, {"shot": "1"})
    game.act(2, {"cell": "E4"})
    game.act(1, {"guess": mine(1)})
    view = game.view(None)
    assert view["guesses_left"] == {"1": 1, "2": 2}
    assert view["asked_by"] == {"1": [1, 2], "2": [1, 2]}


def test_after_a_duel_each_player_sees_both_players_answers() -> None:
    game = OrapaSeated({"mode": "duel"}, [])
    game.act(0, {"mine": mine(3)})
    game.act(1, {"mine": mine(4)})
    game.act(0, {"shot": "1"})
    game.act(1, {"cell": "E4"})
    assert set(game.view(0)["observations"]) == {"0"}          # the other's: not yet
    game.act(0, {"guess": mine(2)})                              # wrong: the game is over
    view = game.view(0)
    assert [len(view["observations"][k]) for k in ("0", "1")] == [1, 1]
    assert view["asked_by"] == {"0": [0], "1": [1]}
    assert view["guesses_left"] == {"0": 0, "1": 1}
