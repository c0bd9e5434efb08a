"""Mandragora solver: exact endgames against plain minimax on the real engine, and the CLI."""
from __future__ import annotations

import json
import random
import subprocess
import sys

from hypothesis import given, settings, strategies as st

from games.mandragora import Match, Position
from games.mandragora.position import random_position
from solver.mandragora.solver import MandragoraSolver, canonical, solve, solve_match
from solver.search import minimax, search


class RealPositions:
    """The game on uncanonical engine positions: an independent check of the canonical form."""

    def legal_moves(self, position: Position) -> tuple[int, ...]:
        return position.legal_moves()

    def apply(self, position: Position, area: int) -> tuple[Position, float, bool]:
        child = position.play(area)
        mover = position.to_move
        return child, child.score(mover) - position.score(mover), child.to_move == mover

    def terminal_value(self, position: Position) -> float:
        return 0.0

    def heuristic(self, position: Position) -> float:
        return 0.0

    def key(self, position: Position) -> tuple[tuple[str, ...], int]:
        return position.key()

    def order_moves(self, position: Position, moves: tuple[int, ...]) -> tuple[int, ...]:
        return moves


def positions(most: int) -> st.SearchStrategy[Position]:
    return st.builds(random_position, st.randoms(use_true_random=False), st.integers(1, most))


@settings(max_examples=150, deadline=None)
@given(positions(3))  # plain minimax follows every cycle-free line: exponential beyond this
def test_exact_solve_matches_plain_minimax(position: Position) -> None:
    solution = solve(position)
    assert solution.exact
    assert solution.value == minimax(RealPositions(), position)
    if solution.best is not None:
        game = RealPositions()
        child, reward, again = game.apply(position, solution.best)
        follow = minimax(game, child)
        assert reward + (follow if again else -follow) == solution.value
    else:
        assert not position.legal_moves()


@settings(max_examples=40, deadline=None)
@given(positions(7))
def test_canonical_solver_matches_search_on_engine_positions(position: Position) -> None:
    assert solve(position).value == search(RealPositions(), position).value


@settings(max_examples=60, deadline=None)
@given(positions(8))
def test_mirrored_position_has_the_same_value(position: Position) -> None:
    assert canonical(position) == canonical(position.mirrored())
    assert solve(position).value == solve(position.mirrored()).value


def test_shared_table_gives_the_same_values() -> None:
    rng = random.Random(5)
    solver = MandragoraSolver()
    for _ in range(10):
        position = random_position(rng, 7)
        assert solver.solve(position).value == solve(position).value


def test_depth_limit_gives_an_estimate() -> None:
    solution = solve(Match.start("A", 0).position, max_depth=2)
    assert not solution.exact and solution.best in (1, 2, 3, 4, 5)


def test_finished_match_is_worth_nothing() -> None:
    match = Match(Position.from_areas({5: "M"}, 0, 0))
    match.play(5)
    assert (solve_match(match).value, solve_match(match).best) == (0, None)


def _orapa(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "cli.py", "mandragora", *args], capture_output=True,
                          text=True, check=False)


def _endgame_moves(pieces_left: int) -> str:
    """Moves of a seeded random game of pattern B until few pieces are left."""
    rng, match = random.Random(2), Match.start("B", 1)
    while match.position.pieces_in_play() > pieces_left and not match.over:
        match.play(rng.choice(match.legal_moves()))
    return ",".join(map(str, match.moves))


def test_cli_play_json_and_bad_moves() -> None:
    result = _orapa("play", "--pattern", "A", "--first", "opponent", "--moves", "6", "--json")
    document = json.loads(result.stdout)
    assert document["areas"]["6"] == "" and document["areas"]["7"] == "PMPC"
    assert document["to_move"] == "player" and document["winner"] is None
    bad = _orapa("play", "--moves", "1,1", "--json")
    assert bad.returncode == 2 and bad.stdout == "" and "move 2" in bad.stderr
    assert _orapa("solve", "--moves", "1,zz").returncode == 2


def test_cli_solve_endgame_is_exact_and_matches_the_library() -> None:
    moves = _endgame_moves(8)
    document = json.loads(_orapa("solve", "--pattern", "B", "--first", "opponent", "--moves", moves,
                                 "--json").stdout)
    match = Match.start("B", 1)
    for area in map(int, moves.split(",")):
        match.play(area)
    expected = search(RealPositions(), match.position).value
    assert document == {"value": expected, "best": document["best"], "exact": True}
    assert document["best"] in match.legal_moves()


def test_a_depth_beyond_what_search_can_reach_is_solved_exactly() -> None:
    """Issue 15: `--depth 100000` ran past 60 s where the exact solve takes seconds."""
    position = random_position(random.Random(15), 12)
    deep = solve(position, max_depth=100_000)
    exact = solve(position)
    assert deep.exact and (deep.value, deep.best) == (exact.value, exact.best)
