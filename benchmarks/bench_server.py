"""The game server under load: N concurrent solo games of Q questions each over loopback.

For each configuration (SQLite with one worker; PostgreSQL with one and with two workers, on a
throwaway cluster), a real `orapa serve` process is started on 127.0.0.1; N players each create
a solo game (a computer director hides a generated mine), open the game's live socket, and ask
Q questions (shots and cells, one after another, as fast as answers come) once the socket
says the game has started. Reported: questions per second (from the first question asked to the
last answer), p50/p95/p99 latency of a question, errors (any answer but 200),
and lost events (events of the log a socket never delivered). Bounded: every configuration
stops after --limit seconds (counted as errors).

    .venv/bin/python benchmarks/bench_server.py [--games 200] [--questions 30] [--quick]
"""
from __future__ import annotations

import argparse
import asyncio
import json
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


async def one_game(client: httpx.AsyncClient, ws_base: str, index: int, questions: int,
                   latencies: list[float], tally: dict[str, int], span: list[float]) -> None:
    """Sign up, create a solo game, listen on its socket, ask `questions` questions."""
    player = (await client.post("/api/players", json={"name": f"bench{index}"})).json()
    headers = {"Authorization": f"Bearer {player['token']}"}
    created = await client.post("/api/games", json={"mode": "solo"}, headers=headers)
    gid = created.json()["game"]["id"]
    received: list[int] = []
    started = asyncio.Event()
    async with websockets.connect(f"{ws_base}/api/games/{gid}/live?token={player['token']}",
                                  max_queue=None, ping_interval=None) as ws:
        json.loads(await ws.recv())                       # STATE first

        async def listen() -> None:
            async for message in ws:
                event = json.loads(message)
                received.append(event["seq"])
                if event["type"] == "turn":               # the computer hid its mine
                    started.set()

        listener = asyncio.create_task(listen())
        await asyncio.wait_for(started.wait(), timeout=120)
        span[0] = min(span[0], time.perf_counter())
        rng = random.Random(index)
        for question in rng.sample(QUESTIONS, questions):
            start = time.perf_counter()
            response = await client.post(f"/api/games/{gid}/actions", json=question,
                                         headers=headers)
            latencies.append(time.perf_counter() - start)
            tally["errors" if response.status_code != 200 else "ok"] += 1
        span[1] = max(span[1], time.perf_counter())
        last = (await client.get(f"/api/games/{gid}", headers=headers)).json()["seq"]
        deadline = time.monotonic() + 10
        while (not received or received[-1] < last) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        listener.cancel()
    expected = set(range(1, last + 1))
    tally["lost"] += len(expected - set(received))
    tally["out_of_order"] += sum(1 for a, b in zip(received, received[1:]) if b != a + 1)


async def run_load(base: str, games: int, questions: int, limit: float) -> dict[str, Any]:
    latencies: list[float] = []
    span = [float("inf"), 0.0]          # first question asked, last answer received
    tally = {"ok": 0, "errors": 0, "lost": 0, "out_of_order": 0}
    limits = httpx.Limits(max_connections=games, max_keepalive_connections=games)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        start = time.perf_counter()
        tasks = [asyncio.create_task(one_game(client, base.replace("http", "ws"), i, questions,
                                              latencies, tally, span)) for i in range(games)]
        done, pending = await asyncio.wait(tasks, timeout=limit)
        for task in pending:
            task.cancel()
        failed = sum(1 for t in done if t.exception() is not None) + len(pending)
        elapsed = max(span[1] - span[0], 1e-9) if latencies else time.perf_counter() - start
    return {"questions": len(latencies), "seconds": elapsed,
            "qps": len(latencies) / elapsed if elapsed else 0.0,
            "p50": statistics.median(latencies) if latencies else float("nan"),
            "p95": percentile(latencies, 0.95) if latencies else float("nan"),
            "p99": percentile(latencies, 0.99) if latencies else float("nan"),
            "errors": tally["errors"] + failed, "failed_games": failed,
            "lost": tally["lost"], "out_of_order": tally["out_of_order"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--questions", type=int, default=30)
    parser.add_argument("--limit", type=float, default=300.0, help="seconds per configuration")
    parser.add_argument("--quick", action="store_true", help="20 games of 10 questions")
    args = parser.parse_args()
    if args.quick:
        args.games, args.questions = 20, 10
    work = Path(tempfile.mkdtemp(prefix="orapa-bench-"))
    binaries = find_binaries()
    cluster = Cluster(binaries).start() if binaries else None
    configs = [("sqlite", 1, f"sqlite:///{work / 'bench.db'}")]
    if cluster is not None:
        configs += [("postgresql", 1, cluster.new_database("bench")),
                    ("postgresql", 2, cluster.new_database("bench"))]
    else:
        print("PostgreSQL server binaries not found: SQLite only")
    print(f"{args.games} concurrent solo games x {args.questions} questions over 127.0.0.1")
    print(f"| database | workers | questions/s | p50 ms | p95 ms | p99 ms | errors | lost events |")
    print("|---|---|---|---|---|---|---|---|")
    try:
        for name, workers, url in configs:
            server = Server(url, work / f"{name}-{workers}.log", workers=workers).start()
            try:
                result = asyncio.run(run_load(server.base, args.games, args.questions,
                                              args.limit))
            finally:
                server.stop()
            print(f"| {name} | {workers} | {result['qps']:.0f} | {1000 * result['p50']:.1f} | "
                  f"{1000 * result['p95']:.1f} | {1000 * result['p99']:.1f} | "
                  f"{result['errors']} | {result['lost'] + result['out_of_order']} |",
                  flush=True)
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
