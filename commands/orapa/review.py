"""`orapa review`: how well a game's questions were asked (skill, luck, layouts left), and why a
cell is settled or a guess is wrong."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from commands.common import emit_json, read_text
from commands.orapa.solve import answer_words, labels_option, load_puzzle, question_text, rough_count
from games.errors import BadInput
from games.orapa.board import parse_cell
from games.orapa.files import parse_layout
from games.orapa.layout import Layout
from games.orapa.puzzle import CellAnswer, Puzzle
from games.orapa.text_format import format_answer

if TYPE_CHECKING:
    from solver.orapa.review.game import QuestionReview, Review


def count_text(count: dict[str, Any]) -> str:
    """A layout count in words: exact, or an estimate marked '~'.

    >>> count_text({"count": 1542, "exact": True}), count_text({"count": 15397424, "exact": False})
    ('1,542', '~15.4 million')
    """
    return f"{count['count']:,}" if count["exact"] else f"~{rough_count(count['count'])}"


def table(found: Review, labels: str = "sheet") -> list[str]:
    """The review as a readable table (ports in the scheme `labels`), then the game's
    totals."""
    head = (f"{'#':>2}  {'asked':<5} {'answer':<20} {'before':>14} {'after':>14}  "
            f"{'told':>5} {'expect':>6}  {'best':<5} {'bits':>5}  {'left':>5} {'best':>5}  "
            f"{'skill':>5} {'luck':>6}")
    lines = [head, "-" * len(head)]
    for q in found.questions:
        lines.append(_row(q, labels))
    lines.append("")
    lines.extend(totals(found))
    return lines


def _row(q: QuestionReview, labels: str = "sheet") -> str:
    data = q.to_json()
    written = format_answer(q.answer, labels)
    if " -> " not in written and isinstance(q.answer, CellAnswer):
        answer = q.answer.content
    else:
        answer = written.split(" -> ", 1)[-1]
    best = question_text(q.best, labels) if q.best else "-"
    mark = "  forced" if q.forced else ""
    return (f"{q.number:>2}  {question_text(q.question, labels):<5} {answer:<20} {count_text(data['before']):>14} "
            f"{count_text(data['after']):>14}  {q.bits:5.2f} {q.expected_bits:6.2f}  "
            f"{best:<5} {q.best_bits:5.2f}  {q.expected_questions:5.2f} {q.best_questions:5.2f}  "
            f"{q.skill:5.0f} {q.luck:+6.2f}{mark}")


def totals(found: Review) -> list[str]:
    """The game's totals in sentences."""
    data = found.to_json()
    forced = data["forced_after"]
    lines = [f"skill {data['skill']:.1f} of 100, luck {data['luck']:+.2f} bits over "
             f"{len(found.questions)} question{'' if len(found.questions) == 1 else 's'}",
             f"the mine was forced after question {forced}" if forced
             else "the answers leave more than one layout"]
    if found.advisor_questions is not None:
        lines.append(f"the advisor needs {found.advisor_questions} questions on the same mine")
    elif found.advisor_stopped:
        lines.append("the advisor could not finish the same mine: on one of its states it "
                     "found no layout in its time")
    if data["mattered_most"]:
        lines.append("answers that told most: questions "
                     + ", ".join(map(str, data["mattered_most"])))
    if data["costliest"]:
        lines.append("questions that lost most skill: "
                     + ", ".join(map(str, data["costliest"])))
    lines.append("(told/expect: bits the answer told and was expected to tell; left: the "
                 "advisor's expected number of questions, this one included, to force the mine "
                 "when asking it and when asking the best one; docs/review.md)")
    return lines


def _load_layout(path: str, puzzle: Puzzle) -> Layout:
    """A layout file, read with the puzzle's rules (its legality is checked by the library,
    with messages naming the file)."""
    layout, _ = parse_layout(read_text(path), path, puzzle.rules, legal=False)
    return layout


@click.command("review")
@click.argument("puzzle")
@click.option("--mine", "mine_path", default=None,
              help="The layout the game was played on: the advisor plays it too.")
@click.option("--why", "why_cells", multiple=True, metavar="CELL",
              help="Name the fewest answers that force this settled cell (repeatable).")
@click.option("--guess", "guess_path", default=None,
              help="With --mine: what tells this guessed layout from the mine.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the advisor's samples.")
@labels_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def review(puzzle: str, mine_path: str | None, why_cells: tuple[str, ...],
           guess_path: str | None, seed: int, labels: str, as_json: bool) -> None:
    """Review a game (a puzzle's answers, in order): per question the layouts left, skill and
    luck against the advisor's best question."""
    from solver.orapa.review.game import review as review_game
    from solver.orapa.review.why import forcing_answers, why_wrong
    game = load_puzzle(puzzle)
    if guess_path is not None and mine_path is None and game.solution is None:
        raise BadInput("--guess: needs --mine (or a puzzle with its solution)")
    cells = [parse_cell_option(text) for text in why_cells]
    mine = None
    if mine_path is not None:
        from solver.orapa.review.game import check_mine
        mine = _load_layout(mine_path, game)
        check_mine(game, mine, mine_path)
    found = review_game(game, mine, seed)
    document = found.to_json()
    why = []
    for cell, text in zip(cells, why_cells):
        forcing = forcing_answers(game, cell)
        why.append({"cell": text.upper(), "settled": forcing is not None,
                    **({} if forcing is None else forcing.to_json(game))})
    if why_cells:
        document["why"] = why
    if guess_path is not None:
        guess = _load_layout(guess_path, game)
        truth = mine or game.solution
        assert truth is not None   # checked above: --guess needs a mine
        document["wrong"] = why_wrong(game, guess, truth, guess_path)
    if as_json:
        emit_json(document)
        return
    for line in table(found, labels):
        click.echo(line)
    for entry in why:
        click.echo(_why_text(entry, game, labels))
    if "wrong" in document:
        click.echo(_wrong_text(document["wrong"], labels))


def parse_cell_option(text: str) -> int:
    """A --why cell label, or bad input naming the option."""
    try:
        return parse_cell(text)
    except BadInput:
        raise BadInput(f"--why: expected a cell such as E4, got {text!r}") from None


def _why_text(entry: dict[str, Any], game: Puzzle, labels: str = "sheet") -> str:
    if not entry["settled"]:
        return f"{entry['cell']}: still open (the answers allow more than one content)"
    answers = "; ".join(
        f"{a['number']}. {format_answer(game.observations[a['number'] - 1], labels)}"
        for a in entry["answers"])
    return f"{entry['cell']} is {entry['content']}: forced by answers {answers}"


def _wrong_text(wrong: dict[str, Any], labels: str = "sheet") -> str:
    if wrong["correct"]:
        return "the guess is the mine"
    if wrong["unreproduced"]:
        return ("the guess does not give answers "
                + ", ".join(map(str, wrong["unreproduced"])))
    question = question_text(wrong["question"], labels)
    return (f"the guess gives every answer, but question {question} tells it from the "
            f"mine: the guess answers {_answer(wrong['guess_answer'], labels)}, the mine "
            f"{_answer(wrong['mine_answer'], labels)}")


def _answer(data: dict[str, Any], labels: str = "sheet") -> str:
    """An answer of the JSON document in words, its exit port in the scheme `labels`."""
    if "content" in data:
        return data["content"]
    words = [str(data["exit"])]
    if "color" in data:
        words.append(data["color"])
    if "bounces" in data:
        words.append(f"{data['bounces']} bounce{'' if data['bounces'] == 1 else 's'}")
    return answer_words(" ".join(words), labels)
