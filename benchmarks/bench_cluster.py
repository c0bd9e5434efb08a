"""Cluster benchmark: `orapa batch` on the local engine and on Ray, 1 and 2 workers, same files.

Generates the puzzle files of `bench_batch.py` (random base layouts, 12 to 36 shots), then runs
the real console command on them:
- `--engine local --jobs J` (J = 1, 2);
- `--engine ray --address ADDR`, ADDR a Ray instance this script started with J CPUs, so the
  command connects to a running cluster as it would on a real one (its summary says how long
  connecting, starting or finding its workers and measuring Ray's cost per call took:
  `startup_seconds`). The first run on each new cluster starts the solver processes, which
  then stay warm for the next runs (`--keep-warm`): it is reported on its own, and the rounds
  measure the runs after it;
- once, `--engine ray` with no address, which starts its own Ray instance (the cold start).
Throughput is files per second of each whole command (start to exit, imports included), the
median of `--rounds` runs; the order of the runs alternates. CPU time is counted for every
process: the command and its children, and Ray's task workers and its other processes
(sampled from /proc), so that a busy machine, which stretches wall-clock times, does not hide
what each engine costs. It also times Ray's cost per call on no-op calls to the engine's
worker actors (the measurement the engine sizes its chunks from), one call at a time (the
round trip), and the engine in this process with fixed chunk sizes against its own sizing.
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
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_batch import generate  # noqa: E402

ORAPA = Path(sys.executable).parent / "orapa"


TICK = os.sysconf("SC_CLK_TCK")


def _processes() -> dict[tuple[int, int], tuple[int, int]]:
    """(pid, start time) -> (parent pid, own CPU ticks: user + system) of every process."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            found[(int(entry.name), int(fields[19]))] = (int(fields[1]),
                                                        int(fields[11]) + int(fields[12]))
    return found


def _is_task_worker(pid: int) -> bool | None:
    """Whether a process is one of Ray's task workers (None: cannot tell, it is gone). A
    worker is started as `python .../setup_worker.py .../default_worker.py ...` and renames
    itself `ray::IDLE`, `ray::solve_chunk`, ... (the raylet names default_worker.py among its
    arguments, and agents call themselves `ray::...Agent`: neither is a task worker)."""
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return None
    if argv[0].startswith("ray::"):
        return "Agent" not in argv[0]
    return any(arg.endswith(("setup_worker.py", "default_worker.py")) for arg in argv[1:3])


class CpuSampler:
    """CPU seconds of this script's descendants outside one subtree, sampled every `period`.

    Ray's processes (its GCS, raylet and agents, and the task workers the raylet starts, named
    `ray::...`) are not reaped by anyone who would add their time to a total, and workers come
    and go, so their own user + system time is read from /proc while they live, keeping the last
    value seen; a process that ends loses at most its last `period`. The `orapa` command being
    measured and its children are left to RUSAGE_CHILDREN (exact: they are waited for)."""

    def __init__(self, period: float = 0.1) -> None:
        self.period = period
        self.first: dict[tuple[int, int], int] = {}
        self.last: dict[tuple[int, int], int] = {}
        self.workers: dict[tuple[int, int], bool | None] = {}
        self.exclude: int | None = None
        self.own_cpu = 0.0                    # the sampler thread's own CPU time
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _sample(self) -> None:
        processes = _processes()
        parent = {pid: ppid for (pid, _), (ppid, _) in processes.items()}
        me = os.getpid()
        for key, (_, ticks) in processes.items():
            up, inside = key[0], False
            while up not in (None, 0, 1):
                if up == self.exclude:
                    break
                up = parent.get(up)
                if up == me:
                    inside = True
                    break
            if inside:
                if self.workers.get(key) is None:
                    self.workers[key] = _is_task_worker(key[0])
                self.last[key] = ticks

    def _loop(self) -> None:
        start = time.thread_time()
        while not self._stop.wait(self.period):
            self._sample()
        self.own_cpu = time.thread_time() - start

    def __enter__(self) -> "CpuSampler":
        self._sample()
        self.first = dict(self.last)
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    def worker_processes(self) -> int:
        """Ray task workers that ran meanwhile (used at least 0.1 s of CPU)."""
        return sum(1 for key, ticks in self.last.items()
                   if self.workers[key] and ticks - self.first.get(key, 0) >= TICK / 10)

    def seconds(self, workers: bool) -> float:
        """CPU seconds used meanwhile by Ray's task workers (`workers`) or its other processes."""
        return sum(ticks - self.first.get(key, 0) for key, ticks in self.last.items()
                   if bool(self.workers[key]) == workers) / TICK


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(directory: Path, out: Path, *extra: str) -> dict:
    """One `orapa batch` run: its JSON summary, plus the CPU seconds it cost: the command and
    its children (`cpu_command`), Ray's task workers (`cpu_ray_workers`) and Ray's other
    processes (`cpu_ray_system`) of the cluster this script started."""
    out.unlink(missing_ok=True)
    cpu = _children_cpu()
    with CpuSampler() as sampler:
        proc = subprocess.Popen([str(ORAPA), "batch", str(directory), "--out", str(out),
                                 "--json", "--no-progress", *extra],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        sampler.exclude = proc.pid
        started = time.perf_counter()
        stdout, stderr = proc.communicate(timeout=1800)
        elapsed = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"orapa batch {' '.join(extra)} failed: {stderr[-2000:]}")
    summary = json.loads(stdout)
    summary["command_seconds"] = elapsed        # start to exit: imports and shutdown too
    summary["cpu_command"] = _children_cpu() - cpu
    summary["cpu_ray_workers"] = sampler.seconds(workers=True)
    summary["cpu_ray_system"] = sampler.seconds(workers=False)
    summary["ray_worker_processes"] = sampler.worker_processes()
    summary["cpu_seconds"] = summary["cpu_command"]      # the local engine: all its own
    if "engine" in summary:     # Ray: plus the cluster's processes (idle ones during a local run)
        summary["cpu_seconds"] += summary["cpu_ray_workers"] + summary["cpu_ray_system"]
    assert out.read_text(encoding="utf-8").count("\n") == summary["files"], "one line per file"
    return summary


def same_lines(a: Path, b: Path) -> bool:
    """The same lines in any order, times aside."""
    def key(path: Path) -> list[str]:
        return sorted(json.dumps({k: v for k, v in json.loads(raw).items() if k != "seconds"},
                                 sort_keys=True) for raw in path.read_text().splitlines())
    return key(a) == key(b)


def rate(summary: dict, skip_startup: bool = False) -> float:
    """Files per second of the whole command, start to exit (`skip_startup`: of the batch
    alone, after Ray is connected and its workers have started)."""
    if skip_startup:
        return summary["files"] / (summary["wall_seconds"]
                                   - summary["engine"]["startup_seconds"])
    return summary["files"] / summary["command_seconds"]


def ray_costs(ray, workers: int) -> tuple[float, float]:
    """(worker-ms per no-op call to the engine's actors in a stream of them, ms for one call at
    a time)."""
    from solver.orapa.batch.ray_chunks import measure_task_cost
    from solver.orapa.batch.ray_pool import open_pool

    pool = open_pool(ray, workers, keep_warm=None)
    stream = statistics.median(measure_task_cost(ray, pool, 200) for _ in range(3))
    actor = pool.actors[0]
    start = time.perf_counter()
    for _ in range(50):
        ray.get(actor.pid.remote())
    single = (time.perf_counter() - start) / 50 * 1000
    pool.close()
    return stream * 1000, single


def driver_costs(directory: Path, out: Path) -> tuple[float, float]:
    """The driver's own work per file, in microseconds: expanding and deduplicating its path
    (walk, realpath; done twice, a counting pass and a feeding pass), and writing its line
    (a chunk of 8 lines a write and a flush): what one driver does for every file however many
    nodes solve them."""
    from solver.orapa.batch.runner import _unique_paths

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


def chunk_sweep(ray, directory: Path, workers: int, sizes: list[int | None]) -> list[str]:
    """The Ray engine in this process on warm workers, each chunk size in turn (None: sized by
    the engine from its measurements): files/s, tasks, and the CPU of the driver and workers."""
    from solver.orapa.batch.runner import BatchOptions, expand_paths
    from solver.orapa.batch.ray_chunks import RayBatch
    from solver.orapa.batch.ray_pool import open_pool

    paths = list(expand_paths([str(directory)]))
    rows = []
    pool = open_pool(ray, workers, keep_warm=None)
    for size in [0] + sizes + [None]:            # the first run (0) only warms the workers up
        engine = RayBatch(ray, BatchOptions(), workers, chunk_size=size or None, pool=pool)
        me = resource.getrusage(resource.RUSAGE_SELF)
        start = time.perf_counter()
        with CpuSampler() as sampler:
            count = sum(1 for _ in engine.lines(paths, len(paths)))
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_SELF)
        driver = (after.ru_utime + after.ru_stime - me.ru_utime - me.ru_stime
                  - sampler.own_cpu)
        assert count == len(paths)
        if size != 0:
            label = "engine's" if size is None else str(size)
            rows.append(f"| {label} | {engine.chunks} | {count / wall:.1f} | "
                        f"{driver / count * 1e3:.2f} | "
                        f"{sampler.seconds(True) / count * 1e3:.2f} | "
                        f"{sampler.seconds(False) / count * 1e3:.2f} |")
    pool.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chunks", default="1,5,20,100",
                        help="fixed chunk sizes to compare with the engine's (empty: none)")
    args = parser.parse_args()
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")     # a local cluster of this script's
    import ray

    print(f"load average at start: {os.getloadavg()[0]:.2f}; cores: {os.cpu_count()}",
          flush=True)
    results: dict[str, list[dict]] = {}
    first_runs: dict[int, dict] = {}
    sweep: list[str] = []
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
            print(f"Ray, {workers} CPU(s): {stream_ms:.2f} ms of worker time per no-op call "
                  f"in a stream, {single_ms:.2f} ms round trip for one call at a time",
                  flush=True)
            first = run(root / "puzzles", root / "first.jsonl", "--engine", "ray",
                        "--address", address)
            assert first["engine"]["warm_workers"] == 0
            first_runs[workers] = first
            print(f"ray-{workers} first run on this cluster (its workers started, then kept "
                  f"warm): {rate(first):.1f} files/s, "
                  f"{first['engine']['startup_seconds']:.1f} s connecting and starting workers",
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
                    n = summary["files"]
                    line = (f"{label} round {round_ + 1}: {n} files in "
                            f"{summary['command_seconds']:.1f} s = {rate(summary):.1f} files/s, "
                            f"CPU {summary['cpu_seconds'] / n * 1000:.2f} ms per file")
                    if engine == "ray":
                        e = summary["engine"]
                        line += (f" (command {summary['cpu_command'] / n * 1e3:.2f}, Ray "
                                 f"workers {summary['cpu_ray_workers'] / n * 1e3:.2f}, Ray "
                                 f"system {summary['cpu_ray_system'] / n * 1e3:.2f}; "
                                 f"{summary['ray_worker_processes']} worker processes); "
                                 f"{rate(summary, True):.1f} files/s after "
                                 f"{e['startup_seconds']:.1f} s connecting and starting "
                                 f"workers ({e['warm_workers']} found warm); {e['tasks']} "
                                 f"tasks, task cost {e['task_cost_ms']:.2f} ms")
                    else:
                        line += (f" (Ray idle meanwhile: "
                                 f"{summary['cpu_ray_workers'] + summary['cpu_ray_system']:.2f}"
                                 f" s)")
                    print(line, flush=True)
            assert same_lines(root / "first.jsonl", reference), "first run: different lines"
            if workers == 2 and args.chunks:
                sizes = [int(size) for size in args.chunks.split(",")]
                sweep = chunk_sweep(ray, root / "puzzles", workers, sizes)
            ray.shutdown()
        cold = run(root / "puzzles", root / "cold.jsonl", "--engine", "ray", "--jobs", "2")
        assert same_lines(root / "cold.jsonl", reference)
    print(f"ray-2 cold (starts its own Ray): {rate(cold):.1f} files/s, of which "
          f"{cold['engine']['startup_seconds']:.1f} s starting Ray", flush=True)
    median = {label: statistics.median(rate(s) for s in runs) for label, runs in results.items()}
    steady = {label: statistics.median(rate(s, True) for s in runs)
              for label, runs in results.items() if label.startswith("ray")}
    cpu = {label: statistics.median(s["cpu_seconds"] / s["files"] for s in runs)
           for label, runs in results.items()}
    print("\n| engine | workers | files/s (median) | ray after connecting | first run, "
          "workers started | CPU ms per file |")
    print("|---|---|---|---|---|---|")
    for label in ("local-1", "ray-1", "local-2", "ray-2"):
        engine, workers = label.split("-")
        after = f"{steady[label]:.1f}" if label in steady else "-"
        cold_start = f"{rate(first_runs[int(workers)]):.1f}" if engine == "ray" else "-"
        print(f"| {engine} | {workers} | {median[label]:.1f} | {after} | {cold_start} | "
              f"{cpu[label] * 1000:.2f} |")
    print(f"CPU per file local-2 / ray-2: {cpu['local-2'] / cpu['ray-2']:.0%} (what ray-2 "
          f"would reach of local-2 on two otherwise idle cores)")
    for workers in (1, 2):
        local, remote = median[f"local-{workers}"], median[f"ray-{workers}"]
        print(f"{workers} worker(s): ray / local = {remote / local:.0%} "
              f"({steady[f'ray-{workers}'] / local:.0%} after connecting; first run "
              f"{rate(first_runs[workers]) / local:.0%})"
              + ("; target >= 85%" if workers == 2 else ""))
    if sweep:
        print("\nchunk sizes, ray-2 in this process on warm workers:\n"
              "| files per task | tasks | files/s | driver CPU ms/file | worker CPU ms/file "
              "| Ray system CPU ms/file |\n|---|---|---|---|---|---|")
        print("\n".join(sweep))
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
