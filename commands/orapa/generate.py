"""`orapa generate`: write puzzles with a unique answer, with their solutions."""
from __future__ import annotations

import random
import sys
from typing import Any
from pathlib import Path

import click

from commands.common import JOBS, SEED, emit_json, not_empty, plural
from commands.orapa.layout import answer_option, rule_options
from games.errors import BadInput, is_interrupt
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import AnswerKind, load_json_text
from generator.difficulty import GRADES, GradeName
from generator.options import CLUE_MODES, MAX_COUNT, SHARD_SIZE, ClueMode
from solver.cluster import ENGINES, Engine


def parse_gems(text: str):
    """A preset name (`base`, `full`, ...) or a JSON list of gems."""
    value = load_json_text(text, "--gems") if text.lstrip().startswith("[") else text
    return gem_set(value, "--gems")


@click.command()
@click.option("--gems", "gems_text", required=True,
              help="Gem set: a preset (base, base+diamond, base+black, full, double, "
                   "first-edition) or a JSON list of gems.")
@click.option("--count", type=click.IntRange(min=1, max=MAX_COUNT), required=True,
              help=f"Puzzles to write (at most {MAX_COUNT:,} a run).")
@click.option("--seed", type=SEED, required=True, help="Seed of the random stream (0 or more).")
@click.option("--out", "out_dir", required=True, callback=not_empty,
              help="Directory for the puzzle files.")
@click.option("--clues", type=click.Choice(CLUE_MODES), default="all", show_default=True,
              help="all: the 36 shots; minimal: an irreducible subset of them.")
@click.option("--force", is_flag=True, help="Overwrite puzzle files already in --out.")
@rule_options
@answer_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--engine", type=click.Choice(ENGINES), default="local", show_default=True,
              help="local: this machine; ray: a Ray cluster (writes shards).")
@click.option("--address", default=None,
              help="With --engine ray: the cluster (auto, HOST:PORT or ray://HOST:PORT).")
@click.option("--shard-size", type=click.IntRange(min=1), default=None,
              help=f"Write JSON-lines shards of at most this many puzzles, made in parallel "
                   f"[default with --engine ray: {SHARD_SIZE}].")
@click.option("--jobs", "-j", type=JOBS, default=None,
              help="Shards made at once [default: the cores, or the cluster's CPUs].")
@click.option("--resume", is_flag=True, help="Make only the shards DIR does not hold yet.")
@click.option("--difficulty", type=click.Choice(GRADES), default=None,
              help="Keep only puzzles of this grade by technique (docs/review.md).")
def generate(gems_text: str, count: int, seed: int, out_dir: str, clues: ClueMode, force: bool,
             mirror: bool, touching: str, visibility: bool, answer: AnswerKind, as_json: bool,
             engine: Engine, address: str | None, shard_size: int | None, jobs: int | None,
             resume: bool, difficulty: GradeName | None) -> None:
    """Generate puzzles whose answers force one layout; files are <gems>-0001.json, ..."""
    from tqdm import tqdm
    from generator.generate import Generated, Generator, file_stem, output_paths, write_puzzle
    from generator.sharded_run import run_sharded
    from generator.shards import Generation, ShardSpec, summary_text
    gems = parse_gems(gems_text)
    if difficulty is not None and (engine == "ray" or shard_size is not None):
        raise BadInput("--difficulty: not with sharded runs (--shard-size or --engine ray)")
    if engine == "ray" or shard_size is not None:
        rules = RuleOptions(mirror, touching, visibility, answer)
        generation = Generation(ShardSpec(gems, rules, clues, seed), count, Path(out_dir),
                                shard_size or SHARD_SIZE, resume)
        summary = run_sharded(generation, engine, jobs, address)
        if as_json:
            emit_json(summary)
        else:
            click.echo(summary_text(summary, Path(out_dir)))
        if summary["interrupted"]:
            click.echo("orapa: interrupted; the finished shards are kept", err=True)
            sys.exit(130)
        return
    for name, given in (("--address", address), ("--jobs", jobs), ("--resume", resume or None)):
        if given is not None:
            raise BadInput(f"{name}: only for sharded runs (--shard-size or --engine ray)")
    out = Path(out_dir)
    generator: Generator | None = None
    made: list[tuple[Path, Generated]] = []
    grades: dict[Path, Any] = {}        # with --difficulty: each puzzle's grade
    interrupted = False
    try:                # Ctrl-C from here on says what is kept
        paths = output_paths(out_dir, file_stem(gems), count, force)
        with tqdm(total=count, desc="puzzles", unit="puzzle", file=sys.stderr,
                  disable=None) as bar:  # None: no bar when standard error is not a terminal
            generator = making = Generator(gems, RuleOptions(mirror, touching, visibility,
                                                             answer), random.Random(seed), clues)

            def graded(drawn: int) -> None:     # with --difficulty: each puzzle graded
                bar.set_postfix(graded=drawn, rejected=sum(making.rejected.values()))
            for path in paths:
                if difficulty is None:
                    found = generator.next()
                else:
                    from generator.difficulty import next_graded
                    found, grades[path] = next_graded(generator, difficulty, seed, graded)
                write_puzzle(path, found.puzzle)
                made.append((path, found))
                bar.set_postfix(rejected=sum(making.rejected.values()))
                bar.update()
    except Exception as exc:       # Ctrl-C, which PySAT reports as its own error
        if not is_interrupt(exc):
            raise
        interrupted = True
    except KeyboardInterrupt:
        interrupted = True
    rejected = dict(generator.rejected) if generator is not None else {}
    if as_json:
        emit_json({"puzzles": [{"file": str(path), "shots": found.shots,
                                "difficulty": found.difficulty.level,
                                found.difficulty.measure: found.difficulty.work,
                                **(grades[path].to_json() if path in grades else {})}
                               for path, found in made], "rejected": rejected,
                   "interrupted": interrupted})
    else:
        for path, found in made:
            rated = found.difficulty
            click.echo(f"{path}: {found.shots} shots, {rated.level} "
                       f"({rated.work} {rated.measure})"
                       + (f", grade {grades[path].level}" if path in grades else ""))
        click.echo(f"{plural(len(made), 'puzzle')} written to {out}; rejected layouts: "
                   + ", ".join(f"{k} {v}" for k, v in rejected.items()))
    if interrupted:
        click.echo("orapa: interrupted; the puzzles written are kept", err=True)
        sys.exit(130)
