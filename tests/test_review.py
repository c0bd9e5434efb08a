"""The review of a game (issue 32): skill, luck and counts on random games hidden from the test."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from games.orapa.gems import gem_set
from games.orapa.layout import Layout, RuleOptions
from games.orapa.puzzle import Puzzle, ShotAnswer, shot_answer
from games.orapa.random_layouts import random_layout
from solver.orapa.advisor.autoplay import answer
from solver.orapa.advisor.defaults import decision_rng
from solver.orapa.api import solve
from solver.orapa.review.game import review
from solver.orapa.review.state import judge_state
from tests.cli_runner import run_cli
from tests.examples import examples

# each example reviews a whole game (seconds): a few examples, and no shrinking of a failure
SLOW = settings(max_examples=examples(2), deadline=None, phases=[Phase.explicit, Phase.generate],
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
seeds = st.integers(min_value=0, max_value=10 ** 6)


def hidden_game(seed: int, shots: int, preset: str = "base") -> tuple[Puzzle, Layout]:
    """A random mine and the answers to `shots` random distinct shots at it."""
    rng = random.Random(seed)
    gems = gem_set(preset)
    mine = random_layout(gems, rng=rng)
    ports = rng.sample(range(36), shots)
    return Puzzle(gems, RuleOptions(), tuple(shot_answer(mine, p) for p in ports)), mine


@SLOW
@given(seed=seeds)
def test_the_advisors_own_questions_score_100(seed: int) -> None:
    """A game that asks, in every state, the question the review calls best scores 100 on every
    question asked before the mine is forced. The same state judged twice is judged alike: its
    count and sample are bounded by work, not cut short by a busy machine's clock."""
    gems = gem_set("base")
    mine = random_layout(gems, rng=random.Random(seed))
    puzzle = Puzzle(gems, RuleOptions())
    for k in range(7):
        state = judge_state(puzzle, decision_rng(seed, k))
        if state.best is None:
            break
        puzzle = puzzle.with_observations(puzzle.observations + (answer(mine, state.best),))
    found = review(puzzle, seed=seed)
    assert found.questions
    for q in found.questions:
        assert q.best == q.question
        assert q.skill == 100.0


@SLOW
@given(seed=seeds, shots=st.integers(min_value=1, max_value=8))
def test_a_question_that_tells_nothing_scores_0(seed: int, shots: int) -> None:
    """Shooting back from an earlier shot's exit port, or asking a port again, leaves the
    layouts as they were: skill 0, nothing expected, nothing told."""
    puzzle, mine = hidden_game(seed, shots)
    through = [o for o in puzzle.observations
               if isinstance(o, ShotAnswer) and o.exit is not None and o.exit != o.port]
    again = [through[0].exit] if through else []
    repeated = puzzle.observations[0].port
    asked = puzzle.observations + tuple(shot_answer(mine, p) for p in again + [repeated])
    found = review(puzzle.with_observations(asked), seed=seed)
    for q in found.questions[shots:]:
        assert q.skill == 0.0
        assert q.expected_bits == 0.0 and q.bits == 0.0 and q.luck == 0.0
        assert q.after == q.before


@SLOW
@given(seed=seeds, shots=st.integers(min_value=3, max_value=9))
def test_counts_equal_the_solvers_where_both_are_exact(seed: int, shots: int) -> None:
    puzzle, mine = hidden_game(seed, shots)
    found = review(puzzle, mine, seed=seed, advisor=False)
    compared = 0
    for q in found.questions:
        state = puzzle.with_observations(puzzle.observations[:q.number])
        result = solve(state)
        if result.exact and q.after.exact:
            assert q.after.count == result.count
            compared += 1
        assert q.after.count >= 1
    last = found.questions[-1]
    assert last.forced == (last.after.exact and last.after.count == 1)
    if found.forced_after is not None:
        assert solve(puzzle.with_observations(
            puzzle.observations[:found.forced_after])).status == "unique"
    assert compared or not solve(puzzle).exact


def test_counts_equal_orapa_solve_on_the_command_line(capsys, tmp_path) -> None:
    puzzle, _ = hidden_game(11, 8)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(puzzle.to_json()))
    status, out, err = run_cli(capsys, "review", str(path), "--json")
    assert status == 0, err
    document = json.loads(out)
    for k in (5, 8):
        part = tmp_path / f"part{k}.json"
        part.write_text(json.dumps(puzzle.with_observations(puzzle.observations[:k]).to_json()))
        status, out, err = run_cli(capsys, "solve", str(part), "--json")
        solved = json.loads(out)
        after = document["questions"][k - 1]["after"]
        if solved["exact"] and after["exact"]:
            assert after["count"] == solved["count"]


def test_the_json_follows_the_interface(capsys, tmp_path) -> None:
    puzzle, mine = hidden_game(5, 6)
    path, mine_path = tmp_path / "game.json", tmp_path / "mine.json"
    path.write_text(json.dumps(puzzle.to_json()))
    mine_path.write_text(json.dumps(mine.to_json()))
    status, out, err = run_cli(capsys, "review", str(path), "--mine", str(mine_path), "--json")
    assert status == 0, err
    document = json.loads(out)
    assert {"questions", "skill", "luck", "forced_after", "advisor_questions"} <= set(document)
    assert isinstance(document["advisor_questions"], int) and document["advisor_questions"] > 0
    assert len(document["questions"]) == 6
    for q, observation in zip(document["questions"], puzzle.observations):
        assert q["question"] == observation.question
        assert {"count", "exact"} <= set(q["before"]) and {"count", "exact"} <= set(q["after"])
        assert {"question", "expected_bits"} <= set(q["best"])
        assert 0 <= q["skill"] <= 100 and isinstance(q["forced"], bool)
        assert abs(q["luck"] - (q["bits"] - q["expected_bits"])) < 1e-3
    assert abs(document["skill"] - sum(q["skill"] for q in document["questions"]) / 6) < 0.01


def test_the_table_marks_estimates_and_names_totals(capsys, tmp_path) -> None:
    puzzle, _ = hidden_game(2, 3, "full")       # (a base game's start is counted exactly)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(puzzle.to_json()))
    status, out, err = run_cli(capsys, "review", str(path))
    assert status == 0, err
    assert "~" in out.splitlines()[2]          # full's empty board: an estimate
    assert "skill" in out and "luck" in out and "of 100" in out


def test_a_mine_that_does_not_give_the_answers_is_bad_input(capsys, tmp_path) -> None:
    puzzle, _ = hidden_game(3, 6)
    other = random_layout(puzzle.gems, rng=random.Random(99))
    path, mine_path = tmp_path / "game.json", tmp_path / "other.json"
    path.write_text(json.dumps(puzzle.to_json()))
    mine_path.write_text(json.dumps(other.to_json()))
    status, out, err = run_cli(capsys, "review", str(path), "--mine", str(mine_path))
    assert status == 2 and out == ""
    assert str(mine_path) in err and "does not give answer" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_contradicting_answers_are_bad_input(capsys, tmp_path) -> None:
    puzzle, _ = hidden_game(4, 3)
    first = puzzle.observations[0]
    wrong = ShotAnswer(first.port, None, None) if first.exit is not None \
        else ShotAnswer(first.port, first.port, 0)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(puzzle.with_observations((first, wrong)).to_json()))
    status, _, err = run_cli(capsys, "review", str(path))
    assert status == 2 and "contradict" in err and "Traceback" not in err


@SLOW
@given(seed=seeds, shots=st.integers(min_value=6, max_value=12))
def test_a_settled_cell_asked_about_scores_0_and_an_open_one_is_judged(seed: int,
                                                                       shots: int) -> None:
    from games.orapa.puzzle import cell_answer
    from solver.orapa.api import deductions
    puzzle, mine = hidden_game(seed, shots)
    found = deductions(puzzle)
    settled = [c for c in found.possible if found.status(c) != "open"]
    open_cells = [c for c in found.possible if found.status(c) == "open"]
    asked = tuple(cell_answer(mine, c) for c in settled[:1] + open_cells[:1])
    judged = review(puzzle.with_observations(puzzle.observations + asked), seed=seed)
    tail = judged.questions[shots:]
    if settled:
        assert tail[0].skill == 0.0 and tail[0].expected_bits == 0.0 and tail[0].bits == 0.0
        tail = tail[1:]
    for q in tail:                     # an open cell: the answer was uncertain
        if q.before.exact and q.before.count <= 3000:    # listed: every content is seen
            assert q.expected_bits > 0
        assert 0 <= q.skill <= 100
        assert q.after.count <= q.before.count
