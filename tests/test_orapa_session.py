"""Game sessions follow RULINGS O7: turns, free confirmations, guesses, endings and the log."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import BadInput
from games.orapa.gems import gem_set
from games.orapa.layout import Layout
from games.orapa.puzzle import cell_answer, shot_answer
from games.orapa.board import PORTS, parse_cell, parse_port, port_label
from games.orapa.random_layouts import random_layout
from games.orapa.session import ALL_LOSE, TIE, WIN, Session

GEMS = gem_set("base")
ANN_MINE, BOB_MINE, DEE_MINE, WRONG = (random_layout(GEMS, rng=random.Random(seed))
                                       for seed in (11, 12, 13, 14))


def duel() -> Session:
    return Session.duel(["Ann", "Bob"], {"Ann": ANN_MINE, "Bob": BOB_MINE}, GEMS)


def table(explorers: int = 3, allowed: int = 2) -> Session:
    names = ["Ann", "Bob", "Cy", "Eve"][:explorers]
    return Session.table("Dee", names, DEE_MINE, GEMS, allowed_guesses=allowed)


def same_mine_written_differently(mine: Layout) -> Layout:
    """The same layout (O6) with its gems listed in another order."""
    return Layout(tuple(reversed(mine.gems)))


def test_mines_are_distinct() -> None:
    assert len({ANN_MINE, BOB_MINE, DEE_MINE, WRONG}) == 4


# ----- duel -----------------------------------------------------------------------------------
def test_duel_turns_alternate_and_each_explores_the_other_mine() -> None:
    game = duel()
    assert game.to_move == "Ann"
    assert game.shoot("Ann", "15") == shot_answer(BOB_MINE, parse_port("15"))
    assert game.to_move == "Bob"
    assert game.ask_cell("Bob", "E4") == cell_answer(ANN_MINE, parse_cell("E4"))
    assert game.to_move == "Ann"
    with pytest.raises(BadInput, match="Bob: not your turn \\(Ann to move\\)"):
        game.shoot("Bob", "1")
    with pytest.raises(BadInput, match="'Zed': no such player"):
        game.shoot("Zed", "1")


def test_confirming_is_free_and_only_for_answers_heard() -> None:
    game = duel()
    first = game.shoot("Ann", "15")
    game.shoot("Bob", "3")
    assert game.confirm("Ann", "15") == first
    assert game.to_move == "Ann"                       # the turn is not used
    with pytest.raises(BadInput, match="cannot confirm '3'"):
        game.confirm("Ann", "3")                       # Bob's question, not Ann's (duel)
    with pytest.raises(BadInput, match="not your turn"):
        game.confirm("Bob", "3")
    game.shoot("Ann", "A")
    assert game.observations("Ann") == [first, shot_answer(BOB_MINE, parse_port("A"))]


def test_duel_wrong_guess_by_first_player_loses_at_once() -> None:
    game = duel()
    assert game.guess("Ann", WRONG) is False
    assert (game.over, game.outcome, game.winners, game.to_move) == (True, WIN, ("Bob",), None)
    with pytest.raises(BadInput, match="Bob: the game is over"):
        game.shoot("Bob", "1")


def test_duel_wrong_guess_by_second_player_loses_at_once() -> None:
    game = duel()
    game.shoot("Ann", "1")
    assert game.guess("Bob", WRONG) is False
    assert (game.outcome, game.winners) == (WIN, ("Ann",))


def test_duel_right_guess_by_second_player_wins_at_once() -> None:
    game = duel()
    game.shoot("Ann", "1")
    assert game.guess("Bob", ANN_MINE) is True
    assert (game.outcome, game.winners) == (WIN, ("Bob",))


def test_duel_first_right_then_second_right_is_a_tie() -> None:
    game = duel()
    assert game.guess("Ann", same_mine_written_differently(BOB_MINE)) is True   # O6 equality
    assert not game.over and game.to_move == "Bob"
    assert game.guess("Bob", ANN_MINE) is True
    assert (game.outcome, game.winners) == (TIE, ("Ann", "Bob"))


def test_duel_first_right_then_second_wrong_first_wins() -> None:
    game = duel()
    game.guess("Ann", BOB_MINE)
    game.guess("Bob", WRONG)
    assert (game.outcome, game.winners) == (WIN, ("Ann",))


def test_duel_last_turn_spent_on_a_question_leaves_the_first_player_winner() -> None:
    game = duel()
    game.shoot("Ann", "2")
    game.shoot("Bob", "2")
    game.guess("Ann", BOB_MINE)
    game.confirm("Bob", "2")                             # free: the last turn is still open
    assert not game.over
    game.shoot("Bob", "4")
    assert (game.outcome, game.winners) == (WIN, ("Ann",))


def test_guess_must_use_the_gem_set() -> None:
    game = duel()
    with pytest.raises(BadInput, match="Ann: the guess must use exactly the gem set"):
        game.guess("Ann", Layout(BOB_MINE.gems[:-1]))
    assert game.to_move == "Ann" and not game.log


def test_duel_needs_two_players_and_their_mines() -> None:
    with pytest.raises(BadInput, match="a duel has 2 players"):
        Session.duel(["Ann"], {"Ann": ANN_MINE}, GEMS)
    with pytest.raises(BadInput, match="one mine for each"):
        Session.duel(["Ann", "Bob"], {"Ann": ANN_MINE}, GEMS)
    with pytest.raises(BadInput, match="mine of Bob: gems do not match"):
        Session.duel(["Ann", "Bob"], {"Ann": ANN_MINE, "Bob": Layout(())}, GEMS)


# ----- table (3 to 5 players) -----------------------------------------------------------------
def test_table_answers_are_public_and_the_director_never_asks() -> None:
    game = table()
    answer = game.shoot("Ann", "15")
    assert answer == shot_answer(DEE_MINE, parse_port("15"))
    assert game.confirm("Bob", "15") == answer           # anyone may confirm a public answer
    assert game.to_move == "Bob"
    assert game.observations("Cy") == [answer]
    assert game.puzzle_for("Cy").observations == (answer,)
    with pytest.raises(BadInput, match="Dee: the director answers and never asks"):
        game.shoot("Dee", "1")


def test_table_wrong_guess_is_told_and_the_player_plays_on() -> None:
    game = table()
    assert game.guess("Ann", WRONG) is False
    assert not game.over and game.wrong_guesses["Ann"] == 1 and game.to_move == "Bob"
    game.shoot("Bob", "1")
    game.shoot("Cy", "2")
    game.shoot("Ann", "3")                               # Ann still plays


def test_table_second_wrong_guess_eliminates_and_turns_skip_the_player() -> None:
    game = table()
    game.guess("Ann", WRONG)
    game.shoot("Bob", "1")
    game.shoot("Cy", "2")
    game.guess("Ann", WRONG)
    assert game.eliminated == ("Ann",) and game.to_move == "Bob"
    game.shoot("Bob", "5")                               # (3 is 1 backwards: free, O5)
    game.shoot("Cy", "4")
    assert game.to_move == "Bob"
    with pytest.raises(BadInput, match="Ann: eliminated after 2 wrong guesses"):
        game.shoot("Ann", "5")


def test_table_right_guess_wins() -> None:
    game = table()
    game.guess("Ann", WRONG)
    assert game.guess("Bob", same_mine_written_differently(DEE_MINE)) is True
    assert (game.outcome, game.winners) == (WIN, ("Bob",))


def test_table_all_eliminated_all_lose() -> None:
    game = table(explorers=2)
    for player in ["Ann", "Bob", "Ann"]:
        game.guess(player, WRONG)
    assert not game.over and game.to_move == "Bob"
    game.guess("Bob", WRONG)
    assert (game.over, game.outcome, game.winners) == (True, ALL_LOSE, ())


def test_table_allowed_guesses_is_an_option() -> None:
    game = table(explorers=2, allowed=3)
    for player in ["Ann", "Bob", "Ann", "Bob", "Ann"]:
        game.guess(player, WRONG)
    assert game.eliminated == ("Ann",) and not game.over
    game = table(explorers=2, allowed=1)
    game.guess("Ann", WRONG)
    assert game.eliminated == ("Ann",) and game.to_move == "Bob"


@pytest.mark.parametrize("explorers", [1, 5])
def test_table_has_three_to_five_players(explorers: int) -> None:
    with pytest.raises(BadInput, match="2 to 4 explorers"):
        Session.table("Dee", [f"P{i}" for i in range(explorers)], DEE_MINE, GEMS)


def test_player_names_must_differ() -> None:
    with pytest.raises(BadInput, match="names must differ"):
        Session.table("Ann", ["Ann", "Bob"], DEE_MINE, GEMS)


# ----- the log ------------------------------------------------------------------------------
def played_duel() -> Session:
    game = duel()
    game.shoot("Ann", "15")
    game.ask_cell("Bob", "B3")
    game.confirm("Ann", "15")
    game.shoot("Ann", "R")
    game.guess("Bob", ANN_MINE)
    return game


def played_table() -> Session:
    game = table(explorers=3)
    game.shoot("Ann", "1")
    game.guess("Bob", WRONG)
    game.confirm("Cy", "1")
    game.ask_cell("Cy", "J8")
    game.guess("Ann", WRONG)
    game.guess("Bob", WRONG)
    return game


@pytest.mark.parametrize("play", [played_duel, played_table])
def test_log_round_trips_through_json(play) -> None:
    game = play()
    document = json.loads(json.dumps(game.to_json()))
    again = Session.from_json(document)
    assert again.to_json() == document
    assert (again.outcome, again.winners, again.to_move, again.eliminated) == (
        game.outcome, game.winners, game.to_move, game.eliminated)
    assert [e.action for e in again.log] == [e.action for e in game.log]


def test_played_logs_reach_the_expected_states() -> None:
    assert (played_duel().outcome, played_duel().winners) == (WIN, ("Bob",))
    game = played_table()
    assert game.eliminated == ("Bob",) and game.to_move == "Cy"
    assert game.wrong_guesses == {"Ann": 1, "Bob": 2, "Cy": 0}


def test_log_that_disagrees_with_the_mine_is_bad_input() -> None:
    document = played_duel().to_json()
    document["log"][0]["exit"] = "absorbed" if document["log"][0]["exit"] != "absorbed" else "1"
    document["log"][0].pop("color", None)
    with pytest.raises(BadInput, match=r"^log\[0\]: recorded answer"):
        Session.from_json(document)


def test_log_that_breaks_turn_order_is_bad_input() -> None:
    document = played_duel().to_json()
    document["log"][1]["player"] = "Ann"
    with pytest.raises(BadInput, match=r"^log\[1\]: Ann: not your turn"):
        Session.from_json(document)


def test_log_with_a_false_guess_verdict_is_bad_input() -> None:
    document = played_table().to_json()
    document["log"][1]["correct"] = True
    with pytest.raises(BadInput, match=r"^log\[1\]: recorded correct=True"):
        Session.from_json(document)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(mode="solo"), "mode: expected 'duel' or 'table'"),
    (lambda d: d.update(allowed_guesses="2"), "allowed_guesses: expected an integer"),
    (lambda d: d["mines"].update(Ann=d["mines"]["Dee"]), "one mine, the director's"),
    (lambda d: d["log"].append({"player": "Cy", "action": "dance"}), r"log\[6\]: unknown action"),
    (lambda d: d.pop("log"), "session: missing 'log'"),
])
def test_malformed_session_json_is_bad_input(change, message) -> None:
    document = played_table().to_json()
    change(document)
    with pytest.raises(BadInput, match=message):
        Session.from_json(document)


# ----- O5: asking again is free ---------------------------------------------------------------
def test_asking_a_port_again_is_answered_from_the_record_and_keeps_the_turn() -> None:
    game = duel()
    first = game.shoot("Ann", "15")
    game.shoot("Bob", "1")
    assert game.shoot("Ann", "15") == first and game.to_move == "Ann"   # free
    assert game.observations("Ann") == [first]
    assert [e.action for e in game.log] == ["shot", "shot", "confirm"]


def test_the_exit_port_of_an_earlier_shot_is_the_same_path_backwards() -> None:
    game = table()
    assert str(game.shoot("Ann", "1")) == "1 -> 3 purple"
    assert game.to_move == "Bob"
    backwards = game.shoot("Bob", "3")                   # answers are public at a table
    assert str(backwards) == "3 -> 1 purple" == str(shot_answer(DEE_MINE, parse_port("3")))
    assert game.to_move == "Bob" and len(game.observations("Bob")) == 1


def test_asking_a_cell_again_is_free_and_a_new_question_still_counts() -> None:
    game = duel()
    answer = game.ask_cell("Ann", "E4")
    game.shoot("Bob", "1")
    assert game.ask_cell("Ann", "e4") == answer and game.to_move == "Ann"
    game.ask_cell("Ann", "E5")
    assert game.to_move == "Bob" and len(game.observations("Ann")) == 2


def test_a_duel_players_answers_settle_nothing_for_the_other() -> None:
    game = duel()
    game.shoot("Ann", "15")
    game.shoot("Bob", "15")                              # Bob's first 15, on Ann's mine
    assert game.to_move == "Ann" and [e.action for e in game.log] == ["shot", "shot"]


def test_free_confirmations_round_trip_through_json_and_old_counted_repeats_still_load() -> None:
    game = table()
    game.shoot("Ann", "1")
    game.shoot("Bob", "3")                               # free
    game.shoot("Bob", "4")
    again = Session.from_json(json.loads(json.dumps(game.to_json())))
    assert again.to_json() == game.to_json()
    old = game.to_json()                                 # written before O5: the repeat counted
    old["log"][1]["action"] = "shot"
    old["log"][2]["player"] = "Cy"
    replayed = Session.from_json(old)
    assert [e.action for e in replayed.log] == ["shot", "shot", "shot"]
    assert replayed.to_move == "Ann"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, PORTS - 1), min_size=1, max_size=30), st.integers(0, 10 ** 6))
def test_every_answer_is_the_mines_and_no_question_is_counted_twice(
        ports: list[int], seed: int) -> None:
    """A solo explorer shooting any ports: each answer is the mine's, and the counted questions
    are exactly the ports that no earlier answer settled."""
    mine = random_layout(GEMS, rng=random.Random(seed))
    game = Session.table("Dee", ["Ann", "Bob"], mine, GEMS)
    covered: set[int] = set()
    for port in ports:
        player = game.to_move
        assert player is not None
        before = len(game.observations(player))
        assert game.shoot(player, port_label(port)) == shot_answer(mine, port)
        counted = len(game.observations(player)) - before
        assert counted == (port not in covered)
        answer = shot_answer(mine, port)
        covered |= {port} | ({answer.exit} if answer.exit is not None else set())


# ----- resigning ------------------------------------------------------------------------------
def test_resigning_a_duel_gives_the_other_player_the_win() -> None:
    game = duel()
    game.shoot("Ann", "15")
    game.resign("Ann")                                   # not on her turn: allowed
    assert (game.outcome, game.winners) == (WIN, ("Bob",))
    with pytest.raises(BadInput, match="over"):
        game.resign("Bob")


def test_a_table_explorer_who_resigns_is_out_and_the_others_play_on() -> None:
    game = table(explorers=2)
    game.resign("Ann")                                   # on her turn: it passes
    assert game.to_move == "Bob" and game.eliminated == ("Ann",) and not game.over
    with pytest.raises(BadInput, match="Ann: resigned"):
        game.shoot("Ann", "1")
    again = Session.from_json(json.loads(json.dumps(game.to_json())))
    assert again.to_json() == game.to_json()
    game.resign("Bob")
    assert (game.outcome, game.winners) == (ALL_LOSE, ())
