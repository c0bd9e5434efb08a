"""The next-question advisor for Orapa Mine: `ranking` scores questions (entropy and the other
strategies), `tree` searches decision trees over listed layouts, `autoplay` plays whole games.
"""
from solver.lazy_exports import lazy_exports

__getattr__ = lazy_exports(__name__, {"advise": "ranking", "Advice": "ranking",
                                      "autoplay": "autoplay", "Game": "autoplay"})
__all__ = ["advise", "Advice", "autoplay", "Game"]
