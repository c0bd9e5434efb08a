"""The curated puzzle collection in `puzzles/`, reproducible from seeds.

    python -m generator.collection [--out puzzles] [--only base]

For `base`: minimal-clue puzzles from one seeded stream, sorted into levels until each level
holds `PER_LEVEL`; extra ones of a full level are skipped. For `base+diamond`, `base+black` and
`full`: the first `PER_SET` minimal-clue puzzles of their streams. `base-bounces` holds base
puzzles answered with bounce counts (RULINGS O9, Playte's 2024 edition; rule `answer: bounces`,
cells asked where counts cannot tell colours apart), its index entries naming the set beside
the gems. Files are
`puzzles/<gems>/<gems>-<level>-NN.json`; `puzzles/<gems>/index.json` lists them with level,
shots and the solver's work behind the level (search nodes), and `puzzles/README.md` is the same
index for people. The puzzles follow from the seeds and the solver's encoding: a change to the
encoding changes the minimal clue sets (which budgets depend on), so rebuild after one.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from tqdm import tqdm

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from generator.difficulty import LEVELS
from generator.generate import Generator, write_puzzle

PER_LEVEL = 20
PER_SET = 10
SEEDS = {"base": 2024, "base+diamond": 2025, "base+black": 2026, "full": 2027,
         "base-bounces": 2028}
# A set that is not just a preset: its gem preset and its rules (O9 answer kind).
VARIANTS = {"base-bounces": ("base", RuleOptions(answer="bounces"))}


def set_of(entry: dict) -> str:
    """The collection set an index entry belongs to (older entries name only their gems)."""
    return entry.get("set", entry["gems"])


def build(name: str, out: Path) -> list[dict]:
    """Generate one gem set's share of the collection; returns its index entries."""
    gems, rules = VARIANTS.get(name, (name, RuleOptions()))
    generator = Generator(gem_set(gems), rules, rng=random.Random(SEEDS[name]), clues="minimal")
    wanted = {level: PER_LEVEL for level in LEVELS} if name == "base" else None
    total = PER_LEVEL * len(LEVELS) if wanted else PER_SET
    entries: list[dict] = []
    drawn = 0
    with tqdm(total=total, desc=name, unit="puzzle", file=sys.stderr) as bar:
        while len(entries) < total:
            found = generator.next()
            drawn += 1
            level = found.difficulty.level
            if wanted is not None:
                if wanted[level] == 0:
                    continue
                wanted[level] -= 1
            number = sum(e["level"] == level for e in entries) + 1
            path = out / name / f"{name}-{level}-{number:02d}.json"
            write_puzzle(path, found.puzzle)
            entries.append({"file": str(path.relative_to(out)), "gems": gems,
                            **({"set": name} if name in VARIANTS else {}), "level": level,
                            "shots": found.shots, "measure": found.difficulty.measure,
                            "work": found.difficulty.work,
                            "seed": SEEDS[name], "drawn": drawn})
            bar.update()
    print(f"{name}: {drawn} puzzles drawn, rejected layouts {dict(generator.rejected)}",
          file=sys.stderr)
    return entries


def write_readme(out: Path, entries: list[dict]) -> None:
    """puzzles/README.md: the index as a table, grouped by gem set and level."""
    lines = ["# Puzzle collection", "",
             "Made by `python -m generator.collection` (seeds in `generator/collection.py`); "
             "every puzzle is a minimal-clue puzzle with its solution, and the tests check that "
             "each one solves uniquely to it. Levels are explained in `docs/generator.md`; "
             "`work` is the solver's work behind them (in `measure` units). Each gem set's "
             "`index.json` holds the same entries.", "",
             "Puzzles of `base-bounces` are answered with bounce counts (Playte's 2024 edition, "
             "see `docs/editions.md`); their `shots` count the cell questions too.", "",
             "| file | gems | level | shots | work |", "|---|---|---|---|---|"]
    order = {level: i for i, level in enumerate(LEVELS)}
    for e in sorted(entries, key=lambda e: (list(SEEDS).index(set_of(e)), order[e["level"]],
                                            e["file"])):
        lines.append(f"| [{e['file']}]({e['file']}) | {set_of(e)} | {e['level']} | "
                     f"{e['shots']} | {e['work']} {e['measure']} |")
    (out / "README.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_index(out: Path) -> list[dict]:
    """Every gem set's index entries present under `out`."""
    entries: list[dict] = []
    for name in SEEDS:
        path = out / name / "index.json"
        if path.exists():
            entries += json.loads(path.read_text(encoding="utf-8"))
    return entries


def remove_unlisted(folder: Path, entries: list[dict], out: Path) -> None:
    """Delete the puzzle files of an earlier build that this build's index does not list (a
    level that now has fewer puzzles would otherwise leave them behind, unchecked)."""
    listed = {out / e["file"] for e in entries}
    for path in folder.glob("*.json"):
        if path.name != "index.json" and path not in listed:
            path.unlink()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="puzzles", help="collection directory")
    parser.add_argument("--only", choices=list(SEEDS), action="append",
                        help="build only these gem sets (repeatable)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    for name in args.only or list(SEEDS):
        entries = build(name, out)
        (out / name / "index.json").write_text(json.dumps(entries, indent=1) + "\n",
                                               encoding="utf-8")
        remove_unlisted(out / name, entries, out)
    write_readme(out, read_index(out))


if __name__ == "__main__":
    main()
