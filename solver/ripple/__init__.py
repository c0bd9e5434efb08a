"""Ripple's computer player: `evaluation` scores positions, `ai` searches moves at several
levels (random, greedy, and deeper searches over the shared `solver.search`).
"""
from solver.lazy_exports import lazy_exports

__getattr__ = lazy_exports(__name__, {"RipplePlayer": "ai", "best_move": "ai", "LEVELS": "ai",
                                      "TOP_LEVEL": "ai", "evaluate": "evaluation"})
__all__ = ["RipplePlayer", "best_move", "LEVELS", "TOP_LEVEL", "evaluate"]
