"""The suite's settings: fixed random examples for `make test`, and its groups under
pytest-xdist (`make test` runs `--dist loadgroup`).

`make test` passes `--hypothesis-profile=suite`: each property test then tries the same examples
every run (drawn from a hash of the test), so the suite takes the same time on every run and a
failure there is met again by the next run. A property test run alone, and `make fuzz-solver`
with ten times the examples, draw new ones each time.

The groups: pytest-xdist 3.8 names a grouped test's work unit by appending `@group` to its
node id, which it does by setting `item._nodeid`. From pytest 9.2 an item's node id is read
from `item._id`, so that assignment no longer takes (pytest-xdist issue 1386) and every test
is sent on its own: the browser review then makes its duel once per worker, and each worker
lists the ten-answer state's families again. The hook below, run after pytest-xdist's, gives
the grouped items the id it meant.
"""
from __future__ import annotations

import pytest
from hypothesis import settings

settings.register_profile("suite", derandomize=True)


def group_suffix(item: pytest.Item) -> str:
    """'@name' for a test in xdist groups (names sorted, joined by '_'), else ''.

    Spelled as pytest-xdist spells it, so its scheduler reads the group from the id.
    """
    names = sorted({str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                    for mark in item.iter_markers("xdist_group")})
    return "@" + "_".join(names) if names else ""


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        suffix = group_suffix(item)
        if suffix and not item.nodeid.endswith(suffix):
            from _pytest.nodeid import NodeId   # pytest >= 9.2 only: older ids carry it
            item._id = NodeId.parse(item.nodeid + suffix)
