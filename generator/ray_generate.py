"""Sharded generation on Ray: `orapa generate --engine ray`.

Each shard (`generator.shards.make_shard`) is one Ray task; its puzzles come back to the driver,
which writes the shard file, so the workers need no shared filesystem. A shard depends only on
the run's seed and its number, so the files are the same as `--engine local` writes, whatever
the cluster. A task that fails, whether lost with its worker or node or stopped by an exception,
is run once more (`max_retries=1`); a shard that fails twice is reported in the summary
(`failed_shards`) and left for `--resume`, never retried for ever.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from generator.shards import ShardJob, ShardResult, make_shard
from solver.cluster import (already_connected, cluster_cpus, failure_reason, ray_session,
                            stop_tasks, task_failures)

IN_FLIGHT_PER_WORKER = 2   # shards queued per worker: one running, one ready to start
TASK_RETRIES = 1           # a failed shard task runs once more, then it is reported

ShardTask = Callable[[ShardJob], ShardResult]


def map_ray(jobs: list[ShardJob], address: str | None = None, workers: int | None = None,
            shard_task: ShardTask = make_shard) -> Iterator[ShardResult | tuple[int, str]]:
    """Shards made as Ray tasks, yielded as they finish; `(index, reason)` for one that failed
    twice.

    `address`: a running cluster (None: a local Ray instance with `workers` CPUs); `workers`
    caps the shards running at once (default: the cluster's CPUs). `shard_task` makes one shard
    (tests pass one that fails).
    """
    reused = already_connected()
    with ray_session(address, workers if address is None else None) as ray:
        task = ray.remote(num_cpus=1, max_retries=TASK_RETRIES,
                          retry_exceptions=True)(shard_task)
        failures = task_failures(ray)
        limit = IN_FLIGHT_PER_WORKER * (workers or cluster_cpus(ray))
        todo = iter(jobs)
        pending: dict[Any, ShardJob] = {}
        try:
            while True:
                for job in todo:
                    pending[task.remote(job)] = job
                    if len(pending) >= limit:
                        break
                if not pending:
                    return
                (ready,), _ = ray.wait(list(pending), num_returns=1)
                job = pending.pop(ready)
                try:
                    result = ray.get(ready)
                except failures as exc:
                    yield job.index, failure_reason(exc)
                else:
                    yield result
        finally:                             # Ctrl-C, or the caller stopped: the rest
            stop_tasks(ray, list(pending), reused)
