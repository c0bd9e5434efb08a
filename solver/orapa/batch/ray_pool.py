"""Warm solver processes on a Ray cluster, kept between runs of `orapa batch --engine ray`.

Ray binds a task worker process to the job (the driver run) that started it, so every run of
a batch used to pay for new processes: Python starting, importing Ray and the solver (1 to 2 s
per run on a 2-core machine, the whole gap between `--engine ray` and the local engine on a
few thousand files). Here each run's work goes to actors instead, one per worker, and with an
address and `keep_warm > 0` they are *detached* and *named*, so the next run finds them with
the solver already imported and its model already built.

- **Placement**: one slot per CPU of every live node, taken round-robin over the nodes (the
  driver's node first), each actor pinned to its slot's node. An actor reserves no CPU
  (`num_cpus=0`): the engine itself runs at most its number of workers' chunks at once, and
  Ray tasks (retries, or generation) still find every CPU free when no batch runs.
- **Names** hold a hash of the project's source, so a run never hands work to a process that
  imported another version of the code; old processes simply expire.
- **Expiry**: a warm actor that got no work for `keep_warm` seconds ends its own process, which
  frees its name and memory. Without an address (a Ray instance of the run's own) or with
  `keep_warm = 0` the actors belong to the run and end with it.

>>> len(source_version()) == 12
True
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

NAMESPACE = "orapa"        # the Ray namespace the warm actors are named in
_PACKAGES = ("games", "solver", "generator")
_ROOT = Path(__file__).resolve().parent.parent.parent


def source_version(root: Path = _ROOT) -> str:
    """A short hash of the project's code (every `.py` and C source of the packages a batch
    runs): warm actors of another version are not used.

    It reads the sources, not their times nor the compiled modules (whose bytes depend on the
    build), so that drivers running the same code from another clone or machine share the
    warm workers.
    """
    import hashlib                      # only when a pool is opened (start-up of other commands)
    digest = hashlib.blake2b(digest_size=6)
    for package in _PACKAGES:
        for path in sorted((root / package).rglob("*")):
            if path.suffix in (".py", ".c") and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


class SolverWorker:
    """The actor: runs a module-level function (a chunk of files, say) in its own process,
    whose imports and cached models outlive each call; ends its process after `keep_warm`
    idle seconds (None: never, the actor ends with its run)."""

    def __init__(self, keep_warm: float | None) -> None:
        self.last_used = time.monotonic()
        self.busy = False
        if keep_warm:
            threading.Thread(target=self._expire, args=(keep_warm,), daemon=True).start()

    def run(self, function: Callable[..., Any], *args: Any) -> Any:
        self.busy = True
        try:
            return function(*args)
        finally:
            self.busy = False
            self.last_used = time.monotonic()

    def pid(self) -> int:
        """Its process id (a no-op call: a run's first call to it, and the engine times Ray's
        cost per call with it); being found by a run counts as use."""
        self.last_used = time.monotonic()
        return os.getpid()

    def where(self) -> tuple[int, str]:
        """Its process id and the id of the node it runs on (a run's first call to it)."""
        import ray
        return self.pid(), ray.get_runtime_context().get_node_id()

    def _expire(self, keep_warm: float) -> None:
        while True:
            time.sleep(min(keep_warm / 4, 15.0))
            if not self.busy and time.monotonic() - self.last_used > keep_warm:
                break
        import ray             # asked of Ray, the end is a deliberate one (no "worker died"
        try:                   # warning to the drivers connected then), and frees the name
            ray.kill(ray.get_runtime_context().current_actor, no_restart=True)
            time.sleep(30.0)
        finally:
            os._exit(0)


@dataclass
class RayWorkerPool:
    """The actors of one run: `actors[i]` serves worker slot i; `warm` counts those found
    already running (started by an earlier run)."""

    ray: ModuleType
    actors: list[Any]
    nodes: list[str] = field(default_factory=list)      # the node of each, once started
    warm: int = 0
    started: list[Any] = field(default_factory=list)   # their first calls, not yet waited for
    detached: bool = False

    def wait_started(self) -> None:
        """Wait until every actor answered its first call, and note the node it runs on; drop
        those that cannot answer (a warm one that ended itself just as it was found, or one
        whose node just went: its slot is then served by Ray tasks)."""
        if not self.started:              # waited for already
            return
        alive = []
        for actor, ref in zip(self.actors, self.started):
            try:
                _, node = self.ray.get(ref)
            except (self.ray.exceptions.RayActorError,
                    self.ray.exceptions.ActorUnschedulableError):
                continue
            alive.append((actor, node))
        self.actors = [actor for actor, _ in alive]
        self.nodes = [node for _, node in alive]
        self.started = []

    def close(self) -> None:
        """End the actors that belong to this run (detached ones stay warm)."""
        if not self.detached:
            for actor in self.actors:
                self.kill(actor)

    def kill(self, actor: Any) -> None:
        """End one actor's process now (a chunk past its hard limit, a stopped run)."""
        try:
            self.ray.kill(actor, no_restart=True)
        except Exception:      # already gone
            pass


def worker_slots(ray: ModuleType, count: int) -> list[tuple[str, int]]:
    """`count` slots (node id, index on that node): one per CPU of every live node, round-robin
    over the nodes so that a few workers spread, the driver's own node first."""
    here = ray.get_runtime_context().get_node_id()
    nodes = sorted(((node["NodeID"] != here, node["NodeID"]),
                    int(node["Resources"].get("CPU", 0)))
                   for node in ray.nodes() if node.get("Alive"))
    slots = [(node_id, index) for index in range(max((cpus for _, cpus in nodes), default=0))
             for (_, node_id), cpus in nodes if index < cpus] or [(here, 0)]
    cpu_slots = len(slots)
    while len(slots) < count:          # more workers than CPUs: more slots on the same nodes
        node_id = slots[len(slots) % cpu_slots][0]
        slots.append((node_id, sum(node == node_id for node, _ in slots)))
    return slots[:count]


def open_pool(ray: ModuleType, count: int, keep_warm: float | None, purpose: str = "batch"
              ) -> RayWorkerPool:
    """`count` actors for a run: the warm ones found by name and new ones for the slots left
    (detached and named `PURPOSE-VERSION-NODE-SLOT` when `keep_warm`), each sent one call so
    its process starts while the driver goes on (`RayWorkerPool.started`)."""
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy
    actor_class = ray.remote(num_cpus=0, max_restarts=0)(SolverWorker)
    detached = bool(keep_warm)
    if detached:                       # (names, and the reading of the sources, only then)
        version = source_version()
        existing = {entry["name"] for entry in ray.util.list_named_actors(all_namespaces=True)
                    if entry["namespace"] == NAMESPACE}
    actors, warm = [], 0
    for node_id, index in worker_slots(ray, count):
        options: dict[str, Any] = {"scheduling_strategy":
                                   NodeAffinitySchedulingStrategy(node_id, soft=False)}
        if detached:
            name = f"{purpose}-{version}-{node_id[:16]}-{index}"
            warm += name in existing
            options.update(name=name, namespace=NAMESPACE, lifetime="detached",
                           get_if_exists=True)
        actors.append(actor_class.options(**options).remote(keep_warm if detached else None))
    pool = RayWorkerPool(ray, actors, warm=warm, detached=detached)
    pool.started = [actor.where.remote() for actor in actors]
    return pool
