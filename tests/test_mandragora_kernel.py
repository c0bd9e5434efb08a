"""The compiled exact Mandragora solver against the Python reference and plain minimax."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from games.mandragora import Position
from games.mandragora.position import random_position
from solver.mandragora.exact import _SOW, ExactSolver, pack
from solver.mandragora.kernel import COMPILED, KernelSolver
from solver.mandragora.retrograde import retrograde_value, retrograde_values
from solver.mandragora.solver import MandragoraGame, MandragoraSolver, canonical
from solver.search import minimax


pytestmark = pytest.mark.skipif(not COMPILED, reason="the Mandragora kernel was not built")


def positions(most: int) -> st.SearchStrategy[Position]:
    return st.builds(random_position, st.randoms(use_true_random=False), st.integers(1, most))


def move_value(position: Position, area: int) -> int:
    """Exact value for the mover of sowing `area` and then playing on optimally (reference)."""
    child = position.play(area)
    follow = ExactSolver().solve(child)[0]
    reward = child.score(position.to_move) - position.score(position.to_move)
    return reward + (follow if child.to_move == position.to_move else -follow)


@settings(max_examples=100, deadline=None)
@given(positions(11))
def test_kernel_values_equal_the_reference(position: Position) -> None:
    value, best, _ = KernelSolver(table_bits=14).solve(position)
    assert value == ExactSolver().solve(position)[0]
    assert (best is None) == (not position.legal_moves())


def test_kernel_values_and_best_moves_on_seeded_positions() -> None:
    rng = random.Random(2024)
    kernel = KernelSolver(table_bits=16)  # one table for all: entries must not leak wrong values
    for _ in range(120):
        position = random_position(rng, rng.randint(1, 11))
        value, best, _ = kernel.solve(position)
        assert value == ExactSolver().solve(position)[0]
        if best is not None:
            assert move_value(position, best) == value


@settings(max_examples=80, deadline=None)
@given(positions(3))  # plain minimax follows every cycle-free line: exponential beyond this
def test_kernel_matches_plain_minimax(position: Position) -> None:
    value, best, _ = KernelSolver(table_bits=8).solve(position)
    game = MandragoraGame()
    assert value == minimax(game, canonical(position))
    if best is not None:
        assert move_value(position, best) == value


def test_searches_match_retrograde_analysis_of_the_whole_state_graph() -> None:
    """Retrograde analysis knows no search path: it checks the repetition handling (M6) of the
    searches, which reuse stored values across paths, on positions full of cycles."""
    rng = random.Random(77)
    for _ in range(40):
        position = random_position(rng, 5)
        expected = retrograde_value(position)
        assert KernelSolver(table_bits=10).solve(position)[0] == expected
        assert ExactSolver().solve(position)[0] == expected


def test_every_state_of_a_graph_agrees_with_retrograde_analysis() -> None:
    rng = random.Random(4)
    kernel = KernelSolver(table_bits=12)  # one table across the states, as in a real search
    for _ in range(3):
        for state, value in retrograde_values(pack(random_position(rng, 4))).items():
            assert kernel.value(state)[0] == value


def test_a_tiny_table_with_constant_replacement_stays_exact() -> None:
    rng = random.Random(31)
    for _ in range(15):
        position = random_position(rng, 11)
        assert KernelSolver(table_bits=4).solve(position)[0] == ExactSolver().solve(position)[0]


def test_principal_line_is_playable() -> None:
    rng = random.Random(5)
    kernel = KernelSolver(table_bits=14)
    for _ in range(20):
        state = pack(random_position(rng, 10))
        kernel.value(state)
        for area in kernel.principal_line(state):
            assert state[area - 1]
            state = _SOW[area, len(state[area - 1])][0](state, state[area - 1])[0]


def test_more_than_24_pieces_go_to_the_reference() -> None:
    crowded = Position.from_areas({6: "M" * 25}, 0, 0)  # the player has no move: over
    with pytest.raises(ValueError):
        KernelSolver(table_bits=8).solve(crowded)
    solution = MandragoraSolver().solve(crowded)
    assert (solution.value, solution.best) == (0, None)


def test_progress_reports_bounds_closing_in_on_the_value() -> None:
    position = random_position(random.Random(9), 12)
    bounds: list[tuple[int, int]] = []
    value = KernelSolver(table_bits=14).solve(position, lambda *pair: bounds.append(pair))[0]
    assert bounds and bounds[-1] == (value, value)
    assert all(low <= high for low, high in bounds)
    assert all(a[0] <= b[0] and a[1] >= b[1] for a, b in zip(bounds, bounds[1:]))


def test_solver_tables_grow_with_the_pieces() -> None:
    solver = MandragoraSolver()
    rng = random.Random(12)
    small, large = random_position(rng, 4), random_position(rng, 14)
    solver.solve(small)
    bits = solver.exact.table_bits
    assert solver.solve(large).value == ExactSolver().solve(large)[0]
    assert solver.exact.table_bits > bits
