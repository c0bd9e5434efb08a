"""Ripple and Mandragora Mania as seated games: whole games with computer seats through the
protocol, rebuilding from (options, actions), the ripple trace, and refusals (BadInput,
NotYourTurn) that change nothing."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import BadInput
from games.mandragora import replay
from games.mandragora.seated import MandragoraSeated
from games.ripple import RippleGame, board_rows, legal_moves, parse_moves
from games.ripple.board import SIZE
from games.ripple.seated import RippleSeated
from games.seated import NotYourTurn
from solver.mandragora import computer as mandragora_computer
from solver.mandragora.solver import solve
from solver.ripple import computer as ripple_computer
from tests.seated_helpers import play_out, rebuild, seats, views

RIPPLE_OPTIONS = [{}, {"power": True}, {"palettes": "rb,gy"}, {"palettes": [["red", "green"], ["blue", "yellow"]]}]


@pytest.mark.parametrize("options", RIPPLE_OPTIONS)
def test_a_ripple_game_between_computers_ends_and_replays(options: dict) -> None:
    game = RippleSeated.create(options, seats(2))
    events = []
    log = play_out(game, ripple_computer.choose_action, ["easy", "normal"] if options else ["normal", "easy"],
                   watch=lambda g, seat, action, event: events.append((seat, event)))
    # seats alternate, each event is the move asked for, by that seat's player number
    assert [seat for seat, _ in events] == [i % 2 for i in range(len(events))]
    assert all(event["move"] == action["move"] and event["side"] == seat + 1
               for (seat, event), (_, action) in zip(events, log))
    final = game.view(None)["position"]
    assert final["over"] and events[-1][1]["over"] and final["winner"] == events[-1][1]["winner"]
    # the position is the CLI's for the same moves (`orapa ripple play --moves ... --json`)
    engine = RippleGame.replay(game.rules, parse_moves(",".join(a["move"] for _, a in log)))
    assert final["board"] == board_rows(engine.position)
    assert final["scores"] == {"1": engine.position.scores[0], "2": engine.position.scores[1]}
    result = game.result()
    winner = engine.position.winner
    assert result["winners"] == ([0, 1] if winner == 0 else [winner - 1])
    assert result["outcome"] == ("tie" if winner == 0 else "win")
    again = rebuild(RippleSeated.create, game.options, 2, log)
    assert views(again, 2) == views(game, 2) and again.result() == result
    # a palette game only ever uses each player's own colours
    colours = game.view(0)["colours"]
    assert all(event["move"].split("@")[0].rstrip("+") in colours[str(event["side"])] for _, event in events)


def test_the_strong_ripple_computer_plays_a_legal_move() -> None:
    game = RippleSeated.create({}, seats(2))
    for seat, move in enumerate(["red@3,3", "red@3,4", "blue@0,0"]):
        game.act(seat % 2, {"move": move})
    action = ripple_computer.choose_action(game, 1, "strong")
    assert game.act(1, action)["move"] == action["move"]


def _apply_steps(board: list[str], steps: list[list[list[int]]]) -> list[str]:
    grid = [list(row) for row in board]
    for (r, c), (tr, tc) in steps:
        assert grid[tr][tc] == "." and grid[r][c] != "."
        grid[tr][tc], grid[r][c] = grid[r][c], "."
    return ["".join(row) for row in grid]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2 ** 32), st.booleans())
def test_the_ripple_trace_takes_the_board_from_before_to_after(seed: int, power: bool) -> None:
    """Placing the stone and then making the event's steps one by one gives the next board."""
    rng = random.Random(seed)
    game = RippleSeated.create({"power": power}, seats(2))
    while not game.over:
        before = game.view(None)["position"]["board"]
        move = rng.choice(legal_moves(game.rules, game.position))
        event = game.act(game.to_move, {"move": str(move)})
        row, col = divmod(move.cell, SIZE)
        letter = event["move"][0] if event["side"] == 1 else event["move"][0].upper()
        placed = [r if i != row else r[:col] + letter + r[col + 1:] for i, r in enumerate(before)]
        assert _apply_steps(placed, event["ripple"]) == game.view(None)["position"]["board"]
        assert all(max(abs(a - c), abs(b - d)) == 1 for (a, b), (c, d) in event["ripple"])


def test_ripple_refuses_bad_actions_and_changes_nothing() -> None:
    game = RippleSeated.create({"palettes": "rb,gy"}, seats(2))
    game.act(0, {"move": "red@3,3"})
    before = views(game, 2)
    refused = [
        (1, {"move": "green@3,3"}, BadInput, "occupied"),
        (1, {"move": "red@0,0"}, BadInput, "may not use red"),
        (1, {"move": "green+@0,0"}, BadInput, "power stone"),
        (1, {"move": "green@7,0"}, BadInput, "off the 7x7 board"),
        (1, {"move": 3}, BadInput, "move: expected a string"),
        (1, {"moves": "green@0,0"}, BadInput, "action: expected exactly one of 'move'"),
        (1, ["green@0,0"], BadInput, "action: expected a JSON object"),
        (0, {"move": "red@0,0"}, NotYourTurn, "seat 1's turn"),
        (None, {"move": "green@0,0"}, NotYourTurn, "spectator"),
    ]
    for seat, action, error, words in refused:
        with pytest.raises(error, match=words):
            game.act(seat, action)
    for options, words in [({"power": "yes"}, "power: expected true or false"),
                           ({"palettes": "rb"}, "palettes"), ({"palettes": [["red"], ["blue", "pink"]]}, "palettes")]:
        with pytest.raises(BadInput, match=words):
            RippleSeated.create(options, seats(2))
    with pytest.raises(BadInput, match="seats: ripple is played by 2 seats, not 3"):
        RippleSeated.create({}, seats(3))
    with pytest.raises(BadInput, match=r"seats\[1\].role"):
        RippleSeated.create({}, [{"role": "player"}, {"role": "director"}])
    assert views(game, 2) == before


def test_ripple_refuses_every_action_once_over() -> None:
    game = RippleSeated.create({}, seats(2))
    play_out(game, ripple_computer.choose_action, ["easy", "easy"])
    with pytest.raises(NotYourTurn, match="over"):
        game.act(0, {"move": "red@0,0"})
    with pytest.raises(NotYourTurn):
        ripple_computer.choose_action(game, 0, "easy")


@pytest.mark.parametrize("pattern, first", [("A", "player"), ("E", "opponent")])
def test_a_mandragora_match_between_computers_ends_and_replays(pattern: str, first: str) -> None:
    game = MandragoraSeated.create({"pattern": pattern, "first": first}, seats(2))
    assert game.to_move == (0 if first == "player" else 1)
    events = []
    log = play_out(game, mandragora_computer.choose_action, ["easy", "normal"],
                   watch=lambda g, seat, action, event: events.append((seat, event)))
    # an extra turn keeps the seat: the next event is by the same seat
    for (seat, event), (next_seat, _) in zip(events, events[1:]):
        assert (next_seat == seat) == event["extra_turn"]
        assert event["side"] == ("player", "opponent")[seat]
    # pieces sown one by one: as many as the area held, the last one in the base on an extra turn
    match = replay(pattern, first, [])
    for seat, event in events:
        stack = match.position.board[event["area"]]
        assert "".join(piece for piece, _ in event["sown"]) == stack[::-1]
        match.play(event["area"])
        assert event["scores"] == dict(zip(("player", "opponent"), match.position.scores()))
    view = game.view(1)
    assert view["position"]["areas"] == {str(a): s for a, s in enumerate(match.position.board)}
    assert view["position"]["over"] and view["legal"] == [] and view["moves"] == match.moves
    result = game.result()
    winner = match.winner()
    assert result["winners"] == {"player": [0], "opponent": [1], "tie": [0, 1]}[winner]
    again = rebuild(MandragoraSeated.create, game.options, 2, log)
    assert views(again, 2) == views(game, 2) and again.result() == result


def test_the_strong_mandragora_computer_plays_the_exact_best_in_an_endgame() -> None:
    """With 16 pieces or fewer in play, strong solves exactly: its move keeps the exact value."""
    game = MandragoraSeated.create({"pattern": "C"}, seats(2))
    rng = random.Random(5)
    while game.match.position.pieces_in_play() > 14:
        game.act(game.to_move, {"move": rng.choice(game.view(0)["legal"])})
    position = game.match.position
    action = mandragora_computer.choose_action(game, game.to_move, "strong")
    exact = solve(position)
    after = position.play(action["move"])
    mover = position.to_move
    gained = after.score(mover) - position.score(mover)
    rest = solve(after).value if after.legal_moves() else 0
    value = gained + (rest if after.to_move == position.to_move else -rest)
    assert value == exact.value


def test_mandragora_refuses_bad_actions_and_changes_nothing() -> None:
    game = MandragoraSeated.create({"pattern": "A", "first": "player"}, seats(2))
    before = views(game, 2)
    for seat, action, error, words in [
        (0, {"move": 6}, BadInput, r"player cannot sow area 6 \(legal: 1, 2, 3, 4, 5\)"),
        (0, {"move": "4"}, BadInput, "move: expected a whole number"),
        (0, {"move": True}, BadInput, "move: expected a whole number"),
        (0, {"area": 4}, BadInput, "action: expected exactly one of 'move'"),
        (1, {"move": 6}, NotYourTurn, "seat 0's turn"),
    ]:
        with pytest.raises(error, match=words):
            game.act(seat, action)
    assert views(game, 2) == before
    for options, words in [({"pattern": "F"}, "pattern: 'F' is not one of A, B, C, D, E"),
                           ({"first": "me"}, "first: 'me' is not one of player, opponent"),
                           ({"pattern": 1}, "pattern: expected a string")]:
        with pytest.raises(BadInput, match=words):
            MandragoraSeated.create(options, seats(2))
    with pytest.raises(BadInput, match="level: 'hard' is not one of easy, normal, strong"):
        mandragora_computer.choose_action(game, 0, "hard")
    with pytest.raises(NotYourTurn):
        mandragora_computer.choose_action(game, 1, "easy")


@pytest.mark.parametrize("create", [RippleSeated.create, MandragoraSeated.create])
def test_a_game_created_without_seats_is_its_creator_against_a_normal_computer(create) -> None:
    game = create({}, [])
    assert [(s.seat, s.role, s.kind, s.level) for s in game.seats] == [
        (0, "player", "human", None), (1, "player", "computer", "normal")]
    given = create({}, [{"role": "player", "kind": "computer", "level": "strong"}, {"role": "player"}])
    assert [(s.seat, s.kind, s.level) for s in given.seats] == [(0, "computer", "strong"), (1, "human", None)]
