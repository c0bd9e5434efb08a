"""`orapa generate`: write puzzles with a unique answer, with their solutions."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import click
from tqdm import tqdm

from commands.common import emit_json
from commands.orapa import rule_options
from games.errors import BadInput
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import load_json_text
from generator.generate import CLUE_MODES, Generated, Generator, file_stem, write_puzzle


def parse_gems(text: str):
    """A preset name (`base`, `full`, ...) or a JSON list of gems."""
    value = load_json_text(text, "--gems") if text.lstrip().startswith("[") else text
    return gem_set(value, "--gems")


@click.command()
@click.option("--gems", "gems_text", required=True,
              help="Gem set: a preset (base, base+diamond, base+black, full, double, "
                   "first-edition) or a JSON list of gems.")
@click.option("--count", type=click.IntRange(min=1), required=True, help="Puzzles to write.")
@click.option("--seed", type=int, required=True, help="Seed of the random stream.")
@click.option("--out", "out_dir", required=True, help="Directory for the puzzle files.")
@click.option("--clues", type=click.Choice(CLUE_MODES), default="all", show_default=True,
              help="all: the 36 shots; minimal: an irreducible subset of them.")
@rule_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def generate(gems_text: str, count: int, seed: int, out_dir: str, clues: str, mirror: bool,
             touching: str, visibility: bool, as_json: bool) -> None:
    """Generate puzzles whose answers force one layout; files are <gems>-0001.json, ..."""
    gems = parse_gems(gems_text)
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise BadInput(f"--out: {out_dir} exists and is not a directory")
    generator = Generator(gems, RuleOptions(mirror, touching, visibility),
                          random.Random(seed), clues)
    stem = file_stem(gems)
    made: list[tuple[Path, Generated]] = []
    with tqdm(total=count, desc="puzzles", unit="puzzle", file=sys.stderr) as bar:
        for n in range(1, count + 1):
            found = generator.next()
            path = out / f"{stem}-{n:04d}.json"
            write_puzzle(path, found.puzzle)
            made.append((path, found))
            bar.set_postfix(rejected=sum(generator.rejected.values()))
            bar.update()
    rejected = dict(generator.rejected)
    if as_json:
        emit_json({"puzzles": [{"file": str(path), "shots": found.shots,
                                "difficulty": found.difficulty.level,
                                found.difficulty.measure: found.difficulty.work}
                               for path, found in made], "rejected": rejected})
        return
    for path, found in made:
        difficulty = found.difficulty
        click.echo(f"{path}: {found.shots} shots, {difficulty.level} "
                   f"({difficulty.work} {difficulty.measure})")
    click.echo(f"{len(made)} puzzles written to {out}; rejected layouts: "
               + ", ".join(f"{k} {v}" for k, v in rejected.items()))
