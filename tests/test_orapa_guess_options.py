"""RULINGS O7's options `guess` and `reveal`, and bounce answers (O9), in the game sessions."""
from __future__ import annotations

import random

import pytest

from games.errors import BadInput
from games.orapa.board import parse_port
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import CellAnswer, ShotAnswer, shot_answer
from games.orapa.random_layouts import random_layout
from games.orapa.seated import OrapaSeated
from games.orapa.session import Session
from solver.orapa.consistent import ConsistentLayouts

GEMS = gem_set("base")


def mine_and_other(seed: int, ports: list[int]):
    """A mine, and another legal layout that gives the same answers to `ports`."""
    rng = random.Random(seed)
    while True:
        mine = random_layout(GEMS, rng=rng)
        answers = [shot_answer(mine, p) for p in ports]
        session = Session.table("D", ["A", "B"], mine, GEMS)
        puzzle = session.puzzle_for("A").with_observations(answers)
        other = next((x for x in ConsistentLayouts(puzzle, timeout=30).layouts() if x != mine),
                     None)
        if other is not None:
            return mine, other


def play_shots(game: Session, players: list[str], ports: list[int]) -> None:
    for i, port in enumerate(ports):
        game.shoot(players[i % len(players)], port)


def test_a_consistent_guess_that_is_not_the_mine_wins_under_consistent() -> None:
    ports = [0, 5, 12, 20]
    mine, other = mine_and_other(1, ports)
    strict = Session.table("D", ["A", "B"], mine, GEMS)
    loose = Session.table("D", ["A", "B"], mine, GEMS, guess_rule="consistent")
    for game in (strict, loose):
        play_shots(game, ["A", "B"], ports)
    assert strict.guess("A", other) is False and not strict.over
    assert loose.guess("A", other) is True and loose.winners == ("A",)
    assert loose.decided_by.startswith("guess: consistent")
    again = Session.from_json(loose.to_json())
    assert again.winners == ("A",) and again.to_json() == loose.to_json()


def test_a_duel_counts_only_the_guessers_own_answers() -> None:
    mine, other = mine_and_other(2, [3])
    mines = {"A": random_layout(GEMS, rng=random.Random(9)), "B": mine}
    game = Session.duel(["A", "B"], mines, GEMS, guess_rule="consistent")
    game.shoot("A", 3)
    game.shoot("B", 7)                       # B's answer about A's mine does not count for A
    assert game.guess("A", other) is True    # fits A's one answer: A wins unless B matches
    game.shoot("B", 8)
    assert game.over and game.winners == ("A",)
    assert game.decided_by.startswith("guess: consistent")


def test_an_illegal_layout_never_wins_under_consistent() -> None:
    from games.orapa.layout import Layout, PlacedGem
    from games.orapa.placements import placements
    mine = random_layout(GEMS, rng=random.Random(4))
    game = Session.table("D", ["A", "B"], mine, GEMS, guess_rule="consistent")
    first, second = mine.gems[0], mine.gems[1]
    clash = next(p for p in placements(second.gem.shape, True)
                 if p.mask & first.placement.mask)
    crowded = Layout([first, PlacedGem(second.gem, clash), *mine.gems[2:]])
    # no answer heard yet: any legal layout would fit them all, but this one overlaps
    assert game.guess("A", crowded) is False
    assert game.guess("B", random_layout(GEMS, rng=random.Random(40))) is True


def test_reveal_tells_the_first_port_that_differs_and_everyone_hears_it() -> None:
    ports = [0, 5]
    mine, other = mine_and_other(3, ports)
    game = Session.table("D", ["A", "B"], mine, GEMS, reveal=True)
    play_shots(game, ["A", "B"], ports)
    assert game.guess("A", other) is False
    event = game.log[-1]
    assert event.action == "reveal" and event.player == "A"
    first = next(p for p in range(36) if shot_answer(mine, p) != shot_answer(other, p))
    assert event.answer == shot_answer(mine, first)
    assert event.answer in game.observations("B")          # public at a table
    assert not event.answer.holds(other)
    again = Session.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    # asking the revealed port again is a free confirmation
    game.shoot("B", first)
    assert game.log[-1].action == "confirm" and game.to_move == "B"


def test_reveal_falls_back_to_a_cell_when_no_shot_differs() -> None:
    from games.orapa.guessing import telling_answer
    mine = random_layout(GEMS, rng=random.Random(5))
    assert telling_answer(mine, mine) is None
    answer = telling_answer(mine, random_layout(GEMS, rng=random.Random(6)))
    assert isinstance(answer, (ShotAnswer, CellAnswer))


def test_a_tampered_reveal_in_a_stored_log_is_refused() -> None:
    ports = [0, 5]
    mine, other = mine_and_other(3, ports)
    game = Session.table("D", ["A", "B"], mine, GEMS, reveal=True)
    play_shots(game, ["A", "B"], ports)
    game.guess("A", other)
    data = game.to_json()
    data["log"][-1]["exit"] = "absorbed"
    data["log"][-1].pop("color", None)
    with pytest.raises(BadInput, match=r"log\[3\]: a reveal must follow"):
        Session.from_json(data)


def test_bounce_sessions_answer_with_counts() -> None:
    mine = random_layout(GEMS, rng=random.Random(7))
    game = Session.table("D", ["A", "B"], mine, GEMS, RuleOptions(answer="bounces"))
    answer = game.shoot("A", "15")
    assert answer == shot_answer(mine, parse_port("15"), "bounces")
    assert answer.exit is None or (answer.color is None and answer.bounces is not None)
    assert Session.from_json(game.to_json()).to_json() == game.to_json()


def test_the_seated_game_takes_the_options_in_its_rules() -> None:
    mine = random_layout(GEMS, rng=random.Random(8))
    game = OrapaSeated({"mode": "solo", "rules": {"guess": "consistent", "reveal": True,
                                                  "answer": "both"}}, [])
    game.act(1, {"mine": mine.to_json()})
    event = game.act(0, {"shot": "3"})
    assert "bounces" in event or event["exit"] == "absorbed"
    view = game.view(0)
    assert view["guess"] == "consistent" and view["reveal"] is True
    assert view["rules"]["answer"] == "both"
    rules = RuleOptions.from_json(view["rules"])          # still a puzzle's rules (interface.md)
    assert (rules.answer, rules.guess, rules.reveal) == ("both", "consistent", True)
    wrong = random_layout(GEMS, rng=random.Random(99))
    event = game.act(0, {"guess": wrong.to_json()})
    assert event["correct"] is False and "reveal" in event
    assert len(game.view(0)["observations"]["0"]) == 2
    assert game.view(0)["asked_by"]["0"] == [0, 0]
    event = game.act(0, {"guess": mine.to_json()})
    assert event["decided_by"].startswith("guess: consistent")
    assert game.view(0)["decided_by"] == event["decided_by"]


@pytest.mark.parametrize("rules, message", [
    ({"guess": "close"}, "rules.guess: expected 'mine' or 'consistent'"),
    ({"reveal": "maybe"}, "rules.reveal: expected true or false"),
    ({"colour": "blue"}, "unknown rule option"),
    ({"answer": "rainbow"}, "rules.answer: expected colour, bounces or both"),
])
def test_bad_options_are_one_line(rules: dict, message: str) -> None:
    with pytest.raises(BadInput) as info:
        OrapaSeated({"mode": "solo", "rules": rules}, [])
    assert message in str(info.value)


def test_a_puzzles_rules_may_hold_the_guess_options() -> None:
    """docs/interface.md: puzzle JSON `rules` may hold guess and reveal; they round-trip and
    a table built on those rules plays by them."""
    from games.orapa.puzzle import Puzzle
    data = {"gems": "base", "rules": {"guess": "consistent", "reveal": True}, "observations": []}
    puzzle = Puzzle.from_json(data)
    assert puzzle.to_json()["rules"] == {"mirror": True, "touching": "corner",
                                         "visibility": True, "guess": "consistent",
                                         "reveal": True}
    game = Session.table("D", ["A", "B"], random_layout(GEMS, rng=random.Random(1)), GEMS,
                         puzzle.rules)
    assert (game.guess_rule, game.reveal) == ("consistent", True)
    assert Session.from_json(game.to_json()).guess_rule == "consistent"
