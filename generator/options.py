"""The generator's choices, in a module that imports nothing (the command line reads them at
start-up; `generator.generate` uses the same names)."""
from __future__ import annotations

CLUE_MODES = ("all", "minimal")
SHARD_SIZE = 1000        # puzzles per shard file unless --shard-size says otherwise
# puzzles in one run: a million base puzzles take about a day on one core, and a count far past
# that (`--count 1e23`) could only run until killed
MAX_COUNT = 1_000_000
