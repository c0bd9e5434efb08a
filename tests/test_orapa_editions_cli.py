"""`--answer` and `--labels` on the commands that print or read ports (RULINGS O9, O10)."""
from __future__ import annotations

import json
import random

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import puzzle_from_layout
from games.orapa.random_layouts import random_layout
from tests.cli_runner import run_cli

TRIANGLE = {"gems": [{"shape": "triangle", "color": "yellow", "vertices": [[2, 2], [4, 2], [2, 4]]}]}


def test_simulate_prints_bounce_counts_under_the_option(capsys, tmp_path) -> None:
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(TRIANGLE))
    status, out, _ = run_cli(capsys, "simulate", str(mine), "--shot", "C", "--shot", "1",
                             "--answer", "bounces")
    assert status == 0 and out.splitlines() == ["C -> N 1 bounce", "1 -> A 0 bounces"]
    status, out, _ = run_cli(capsys, "simulate", str(mine), "--shot", "C", "--answer", "both",
                             "--json")
    assert json.loads(out) == {"results": [{"shot": "C", "exit": "N", "color": "yellow",
                                            "bounces": 1}]}
    status, out, _ = run_cli(capsys, "simulate", str(mine), "--shot", "C")
    assert out == "C -> N yellow\n"     # the default is unchanged


def test_simulate_and_show_read_and_write_bga_labels(capsys, tmp_path) -> None:
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(TRIANGLE))
    # BGA's C is the sheet's 13 (left side, row 3); it meets the triangle's flat side
    status, out, _ = run_cli(capsys, "simulate", str(mine), "--shot", "C", "--labels", "bga")
    assert status == 0 and out == "C -> C yellow\n"
    status, out, _ = run_cli(capsys, "simulate", str(mine), "--shot", "C", "--labels", "bga",
                             "--json")
    assert json.loads(out)["results"][0]["shot"] == "13"     # JSON keeps the sheet's names
    status, out, _ = run_cli(capsys, "show", str(mine), "--shot", "K", "--labels", "bga",
                             "--answer", "bounces", "--no-color")
    assert status == 0 and " A │" in out and out.rstrip().endswith("wave: K -> 14 yellow 1 bounce")


def test_convert_writes_bga_labels_that_read_back(capsys, tmp_path) -> None:
    gems = gem_set("base")
    puzzle = puzzle_from_layout(random_layout(gems, rng=random.Random(2)), gems,
                                RuleOptions(answer="both"), ports=range(0, 36, 4))
    source = tmp_path / "p.json"
    source.write_text(json.dumps(puzzle.to_json()))
    status, text, _ = run_cli(capsys, "convert", str(source), "--to", "text", "--labels", "bga")
    assert status == 0 and "labels: bga" in text and "bounce" in text
    back = tmp_path / "p.txt"
    back.write_text(text)
    status, out, _ = run_cli(capsys, "convert", str(back), "--to", "json")
    assert json.loads(out) == puzzle.to_json()


def test_a_bad_label_scheme_or_port_is_one_line(capsys, tmp_path) -> None:
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(TRIANGLE))
    status, _, err = run_cli(capsys, "simulate", str(mine), "--shot", "01")
    assert status == 2 and "--shot: unknown port '01' (a port number has no leading zero)" in err
    assert len(err.strip().splitlines()) == 1
    status, _, err = run_cli(capsys, "simulate", str(mine), "--labels", "arena")
    assert status == 2 and "--labels" in err
