"""Connecting to Ray, the optional engine behind `--engine ray` (extra `[cluster]`).

Ray is imported only here and only when asked for, so the rest of the project runs without it;
without it, `--engine ray` is one line of bad input saying how to install it. `ray_session`
joins a running cluster (`auto`, `HOST:PORT`, or `ray://HOST:PORT` through Ray Client) or, with
no address, starts a Ray instance on this machine's cores, and leaves a connection it did not
make alone (a test or a program that called `ray.init` itself keeps its cluster). While it is
open, what Ray prints (a worker lost, a task rerun) goes to standard error, as progress does.

>>> ENGINES
('local', 'ray')
"""
from __future__ import annotations

import logging
import resource
import socket
import sys
from contextlib import contextmanager, redirect_stdout
from types import ModuleType
from typing import Iterable, Iterator, Literal, get_args

from games.errors import BadInput

Engine = Literal["local", "ray"]   # where a batch or a sharded generation runs
ENGINES: tuple[Engine, ...] = get_args(Engine)
CONNECT_TIMEOUT = 5.0   # seconds to reach a cluster's address before calling it bad input
KEEP_WARM = 600.0       # seconds a batch's idle worker processes stay up on a cluster
INSTALL_HINT = ("--engine ray: Ray is not installed; install the extra with "
                "pip install -e '.[cluster]' (or pip install 'ray[client]')")
# System failures (a worker process or its node lost) that Ray reports for a task
SYSTEM_FAILURES = ("WorkerCrashedError", "NodeDiedError", "ObjectLostError", "OwnerDiedError",
                   "OutOfMemoryError", "LocalRayletDiedError", "ObjectReconstructionFailedError",
                   "TaskUnschedulableError", "RaySystemError", "RayActorError",
                   "ActorUnschedulableError")


def import_ray() -> ModuleType:
    """The `ray` module, or bad input naming the extra to install."""
    try:
        import ray
    except ImportError:
        raise BadInput(INSTALL_HINT) from None
    return ray


def system_failures(ray: ModuleType) -> tuple[type[BaseException], ...]:
    """The exception classes that mean a task was lost with its worker or node."""
    return tuple(getattr(ray.exceptions, name) for name in SYSTEM_FAILURES
                 if hasattr(ray.exceptions, name))


def task_failures(ray: ModuleType) -> tuple[type[BaseException], ...]:
    """Every way a task can fail: lost with its worker or node, or stopped by an exception
    inside it (`RayTaskError`: a bug, or a node without this project installed)."""
    return system_failures(ray) + (ray.exceptions.RayTaskError,)


def failure_reason(exc: BaseException) -> str:
    """One line saying how a task failed twice: lost with its worker, or the exception it
    raised (its class and the first line of its message, at most 200 characters)."""
    if type(exc).__name__.startswith("RayTaskError"):
        cause = getattr(exc, "cause", None)
        if cause is None:
            what = "an exception"
        else:
            message = str(cause).strip().splitlines()
            what = type(cause).__name__ + (f": {message[0][:200]}" if message else "")
        return f"failed twice ({what})"
    return f"lost twice with its worker ({type(exc).__name__})"


@contextmanager
def ray_session(address: str | None = None, num_cpus: int | None = None
                ) -> Iterator[ModuleType]:
    """Ray connected to `address` (None: a new local instance with `num_cpus` CPUs).

    A connection already open in this process is used as it is and left open.
    """
    ray = import_ray()
    with redirect_stdout(sys.stderr):   # Ray prints its notices (a worker lost, a task rerun)
        if ray.is_initialized():        # to standard output, which is kept for results
            yield ray
        else:
            with _connected(ray, address, num_cpus):
                yield ray


def already_connected() -> bool:
    """Whether this process already holds a Ray connection (which `ray_session` then reuses and
    leaves open), without importing Ray."""
    ray = sys.modules.get("ray")
    return ray is not None and ray.is_initialized()


def stop_tasks(ray: ModuleType, refs: Iterable[object], reused: bool) -> None:
    """Stop tasks still running when a run stops early. On a connection of our own nothing is
    done: closing it ends the job, and Ray stops the job's workers (cancelling as well can crash
    the driver: Ray 2.60 fails a check when a cancelled task's reply arrives, "Tried to
    complete task that was not pending"). On a reused connection they are cancelled."""
    if not reused:
        return
    for ref in refs:
        try:
            ray.cancel(ref, force=True)
        except Exception:            # already finished or lost: nothing to stop
            pass


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Bad input at once when `address` (HOST:PORT or ray://HOST:PORT) is malformed or nothing
    listens there: Ray itself would keep retrying for a minute or more."""
    if address in ("auto", "local"):
        return
    where = address[len("ray://"):] if address.startswith("ray://") else address
    host, _, port = where.rpartition(":")
    if not host or not port.isdigit():
        raise BadInput(f"--address {address}: expected auto, HOST:PORT or ray://HOST:PORT")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise BadInput(f"--address {address}: cannot connect to Ray: {reason}") from None


@contextmanager
def _connected(ray: ModuleType, address: str | None, num_cpus: int | None) -> Iterator[None]:
    if address is not None:
        check_reachable(address)
    try:
        if address is not None and address.startswith("ray://"):
            ray.init(address, logging_level=logging.WARNING)
        elif address is not None:       # worker logs stay out of our standard output
            ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
        else:                           # "local": never join a `ray start` cluster
            ray.init(address="local", num_cpus=num_cpus, include_dashboard=False,
                     logging_level=logging.WARNING, log_to_driver=False)
    except Exception as exc:             # a wrong address, a cluster that is down, a version skew
        where = f"--address {address}" if address else "--engine ray"
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BadInput(f"{where}: cannot connect to Ray: {first}") from None
    try:
        yield
    finally:
        ray.shutdown()


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB (Linux reports kB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (2 ** 20 if sys.platform == "darwin" else 2 ** 10), 1)


def cluster_cpus(ray: ModuleType) -> int:
    """CPUs the connected cluster has now (at least 1)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))
