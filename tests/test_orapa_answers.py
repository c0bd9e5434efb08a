"""One question or answer on one class (issue 35, "round trips on one class"): every kind of
answer (colour, bounce counts O9, both, absorbed, cell answers, light blue O11) written as its
text line in either port naming (O10) parses back to itself; its repr pastes back into Python;
its JSON reads back; questions likewise. The closed sets are the rules' sets."""
from __future__ import annotations

import random
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games.orapa.answers as answers
from games.errors import BadInput
from games.orapa.answers import (CELL_CONTENTS, MAX_BOUNCES, AnswerKind, CellAnswer, Observation,
                                 Question, QuestionKind, ShotAnswer, all_shot_answers,
                                 cell_answer, parse_answer, parse_observation, shot_answer)
from games.orapa.board import CELLS, LABEL_SCHEMES, PORTS
from games.orapa.colors import GEM_COLORS, WAVE_COLOR_NAMES
from games.orapa.gems import gem_set
from games.orapa.layout import ANSWER_KINDS, RuleOptions
from games.orapa.random_layouts import random_layout

SCHEMES = sorted(LABEL_SCHEMES)
colours = st.sampled_from(sorted(WAVE_COLOR_NAMES))
counts = st.integers(0, MAX_BOUNCES)


@st.composite
def shot_answers(draw: st.DrawFn) -> ShotAnswer:
    """A shot's answer of any kind: absorbed, colour, bounce count, or both."""
    port = draw(st.integers(0, PORTS - 1))
    kind = draw(st.sampled_from(["absorbed", *ANSWER_KINDS]))
    if kind == "absorbed":
        return ShotAnswer(port, None, None)
    exit_port = draw(st.integers(0, PORTS - 1))
    color = None if kind == "bounces" else draw(colours)
    bounces = None if kind == "colour" else draw(counts)
    return ShotAnswer(port, exit_port, color, bounces)


cell_answers = st.builds(CellAnswer, st.integers(0, CELLS - 1), st.sampled_from(CELL_CONTENTS))
any_answers = st.one_of(shot_answers(), cell_answers)
questions = st.one_of(st.builds(Question, st.just("shot"), st.integers(0, PORTS - 1)),
                      st.builds(Question, st.just("cell"), st.integers(0, CELLS - 1)))


@settings(max_examples=400, deadline=None)
@given(any_answers, st.sampled_from(SCHEMES))
def test_an_answer_line_parses_back_to_the_answer(answer: Observation, labels: str) -> None:
    line = answer.text(labels)
    assert parse_answer(line, labels) == answer
    assert type(answer).parse(line, labels) == answer
    assert answers.format_answer(answer, labels) == line
    if labels == "sheet":
        assert str(answer) == line
    if isinstance(answer, CellAnswer):          # cells are named alike in both schemes
        assert line == answer.text("sheet")


@settings(max_examples=300, deadline=None)
@given(any_answers)
def test_an_answers_repr_pastes_back_and_its_json_reads_back(answer: Observation) -> None:
    assert eval(repr(answer), vars(answers)) == answer
    assert repr(answer).startswith(f"{type(answer).__name__}.parse(")
    assert parse_observation(answer.to_json()) == answer


@settings(max_examples=200, deadline=None)
@given(questions, st.sampled_from(SCHEMES))
def test_a_question_parses_back_and_pastes_back(question: Question, labels: str) -> None:
    assert Question.parse(question.label(labels), labels) == question
    assert eval(repr(question), vars(answers)) == question
    assert str(question) == question.label()


@settings(max_examples=100, deadline=None)
@given(any_answers)
def test_an_answer_names_its_question(answer: Observation) -> None:
    assert answer.asked.kind == answer.question_kind
    assert answer.asked.label() == answer.question
    assert Question.parse(answer.question) == answer.asked


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(ANSWER_KINDS))
def test_the_answers_of_a_real_mine_round_trip(seed: int, kind: str) -> None:
    """Answers as the director gives them (a light blue gem among the gems: O11)."""
    gems = gem_set("base") + gem_set([{"color": "light-blue", "shape": "square"}])
    layout = random_layout(gems, RuleOptions(answer=kind), rng=random.Random(seed))
    given_answers: list[Observation] = [*all_shot_answers(layout, kind)]
    given_answers += [cell_answer(layout, c) for c in range(CELLS)]
    for answer in given_answers:
        assert answer.holds(layout)
        assert answer.asked.answer(layout, kind) == answer
        for labels in SCHEMES:
            assert parse_answer(answer.text(labels), labels) == answer
    assert {a.content for a in given_answers if isinstance(a, CellAnswer)} >= {"light-blue"}


@pytest.mark.parametrize("line, expected", [
    ("15 -> 8 violet", "ShotAnswer.parse('15 -> 8 purple')"),
    ("shot 15 → C 1 bounce", "ShotAnswer.parse('15 -> C 1 bounce')"),
    ("15 C pink 0 bounces", "ShotAnswer.parse('15 -> C pink 0 bounces')"),
    ("3: absorbed", "ShotAnswer.parse('3 -> absorbed')"),
    ("cell e4: sky blue", "CellAnswer.parse('E4 = light blue')"),
    ("J8 black", "CellAnswer.parse('J8 = absorbed')"),
    ("a1 nothing", "CellAnswer.parse('A1 = empty')"),
])
def test_aliases_are_read_and_canonical_names_written(line: str, expected: str) -> None:
    assert repr(parse_answer(line)) == expected


def test_the_two_label_schemes_name_the_same_shot() -> None:
    sheet = ShotAnswer.parse("15 -> C 3 bounces")
    assert sheet.text("bga") == "E -> K 3 bounces"
    assert ShotAnswer.parse("E -> K 3 bounces", labels="bga") == sheet
    assert Question.parse("E", labels="bga") == Question.parse("15") == sheet.asked


@pytest.mark.parametrize("call, message", [
    (lambda: ShotAnswer.parse("E4 = white"), "expected a shot's answer such as '15 -> 8 purple', "
                                             "got the cell answer 'E4 = white'"),
    (lambda: CellAnswer.parse("15 -> 8 red"), "expected a cell's answer such as 'E4 = white', "
                                              "got the shot answer '15 -> 8 red'"),
    (lambda: Question.parse("Z"), "unknown question 'Z' (expected a port, 1..18 or A..R, or a "
                                  "cell, A1..J8)"),
    (lambda: Question.parse("19"), "unknown port '19'"),
    (lambda: Question.parse("K9"), "unknown cell 'K9'"),
    (lambda: ShotAnswer.parse("15 -> 8 mauve"), "unknown colour 'mauve'"),
])
def test_a_wrong_line_says_what_was_expected(call: object, message: str) -> None:
    with pytest.raises(BadInput) as caught:
        call()  # type: ignore[operator]
    assert str(caught.value).startswith(message)


def test_the_closed_sets_are_the_rules_sets() -> None:
    assert get_args(AnswerKind) == ANSWER_KINDS
    assert get_args(QuestionKind) == ("shot", "cell")
    gem_contents = {c for c in GEM_COLORS if c != "black"}      # a black gem's cell: absorbed
    assert set(CELL_CONTENTS) == {"empty", "absorbed"} | gem_contents
    layout = random_layout(gem_set("base"), RuleOptions(), rng=random.Random(3))
    assert {shot_answer(layout, p, kind).kind for p in range(PORTS) for kind in ANSWER_KINDS
            if shot_answer(layout, p, kind).exit is not None} == set(ANSWER_KINDS)
