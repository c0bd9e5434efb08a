"""Why (issue 32): the answers that force a settled cell, and what tells a wrong guess apart."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from games.orapa.gems import gem_set
from games.orapa.puzzle import CellAnswer, Puzzle, cell_answer, shot_answer
from games.orapa.random_layouts import random_layout
from solver.orapa.api import deductions, solve
from solver.orapa.consistent import ConsistentLayouts
from games.orapa.answers import cell_contents
from solver.orapa.review.why import forcing_answers, why_wrong
from tests.cli_runner import run_cli
from tests.examples import examples
from tests.test_review import hidden_game

SLOW = settings(max_examples=examples(3), deadline=None, phases=[Phase.explicit, Phase.generate],
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def forces(puzzle: Puzzle, answers: list[int], cell: int, content: str) -> bool:
    """Do these answers alone force the cell? Checked by the SAT model (not the wave search
    `forcing_answers` uses): no layout giving them has other contents there."""
    part = puzzle.with_observations([puzzle.observations[i] for i in answers])
    layouts = ConsistentLayouts(part, method="model")
    return all(layouts.first([CellAnswer(cell, other)]) is None
               for other in cell_contents(puzzle.gems) if other != content)


@SLOW
@given(seed=st.integers(0, 10 ** 6), shots=st.integers(4, 12), pick=st.randoms())
def test_the_forcing_answers_force_the_cell_and_none_can_be_dropped(
        seed: int, shots: int, pick: random.Random) -> None:
    puzzle, mine = hidden_game(seed, shots)
    found = deductions(puzzle)
    settled = [c for c in found.possible if found.status(c) != "open"]
    if not settled:
        return
    cell = pick.choice(settled)
    forcing = forcing_answers(puzzle, cell)
    assert forcing is not None
    assert forcing.content == mine.cell_content(cell) == found.status(cell)
    assert forces(puzzle, forcing.answers, cell, forcing.content)
    for i in forcing.answers:
        rest = [j for j in forcing.answers if j != i]
        assert not forces(puzzle, rest, cell, forcing.content)


@SLOW
@given(seed=st.integers(0, 10 ** 6), shots=st.integers(1, 6))
def test_an_open_cell_has_no_forcing_answers(seed: int, shots: int) -> None:
    puzzle, _ = hidden_game(seed, shots)
    found = deductions(puzzle)
    open_cells = [c for c in found.possible if found.status(c) == "open"]
    if open_cells:
        assert forcing_answers(puzzle, open_cells[0]) is None


@SLOW
@given(seed=st.integers(0, 10 ** 6), shots=st.integers(1, 10))
def test_a_wrong_guess_is_told_from_the_mine(seed: int, shots: int) -> None:
    puzzle, mine = hidden_game(seed, shots)
    guess = random_layout(puzzle.gems, rng=random.Random(seed + 1))
    wrong = why_wrong(puzzle, guess, mine)
    assert wrong["unreproduced"] == [i + 1 for i, o in enumerate(puzzle.observations)
                                     if not o.holds(guess)]
    assert wrong["correct"] == (guess == mine)
    # a guess that gives every answer: another consistent layout, when there is one
    result = solve(puzzle, limit=2)
    others = [layout for layout in result.solutions if layout != mine]
    if others:
        told = why_wrong(puzzle, others[0], mine)
        assert told["unreproduced"] == [] and not told["correct"]
        question = told["question"]
        if question[0].isalpha() and len(question) > 1:
            from games.orapa.board import parse_cell
            cell = parse_cell(question)
            assert cell_answer(others[0], cell) != cell_answer(mine, cell)
        else:
            from games.orapa.board import parse_port
            port = parse_port(question)
            assert shot_answer(others[0], port) != shot_answer(mine, port)
            assert told["mine_answer"] == shot_answer(mine, port).to_json()


def test_the_command_line_explains_a_cell_and_a_guess(capsys, tmp_path) -> None:
    puzzle, mine = hidden_game(21, 10)
    found = deductions(puzzle)
    cell = next(c for c in found.possible if found.status(c) != "open")
    from games.orapa.board import cell_label
    path, mine_path, guess_path = (tmp_path / n for n in ("game.json", "mine.json", "g.json"))
    path.write_text(json.dumps(puzzle.to_json()))
    mine_path.write_text(json.dumps(mine.to_json()))
    guess_path.write_text(json.dumps(random_layout(gem_set("base"),
                                                   rng=random.Random(4)).to_json()))
    status, out, err = run_cli(capsys, "review", str(path), "--mine", str(mine_path),
                               "--why", cell_label(cell), "--guess", str(guess_path), "--json")
    assert status == 0, err
    document = json.loads(out)
    why = document["why"][0]
    assert why["settled"] and why["cell"] == cell_label(cell) and why["answers"]
    assert forces(puzzle, [a["number"] - 1 for a in why["answers"]], cell, why["content"])
    assert "unreproduced" in document["wrong"]
    status, out, err = run_cli(capsys, "review", str(path), "--why", cell_label(cell))
    assert status == 0 and f"{cell_label(cell)} is " in out and "forced by answers" in out


def test_a_guess_without_a_mine_is_bad_input(capsys, tmp_path) -> None:
    puzzle, _ = hidden_game(1, 3)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(puzzle.to_json()))
    status, out, err = run_cli(capsys, "review", str(path), "--guess", str(path))
    assert status == 2 and "--guess" in err and "Traceback" not in err


def test_a_guess_of_other_gems_is_bad_input_naming_its_file(capsys, tmp_path) -> None:
    puzzle, mine = hidden_game(2, 4)
    path, mine_path, guess_path = (tmp_path / n for n in ("game.json", "mine.json", "g.json"))
    path.write_text(json.dumps(puzzle.to_json()))
    mine_path.write_text(json.dumps(mine.to_json()))
    guess_path.write_text(json.dumps(random_layout(gem_set("full"),
                                                   rng=random.Random(1)).to_json()))
    status, out, err = run_cli(capsys, "review", str(path), "--mine", str(mine_path),
                               "--guess", str(guess_path))
    assert status == 2 and out == "" and str(guess_path) in err and "Traceback" not in err
