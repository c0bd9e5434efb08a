"""The solver's choices and defaults, in a module that imports nothing.

The command line reads these names at start-up to build its options; the modules that use them
(backends, consistent, batch_runner) import them from here, so each has one definition and a
command that never solves never loads PySAT, OR-tools or numpy.
"""
from __future__ import annotations

BACKENDS = ("sat", "cp")
SAT_SOLVERS = ("glucose4", "cadical195", "minisat22")
DEFAULT_SAT_SOLVER = "glucose4"
METHODS = ("auto", "model")
BATCH_COUNT_LIMIT = 100   # layouts counted per puzzle by `orapa batch` before `count` stops being exact
