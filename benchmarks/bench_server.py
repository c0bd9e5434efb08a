"""The game server under load: N concurrent solo games of Q questions each over loopback.

For each configuration (SQLite with one worker; PostgreSQL with one and with two workers, on a
throwaway cluster), a real `orapa serve` process is started on 127.0.0.1. N players each sign
up, create a solo game (a computer director hides a generated mine) and open the game's live
socket; once every game has started (the setup is timed on its own), all N players ask their Q
questions (shots and cells) at once, each waiting a think time drawn uniformly from
[0.5, 1.5] x --think seconds after each answer (--think 0: flat out, one question after the
other: then latency is mostly queueing, N / throughput). Reported: questions per second (first
question asked to last answer), p50/p95/p99 latency of a question, errors (any answer but 200,
and games that failed), and lost events: every seq of the log that a socket did not deliver
exactly once and in order, or delivered differently from the log read back over REST (a
socket that drops reconnects with after= its last seq, as a browser does; reconnects are
counted).
Bounded: every configuration stops after --limit seconds (unfinished games count as errors).

    .venv/bin/python benchmarks/bench_server.py [--games 200] [--questions 30] [--think 1]
    .venv/bin/python benchmarks/bench_server.py --think 0        # the throughput, flat out
    .venv/bin/python benchmarks/bench_server.py --quick          # 20 games of 10 questions
    .venv/bin/python benchmarks/bench_server.py --rounds 3       # medians of three runs
"""
from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx  # noqa: E402
import websockets  # noqa: E402

from games.orapa.board import CELLS, PORT_LABELS, cell_label  # noqa: E402
from tests.web.pg_cluster import Cluster, find_binaries  # noqa: E402
from tests.web.serve_process import Server  # noqa: E402

QUESTIONS = [{"shot": p} for p in PORT_LABELS] + [{"cell": cell_label(c)} for c in range(CELLS)]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class Load:
    """What the games of one configuration share: the start line and the tallies."""

    def __init__(self, games: int) -> None:
        self.ready = 0
        self.all_ready = asyncio.Event()
        self.games = games
        self.latencies: list[float] = []
        self.span = [float("inf"), 0.0]     # first question asked, last answer received
        self.setup = [time.perf_counter(), 0.0]
        self.tally = {"ok": 0, "errors": 0, "lost": 0, "reconnects": 0}

    def started(self) -> None:
        self.ready += 1
        if self.ready == self.games:
            self.setup[1] = time.perf_counter()
            self.all_ready.set()


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds used so far by these processes (Linux /proc)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])       # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def lost_events(received: list[dict[str, Any]], log: list[dict[str, Any]], last: int) -> int:
    """Events of the log (seq 1..last) the socket did not deliver once, in order, as logged."""
    seqs = [e["seq"] for e in received]
    lost = len(set(range(1, last + 1)) - set(seqs))
    lost += sum(1 for a, b in zip(seqs, seqs[1:]) if b != a + 1)    # repeats, gaps, disorder
    by_seq = {e["seq"]: e for e in log}
    return lost + sum(1 for e in received if by_seq.get(e["seq"]) != e)


async def one_game(base: str, index: int, questions: int, think: float, load: Load) -> None:
    """One player with an HTTP connection of its own, as a browser has: sign up, create a solo
    game, listen on its socket, wait for every game to start, then ask `questions` questions
    with think times between them. (One client shared by all players made the client the
    bottleneck: httpx's pool looks at every connection for every request.)"""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        await play_game(client, base.replace("http", "ws"), index, questions, think, load)


async def play_game(client: httpx.AsyncClient, ws_base: str, index: int, questions: int,
                    think: float, load: Load) -> None:
    try:
        player = (await client.post("/api/players", json={"name": f"bench{index}"})).json()
        headers = {"Authorization": f"Bearer {player['token']}"}
        created = await client.post("/api/games", json={"mode": "solo"}, headers=headers)
        gid = created.json()["game"]["id"]
    except Exception:
        load.started()       # a game that cannot start must not hold the others at the line
        raise
    received: list[dict[str, Any]] = []
    started = asyncio.Event()
    url = f"{ws_base}/api/games/{gid}/live?token={player['token']}"

    async def listen() -> None:
        """Follow the game's socket; when it drops, reconnect with after= the last seq seen
        (as a browser does)."""
        while True:
            after = received[-1]["seq"] if received else 0
            try:
                async with websockets.connect(f"{url}&after={after}", max_queue=None,
                                              ping_interval=None) as ws:
                    json.loads(await ws.recv())                   # STATE first
                    async for message in ws:
                        event = json.loads(message)
                        received.append(event)
                        if event["type"] == "turn":               # the computer hid its mine
                            started.set()
            except (websockets.ConnectionClosed, OSError):
                load.tally["reconnects"] += 1
                await asyncio.sleep(0.1)

    listener = asyncio.create_task(listen())
    try:
        try:
            await asyncio.wait_for(started.wait(), timeout=120)
        finally:
            load.started()
        await load.all_ready.wait()
        rng = random.Random(index)
        for question in rng.sample(QUESTIONS, questions):
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            start = time.perf_counter()
            load.span[0] = min(load.span[0], start)
            response = await client.post(f"/api/games/{gid}/actions", json=question,
                                         headers=headers)
            load.latencies.append(time.perf_counter() - start)
            load.tally["errors" if response.status_code != 200 else "ok"] += 1
        load.span[1] = max(load.span[1], time.perf_counter())
        log = (await client.get(f"/api/games/{gid}/events", headers=headers)).json()["events"]
        last = log[-1]["seq"]
        deadline = time.monotonic() + 30
        while (not received or received[-1]["seq"] < last) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
    finally:
        listener.cancel()
    load.tally["lost"] += lost_events(received, log, last)


async def run_load(server: Server, games: int, questions: int, think: float,
                   limit: float) -> dict[str, Any]:
    load = Load(games)
    base = server.base
    cpu = [0.0, 0.0]
    client_cpu = [0.0, 0.0]       # this process: the players' side

    async def cpu_at_start() -> None:
        await load.all_ready.wait()
        cpu[0], client_cpu[0] = cpu_seconds(server.pids()), time.process_time()

    meter = asyncio.create_task(cpu_at_start())
    tasks = [asyncio.create_task(one_game(base, i, questions, think, load))
             for i in range(games)]
    done, pending = await asyncio.wait(tasks, timeout=limit)
    for task in pending:
        task.cancel()
    failures = [t.exception() for t in done if t.exception() is not None]
    for exc in failures[:3]:
        print(f"a game failed: {type(exc).__name__}: {exc}", file=sys.stderr)
    failed = len(failures) + len(pending)
    cpu[1], client_cpu[1] = cpu_seconds(server.pids()), time.process_time()
    meter.cancel()
    latencies = load.latencies
    elapsed = max(load.span[1] - load.span[0], 1e-9)
    return {"questions": len(latencies), "seconds": elapsed,
            "setup_seconds": load.setup[1] - load.setup[0] if load.setup[1] else float("nan"),
            "qps": len(latencies) / elapsed if latencies else 0.0,
            "p50": statistics.median(latencies) if latencies else float("nan"),
            "p95": percentile(latencies, 0.95) if latencies else float("nan"),
            "p99": percentile(latencies, 0.99) if latencies else float("nan"),
            "errors": load.tally["errors"] + failed, "failed_games": failed,
            "lost": load.tally["lost"], "reconnects": load.tally["reconnects"],
            "cpu_ms": 1000 * (cpu[1] - cpu[0]) / len(latencies) if latencies else float("nan"),
            "client_cpu_ms": (1000 * (client_cpu[1] - client_cpu[0]) / len(latencies)
                              if latencies else float("nan"))}


WORST = ("errors", "failed_games", "lost", "reconnects")   # summed up by their worst round


def row(name: str, workers: int, result: dict[str, Any], last: str) -> str:
    """One configuration's line of the table."""
    return (f"| {name} | {workers} | {result['qps']:.0f} | {1000 * result['p50']:.1f} | "
            f"{1000 * result['p95']:.1f} | {1000 * result['p99']:.1f} | "
            f"{result['errors']:g} | {result['lost']:g} | {result['reconnects']:g} | "
            f"{result['cpu_ms']:.2f} | {result['client_cpu_ms']:.2f} | "
            f"{result['setup_seconds']:.1f} | {last} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--questions", type=int, default=30)
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a player thinks before each question (0: flat out)")
    parser.add_argument("--limit", type=float, default=600.0, help="seconds per configuration")
    parser.add_argument("--only", choices=["sqlite-1", "postgresql-1", "postgresql-2"],
                        action="append", help="run only these configurations")
    parser.add_argument("--rounds", type=int, default=1,
                        help="runs of each configuration (a fresh server each); medians at the end")
    parser.add_argument("--quick", action="store_true", help="20 games of 10 questions")
    args = parser.parse_args()
    if args.quick:
        args.games, args.questions = 20, 10
    work = Path(tempfile.mkdtemp(prefix="orapa-bench-"))
    wanted = set(args.only or ["sqlite-1", "postgresql-1", "postgresql-2"])
    binaries = find_binaries() if wanted & {"postgresql-1", "postgresql-2"} else None
    cluster = Cluster(binaries).start() if binaries else None
    configs = [("sqlite", 1, lambda: f"sqlite:///{work / 'bench.db'}")]
    if cluster is not None:
        configs += [("postgresql", 1, lambda: cluster.new_database("bench")),
                    ("postgresql", 2, lambda: cluster.new_database("bench"))]
    elif wanted != {"sqlite-1"}:
        print("PostgreSQL server binaries not found: SQLite only")
    configs = [c for c in configs if f"{c[0]}-{c[1]}" in wanted]
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{now}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
    print(f"{args.games} concurrent solo games x {args.questions} questions over 127.0.0.1, "
          f"think time {args.think:g} s (uniform x0.5..x1.5)")
    print("| database | workers | questions/s | p50 ms | p95 ms | p99 ms | errors "
          "| lost events | socket reconnects | server CPU ms/question | client CPU ms/question "
          "| setup s | load avg |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    try:
        medians = []
        for name, workers, url in configs:
            results = []
            for _ in range(args.rounds):
                # 200 sign-ups in seconds from one address: the per-client rates are off
                server = Server(url(), work / f"{name}-{workers}.log", workers=workers,
                                env={"ORAPA_RATE_LIMITS": "off"}).start()
                try:
                    results.append(asyncio.run(run_load(server, args.games, args.questions,
                                                        args.think, args.limit)))
                finally:
                    server.stop()
                print(row(name, workers, results[-1], f"{os.getloadavg()[0]:.1f}"), flush=True)
            medians.append(row(name, workers, {
                key: (max if key in WORST else statistics.median)(r[key] for r in results)
                for key in results[0]}, "median"))
        if args.rounds > 1:
            print(f"\nmedians of {args.rounds} rounds (errors, lost events and reconnects: "
                  "the most of any round)")
            print("\n".join(medians))
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
