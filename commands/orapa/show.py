"""Orapa commands that show and convert: `show` draws a mine, `convert` turns puzzle files
between JSON and the plain-text format."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from commands.common import emit_json, not_empty, read_text
from commands.orapa.layout import (answer_option, json_option, labels_option, load_layout,
                                   parse_ports, rule_options)
from games.errors import BadInput
from games.orapa.drawing import render_layout
from games.orapa.files import parse_puzzle
from games.orapa.puzzle import AnswerKind, ShotAnswer
from games.orapa.text_format import format_puzzle_text
from games.orapa.waves import Wave, trace_wave


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"{path}: cannot write: {exc.strerror or exc}") from None


def _same_file(one: str, other: str) -> bool:
    """Do two paths name one existing file (through links, `./` and the like)?"""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def check_svg_target(svg_file: str | None, layout: str, as_json: bool) -> None:
    """Refuse an `--svg` that would replace the input (it used to overwrite the layout without a
    word) or that would mix the picture into the JSON document on standard output."""
    if svg_file is None:
        return
    if svg_file == "-" and as_json:
        raise BadInput("--svg -: standard output carries the JSON document; name a file")
    if svg_file != "-" and (svg_file == layout or _same_file(svg_file, layout)):
        raise BadInput(f"--svg {svg_file}: that is the input file; the picture would replace it")


@click.command()
@click.argument("layout")
@click.option("--shot", "shots", multiple=True, metavar="PORT",
              help="Draw this wave's path and print its answer (repeatable).")
@click.option("--svg", "svg_file", metavar="FILE", callback=not_empty,
              help="Also write an SVG picture to FILE (`-`: print only the SVG).")
@click.option("--no-color", is_flag=True, help="No ANSI colours, even on a terminal.")
@answer_option
@labels_option
@rule_options
@json_option
def show(layout: str, shots: tuple[str, ...], svg_file: str | None, no_color: bool,
         answer: AnswerKind, labels: str, mirror: bool, touching: str, visibility: bool,
         as_json: bool) -> None:
    """Draw a mine (a layout, or a puzzle file's solution) in the terminal or as SVG."""
    check_svg_target(svg_file, layout, as_json)
    mine, _ = load_layout(layout, mirror, touching, visibility)
    waves = [trace_wave(mine, port) for port in parse_ports(shots, labels)]
    counted = answer != "colour"
    if svg_file is not None:
        from games.orapa.svg import render_svg  # xml.sax: only when an SVG is asked for
        if svg_file == "-":             # standard output: the picture alone, to pipe or save
            click.echo(render_svg(mine, waves, labels, counted), nl=False)
            return
        _write(svg_file, render_svg(mine, waves, labels, counted))
    if as_json:
        emit_json({"layout": mine.to_json(),
                   "results": [_answer_json(wave, answer) for wave in waves],
                   "svg": svg_file})
        return
    color = not no_color and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    drawings = [render_layout(mine, wave, color, labels, counted) for wave in waves] or [
        render_layout(mine, None, color, labels)]
    click.echo("\n\n".join(drawings))
    if svg_file is not None:
        click.echo(f"svg: {svg_file}")


def _answer_json(wave: Wave, answer: AnswerKind = "colour") -> dict[str, str]:
    """The wave's answer in the JSON form of `orapa simulate` (under answer kind `answer`)."""
    if wave.exit is None:
        return ShotAnswer(wave.port, None, None).to_json()
    return ShotAnswer(wave.port, wave.exit, None if answer == "bounces" else wave.color,
                      None if answer == "colour" else wave.bounces).to_json()


@click.command()
@click.argument("puzzle")
@click.option("--to", "target", type=click.Choice(["json", "text"]), required=True,
              help="The format to write.")
@labels_option
@json_option
def convert(puzzle: str, target: str, labels: str, as_json: bool) -> None:
    """Convert a puzzle file between JSON and the plain-text format (printed on stdout); the
    text can write ports in Board Game Arena's labels (`--labels bga`)."""
    parsed = parse_puzzle(read_text(puzzle), puzzle)
    converted = parsed.to_json() if target == "json" else format_puzzle_text(parsed, labels)
    if as_json:
        emit_json({"format": target, "puzzle": converted})
    elif target == "json":
        click.echo(json.dumps(converted, indent=2))
    else:
        click.echo(converted, nl=False)
