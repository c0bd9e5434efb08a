"""The review of an Orapa game (skill, luck, layouts left per question), the answers that force
a settled cell or tell a wrong guess from the mine (`why`).
"""
from solver.lazy_exports import lazy_exports

__getattr__ = lazy_exports(__name__, {"review": "game", "Review": "game",
                                      "forcing_answers": "why", "why_wrong": "why"})
__all__ = ["review", "Review", "forcing_answers", "why_wrong"]
