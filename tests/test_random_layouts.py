"""Random layouts: the rejection draws keep `rng.choice`'s stream, so a seed gives the layouts
it always gave (the games, puzzles and tests made from seeds stay the same)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions, all_visible
from games.orapa.placements import placements
from games.orapa.random_layouts import REJECTION_DRAWS, _rejection_draw


def choice_draw(options, rules: RuleOptions, rng: random.Random):
    """The rejection draws as first written, one `rng.choice` a gem."""
    for _ in range(REJECTION_DRAWS):
        chosen, used, blocked = [], 0, 0
        for choices in options:
            p = rng.choice(choices)
            if p.mask & used or (rules.touching == "corner" and p.mask & blocked):
                break
            chosen.append(p)
            used |= p.mask
            blocked |= p.touch_mask
        else:
            if not rules.visibility or all_visible([p.cell_mask for p in chosen]):
                return chosen
    return None


class CountingRandom(random.Random):
    """A subclass: the draws go through `randrange`, not the inlined loop."""


@settings(max_examples=40, deadline=None)
@given(preset=st.sampled_from(["base", "full", "base+black", "first-edition"]),
       seed=st.integers(0, 2**32 - 1), corner=st.booleans(), subclass=st.booleans())
def test_the_draws_are_rng_choices_draws(preset: str, seed: int, corner: bool,
                                         subclass: bool) -> None:
    rules = RuleOptions(touching="corner") if corner else RuleOptions()
    options = [placements(g.shape, rules.mirror) for g in gem_set(preset)]
    kind = CountingRandom if subclass else random.Random
    mine, theirs = kind(seed), kind(seed)
    assert _rejection_draw(options, rules, mine) == choice_draw(options, rules, theirs)
    assert mine.getstate() == theirs.getstate()


@pytest.mark.parametrize("kind", [random.Random, CountingRandom])
def test_doubles_failed_draws_leave_the_stream_where_choice_left_it(kind) -> None:
    rules = RuleOptions()
    options = [placements(g.shape, rules.mirror) for g in gem_set("double")]
    mine, theirs = kind(5), kind(5)
    assert _rejection_draw(options, rules, mine) is None is choice_draw(options, rules, theirs)
    assert mine.getstate() == theirs.getstate()
