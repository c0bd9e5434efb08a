"""Orapa Mine's solver: the SAT/CP model of layouts and waves, the wave search, the layout
families, sampling, batch solving of files, and (in `advisor/`) the next-question advisor.
"""
from solver.lazy_exports import lazy_exports

__getattr__ = lazy_exports(__name__, {
    "solve": "api", "verify": "api", "deductions": "api",
    "ConsistentLayouts": "consistent", "session_for": "consistent", "METHODS": "consistent",
    "OrapaModel": "model", "consistent_candidates": "sampling",
    "BatchOptions": "batch_runner", "run_batch": "batch_runner",
})
__all__ = ["solve", "verify", "deductions", "ConsistentLayouts", "session_for", "METHODS",
           "OrapaModel", "consistent_candidates", "BatchOptions", "run_batch"]
