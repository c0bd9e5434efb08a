"""Uncovered! as a seated game: whole tables of computer seats for every variant, with every view
and every event checked against U5 (no seat ever sees a card it may not), the score against the
exact optimum, rebuilding, refusals, and a computer that decides from its own view alone."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import BadInput
from games.seated import NotYourTurn
from games.uncovered.deal import format_hands, random_deal
from games.uncovered.seated import UncoveredSeated
from solver.uncovered import computer
from solver.uncovered.score import seated_game
from solver.uncovered.search import solve
from tests.seated_helpers import play_out, rebuild, seats

TABLES = [("beginner", 2), ("beginner", 5), ("intermediate", 2), ("intermediate", 4),
          ("advanced", 3), ("advanced", 6)]


def may_see(variant: str, viewer: int | None, owner: int) -> bool:
    """U5 before the end, for a card no swap has turned up (a spectator is nobody's hand)."""
    if variant == "beginner":
        return True
    if viewer is None:
        return False
    return owner != viewer if variant == "intermediate" else owner == viewer


class Referee:
    """Follows a table event by event, keeping the truth and the slots swaps have turned up
    (worked out here from the events, not read from the engine)."""

    def __init__(self, game: UncoveredSeated, hands: list[list[int]]) -> None:
        self.game, self.truth = game, [list(h) for h in hands]
        self.players = len(hands)
        self.turned_up: set[tuple[int, int]] = set()
        self.variant = game.variant.value
        self.secrets = {json.dumps(game.options["seed"])} if "seed" in game.options else set()

    def check_views(self) -> None:
        over = self.game.over
        for viewer in [*range(self.players), None]:
            document = self.game.view(viewer)
            cards = document["position"]["hands"]
            for owner in range(self.players):
                for position in range(4):
                    value = cards[owner][position]
                    allowed = over or (owner, position + 1) in self.turned_up or may_see(self.variant, viewer, owner)
                    assert value == (self.truth[owner][position] if allowed else None), (viewer, owner, position)
            if not over:
                assert set(document) == {"position", "you"}
                text = json.dumps(document)
                assert "initial" not in text and "seed" not in text and "options" not in text

    def follow(self, seat: int, action: dict, event: dict) -> None:
        if "swap" in action:
            own, other, position = action["swap"]
            a, b = self.truth[seat][own - 1], self.truth[other][position - 1]
            self.truth[seat][own - 1], self.truth[other][position - 1] = b, a
            self.turned_up |= {(seat, own), (other, position)}
            # the event holds the two cards now face up and nothing else about any card
            assert event == {"type": "swap", "turn": event["turn"], "swap": [seat, own, other, position],
                             "cards": [b, a], "to_move": self.game.to_move}
        else:
            assert event["type"] == "declare" and self.game.over
            assert event["hands"] == self.truth
        self.check_views()


@pytest.mark.parametrize("variant, players", TABLES)
def test_a_table_of_computers_never_shows_a_seat_a_card_it_may_not_see(variant: str, players: int) -> None:
    seed = 7 * players + len(variant)
    game = seated_game({"variant": variant, "seed": seed}, seats(players))
    hands = random_deal(players, random.Random(seed))
    referee = Referee(game, [list(h) for h in hands])
    referee.check_views()
    levels = ["easy", "normal", "strong"] * 2
    log = play_out(game, computer.choose_action, levels[:players],
                   watch=lambda g, seat, action, event: referee.follow(seat, action, event))
    result = game.result()
    optimum = solve(hands).optimum
    final = game.view(None)
    assert final["initial"] == [list(h) for h in hands] and final["optimum"] == optimum
    if result["outcome"] == "win":
        assert result["winners"] == list(range(players))
        assert result["score"] == final["score"] == len(log) - 1 - optimum
    else:
        assert result["winners"] == [] and final["score"] is None
    # the best sequence shown on the scoring screen is a real win of `optimum` swaps
    replayed = UncoveredSeated.create({"hands": format_hands(hands)}, seats(players))
    for mover, own, other, position in final["best_swaps"]:
        replayed.act(mover, {"swap": [own, other, position]})
    assert replayed.act(replayed.to_move, {"declare": True})["won"] and len(final["best_swaps"]) == optimum
    again = rebuild(seated_game, game.options, players, log)
    assert [again.view(s) for s in [*range(players), None]] == [game.view(s) for s in [*range(players), None]]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_strong_computers_with_every_card_face_up_win_with_a_perfect_score(players: int) -> None:
    game = seated_game({"variant": "beginner", "seed": players}, seats(players))
    play_out(game, computer.choose_action, ["strong"] * players)
    assert game.result()["outcome"] == "win" and game.result()["score"] == 0


def _deals_alike_for_seat_0(rng: random.Random, players: int, variant: str) -> tuple[str, str]:
    """Two deals seat 0 cannot tell apart under `variant`: the cards it cannot see are shuffled
    (advanced: the other hands; intermediate: its own hand)."""
    first = random_deal(players, rng)
    if variant == "advanced":
        rest = [v for hand in first[1:] for v in hand]
        rng.shuffle(rest)
        second = (first[0],) + tuple(tuple(rest[i:i + 4]) for i in range(0, len(rest), 4))
    else:
        second = (tuple(rng.sample(first[0], 4)),) + first[1:]
    return format_hands(first), format_hands(second)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(3, 5), st.sampled_from(["easy", "normal", "strong"]),
       st.sampled_from(["advanced", "intermediate"]))
def test_a_computer_decides_from_its_own_view_alone(seed: int, players: int, level: str, variant: str) -> None:
    """Two tables that look the same to seat 0 get the same action from it."""
    one, two = _deals_alike_for_seat_0(random.Random(seed), players, variant)
    games = [seated_game({"variant": variant, "hands": hands}, seats(players)) for hands in (one, two)]
    assert games[0].view(0) == games[1].view(0)
    assert computer.choose_action(games[0], 0, level) == computer.choose_action(games[1], 0, level)


def test_refusals_name_the_field_and_change_nothing() -> None:
    game = seated_game({"variant": "advanced", "hands": "2234,1134,1234"}, seats(3))
    before = [game.view(s) for s in (0, 1, 2, None)]
    for seat, action, error, words in [
        (0, {"swap": [1, 0, 2]}, BadInput, "player 0 is not another player"),
        (0, {"swap": [1, 3, 2]}, BadInput, "player 3 is not another player"),
        (0, {"swap": [5, 1, 2]}, BadInput, "position 5 is not 1 to 4"),
        (0, {"swap": [1, 1]}, BadInput, r"swap: expected \[own_position, other_seat, other_position\]"),
        (0, {"swap": [1, "1", 2]}, BadInput, r"swap\[1\]: expected a whole number"),
        (0, {"declare": False}, BadInput, "declare: expected true"),
        (0, {"declare": True, "swap": [1, 1, 2]}, BadInput, "action: expected exactly one of"),
        (0, "declare", BadInput, "action: expected a JSON object"),
        (1, {"declare": True}, NotYourTurn, "seat 0's turn, not seat 1's"),
        (None, {"swap": [1, 1, 2]}, NotYourTurn, "spectator"),
    ]:
        with pytest.raises(error, match=words):
            game.act(seat, action)
    assert [game.view(s) for s in (0, 1, 2, None)] == before
    game.act(0, {"swap": [1, 1, 2]})
    assert game.act(1, {"declare": True})["won"] and game.result()["score"] == 0
    with pytest.raises(NotYourTurn, match="over"):
        game.act(2, {"declare": True})
    for options, count, words in [
        ({"variant": "advanced"}, 2, "variant: advanced needs 3 or more seats, not 2"),
        ({"variant": "expert"}, 3, "variant: 'expert' is not one of beginner, intermediate, advanced"),
        ({"win": "any"}, 3, "win: 'any' is not one of ordered, shared"),
        ({"hands": "1234,1234"}, 3, "hands: 2 hands for 3 seats"),
        ({"hands": "1234,1235,1234"}, 3, "hands"),
        ({"seed": "3"}, 3, "seed: expected a whole number"),
        ({}, 7, "seats: uncovered is played by 2 to 6 seats, not 7"),
    ]:
        with pytest.raises(BadInput, match=words):
            seated_game(options, seats(count))


def test_chosen_hands_take_the_place_of_the_seed() -> None:
    game = seated_game({"hands": "2234,1134,1234", "seed": 3}, seats(3))
    assert game.options == {"variant": "beginner", "win": "ordered", "hands": "2234,1134,1234"}
    assert game.view(None)["position"]["hands"] == [[2, 2, 3, 4], [1, 1, 3, 4], [1, 2, 3, 4]]
    assert len(seated_game({}, []).seats) == 2


def test_a_missing_seed_is_drawn_once_and_kept_in_the_options() -> None:
    game = seated_game({"variant": "beginner"}, seats(4))
    seed = game.options["seed"]
    assert isinstance(seed, int)
    again = seated_game(game.options, seats(4))
    assert again.view(0) == game.view(0)
    assert json.dumps(seed) not in json.dumps(game.view(None))


def test_the_shared_win_rule_is_judged_and_scored() -> None:
    for win, won in [("shared", True), ("ordered", False)]:
        game = seated_game({"hands": "2143,2143", "win": win}, seats(2))
        event = game.act(0, {"declare": True})
        assert event["won"] is won and game.result()["outcome"] == ("win" if won else "all lose")
        assert event["score"] == (0 if won else None) and event["optimum"] == (0 if won else 4)
    game = seated_game({"variant": "beginner", "seed": 3, "win": "shared"}, seats(3))
    play_out(game, computer.choose_action, ["strong"] * 3)
    assert game.result()["outcome"] == "win" and game.result()["score"] == 0
