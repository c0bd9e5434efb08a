"""A game review's counts agree with what is certain (an answer never adds layouts), and a
review still comes out when the advisor cannot finish the same mine."""
from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, strategies as st

from games.errors import LimitReached
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import Puzzle, shot_answer
from games.orapa.random_layouts import random_layout
from solver.orapa.review import game as review_game
from solver.orapa.review.game import review, settled_counts
from solver.orapa.review.state import Count
from tests.cli_runner import run_cli


@st.composite
def game_counts(draw: Any) -> tuple[list[int], list[Count], list[int]]:
    """A game's true counts (never rising, ending at least at 1), what was judged of each
    state (exact, or an estimate anywhere from far too low to far too high) and the layouts
    found there (at most the truth)."""
    steps = draw(st.integers(1, 12))
    truth = sorted(draw(st.lists(st.integers(1, 10 ** 12), min_size=steps, max_size=steps)),
                   reverse=True)
    counts, found = [], []
    for true in truth:
        if draw(st.booleans()):
            counts.append(Count(true, True))
        else:
            counts.append(Count(true * draw(st.sampled_from([1e-9, 1e-3, 0.5, 1, 2, 1e3])), False))
        found.append(draw(st.integers(1, min(true, 500))))
    return truth, counts, found


@given(game_counts())
def test_settled_counts_never_rise_and_keep_what_is_certain(case: Any) -> None:
    truth, counts, found = case
    settled = settled_counts(counts, found)
    assert len(settled) == len(counts)
    for k, (before, after) in enumerate(zip(settled, settled[1:])):
        assert after.count <= before.count, (k, settled)
    for count, given_count, least in zip(settled, counts, found):
        assert count.exact == given_count.exact
        if count.exact:
            assert count.count == given_count.count
        else:
            assert count.count >= least
    # bounded by the exact counts on either side
    for k, count in enumerate(settled):
        above = [c.count for c in counts[:k] if c.exact]
        below = [c.count for c in counts[k + 1:] if c.exact]
        assert not above or count.count <= min(above)
        assert not below or count.count >= max(below)


@given(st.lists(st.integers(1, 10 ** 9), min_size=1, max_size=10))
def test_settled_counts_leave_agreeing_estimates_alone(values: list[int]) -> None:
    counts = [Count(v, False) for v in sorted(values, reverse=True)]
    assert settled_counts(counts, [1] * len(counts)) == counts


def short_game() -> tuple[Puzzle, Any]:
    mine = random_layout(gem_set("base"), rng=random.Random(5))
    return Puzzle(gem_set("base"), RuleOptions(),
                  tuple(shot_answer(mine, p) for p in (0, 9))), mine


def test_a_review_comes_out_when_the_advisor_cannot_finish_the_mine(monkeypatch, tmp_path,
                                                                    capsys) -> None:
    def starved(*args: Any, **kw: Any) -> int:
        raise LimitReached("no consistent layout found within the time budget")
    monkeypatch.setattr(review_game, "advisor_questions", starved)
    game, mine = short_game()
    found = review(game, mine)
    assert found.advisor_questions is None and found.advisor_stopped
    assert found.to_json()["advisor_stopped"] is True
    assert len(found.questions) == 2
    puzzle_file, mine_file = tmp_path / "game.json", tmp_path / "mine.json"
    puzzle_file.write_text(json.dumps(game.to_json()))
    mine_file.write_text(json.dumps(mine.to_json()))
    status, out, err = run_cli(capsys, "review", str(puzzle_file), "--mine", str(mine_file))
    assert status == 0 and err == ""
    assert "the advisor could not finish the same mine" in out


def test_the_analysis_of_a_game_says_when_the_advisor_stopped(monkeypatch) -> None:
    from web import hints

    def starved(*args: Any, **kw: Any) -> Any:
        raise LimitReached("no consistent layout found within the time budget")
    monkeypatch.setattr(hints, "autoplay", starved)
    game, mine = short_game()
    found = hints.analysis(game, mine)
    assert found["advisor_questions"] is None and found["advisor_stopped"] is True
    assert found["questions"] == 2 and len(found["bits"]) == 2
