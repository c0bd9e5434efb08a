"""Wave tracing: hand examples, properties on random layouts, and two independent tracers agree."""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings

from games.orapa.array_tracer import layout_codes, trace_batch
from games.orapa.board import PORT_LABELS, PORTS, parse_cell, parse_port, port_label
from games.orapa.colors import basic_colors, color_name
from games.orapa.gems import PRESETS, gem_set
from games.orapa.layout import Layout
from games.orapa.puzzle import all_shot_answers, cell_answer
from games.orapa.random_layouts import random_layout
from games.orapa.waves import trace_answers, trace_wave
from tests.examples import examples
from tests.orapa_strategies import layouts
from tests.reference_tracer import reference_trace


def mine(*gems: tuple[str, str, list[tuple[int, int]]]) -> Layout:
    return Layout.from_json({"gems": [{"shape": s, "color": c, "vertices": [list(v) for v in vs]}
                                      for s, c, vs in gems]})


def shoot(layout: Layout, port: str) -> str:
    return str(trace_wave(layout, parse_port(port)))


def test_empty_board_waves_cross_straight() -> None:
    empty = Layout([])
    assert shoot(empty, "1") == "1 -> A transparent"
    assert shoot(empty, "18") == "18 -> R transparent"
    assert shoot(empty, "J") == "J -> 10 transparent"
    assert shoot(empty, "K") == "K -> 11 transparent"


def test_faces_along_grid_lines_send_waves_straight_back() -> None:
    block = mine(("block", "red", [(4, 3), (6, 3), (6, 4), (4, 4)]))
    for port in ("5", "6", "E", "F", "14", "N"):
        assert shoot(block, port) == f"{port} -> {port} red"
    assert trace_wave(block, parse_port("5")).reflects_straight_back


def test_diagonal_faces_turn_waves_away_from_the_gem() -> None:
    # blue large triangle, long side on top, apex (4, 4): legs face down-left and down-right
    tri = mine(("large-triangle", "blue", [(2, 2), (6, 2), (4, 4)]))
    assert shoot(tri, "C") == "C -> 13 blue"     # up column C, turned left along row 3
    assert shoot(tri, "F") == "F -> M blue"      # up column F, turned right along row 3
    assert shoot(tri, "3") == "3 -> 3 blue"      # down onto the long side: straight back


def test_colours_mix_and_transparent_and_black() -> None:
    layout = mine(("large-triangle", "blue", [(2, 2), (6, 2), (4, 4)]),
                  ("triangle", "yellow", [(8, 2), (10, 2), (10, 4)]),
                  ("small-triangle", "transparent", [(4, 6), (6, 6), (5, 7)]),
                  ("block", "black", [(0, 7), (2, 7), (2, 8), (0, 8)]))
    assert shoot(layout, "F") == "F -> Q transparent"   # the diamond in column F turns it first
    # up column I: yellow turns it west, blue turns it south, the diamond's top sends it back
    assert shoot(layout, "I") == "I -> I green"
    assert shoot(layout, "E") == "E -> 17 transparent"
    assert shoot(layout, "A") == "A -> absorbed"
    assert cell_answer(layout, parse_cell("A8")).content == "absorbed"
    assert cell_answer(layout, parse_cell("E7")).content == "transparent"
    assert cell_answer(layout, parse_cell("A1")).content == "empty"


def test_path_points_run_on_centre_lines() -> None:
    tri = mine(("large-triangle", "blue", [(2, 2), (6, 2), (4, 4)]))
    assert trace_wave(tri, parse_port("C")).points() == [(2.5, 8.0), (2.5, 2.5), (0.0, 2.5)]
    assert trace_wave(tri, parse_port("3")).points() == [(2.5, 0.0), (2.5, 2.0), (2.5, 0.0)]


@settings(max_examples=examples(75), deadline=None)
@given(layouts())
def test_every_wave_is_reversible(case: tuple[str, Layout]) -> None:
    _, layout = case
    answers = trace_answers(layout)
    for port, (exit_port, color) in enumerate(answers):
        if exit_port >= 0:
            assert answers[exit_port] == (port, color)


@settings(max_examples=examples(75), deadline=None)
@given(layouts())
def test_a_wave_returns_to_its_port_exactly_when_it_bounces_straight_back_or_is_absorbed(
        case: tuple[str, Layout]) -> None:
    _, layout = case
    for port in range(PORTS):
        wave = trace_wave(layout, port)
        returns = wave.exit == port or wave.exit is None
        assert returns == (wave.reflects_straight_back or wave.exit is None)


@settings(max_examples=60, deadline=None)
@given(layouts())
def test_batch_tracer_equals_the_single_tracer(case: tuple[str, Layout]) -> None:
    _, layout = case
    exits, colors = trace_batch(layout_codes([layout, Layout([]), layout]))
    expected = trace_answers(layout)
    for row in (0, 2):
        assert list(zip(exits[row].tolist(), colors[row].tolist())) == expected
    assert exits[1].tolist() == [trace_answers(Layout([]))[p][0] for p in range(PORTS)]


def _reference_answer(layout: Layout, port: int) -> tuple[str, frozenset[str] | None]:
    gems = [(g.gem.color, list(g.placement.vertices)) for g in layout.gems]
    exit_label, colors = reference_trace(gems, port_label(port))
    return exit_label, (None if exit_label == "absorbed" else colors)


def _fast_answer(exit_port: int, color: int) -> tuple[str, frozenset[str] | None]:
    if exit_port < 0:
        return "absorbed", None
    return port_label(exit_port), frozenset(basic_colors(color))


@settings(max_examples=examples(15), deadline=None)
@given(layouts())
def test_fast_tracer_agrees_with_exact_ray_caster_on_all_ports(case: tuple[str, Layout]) -> None:
    _, layout = case
    for port, (exit_port, color) in enumerate(trace_answers(layout)):
        assert _fast_answer(exit_port, color) == _reference_answer(layout, port), \
            (layout.to_json(), PORT_LABELS[port])


# 100 layouts a preset, 40 of double (the slowest to draw, 77 ms a layout: its rejection draws
# all fail before the chain starts); the exact caster, in fractions, takes some 5 ms a port.
# `make fuzz-solver` draws ten times as many.
MINES = {"double": examples(40)}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_tracers_agree_on_many_layouts_per_preset(preset: str) -> None:
    """100 random layouts of each preset (40 of double), six random ports each, against the
    exact caster; the batch tracer answers all layouts at once."""
    rng = random.Random(f"agree-{preset}")
    mines = [random_layout(gem_set(preset), rng=rng) for _ in range(MINES.get(preset, examples(100)))]
    exits, colors = trace_batch(layout_codes(mines))
    for i, layout in enumerate(mines):
        for port in rng.sample(range(PORTS), 6):
            got = _fast_answer(int(exits[i, port]), int(colors[i, port]))
            assert got == _reference_answer(layout, port), (layout.to_json(), PORT_LABELS[port])


def test_all_shot_answers_names() -> None:
    tri = mine(("large-triangle", "white", [(2, 2), (6, 2), (4, 4)]))
    answers = {a.question: a for a in all_shot_answers(tri)}
    assert str(answers["C"]) == "C -> 13 white"
    assert color_name(answers["C"].color or 0) == "white"
    assert int(np.count_nonzero([a.exit is None for a in answers.values()])) == 0
