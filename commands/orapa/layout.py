"""Orapa commands on a single mine: simulate, ask, check."""
from __future__ import annotations

import click

from commands.common import emit_json, plural, read_text
from games.errors import BadInput
from games.orapa.board import parse_cell, parse_port, PORTS
from games.orapa.files import parse_layout
from games.orapa.layout import RuleOptions, violations
from games.orapa.puzzle import cell_answer, shot_answer

json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")


def rule_options(function):
    """Rule options for a bare layout file (a puzzle file brings its own)."""
    function = click.option("--mirror/--no-mirror", default=True,
                            help="Mirror images allowed (rule mirror).")(function)
    function = click.option("--touching", type=click.Choice(["corner", "any"]), default="corner",
                            help="Which contacts between gems are allowed.")(function)
    function = click.option("--visibility/--no-visibility", default=True,
                            help="Every gem must be seen first from some port.")(function)
    return function


def parse_ports(shots: tuple[str, ...]) -> list[int]:
    """The ports of `--shot` options, an unknown one named as `--shot`'s value."""
    try:
        return [parse_port(shot) for shot in shots]
    except BadInput as exc:
        raise BadInput(f"--shot: {exc}") from None


def load_layout(path: str, mirror: bool, touching: str, visibility: bool, legal: bool = True):
    return parse_layout(read_text(path), path, RuleOptions(mirror, touching, visibility), legal)


def report(answers: list, as_json: bool) -> None:
    """Answers as INTERFACE's {"results": [...]} or one line each."""
    if as_json:
        emit_json({"results": [a.to_json() for a in answers]})
    else:
        for answer in answers:
            click.echo(str(answer))


@click.command()
@click.argument("layout")
@click.option("--shot", "shots", multiple=True, metavar="PORT", help="Port to shoot (repeatable).")
@rule_options
@json_option
def simulate(layout: str, shots: tuple[str, ...], mirror: bool, touching: str,
             visibility: bool, as_json: bool) -> None:
    """Shoot waves into a mine and report exits and colours (all 36 ports by default)."""
    mine, _ = load_layout(layout, mirror, touching, visibility)
    ports = parse_ports(shots) if shots else list(range(PORTS))
    report([shot_answer(mine, p) for p in ports], as_json)


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
