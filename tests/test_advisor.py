"""The advisor: families against the SAT enumeration, exact figures against brute force, the
sampler's uniformity and its ranking against the exact one."""
from __future__ import annotations

import json
import math
import random
from collections import Counter

import pytest

from games.errors import BadInput
from games.orapa.board import CELLS, PORTS, cell_label, port_label
from games.orapa.gems import gem_set
from games.orapa.layout import Layout, RuleOptions
from games.orapa.array_tracer import layout_codes, trace_batch
from games.orapa.puzzle import CellAnswer, Puzzle, cell_answer, puzzle_from_layout, shot_answer
from games.orapa.random_layouts import random_layout
from solver.orapa.advisor.ranking import (advise, answer_keys, cell_answer_label,
                                          shot_answer_label)
from solver.orapa.search.path_family import assign_weights
from solver.orapa.search.wave_search import search_families
from solver.orapa.consistent import ConsistentLayouts
from solver.orapa.counting.consistent_sample import consistent_candidates, sample_families

RULES = RuleOptions()
BUDGET = 60.0  # seconds: generous, so that a loaded machine still lists every family


def game(preset: str, seed: int, shots: int, cells: int = 0) -> Puzzle:
    """A puzzle: some random shots and cell questions about a random mine."""
    rng = random.Random(seed)
    mine = random_layout(gem_set(preset), RULES, rng)
    puzzle = puzzle_from_layout(mine, gem_set(preset), RULES, rng.sample(range(PORTS), shots))
    answers = [cell_answer(mine, c) for c in rng.sample(range(CELLS), cells)]
    return puzzle.with_observations(puzzle.observations + tuple(answers))


def answers_of(layout: Layout) -> dict[str, object]:
    """Every question's answer for one layout, by question label (brute force), as the director
    gives it (an absorbed shot is "absorbed", whatever colour the wave had picked up)."""
    found: dict[str, object] = {port_label(p): shot_answer(layout, p) for p in range(PORTS)}
    found.update({cell_label(c): layout.cell_content(c) for c in range(CELLS)})
    return found


def entropy(counter: Counter) -> float:
    total = sum(counter.values())
    return -sum(n / total * math.log2(n / total) for n in counter.values())


SMALL = [("base", 1, 9, 1), ("base", 3, 8, 2), ("full", 1, 9, 1), ("full", 6, 12, 0)]


@pytest.mark.parametrize("preset, seed, shots, cells", SMALL)
def test_families_partition_the_consistent_layouts(preset: str, seed: int, shots: int,
                                                   cells: int) -> None:
    puzzle = game(preset, seed, shots, cells)
    found = list(search_families(puzzle))
    assign_weights(found)
    members = [m for f in found for m in f.members()]
    assert len(members) == len(set(members))
    assert set(members) == set(ConsistentLayouts(puzzle).layouts())
    assert puzzle.solution in members


@pytest.mark.parametrize("preset, seed, shots, cells", SMALL[:3])
def test_exact_figures_equal_brute_force_entropy(preset: str, seed: int, shots: int,
                                                 cells: int) -> None:
    puzzle = game(preset, seed, shots, cells)
    layouts = list(ConsistentLayouts(puzzle).layouts())
    advice = advise(puzzle, "entropy", budget=BUDGET)
    assert advice.candidates.exact and advice.candidates.count == len(layouts)
    table = [answers_of(layout) for layout in layouts]
    asked = {o.question for o in puzzle.observations}
    assert {q.question for q in advice.ranking} == set(table[0]) - asked
    for q in advice.ranking:
        counts = Counter(str(row[q.question]) for row in table)
        assert q.expected_bits == pytest.approx(entropy(counts), abs=1e-9)
        assert q.worst_case == pytest.approx(max(counts.values()))
        assert q.expected_size == pytest.approx(
            sum(n * n for n in counts.values()) / len(layouts))
    assert advice.best.expected_bits == max(q.expected_bits for q in advice.ranking)


def test_answer_codes_group_layouts_as_the_answers_heard() -> None:
    """Two layouts share a question's answer code exactly when the director gives them the same
    answer: under `full`, a wave absorbed after picking up a colour is still just "absorbed"."""
    rng = random.Random(7)
    layouts = [random_layout(gem_set("full"), RULES, rng) for _ in range(120)]
    shots, cells = answer_keys(layouts)
    columns = [(shots[:, p].tolist(), [shot_answer(lay, p) for lay in layouts])
               for p in range(PORTS)]
    columns += [(cells[:, c].tolist(), [lay.cell_content(c) for lay in layouts])
                for c in range(CELLS)]
    for codes, heard in columns:
        pairs = set(zip(codes, map(str, heard)))
        assert len(pairs) == len(set(codes)) == len(set(map(str, heard)))
    exits, colours = trace_batch(layout_codes(layouts))
    assert ((exits < 0) & (colours != 0)).any()  # the case this test is about does occur


def test_strategies_pick_their_own_best() -> None:
    puzzle = game("base", 3, 8, 2)
    minimax = advise(puzzle, "minimax", budget=BUDGET)
    assert minimax.best.worst_case == min(q.worst_case for q in minimax.ranking)
    expected = advise(puzzle, "expected-size", budget=BUDGET)
    assert expected.best.expected_size == min(q.expected_size for q in expected.ranking)
    with pytest.raises(BadInput):
        advise(puzzle, "random")


def test_lookahead_adds_the_best_follow_up() -> None:
    puzzle = game("base", 1, 9, 1)
    layouts = list(ConsistentLayouts(puzzle).layouts())
    advice = advise(puzzle, "entropy", lookahead=True, budget=BUDGET)
    best = advice.best
    table = [answers_of(layout) for layout in layouts]
    groups: dict[str, list[dict[str, object]]] = {}
    for row in table:
        groups.setdefault(str(row[best.question]), []).append(row)
    follow = sum(len(rows) / len(table) * max(
        entropy(Counter(str(r[q.question]) for r in rows)) for q in advice.ranking)
        for rows in groups.values())
    assert best.two_step_bits == pytest.approx(best.expected_bits + follow, abs=1e-9)


def test_sampler_is_uniform() -> None:
    puzzle = game("base", 3, 8, 2)
    found = list(search_families(puzzle))
    assign_weights(found)
    exact = [m for f in found for m in f.members()]
    draws, _ = sample_families(found, 40 * len(exact), random.Random(7), float("inf"))
    counts = Counter(draws)
    assert set(counts) == set(exact)
    expected = len(draws) / len(exact)
    chi2 = sum((counts[m] - expected) ** 2 / expected for m in exact)
    dof = len(exact) - 1
    assert chi2 < dof + 5 * math.sqrt(2 * dof)  # about 5 standard deviations


def test_sampled_ranking_matches_the_exact_one() -> None:
    puzzle = game("base", 12, 4, 0)  # about 25,000 layouts
    exact = advise(puzzle, "entropy", exact_bound=100_000, budget=BUDGET)
    sampled = advise(puzzle, "entropy", sample=2000, exact_bound=10, budget=BUDGET,
                     rng=random.Random(3))
    assert exact.candidates.exact and not sampled.candidates.exact
    assert sampled.candidates.uniform
    assert sampled.candidates.count == pytest.approx(exact.candidates.count, rel=0.15)
    bits = {q.question: q.expected_bits for q in exact.ranking}
    assert max(abs(bits[q.question] - q.expected_bits) for q in sampled.ranking) < 0.3
    assert bits[sampled.best.question] > max(bits.values()) - 0.15
    top = [q.question for q in exact.ranking[:5]]
    assert sampled.best.question in top


def test_first_question_from_the_prior() -> None:
    candidates = consistent_candidates(Puzzle(gem_set("base"), RULES), n=300,
                                       rng=random.Random(2))
    assert candidates.method == "prior" and candidates.uniform and len(candidates.layouts) == 300
    assert 1e10 < candidates.count < 1e12


def test_asked_questions_are_never_ranked() -> None:
    puzzle = game("full", 2, 6, 3)
    advice = advise(puzzle, sample=300)
    asked = {o.question for o in puzzle.observations}
    assert not asked & {q.question for q in advice.ranking}
    assert len(advice.ranking) == PORTS + CELLS - len(asked)


def test_contradiction_is_bad_input() -> None:
    puzzle = game("base", 3, 8, 0)
    clash = (CellAnswer(0, "white"), CellAnswer(0, "empty"))  # A1 cannot be both
    with pytest.raises(BadInput):
        advise(puzzle.with_observations(puzzle.observations + clash), budget=BUDGET)


def test_touching_any_falls_back_to_enumeration() -> None:
    rules = RuleOptions(touching="any")
    mine = random_layout(gem_set("base"), rules, random.Random(4))
    puzzle = puzzle_from_layout(mine, gem_set("base"), rules, range(0, PORTS, 2))
    advice = advise(puzzle, budget=BUDGET)
    assert advice.candidates.exact
    assert advice.candidates.count == sum(1 for _ in ConsistentLayouts(puzzle).layouts())


def test_answer_labels() -> None:
    assert shot_answer_label(-16) == "absorbed"
    assert shot_answer_label(3 * 16 + 9) == "4 pink"
    assert cell_answer_label(0) == "empty"
    assert cell_answer_label(16 | 8) == "white"
    assert cell_answer_label(16) == "transparent"
    assert cell_answer_label(16 | 32) == "absorbed"


def test_a_decision_that_finds_no_layout_says_so_at_its_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With no layout found, the budget doubled (up to 16 times: `orapa next` on a double
    state ran minutes); a decision is now taken once, at the budget it is given (issue 31),
    and says it found nothing. Only the autoplayer, which must go on, retries it with twice
    the budget, up to MAX_BUDGET_FACTOR times it."""
    from games.errors import LimitReached
    from solver.orapa.advisor import autoplay
    budgets: list[float] = []

    def nothing_found(puzzle, strategy, sample, exact_bound, budget, *rest):
        budgets.append(budget)
        if len(budgets) > 50:
            raise AssertionError("the budget kept doubling")
        raise LimitReached("no consistent layout found within the time budget")

    monkeypatch.setattr(autoplay, "advise", nothing_found)
    puzzle = Puzzle(gem_set("base"), RuleOptions(), ())
    with pytest.raises(LimitReached):
        autoplay.decide(puzzle, budget=1.0)
    assert budgets == [1.0]
    budgets.clear()
    with pytest.raises(LimitReached):
        autoplay.autoplay(gem_set("base"), seed=1, budget=1.0)
    assert budgets == [1.0, 2.0, 4.0, 8.0, 16.0]


def test_a_small_partial_sample_is_the_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """A `partial` sample of a few layouts doubled the budget up to 16 times (a `full` state
    with 6 answers ran 8 s, double states 15 to 80 s); it is now the decision, at the budget
    it was given."""
    from solver.orapa.advisor import autoplay, ranking
    from solver.orapa.counting.consistent_sample import Candidates
    puzzle = game("base", 3, 4)
    layouts = list(ConsistentLayouts(puzzle).layouts())[:3]
    budgets: list[float] = []

    def few(puzzle, n, exact_bound, budget, *rest, **options):
        budgets.append(budget)
        return Candidates(layouts, False, 1e6, False, "partial")

    monkeypatch.setattr(ranking, "consistent_candidates", few)
    advice = autoplay.decide(puzzle, budget=1.0)
    assert budgets == [1.0] and advice.candidates.method == "partial"


def test_orapa_next_says_how_to_give_a_decision_more_time(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str],
                                                          tmp_path) -> None:
    """A decision that finds no layout in its budget ends at the budget (exit 3); the line says
    what to do about it, not only that the time ran out."""
    from games.errors import LimitReached
    from solver.orapa.advisor import autoplay
    from tests.cli_runner import run_cli

    def nothing_found(*args):
        raise LimitReached("no consistent layout found within the time budget")

    monkeypatch.setattr(autoplay, "advise", nothing_found)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(Puzzle(gem_set("base"), RuleOptions(), ()).to_json()))
    status, out, err = run_cli(capsys, "next", str(path), "--budget", "1.5", "--json")
    assert status == 3 and out == ""
    assert err == ("orapa: limit reached: no consistent layout found within the time budget "
                   "(1.5 s); a larger --budget, such as 6, searches longer\n")
