"""Errors shared by every engine and by the command line."""


class BadInput(ValueError):
    """Input that breaks the rules or the formats: the CLI prints it on one line and exits 2.

    The message names where the problem is (a file, a line, a JSON path or a field) and what is
    wrong with it.
    """


class Malformed(BadInput):
    """Input that does not have the expected shape: not JSON of the right type, an unknown key,
    a name that is no port or cell. Nothing about the rules has been asked yet."""


class IllegalMove(BadInput):
    """Well-formed input that the rules forbid: a gem set that is not the game's, a mine whose
    gems overlap, a move to an area the side cannot sow (as python-chess tells an invalid move
    from an illegal one)."""


class LimitReached(RuntimeError):
    """A time or size limit stopped the work early: the CLI exits 3 with what was found so far."""

    def __init__(self, message: str, partial: object = None) -> None:
        super().__init__(message)
        self.partial = partial


def is_interrupt(exc: BaseException) -> bool:
    """Is this Ctrl-C? PySAT's compiled solvers catch SIGINT themselves and raise their own
    `pysolvers.error("Caught keyboard interrupt")`, which used to end `orapa generate` in a
    traceback; it means the same as KeyboardInterrupt."""
    if isinstance(exc, KeyboardInterrupt):
        return True
    return type(exc).__module__ == "pysolvers" and "keyboard interrupt" in str(exc).lower()
