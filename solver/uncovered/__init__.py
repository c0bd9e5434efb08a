"""Uncovered!'s optimal scorer: `search` finds the fewest swaps that win a deal (with the
lower bounds of `bound`), `score` scores a won game, `table` holds exact distances for small games.
"""
from solver.lazy_exports import lazy_exports

__getattr__ = lazy_exports(__name__, {"solve": "search", "Solution": "search", "score": "score",
                                      "score_game": "score", "distance_table": "table"})
__all__ = ["solve", "Solution", "score", "score_game", "distance_table"]
