"""Children that must see Ctrl-C start with SIGINT as a terminal would give it.

A test's child inherits the signal state of the process that runs the test: run in the
background (`make test &`, a CI step) that process ignores SIGINT, and a test in the same worker
may have blocked it. Either way the child never sees the signal the test sends, and a Ctrl-C
test fails (or hangs) for reasons that are not the command's.
"""
from __future__ import annotations

import signal


def default_sigint() -> None:
    """For `subprocess.Popen(preexec_fn=...)`: SIGINT unblocked, with its default action."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)
