"""Package exports that are imported only when first used, so that importing one small module
of a package (or the package for one name) does not load the solver libraries behind the rest.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any, Callable


def lazy_exports(package: str, names: dict[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` that imports `names[attr]` (a module under `package`) on first use.

    >>> getattr_ = lazy_exports("solver", {"Searcher": "search"})
    >>> getattr_("Searcher").__name__
    'Searcher'
    """
    def __getattr__(attr: str) -> Any:
        if attr not in names:
            raise AttributeError(f"module {package!r} has no attribute {attr!r}")
        return getattr(import_module(f"{package}.{names[attr]}"), attr)
    return __getattr__
