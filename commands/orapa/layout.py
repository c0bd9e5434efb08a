"""Orapa commands on a single mine: simulate, ask, check."""
from __future__ import annotations

from typing import get_args

import click

from commands.common import emit_json, plural, read_text
from games.errors import BadInput
from games.orapa.board import parse_cell, parse_port, PORTS
from games.orapa.files import parse_layout
from games.orapa.layout import RuleOptions, violations
from games.orapa.puzzle import AnswerKind, cell_answer, shot_answer
from games.orapa.text_format import format_answer

json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
labels_option = click.option(
    "--labels", type=click.Choice(["sheet", "bga"]), default="sheet", show_default=True,
    help="How ports are written for people: the printed sheet's names or Board Game Arena's "
         "(RULINGS O10); JSON always uses the sheet's.")
answer_option = click.option(
    "--answer", type=click.Choice(get_args(AnswerKind)), default="colour",
    show_default=True, help="What a shot is answered with: the colour, the number of bounces "
                            "(Playte 2024, RULINGS O9) or both.")


def rule_options(function):
    """Rule options for a bare layout file (a puzzle file brings its own)."""
    function = click.option("--mirror/--no-mirror", default=True,
                            help="Mirror images allowed (rule mirror).")(function)
    function = click.option("--touching", type=click.Choice(["corner", "any"]), default="corner",
                            help="Which contacts between gems are allowed.")(function)
    function = click.option("--visibility/--no-visibility", default=True,
                            help="Every gem must be seen first from some port.")(function)
    return function


def parse_ports(shots: tuple[str, ...], labels: str = "sheet") -> list[int]:
    """The ports of `--shot` options (in the label scheme `labels`), an unknown one named as
    `--shot`'s value."""
    try:
        return [parse_port(shot, labels) for shot in shots]
    except BadInput as exc:
        raise BadInput(f"--shot: {exc}") from None


def load_layout(path: str, mirror: bool, touching: str, visibility: bool, legal: bool = True):
    return parse_layout(read_text(path), path, RuleOptions(mirror, touching, visibility), legal)


def report(answers: list, as_json: bool, labels: str = "sheet") -> None:
    """Answers as INTERFACE's {"results": [...]} or one line each (ports in `labels`)."""
    if as_json:
        emit_json({"results": [a.to_json() for a in answers]})
    else:
        for answer in answers:
            click.echo(format_answer(answer, labels))


@click.command()
@click.argument("layout")
@click.option("--shot", "shots", multiple=True, metavar="PORT", help="Port to shoot (repeatable).")
@answer_option
@labels_option
@rule_options
@json_option
def simulate(layout: str, shots: tuple[str, ...], answer: AnswerKind, labels: str, mirror: bool,
             touching: str, visibility: bool, as_json: bool) -> None:
    """Shoot waves into a mine and report exits and colours or bounce counts (all 36 ports by
    default)."""
    mine, _ = load_layout(layout, mirror, touching, visibility)
    ports = parse_ports(shots, labels) if shots else list(range(PORTS))
    report([shot_answer(mine, p, answer) for p in ports], as_json, labels)


@click.command()
@click.argument("layout")
@click.argument("cells", nargs=-1, required=True)
@rule_options
@json_option
def ask(layout: str, cells: tuple[str, ...], mirror: bool, touching: str, visibility: bool,
        as_json: bool) -> None:
    """Ask what is in cells of a mine (empty, absorbed or a gem colour)."""
    mine, _ = load_layout(layout, mirror, touching, visibility)
    report([cell_answer(mine, parse_cell(c)) for c in cells], as_json)


@click.command()
@click.argument("layout")
@rule_options
@json_option
def check(layout: str, mirror: bool, touching: str, visibility: bool, as_json: bool) -> None:
    """Check a layout against the placement rules; exit 2 naming every broken rule."""
    mine, rules = load_layout(layout, mirror, touching, visibility, legal=False)
    found = violations(mine, rules)
    if as_json:
        emit_json({"legal": not found, "violations": found})
    elif not found:
        click.echo(f"legal: {plural(len(mine.gems), 'gem')}")
    if found:
        raise BadInput(f"{layout}: illegal layout: {'; '.join(found)}")
