"""Where a sharded generation runs: this machine's processes or a Ray cluster.

`generator.shards` makes and writes shards and knows nothing of Ray; `generator.ray_generate`
maps shards onto Ray tasks. This module picks one of the two maps for a `Generation`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.shards import Generation, map_local

if TYPE_CHECKING:
    from solver.cluster import Engine


def run_sharded(generation: Generation, engine: Engine = "local", jobs: int | None = None,
                address: str | None = None) -> dict[str, Any]:
    """Run `generation` on this machine's processes (`local`) or on Ray (`ray`)."""
    if engine == "ray":
        from generator.ray_generate import map_ray      # Ray only when asked for
        from solver.cluster import import_ray
        import_ray()
        return generation.run(lambda todo: map_ray(todo, address, jobs))
    from solver.orapa.batch.runner import default_jobs
    return generation.run(lambda todo: map_local(todo, jobs or default_jobs()))
