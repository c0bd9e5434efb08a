"""The generator's choices, in a module that imports nothing but `typing` (the command line
reads them at start-up; `generator.generate` uses the same names)."""
from __future__ import annotations

from typing import Literal, get_args

ClueMode = Literal["all", "minimal"]   # every shot's answer, or an irreducible subset of them
CLUE_MODES: tuple[ClueMode, ...] = get_args(ClueMode)
SHARD_SIZE = 1000        # puzzles per shard file unless --shard-size says otherwise
# puzzles in one run: a million base puzzles take about a day on one core, and a count far past
# that (`--count 1e23`) could only run until killed
MAX_COUNT = 1_000_000
