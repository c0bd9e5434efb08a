"""A real `orapa serve` process on a free port of 127.0.0.1, for tests and benchmarks."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.web.pg_cluster import free_port

ROOT = Path(__file__).resolve().parents[2]


class Server:
    """One `orapa serve` process (its output goes to a log file)."""

    def __init__(self, url: str, log: Path, workers: int = 1, args: tuple[str, ...] = (),
                 env: dict[str, str] | None = None) -> None:
        self.url, self.log, self.workers = url, log, workers
        self.args, self.env = args, env or {}
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> "Server":
        env = {**os.environ, "PYTHONPATH": str(ROOT), **self.env}
        env.pop("ORAPA_DATABASE_MIGRATED", None)
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from cli import main; main()", "serve", "--port",
             str(self.port), "--database", self.url, "--workers", str(self.workers),
             *self.args],
            cwd=ROOT, env=env, stdout=self.log.open("a"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            assert self.process.poll() is None, self.log.read_text()[-2000:]
            time.sleep(0.2)
        raise AssertionError("the server did not start:\n" + self.log.read_text()[-2000:])

    def kill(self) -> None:
        """SIGKILL (every worker too: they share the process group of the parent's children)."""
        assert self.process is not None
        for pid in self._family():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait(timeout=10)

    def pids(self) -> list[int]:
        """The server process and its workers."""
        return self._family()

    def _family(self) -> list[int]:
        assert self.process is not None
        children = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True,
                                  text=True).stdout.split()
        return [self.process.pid, *map(int, children)]

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
