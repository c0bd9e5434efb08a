"""The dedicated exact Mandragora solver: packed states and sowing against the engine, values
against the shared search and plain minimax."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from games.mandragora import MIRROR, OPPONENT, Match, Position
from games.mandragora.position import random_position
from solver.mandragora.exact import _POINTS, _SOW, ExactSolver, material, pack
from solver.mandragora.solver import MandragoraGame, canonical
from solver.search import Searcher, minimax


def positions(most: int) -> st.SearchStrategy[Position]:
    return st.builds(random_position, st.randoms(use_true_random=False), st.integers(1, most))


@settings(max_examples=200, deadline=None)
@given(positions(24))
def test_packed_state_is_the_canonical_state(position: Position) -> None:
    areas, mover_first = canonical(position)
    assert pack(position) == (*areas, mover_first)
    assert pack(position) == pack(position.mirrored())


def test_packed_sowing_agrees_with_the_engine_on_random_games() -> None:
    rng = random.Random(11)
    for game in range(40):
        match = Match.start("ABCDE"[game % 5], game % 2)
        while not match.over:
            position = match.position
            state = pack(position)
            for area in position.legal_moves():
                canonical_area = MIRROR[area] if position.to_move == OPPONENT else area
                stack = state[canonical_area - 1]
                sow, extra = _SOW[canonical_area, len(stack)]
                child, scored = sow(state, stack)
                after = position.play(area)
                mover = position.to_move
                assert child == pack(after)
                assert extra == (after.to_move == mover)
                assert _POINTS[state[8]][scored] == after.score(mover) - position.score(mover)
            match.play(rng.choice(match.legal_moves()))


@settings(max_examples=100, deadline=None)
@given(positions(24))
def test_material_bounds_the_points_left(position: Position) -> None:
    mine, theirs = material(pack(position))
    everything = Position(position.board, position.to_move, position.first)
    on_board = "".join(everything.board[1:9])
    mover_first = position.to_move == position.first
    rates = ({"M": 1, "K": 2, "P": 2, "C": 3, "A": 3}, {"M": 1, "K": 3, "P": 3, "C": 4, "A": 4})
    assert mine == sum(rates[not mover_first][p] for p in on_board)
    assert theirs == sum(rates[mover_first][p] for p in on_board)


@settings(max_examples=60, deadline=None)
@given(positions(8))
def test_exact_values_match_the_shared_search(position: Position) -> None:
    value, best, _ = ExactSolver().solve(position)
    assert value == Searcher(MandragoraGame()).search(canonical(position)).value
    assert (best is None) == (not position.legal_moves())
    if best is not None:
        assert best in position.legal_moves()


@settings(max_examples=60, deadline=None)
@given(positions(3))  # plain minimax follows every cycle-free line: exponential beyond this
def test_exact_values_and_moves_match_plain_minimax(position: Position) -> None:
    game = MandragoraGame()
    value, best, _ = ExactSolver().solve(position)
    assert value == minimax(game, canonical(position))
    if best is not None:
        child = position.play(best)
        follow = minimax(game, canonical(child))
        reward = child.score(position.to_move) - position.score(position.to_move)
        assert reward + (follow if child.to_move == position.to_move else -follow) == value


def test_one_table_for_many_positions_gives_fresh_values() -> None:
    rng = random.Random(8)
    shared = ExactSolver()
    for _ in range(25):
        position = random_position(rng, 9)
        assert shared.solve(position)[0] == ExactSolver().solve(position)[0]
