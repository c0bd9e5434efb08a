"""The puzzle generator: legal, consistent, unique puzzles; seeds; traps; minimal clue sets."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli_runner import run_cli
from tests.white_trap import BLUE, RED, TRAP_MINE, TRAP_TWIN, WHITE, layout

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions, violations
from games.orapa.puzzle import (CellAnswer, Observation, Puzzle, all_shot_answers, cell_answer,
                                puzzle_from_layout)
from games.orapa.random_layouts import random_layout
from generator.difficulty import LEVELS, level_of
from generator.generate import (AMBIGUOUS, TRAP, Generated, Generator, classify_twin,
                                trap_twin)
from generator.minimal import is_irreducible, minimise
from generator.neighbours import moved_gem_twins
from generator.wave_minimal import predict, witness
from solver.orapa.api import solve
from solver.orapa.uniqueness import reverse_shot, wave_search_applies

BASE = gem_set("base")


def check_puzzle(puzzle: Puzzle) -> None:
    """Legal solution, consistent with every answer, and the only consistent layout."""
    solution = puzzle.solution
    assert solution is not None and solution.kinds == sorted(puzzle.gems)
    assert violations(solution, puzzle.rules) == []
    assert all(obs.holds(solution) for obs in puzzle.observations)
    result = solve(puzzle, limit=2, count_limit=1)
    assert result.status == "unique" and result.solutions == [solution]
    # and through the file format
    again = Puzzle.from_json(json.loads(json.dumps(puzzle.to_json())))
    assert again == puzzle and again.solution == solution


@pytest.mark.parametrize("name", ["base", "full"])
def test_full_shot_puzzles_are_legal_consistent_and_unique(name: str) -> None:
    generator = Generator(gem_set(name), rng=random.Random(11))
    for _ in range(3):
        found = generator.next()
        assert found.shots == 36 and found.difficulty.level in LEVELS
        check_puzzle(found.puzzle)


MINIMAL_SEED = 1  # a quick one: 7 shots


@pytest.fixture(scope="module")
def minimal() -> Generated:
    return Generator(BASE, rng=random.Random(MINIMAL_SEED), clues="minimal").next()


def test_minimal_puzzle_is_unique_and_irreducible(minimal: Generated) -> None:
    found = minimal
    puzzle, solution = found.puzzle, found.puzzle.solution
    check_puzzle(puzzle)
    assert found.shots < 36 and found.difficulty.shots == found.shots
    assert is_irreducible(puzzle, solution)
    # independently of the generator's own check: every one-shot-smaller puzzle is ambiguous
    observations = list(puzzle.observations)
    for i in range(len(observations)):
        smaller = puzzle.with_observations(observations[:i] + observations[i + 1:])
        assert solve(smaller, limit=2, count_limit=1).status == "ambiguous"
    # kept observations keep the original shot order
    full = all_shot_answers(solution)
    assert [full.index(o) for o in observations] == sorted(full.index(o) for o in observations)


def test_is_irreducible_sees_a_redundant_shot() -> None:
    found = Generator(BASE, rng=random.Random(4)).next()
    assert not is_irreducible(found.puzzle, found.puzzle.solution)


def test_same_seed_same_puzzles(minimal: Generated) -> None:
    def run(seed: int, clues: str, count: int) -> list:
        generator = Generator(BASE, rng=random.Random(seed), clues=clues)
        return [generator.next() for _ in range(count)]

    first, second = run(5, "all", 4), run(5, "all", 4)
    assert [g.puzzle.to_json() for g in first] == [g.puzzle.to_json() for g in second]
    assert [g.puzzle.to_json() for g in run(6, "all", 4)] != [g.puzzle.to_json() for g in first]
    again = run(MINIMAL_SEED, "minimal", 1)[0]
    assert again.puzzle.to_json() == minimal.puzzle.to_json()
    assert again.difficulty == minimal.difficulty


def test_trap_detected_on_hand_built_example() -> None:
    assert violations(TRAP_MINE) == [] and violations(TRAP_TWIN) == []
    assert all_shot_answers(TRAP_MINE) == all_shot_answers(TRAP_TWIN)
    assert TRAP_MINE != TRAP_TWIN
    assert classify_twin(TRAP_MINE, TRAP_TWIN) == TRAP
    verdict, puzzle, _ = Generator(BASE).classify(TRAP_MINE)
    assert verdict == TRAP
    assert solve(puzzle, limit=5).status == "ambiguous"


def test_trap_question_is_exact() -> None:
    # the solver is asked for a white-only twin, whichever twin a plain search finds first
    puzzle = puzzle_from_layout(TRAP_MINE, BASE, RuleOptions())
    twin = trap_twin(puzzle, TRAP_MINE)
    assert twin is not None and twin != TRAP_MINE
    assert classify_twin(TRAP_MINE, twin) == TRAP
    # first edition: the black absorber can usually move unseen, the white gems cannot
    gems = gem_set("first-edition")
    generator = Generator(gems, rng=random.Random(3))
    mine = random_layout(gems, generator.rules, generator.rng)
    verdict, puzzle, _ = generator.classify(mine)
    assert verdict == AMBIGUOUS
    assert trap_twin(puzzle, mine) is None


def test_twin_differing_in_a_coloured_gem_is_ambiguous_not_trap() -> None:
    moved_yellow = layout(RED, ("triangle", "yellow", [[5, 3], [7, 3], [7, 5]]), BLUE, WHITE,
                          ("square", "white", [[4, 1], [5, 2], [4, 3], [3, 2]]))
    assert classify_twin(TRAP_MINE, moved_yellow) == AMBIGUOUS


def test_rejections_are_counted() -> None:
    # seed 38 draws a trap before its first unique layout
    generator = Generator(BASE, rng=random.Random(38))
    check_puzzle(generator.next().puzzle)
    assert generator.rejected == {TRAP: 1, AMBIGUOUS: 0}


def test_levels() -> None:
    assert [level_of(n, "nodes") for n in (0, 1799, 1800, 4499, 4500)] == \
        ["easy", "easy", "medium", "medium", "hard"]
    assert [level_of(c, "conflicts") for c in (0, 599, 600, 1599, 1600)] == \
        ["easy", "easy", "medium", "medium", "hard"]


def one_step_at_a_time(puzzle: Puzzle, rng: random.Random) -> list[Observation]:
    """The greedy removal as first written: each step asked of the solver (`solve`, not the
    generator's code); the reference the generator's predicted removal must give again."""
    kept = dict(enumerate(puzzle.observations))
    order = sorted(kept)
    rng.shuffle(order)
    for i in order:
        obs = kept.pop(i)
        reverse = reverse_shot(obs)
        if reverse is not None and reverse in kept.values():
            continue
        rest = puzzle.with_observations([kept[j] for j in sorted(kept)])
        if solve(rest, limit=2, count_limit=1).status != "unique":
            kept[i] = obs
    return [kept[j] for j in sorted(kept)]


@pytest.mark.parametrize("name, seed, cells", [("base", 3, False), ("base", 8, False),
                                               ("base", 2, True), ("full", 1, False)])
def test_minimal_clues_are_the_one_step_at_a_time_result(name: str, seed: int,
                                                         cells: bool) -> None:
    full = Generator(gem_set(name), rng=random.Random(seed)).next().puzzle
    if cells:   # cell answers too: every ninth cell
        full = full.with_observations(list(full.observations) + [
            cell_answer(full.solution, c) for c in range(0, 80, 9)])
    found = minimise(full, full.solution, random.Random(seed))
    assert list(found.puzzle.observations) == one_step_at_a_time(full, random.Random(seed))
    assert found.measure == "nodes" and found.work > 0


def test_minimal_full_puzzle_is_unique_and_irreducible() -> None:
    found = Generator(gem_set("full"), rng=random.Random(1), clues="minimal").next()
    puzzle, solution = found.puzzle, found.puzzle.solution
    check_puzzle(puzzle)
    assert found.shots < 36 and is_irreducible(puzzle, solution)
    observations = list(puzzle.observations)
    for i in range(len(observations)):
        smaller = puzzle.with_observations(observations[:i] + observations[i + 1:])
        assert solve(smaller, limit=2, count_limit=1).status == "ambiguous"


def test_moved_gem_twins_are_legal_and_break_what_they_say() -> None:
    mine = random_layout(BASE, RuleOptions(), random.Random(5))
    puzzle = puzzle_from_layout(mine, BASE, RuleOptions())
    # with cell answers too: one the moved gems can break, and an empty cell
    cells = [cell_answer(mine, c) for c in (0, 33, 47)]
    puzzle = puzzle.with_observations(list(puzzle.observations) + cells)
    found = moved_gem_twins(puzzle, mine)
    assert found
    masks = [mask for mask, _ in found]
    for mask, twin in found:
        assert violations(twin, puzzle.rules) == [] and twin != mine
        assert sum(a.placement != b.placement for a, b in zip(twin.gems, mine.gems)) == 1
        assert mask == sum(1 << i for i, obs in enumerate(puzzle.observations)
                           if not obs.holds(twin))
        # minimal masks only: none contains another
        assert not any(other != mask and not other & ~mask for other in masks)
    assert any(isinstance(puzzle.observations[i], CellAnswer)
               for mask in masks for i in range(36, 39) if mask >> i & 1)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(1, (1 << n) - 1), max_size=12), st.permutations(range(n)))))
def test_prediction_is_the_greedy_result_when_every_twin_is_known(case) -> None:
    count, twins, order = case
    guess = predict(twins, list(order), count)
    # no known twin gives the predicted set: a search of it finds a new twin or the proof
    assert not witness(twins, guess)
    # with every twin known, uniqueness is "no twin gives it", and the walk is the greedy one
    kept = (1 << count) - 1
    for i in order:
        if not witness(twins, kept & ~(1 << i)):
            kept &= ~(1 << i)
    assert guess == kept


def test_minimal_clues_by_the_sat_model_where_the_wave_search_does_not_apply() -> None:
    rules = RuleOptions(touching="any")
    assert not wave_search_applies(BASE, rules)
    found = Generator(BASE, rules, rng=random.Random(2), clues="minimal").next()
    puzzle, solution = found.puzzle, found.puzzle.solution
    assert found.difficulty.measure == "conflicts" and found.shots < 36
    assert all(obs.holds(solution) for obs in puzzle.observations)
    assert solve(puzzle, limit=2, count_limit=1).status == "unique"
    assert is_irreducible(puzzle, solution)


def test_bad_clue_mode() -> None:
    with pytest.raises(ValueError):
        Generator(BASE, clues="some")


cli = run_cli


def test_cli_generate_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "new" / "dir"
    status, stdout, _ = cli(capsys, "generate", "--gems", "base", "--count", "2", "--seed", "7",
                            "--out", str(out), "--json")
    assert status == 0
    document = json.loads(stdout)
    assert set(document) == {"puzzles", "rejected", "interrupted"}
    assert document["interrupted"] is False
    assert {"ambiguous", "trap"} <= set(document["rejected"])
    files = [item["file"] for item in document["puzzles"]]
    assert [Path(f).name for f in files] == ["base-0001.json", "base-0002.json"]
    for item in document["puzzles"]:
        assert item["shots"] == 36 and item["difficulty"] in LEVELS
        puzzle = Puzzle.from_json(json.loads(Path(item["file"]).read_text()))
        assert puzzle.solution is not None and len(puzzle.observations) == 36
    # the same seed writes the same files
    status, stdout, _ = cli(capsys, "generate", "--gems", "base", "--count", "2", "--seed", "7",
                            "--out", str(tmp_path / "again"), "--json")
    assert [(tmp_path / "again" / Path(f).name).read_text() for f in files] == \
        [Path(f).read_text() for f in files]


def test_cli_generate_human_and_custom_gems(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    gems = json.dumps([{"shape": "triangle", "color": "yellow"},
                       {"shape": "square", "color": "white"}])
    status, stdout, stderr = cli(capsys, "generate", "--gems", gems, "--count", "1", "--seed",
                                 "1", "--out", str(tmp_path))
    assert status == 0 and "1 puzzle written" in stdout
    # no progress bar: standard error is not a terminal here (issue 15)
    assert (tmp_path / "custom-0001.json").exists() and stderr == ""


@pytest.mark.parametrize("args, message", [
    (["--gems", "bogus", "--count", "1", "--seed", "1"], "--gems: unknown gem set"),
    (["--gems", "[1]", "--count", "1", "--seed", "1"], "--gems[0]"),
    (["--gems", "base", "--count", "0", "--seed", "1"], "--count"),
    (["--gems", "base", "--count", "1", "--seed", "1", "--clues", "few"], "--clues"),
])
def test_cli_generate_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                args: list[str], message: str) -> None:
    status, stdout, stderr = cli(capsys, "generate", *args, "--out", str(tmp_path))
    assert status == 2 and stdout == "" and message in stderr
    assert len(stderr.strip().splitlines()) == 1


def test_cli_generate_out_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "file"
    target.write_text("x")
    status, _, stderr = cli(capsys, "generate", "--gems", "base", "--count", "1", "--seed", "1",
                            "--out", str(target))
    assert status == 2 and "not a directory" in stderr
