"""Write tests/fixtures/tracer.json for the Vitest tracer test: random layouts and the answers
the project's own `orapa simulate --answer both --json` and `orapa ask --json` give for them.

Run from the repository root:  .venv/bin/python web/frontend/scripts/make_tracer_fixture.py
The layouts mix every gem set and both touching rules, so black bodies (absorbed), transparent
gems, edge-to-edge contacts and the 14-gem double set are all covered.
"""
from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

from cli import root as orapa

from games.orapa.board import CELLS, cell_label
from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.random_layouts import random_layout

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "tracer.json"
SETS = ("base", "base+diamond", "base+black", "full", "double", "first-edition")
RULES = (RuleOptions(), RuleOptions(touching="any", visibility=False))


def rule_flags(rules: RuleOptions) -> list[str]:
    return ["--touching", rules.touching] + ([] if rules.visibility else ["--no-visibility"])


def run_json(args: list[str]) -> dict:
    """Run an `orapa ... --json` command line in this process (the CLI's own code and output)."""
    done = CliRunner().invoke(orapa, [*args, "--json"], catch_exceptions=False)
    if done.exit_code != 0:
        raise SystemExit(f"orapa {' '.join(args)} failed: {done.output}")
    return json.loads(done.stdout)


def main(count: int = 200, seed: int = 2026) -> None:
    rng = random.Random(seed)
    cases = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(count):
            gems = SETS[i % len(SETS)]
            rules = RULES[(i // len(SETS)) % 2]
            layout = random_layout(gem_set(gems), rules, rng).to_json()
            path = Path(tmp) / f"layout-{i}.json"
            path.write_text(json.dumps(layout))
            # exit, colour and bounce count (RULINGS O9) of every shot: the Vitest test reads
            # the colour answers and the bounce answers out of these
            shots = run_json(["simulate", str(path), "--answer", "both",
                              *rule_flags(rules)])["results"]
            asked = [cell_label(c) for c in range(CELLS)]
            results = run_json(["ask", str(path), *asked, *rule_flags(rules)])["results"]
            assert [r["cell"] for r in results] == asked
            cells = [r["content"] for r in results]   # A1, B1, ..., J8
            cases.append({"gems": gems, "rules": rules.to_json(), "layout": layout,
                          "shots": shots, "cells": cells})
            print(f"{i + 1}/{count}", file=sys.stderr, end="\r")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"seed": seed, "cases": cases}, separators=(",", ":")) + "\n")
    print(f"\nwrote {len(cases)} layouts to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
