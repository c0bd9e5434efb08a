"""Mandragora Mania's solver: the exact search (`exact`, in Python; `kernel`, the same in C),
retrograde tables for small positions, and `solver`, which picks between them for a position.
"""
from solver.lazy_exports import lazy_exports

__getattr__ = lazy_exports(__name__, {"solve": "solver", "solve_match": "solver",
                                      "MandragoraSolver": "solver", "MandragoraGame": "solver",
                                      "canonical": "solver", "ExactSolver": "exact"})
__all__ = ["solve", "solve_match", "MandragoraSolver", "MandragoraGame", "canonical", "ExactSolver"]
