"""Hand-worked cases for the independent reference tracer (tests/reference_tracer.py).

Every expected exit below was worked out on paper from RULINGS O1/O2/O4; the comments give the
hit point and the turn so a reader can check them without running anything.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.reference_tracer import reference_trace

TOP = [str(k) for k in range(1, 11)]
LEFT = [str(k) for k in range(11, 19)]
BOTTOM = list("ABCDEFGHIJ")
RIGHT = list("KLMNOPQR")
ALL_PORTS = TOP + LEFT + BOTTOM + RIGHT

BLUE_TRIANGLE = ("blue", [(2, 2), (6, 2), (4, 4)])  # hypotenuse y=2 on top, legs y=x and x+y=8
YELLOW_TRIANGLE = ("yellow", [(8, 2), (10, 2), (10, 4)])  # hypotenuse y=x-6, facing down-left
RED_PARALLELOGRAM = ("red", [(0, 5), (2, 5), (3, 6), (1, 6)])  # slanted sides along (1,1)
WHITE_TRIANGLE = ("white", [(0, 0), (0, 4), (2, 2)])  # long side on the left border
WHITE_DIAMOND = ("white", [(7, 5), (8, 6), (7, 7), (6, 6)])
CLEAR_TRIANGLE = ("transparent", [(4, 6), (6, 6), (5, 7)])  # apex down, legs y=x+2 and x+y=12
BLACK_BODY = ("black", [(8, 7), (10, 7), (10, 8), (8, 8)])
FULL = [BLUE_TRIANGLE, YELLOW_TRIANGLE, RED_PARALLELOGRAM, WHITE_TRIANGLE, WHITE_DIAMOND, CLEAR_TRIANGLE, BLACK_BODY]
NOTHING: frozenset[str] = frozenset()


@pytest.mark.parametrize(
    "port, exit_port",
    [("1", "A"), ("10", "J"), ("11", "K"), ("18", "R"), ("A", "1"), ("E", "5"), ("K", "11"), ("R", "18")],
)
def test_empty_board_goes_straight_across(port: str, exit_port: str) -> None:
    assert reference_trace([], port) == (exit_port, NOTHING)


def test_empty_board_every_port_crosses_to_the_opposite_side() -> None:
    opposite = dict(zip(TOP + LEFT + BOTTOM + RIGHT, BOTTOM + RIGHT + TOP + LEFT))
    for port in ALL_PORTS:
        assert reference_trace([], port) == (opposite[port], NOTHING)


def test_square_block_met_face_on_sends_the_wave_back() -> None:
    block = [("red", [(3, 3), (5, 3), (5, 5), (3, 5)])]
    assert reference_trace(block, "4") == ("4", frozenset({"red"}))  # x=3.5 meets the top y=3
    assert reference_trace(block, "14") == ("14", frozenset({"red"}))  # y=3.5 meets the left side x=3
    assert reference_trace(block, "E") == ("E", frozenset({"red"}))  # x=4.5 meets the bottom y=5
    assert reference_trace(block, "N") == ("N", frozenset({"red"}))  # y=3.5 meets the right side x=5
    assert reference_trace(block, "3") == ("C", NOTHING)  # x=2.5 passes beside it


def test_large_triangle_long_side_is_a_flat_face() -> None:
    assert reference_trace([BLUE_TRIANGLE], "3") == ("3", frozenset({"blue"}))  # (2.5, 2) on y=2
    assert reference_trace([BLUE_TRIANGLE], "6") == ("6", frozenset({"blue"}))  # (5.5, 2) on y=2


@pytest.mark.parametrize(
    "port, exit_port",
    [
        ("C", "13"),  # up x=2.5, meets y=x at (2.5, 2.5), turns left along row 2
        ("D", "14"),  # up x=3.5, meets y=x at (3.5, 3.5), turns left along row 3
        ("E", "N"),  # up x=4.5, meets x+y=8 at (4.5, 3.5), turns right along row 3
        ("F", "M"),  # up x=5.5, meets x+y=8 at (5.5, 2.5), turns right along row 2
        ("13", "C"),  # the reverse of C
        ("M", "F"),  # the reverse of F
    ],
)
def test_triangle_leg_turns_the_wave_90_degrees(port: str, exit_port: str) -> None:
    assert reference_trace([BLUE_TRIANGLE], port) == (exit_port, frozenset({"blue"}))


def test_colours_mix_over_two_gems() -> None:
    # F: up x=5.5, blue leg at (5.5, 2.5) turns right; yellow hypotenuse y=x-6 at (8.5, 2.5) turns
    # down along x=8.5 to the bottom, column I.
    layout = [BLUE_TRIANGLE, YELLOW_TRIANGLE]
    assert reference_trace(layout, "F") == ("I", frozenset({"blue", "yellow"}))
    assert reference_trace(layout, "I") == ("F", frozenset({"blue", "yellow"}))
    # Meeting a colour twice changes nothing: x=2.5 down hits blue's top face and goes back.
    assert reference_trace(layout, "3") == ("3", frozenset({"blue"}))


def test_transparent_gem_turns_the_wave_but_adds_no_colour() -> None:
    # E: up x=4.5 meets the leg y=x+2 at (4.5, 6.5), turns left along row 6 -> port 17.
    assert reference_trace([CLEAR_TRIANGLE], "E") == ("17", NOTHING)
    assert reference_trace([CLEAR_TRIANGLE], "17") == ("E", NOTHING)
    # Its long side y=6 faces up: x=4.5 down goes straight back.
    assert reference_trace([CLEAR_TRIANGLE], "5") == ("5", NOTHING)


def test_black_body_absorbs() -> None:
    black = [("black", [(4, 3), (6, 3), (6, 4), (4, 4)])]
    assert reference_trace(black, "5") == ("absorbed", NOTHING)
    assert reference_trace(black, "14") == ("absorbed", NOTHING)
    assert reference_trace(black, "4") == ("D", NOTHING)  # x=3.5 misses it
    # Colours met before the black body are still reported: F turns right at the blue leg
    # along row 2 and runs into the black body's left side x=8.
    layout = [BLUE_TRIANGLE, ("black", [(8, 2), (10, 2), (10, 3), (8, 3)])]
    assert reference_trace(layout, "F") == ("absorbed", frozenset({"blue"}))


@pytest.mark.parametrize(
    "port, exit_port, colours",
    [
        ("11", "11", {"white"}),  # y=0.5 meets the white triangle's side x=0 from outside the board
        ("1", "K", {"white"}),  # x=0.5 meets y=x at (0.5, 0.5), turns right along row 0, nothing in the way
        ("A", "16", {"red"}),  # x=0.5 meets y=x+5 at (0.5, 5.5), turns left along row 5
        ("17", "E", set()),  # y=6.5 meets the clear leg y=x+2 at (4.5, 6.5), turns down
        ("F", "G", {"white"}),  # clear leg x+y=12 at (5.5, 6.5) turns right, diamond's y=x at (6.5, 6.5) down
        ("I", "absorbed", set()),  # x=8.5 up from the bottom meets the black body's bottom
        # x=6.5 down: diamond x+y=12 at (6.5, 5.5) left; red y=x+3 at (2.5, 5.5) up; blue y=x at
        # (2.5, 2.5) left; white x+y=4 at (1.5, 2.5) down; red's top y=5 at (1.5, 5) straight back;
        # then the same turns in reverse order, out through the top of column 7.
        ("7", "7", {"white", "red", "blue"}),
    ],
)
def test_full_hand_layout(port: str, exit_port: str, colours: set[str]) -> None:
    assert reference_trace(FULL, port) == (exit_port, frozenset(colours))


@pytest.mark.parametrize(
    "layout",
    [[BLUE_TRIANGLE], [BLUE_TRIANGLE, YELLOW_TRIANGLE], [CLEAR_TRIANGLE, WHITE_DIAMOND], FULL],
)
def test_paths_are_reversible(layout: list[tuple[str, list[tuple[int, int]]]]) -> None:
    for port in ALL_PORTS:
        exit_port, colours = reference_trace(layout, port)
        if exit_port != "absorbed":
            assert reference_trace(layout, exit_port) == (port, colours), port


O2_SHAPES = [
    [(0, 0), (2, 0), (3, 1), (1, 1)],
    [(0, 0), (2, 0), (0, 2)],
    [(0, 0), (4, 0), (2, 2)],
    [(1, 0), (2, 1), (1, 2), (0, 1)],
    [(0, 0), (2, 0), (1, 1)],
    [(0, 0), (2, 0), (2, 1), (0, 1)],
]


@st.composite
def placed_gem(draw: st.DrawFn) -> tuple[str, list[tuple[int, int]]]:
    """One O2 shape, rotated and possibly mirrored, translated to a random spot inside the board."""
    shape = draw(st.sampled_from(O2_SHAPES))
    if draw(st.booleans()):
        shape = [(-x, y) for x, y in shape]
    for _ in range(draw(st.integers(0, 3))):
        shape = [(-y, x) for x, y in shape]
    min_x, min_y = min(x for x, _ in shape), min(y for _, y in shape)
    shape = [(x - min_x, y - min_y) for x, y in shape]
    dx = draw(st.integers(0, 10 - max(x for x, _ in shape)))
    dy = draw(st.integers(0, 8 - max(y for _, y in shape)))
    colour = draw(st.sampled_from(["red", "yellow", "blue", "white", "transparent"]))
    return colour, [(x + dx, y + dy) for x, y in shape]


@settings(max_examples=60, deadline=None)
@given(placed_gem())
def test_single_gem_reversible_and_misses_go_straight(gem: tuple[str, list[tuple[int, int]]]) -> None:
    colour, vertices = gem
    xs, ys = [x for x, _ in vertices], [y for _, y in vertices]
    opposite = dict(zip(TOP + LEFT + BOTTOM + RIGHT, BOTTOM + RIGHT + TOP + LEFT))
    for port in ALL_PORTS:
        exit_port, colours = reference_trace([gem], port)
        assert reference_trace([gem], exit_port) == (port, colours)
        if port in TOP or port in BOTTOM:
            index = (TOP if port in TOP else BOTTOM).index(port)
            misses = not min(xs) < index + 0.5 < max(xs)
        else:
            index = (LEFT if port in LEFT else RIGHT).index(port)
            misses = not min(ys) < index + 0.5 < max(ys)
        if misses:
            assert (exit_port, colours) == (opposite[port], NOTHING)
        else:  # a convex gem is met exactly once: back or turned, never straight on
            assert exit_port != opposite[port]
            assert colours == (NOTHING if colour == "transparent" else {colour})


def test_bad_port_and_colour_are_rejected() -> None:
    with pytest.raises(ValueError):
        reference_trace([], "19")
    with pytest.raises(ValueError):
        reference_trace([], "S")
    with pytest.raises(ValueError):
        reference_trace([("green", [(0, 0), (2, 0), (0, 2)])], "1")


def test_guards_fire_on_impossible_geometry() -> None:
    # A polygon reaching outside the board contains the wave's start point.
    with pytest.raises(AssertionError, match="inside"):
        reference_trace([("red", [(0, -2), (3, -2), (3, 1), (0, 1)])], "3")
    # A vertex on a half-integer line (never legal) is met by the wave from port 3.
    with pytest.raises(AssertionError, match="vertex"):
        reference_trace([("red", [(Fraction(5, 2), 3), (4, 3), (4, 4)])], "3")  # type: ignore[list-item]
