"""A throwaway PostgreSQL cluster for tests and benchmarks: initdb into a temporary directory,
pg_ctl start on a free port of 127.0.0.1, one fresh database per caller, stop and delete at the
end. (As root, the server binaries run as the `postgres` user: PostgreSQL refuses root.)"""
from __future__ import annotations

import glob
import os
import shlex
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from web.database import run_blocking

SEARCH = ["/usr/local/bin", *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]


def find_binaries() -> Path | None:
    """The directory holding initdb and pg_ctl, or None."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(on_path).parent
    for directory in SEARCH:
        if (Path(directory) / "initdb").exists() and (Path(directory) / "pg_ctl").exists():
            return Path(directory)
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One running throwaway cluster."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.root = Path(tempfile.mkdtemp(prefix="orapa-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self._count = 0
        self._as_other = os.geteuid() == 0

    def _command(self, *args: str) -> list[str]:
        command = [str(self.binaries / args[0]), *args[1:]]
        if self._as_other:
            command = ["runuser", "-u", "postgres", "--", *command]
        return command

    def _run(self, *args: str) -> None:
        subprocess.run(self._command(*args), check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)

    def _stop_when_gone(self, owner: int) -> None:
        """A watchdog that stops and deletes the cluster once `owner` has exited, however it
        ended: a run killed, or cut short by pytest-timeout's os._exit, runs no cleanup, and
        its postmaster would live on."""
        stop = shlex.join(self._command("pg_ctl", "-D", str(self.data), "-m", "immediate",
                                        "stop"))
        script = (f"while kill -0 {owner} 2>/dev/null; do sleep 1; done; "
                  f"{stop} >/dev/null 2>&1; rm -rf {shlex.quote(str(self.root))}")
        subprocess.Popen(["sh", "-c", script], start_new_session=True,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)

    def start(self) -> "Cluster":
        if self._as_other:
            shutil.chown(self.root, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "--no-sync", "-E", "UTF8")
        self.resume()
        self._stop_when_gone(os.getpid())
        return self

    def resume(self) -> None:
        """Start the server process (again, after `pause`) on the same port and data."""
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} "
                   "-c fsync=off -c synchronous_commit=off -c max_connections=300")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l",
                  str(self.root / "log"), "-w", "start")

    def pause(self) -> None:
        """Stop the server process (fast shutdown: clients are disconnected), keeping the data
        for `resume` (fault injection: PostgreSQL down, restarted)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, name: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def new_database(self, prefix: str = "orapa") -> str:
        """A fresh empty database; returns its URL."""
        self._count += 1
        name = f"{prefix}_{os.getpid()}_{self._count}"

        async def create() -> None:
            import asyncpg
            connection = await asyncpg.connect(self.url("postgres"))
            try:
                await connection.execute(f'CREATE DATABASE "{name}"')
            finally:
                await connection.close()

        run_blocking(create)
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.root, ignore_errors=True)
