"""The solver's choices and defaults, in a module that imports nothing but `typing`.

The command line reads these names at start-up to build its options; the modules that use them
(backends, consistent, batch_runner) import them from here, so each has one definition and a
command that never solves never loads PySAT, OR-tools or numpy.
"""
from __future__ import annotations

from typing import Literal, get_args

# the backend behind `--backend`: a solver family, or one PySAT solver by name
Backend = Literal["sat", "cp"]
SatSolver = Literal["glucose4", "cadical195", "minisat22"]
BackendName = Literal[Backend, SatSolver]
# how consistent layouts are found: `auto` (the wave search, else the model) or the model alone
Method = Literal["auto", "model"]

BACKENDS: tuple[Backend, ...] = get_args(Backend)
SAT_SOLVERS: tuple[SatSolver, ...] = get_args(SatSolver)
DEFAULT_SAT_SOLVER: SatSolver = "glucose4"
METHODS: tuple[Method, ...] = get_args(Method)
BATCH_COUNT_LIMIT = 100   # layouts counted per puzzle by `orapa batch` before `count` stops being exact
