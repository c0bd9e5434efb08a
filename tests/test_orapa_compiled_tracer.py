"""The compiled tracer (games/orapa/_trace.c) against the Python and numpy tracers it replaces."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.orapa.array_tracer import layout_codes, numpy_trace_batch, trace_batch
from games.orapa.board import CELLS, PORTS
from games.orapa.colors import GEM_COLOR_BITS
from games.orapa.layout import ABSORBS, OCCUPIED, Layout
from games.orapa.puzzle import cell_answer
from games.orapa.waves import COMPILED, python_trace_answers, trace_answers
from solver.orapa.advisor.ranking import answer_keys
from tests.orapa_strategies import layouts

ROOT = Path(__file__).resolve().parent.parent

compiled = pytest.mark.skipif(COMPILED is None, reason="the compiled tracer was not built")


@compiled
@settings(max_examples=100, deadline=None)
@given(layouts(), st.lists(st.integers(0, PORTS - 1), max_size=40))
def test_compiled_answers_equal_the_python_tracer(case: tuple[str, Layout],
                                                  ports: list[int]) -> None:
    _, layout = case
    assert trace_answers(layout) == python_trace_answers(layout)
    assert len(trace_answers(layout)) == PORTS
    assert trace_answers(layout, ports) == python_trace_answers(layout, ports)


@compiled
@settings(max_examples=25, deadline=None)
@given(st.lists(layouts(), min_size=1, max_size=6),
       st.none() | st.lists(st.integers(0, PORTS - 1), min_size=1, max_size=40))
def test_compiled_batch_equals_the_numpy_tracer(cases: list[tuple[str, Layout]],
                                                ports: list[int] | None) -> None:
    mines = [layout for _, layout in cases] + [Layout([])]
    codes = layout_codes(mines)
    exits, colors = trace_batch(codes, ports)
    want_exits, want_colors = numpy_trace_batch(codes, ports)
    assert exits.shape == want_exits.shape == (len(mines), PORTS if ports is None else len(ports))
    assert np.array_equal(exits, want_exits) and np.array_equal(colors, want_colors)


@settings(max_examples=15, deadline=None)
@given(st.lists(layouts(), min_size=1, max_size=4))
def test_layout_codes_and_cell_answers_match_each_layout(cases: list[tuple[str, Layout]]) -> None:
    """The packed codes hold every layout's quarters, and the advisor's answer keys read the
    same shot and cell answers as the director's."""
    mines = [layout for _, layout in cases]
    codes = layout_codes(mines)
    assert codes.dtype == np.uint8 and codes.flags.writeable
    assert codes.tolist() == [m.quarter_codes for m in mines]
    shots, cells = answer_keys(mines)
    for row, mine in enumerate(mines):
        heard = [(-1, 0) if exit_ == -1 else (exit_, color)     # absorbed: no colour is heard
                 for exit_, color in python_trace_answers(mine)]
        assert [(k // 16, k % 16) if k >= 0 else (-1, k + 16) for k in shots[row].tolist()] == \
            heard
        for cell in range(CELLS):
            content, key = cell_answer(mine, cell).content, int(cells[row, cell])
            if content == "empty":
                assert key == 0
            elif content == "absorbed":
                assert key & ABSORBS
            else:
                assert key & OCCUPIED and not key & ABSORBS and key & 15 == GEM_COLOR_BITS[content]


def test_a_thousand_base_layouts_answer_alike() -> None:
    """Fixed seeds besides hypothesis's: a thousand base layouts, all 36 shots."""
    from games.orapa.gems import gem_set
    from games.orapa.random_layouts import random_layout
    rng = random.Random(21)
    mines = [random_layout(gem_set("base"), rng=rng) for _ in range(1000)]
    assert [trace_answers(m) for m in mines] == [python_trace_answers(m) for m in mines]


@compiled
def test_compiled_tracer_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="320"):
        COMPILED.answers(bytes(319))
    with pytest.raises(ValueError, match="out of range"):
        COMPILED.answers(bytes(320), [36])
    with pytest.raises(ValueError):
        COMPILED.batch(bytes(640), 3, None, np.empty(36, np.int64), np.empty(36, np.int64))


FALLBACK = """
import sys
{block}
from games.orapa.waves import COMPILED, trace_answers, python_trace_answers
from games.orapa.array_tracer import trace_batch, numpy_trace_batch, layout_codes
from games.orapa.gems import gem_set
from games.orapa.random_layouts import random_layout
import random
assert COMPILED is None, COMPILED
mines = [random_layout(gem_set("full"), rng=random.Random(s)) for s in range(20)]
assert [trace_answers(m) for m in mines] == [python_trace_answers(m) for m in mines]
e, c = trace_batch(layout_codes(mines))
e2, c2 = numpy_trace_batch(layout_codes(mines))
assert (e == e2).all() and (c == c2).all()
print("python tracer")
"""


@pytest.mark.parametrize("block, env", [
    ("sys.modules['games.orapa._trace'] = None  # as if the C extension was never built", {}),
    ("", {"ORAPA_TRACER": "python"}),
])
def test_without_the_compiled_tracer_the_python_one_serves(block: str, env: dict) -> None:
    import os
    done = subprocess.run([sys.executable, "-c", FALLBACK.format(block=block)], cwd=ROOT,
                          env={**os.environ, **env}, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "python tracer"
    assert done.stderr == ""
