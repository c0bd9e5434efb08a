"""Cluster benchmark: `orapa batch` on the local engine and on Ray, 1 and 2 workers, same files.

Generates the puzzle files of `bench_batch.py` (random base layouts, 12 to 36 shots), then runs
the real console command on them:
- `--engine local --jobs J` (J = 1, 2);
- `--engine ray --address ADDR`, ADDR a Ray instance this script started with J CPUs, so the
  command connects to a running cluster as it would on a real one (its summary says how long
  connecting and measuring Ray's task cost took: `startup_seconds`);
- once, `--engine ray` with no address, which starts its own Ray instance (the cold start).
It also times Ray's per-task cost on no-op tasks (the measurement the engine sizes its chunks
from) and one task at a time (the round trip). Throughput is files per wall-clock second from
each command's summary, the median of `--rounds` runs; the order of the runs alternates.
Target (issue 20): Ray with 2 workers at least 85% of the local engine's throughput.

    .venv/bin/python benchmarks/bench_cluster.py --files 2000 --rounds 3
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_batch import generate  # noqa: E402

ORAPA = Path(sys.executable).parent / "orapa"


def tree_cpu() -> float:
    """CPU seconds used so far by this script's descendants: the ones it waited for, and the
    live ones (Ray's processes, its workers) with what they waited for in turn."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = usage.ru_utime + usage.ru_stime
    parent: dict[int, int] = {}
    times: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parent[int(entry.name)] = int(fields[1])
            times[int(entry.name)] = sum(int(f) for f in fields[11:15])  # u, s, cu, cs
    me = os.getpid()
    for pid, ticks in times.items():
        up = parent.get(pid)
        while up not in (None, 0, 1, me):
            up = parent.get(up)
        if up == me:
            total += ticks / os.sysconf("SC_CLK_TCK")
    return total


def run(directory: Path, out: Path, *extra: str) -> dict:
    """One `orapa batch` run: its JSON summary, plus the CPU seconds it cost (all processes)."""
    out.unlink(missing_ok=True)
    cpu = tree_cpu()
    proc = subprocess.run([str(ORAPA), "batch", str(directory), "--out", str(out), "--json",
                           "--no-progress", *extra], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"orapa batch {' '.join(extra)} failed: {proc.stderr[-2000:]}")
    summary = json.loads(proc.stdout)
    summary["cpu_seconds"] = tree_cpu() - cpu
    assert out.read_text(encoding="utf-8").count("\n") == summary["files"], "one line per file"
    return summary


def same_lines(a: Path, b: Path) -> bool:
    """The same lines in any order, times aside."""
    def key(path: Path) -> list[str]:
        return sorted(json.dumps({k: v for k, v in json.loads(raw).items() if k != "seconds"},
                                 sort_keys=True) for raw in path.read_text().splitlines())
    return key(a) == key(b)


def rate(summary: dict, skip_startup: bool = False) -> float:
    wall = summary["wall_seconds"]
    if skip_startup:
        wall -= summary["engine"]["startup_seconds"]
    return summary["files"] / wall


def ray_costs(ray, workers: int) -> tuple[float, float]:
    """(worker-ms per no-op task in a stream of them, ms for one task at a time)."""
    from solver.orapa.ray_batch import _noop, measure_task_cost

    stream = statistics.median(measure_task_cost(ray, workers, 200) for _ in range(3))
    noop = ray.remote(num_cpus=1)(_noop)
    ray.get(noop.remote())
    start = time.perf_counter()
    for _ in range(50):
        ray.get(noop.remote())
    return stream * 1000, (time.perf_counter() - start) / 50 * 1000


def driver_costs(directory: Path, out: Path) -> tuple[float, float]:
    """The driver's own work per file, in microseconds: expanding and deduplicating its path
    (walk, realpath; done twice, a counting pass and a feeding pass), and writing its line
    (a chunk of 8 lines a write and a flush): what one driver does for every file however many
    nodes solve them."""
    from solver.orapa.batch_runner import _unique_paths

    start = time.perf_counter()
    paths = [path for path, _ in _unique_paths([str(directory)])]
    expand = (time.perf_counter() - start) / len(paths)
    line = {"file": paths[0], "status": "unique", "count": 1, "seconds": 0.0041, "error": None,
            "exact": True, "wrote": None}
    start = time.perf_counter()
    with open(out, "w", encoding="utf-8") as handle:
        for first in range(0, len(paths), 8):
            handle.write("".join(json.dumps(dict(line, file=path)) + "\n"
                                 for path in paths[first:first + 8]))
            handle.flush()
    return 2 * expand * 1e6, (time.perf_counter() - start) / len(paths) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")     # a local cluster of this script's
    import ray

    print(f"load average at start: {os.getloadavg()[0]:.2f}; cores: {os.cpu_count()}",
          flush=True)
    results: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory(prefix="bench_cluster_") as tmp:
        root = Path(tmp)
        generate(root / "puzzles", args.files, args.seed)
        reference = root / "local-1.jsonl"
        expand_us, write_us = driver_costs(root / "puzzles", root / "lines.jsonl")
        print(f"driver per file: {expand_us:.1f} us expanding its path, {write_us:.1f} us "
              f"writing its line", flush=True)
        for workers in (1, 2):
            ray.init(address="local", num_cpus=workers, include_dashboard=False,
                     logging_level="ERROR", log_to_driver=False)
            address = ray.get_runtime_context().gcs_address
            stream_ms, single_ms = ray_costs(ray, workers)
            print(f"Ray, {workers} CPU(s): {stream_ms:.2f} ms of worker time per no-op task "
                  f"in a stream, {single_ms:.2f} ms round trip for one task at a time",
                  flush=True)
            for round_ in range(args.rounds):
                runs = [("local", ("--jobs", str(workers))),
                        ("ray", ("--engine", "ray", "--address", address))]
                for engine, extra in (runs if round_ % 2 == 0 else runs[::-1]):
                    label = f"{engine}-{workers}"
                    out = root / f"{label}.jsonl"
                    summary = run(root / "puzzles", out, *extra)
                    results.setdefault(label, []).append(summary)
                    if label != "local-1" or round_:
                        assert same_lines(out, reference), f"{label}: different lines"
                    line = (f"{label} round {round_ + 1}: {summary['files']} files in "
                            f"{summary['wall_seconds']:.1f} s = {rate(summary):.1f} files/s, "
                            f"CPU {summary['cpu_seconds'] / summary['files'] * 1000:.1f} ms "
                            f"per file")
                    if engine == "ray":
                        e = summary["engine"]
                        line += (f" ({rate(summary, True):.1f} files/s after "
                                 f"{e['startup_seconds']:.1f} s connecting; {e['tasks']} tasks, "
                                 f"task cost {e['task_cost_ms']:.2f} ms)")
                    print(line, flush=True)
            ray.shutdown()
        cold = run(root / "puzzles", root / "cold.jsonl", "--engine", "ray", "--jobs", "2")
        assert same_lines(root / "cold.jsonl", reference)
    print(f"ray-2 cold (starts its own Ray): {rate(cold):.1f} files/s, of which "
          f"{cold['engine']['startup_seconds']:.1f} s starting Ray", flush=True)
    median = {label: statistics.median(rate(s) for s in runs) for label, runs in results.items()}
    steady = {label: statistics.median(rate(s, True) for s in runs)
              for label, runs in results.items() if label.startswith("ray")}
    print("\n| engine | workers | files/s (median) | ray after connecting |")
    print("|---|---|---|---|")
    for label in ("local-1", "ray-1", "local-2", "ray-2"):
        engine, workers = label.split("-")
        after = f"{steady[label]:.1f}" if label in steady else "-"
        print(f"| {engine} | {workers} | {median[label]:.1f} | {after} |")
    cpu = {label: statistics.median(s["cpu_seconds"] / s["files"] for s in runs)
           for label, runs in results.items()}
    print("CPU per file (all processes, median): "
          + ", ".join(f"{label} {cpu[label] * 1000:.1f} ms" for label in sorted(cpu))
          + f"; on two idle cores ray-2 would reach about "
            f"{cpu['local-2'] / cpu['ray-2']:.0%} of local-2 (CPU per file local / ray)")
    for workers in (1, 2):
        local, remote = median[f"local-{workers}"], median[f"ray-{workers}"]
        print(f"{workers} worker(s): ray / local = {remote / local:.0%} "
              f"({steady[f'ray-{workers}'] / local:.0%} after connecting)"
              + ("; target >= 85%" if workers == 2 else ""))
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
