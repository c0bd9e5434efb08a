"""Orapa Mine's solver, in parts: `search/` (the wave searches), `sat/` (the SAT/CP model),
`counting/` (exact counts and samples), `batch/` (solving many files, locally or on Ray),
`advisor/` (the next question), `review/` (a played game reviewed); `api` holds the public
functions, `consistent` lists the consistent layouts, `precheck` rejects impossible answers,
`uniqueness` answers the generator (unique, or a second layout; which clues can go).
"""
from solver.lazy_exports import lazy_exports

__getattr__ = lazy_exports(__name__, {
    "solve": "api", "verify": "api", "deductions": "api",
    "ConsistentLayouts": "consistent", "session_for": "consistent", "METHODS": "consistent",
    "OrapaModel": "sat.model", "consistent_candidates": "counting.consistent_sample",
    "BatchOptions": "batch.runner", "run_batch": "batch.runner",
})
__all__ = ["solve", "verify", "deductions", "ConsistentLayouts", "session_for", "METHODS",
           "OrapaModel", "consistent_candidates", "BatchOptions", "run_batch"]
