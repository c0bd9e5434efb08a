"""How many random examples the solver's property tests try.

`make test` runs each at the count its test names, chosen to keep the suite within its 15
minutes; `make fuzz-solver` runs the same tests with ORAPA_EXAMPLES_SCALE times as many
(default there 10), for the rare state a short run does not meet.

>>> examples(0)
1
"""
from __future__ import annotations

import os

SCALE = float(os.environ.get("ORAPA_EXAMPLES_SCALE", "1"))


def examples(count: int) -> int:
    """`count` examples, scaled for a longer run; at least one."""
    return max(1, round(count * SCALE))
