"""Orapa commands that show and convert: `show` draws a mine, `convert` turns puzzle files
between JSON and the plain-text format."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from commands.common import emit_json, not_empty, read_text
from commands.orapa.layout import json_option, load_layout, rule_options
from games.errors import BadInput
from games.orapa.board import parse_port
from games.orapa.drawing import render_layout
from games.orapa.files import parse_puzzle
from games.orapa.puzzle import ShotAnswer
from games.orapa.text_format import format_puzzle_text
from games.orapa.waves import Wave, trace_wave


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"{path}: cannot write: {exc.strerror or exc}") from None


@click.command()
@click.argument("layout")
@click.option("--shot", "shots", multiple=True, metavar="PORT",
              help="Draw this wave's path and print its answer (repeatable).")
@click.option("--svg", "svg_file", metavar="FILE", callback=not_empty,
              help="Also write an SVG picture to FILE.")
@click.option("--no-color", is_flag=True, help="No ANSI colours, even on a terminal.")
@rule_options
@json_option
def show(layout: str, shots: tuple[str, ...], svg_file: str | None, no_color: bool,
         mirror: bool, touching: str, visibility: bool, as_json: bool) -> None:
    """Draw a mine (a layout, or a puzzle file's solution) in the terminal or as SVG."""
    mine, _ = load_layout(layout, mirror, touching, visibility)
    try:
        waves = [trace_wave(mine, parse_port(shot)) for shot in shots]
    except BadInput as exc:
        raise BadInput(f"--shot: {exc}") from None
    if svg_file is not None:
        from games.orapa.svg import render_svg  # xml.sax: only when an SVG is asked for
        _write(svg_file, render_svg(mine, waves))
    if as_json:
        emit_json({"layout": mine.to_json(),
                   "results": [_answer_json(wave) for wave in waves],
                   "svg": svg_file})
        return
    color = not no_color and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    drawings = [render_layout(mine, wave, color) for wave in waves] or [
        render_layout(mine, None, color)]
    click.echo("\n\n".join(drawings))
    if svg_file is not None:
        click.echo(f"svg: {svg_file}")


def _answer_json(wave: Wave) -> dict[str, str]:
    """The wave's answer in the JSON form of `orapa simulate`."""
    return ShotAnswer(wave.port, wave.exit, None if wave.exit is None else wave.color).to_json()


@click.command()
@click.argument("puzzle")
@click.option("--to", "target", type=click.Choice(["json", "text"]), required=True,
              help="The format to write.")
@json_option
def convert(puzzle: str, target: str, as_json: bool) -> None:
    """Convert a puzzle file between JSON and the plain-text format (printed on stdout)."""
    parsed = parse_puzzle(read_text(puzzle), puzzle)
    converted = parsed.to_json() if target == "json" else format_puzzle_text(parsed)
    if as_json:
        emit_json({"format": target, "puzzle": converted})
    elif target == "json":
        click.echo(json.dumps(converted, indent=2))
    else:
        click.echo(converted, nl=False)
