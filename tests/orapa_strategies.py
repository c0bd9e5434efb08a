"""Hypothesis strategies shared by the Orapa tests."""
from __future__ import annotations

import random

from hypothesis import strategies as st

from games.orapa.gems import PRESETS, gem_set
from games.orapa.layout import Layout
from games.orapa.random_layouts import random_layout

PRESET_NAMES = sorted(PRESETS)


@st.composite
def layouts(draw: st.DrawFn, presets: tuple[str, ...] | list[str] = tuple(PRESET_NAMES)
            ) -> tuple[str, Layout]:
    """(preset name, a uniformly random legal layout of it)."""
    preset = draw(st.sampled_from(list(presets)))
    seed = draw(st.integers(0, 2**32 - 1))
    return preset, random_layout(gem_set(preset), rng=random.Random(seed))
