"""A reverse proxy that serves a server under a base path and strips it, as nginx's
`location /orapa/ { proxy_pass http://backend/; }` does: `GET /orapa/api/health` reaches the
server as `GET /api/health`; an address outside the base path is 404 here. WebSocket upgrades
pass through (after the request line, bytes are piped both ways). For tests only: one thread,
its own event loop, request bodies by Content-Length (what browsers and httpx send)."""
from __future__ import annotations

import asyncio
import contextlib
import threading
from pathlib import Path
from typing import Any, Iterator

from tests.web.pg_cluster import free_port
from tests.web.serve_process import Server


class PrefixProxy:
    """`PrefixProxy("/orapa", 8000).start()` listens on 127.0.0.1:`port`; `stop()` ends it."""

    def __init__(self, prefix: str, backend_port: int) -> None:
        self.prefix, self.backend_port = prefix, backend_port
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}{prefix}"
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: Any = None

    def start(self) -> "PrefixProxy":
        self.thread.start()
        started = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._client, "127.0.0.1", self.port), self.loop)
        self.server = started.result(10)
        return self

    def stop(self) -> None:
        async def close() -> None:
            self.server.close()
        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream: asyncio.StreamWriter | None = None
        pipe: asyncio.Task[None] | None = None
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                line, _, rest = head.partition(b"\r\n")
                method, path, version = line.decode("latin-1").split(" ", 2)
                if not (path == self.prefix or path.startswith(self.prefix + "/")):
                    writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n"
                                 b"Connection: close\r\n\r\n")
                    await writer.drain()
                    return
                inner = path[len(self.prefix):] or "/"
                if upstream is None:
                    up_reader, upstream = await asyncio.open_connection("127.0.0.1",
                                                                        self.backend_port)
                    pipe = asyncio.ensure_future(self._pipe(up_reader, writer))
                upstream.write(f"{method} {inner} {version}\r\n".encode("latin-1") + rest)
                headers = rest.decode("latin-1").lower()
                length = next((int(h.split(":", 1)[1]) for h in headers.split("\r\n")
                               if h.startswith("content-length:")), 0)
                if length:
                    upstream.write(await reader.readexactly(length))
                await upstream.drain()
                if "upgrade: websocket" in headers:
                    await self._pipe(reader, upstream)
                    return
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            return
        finally:
            if pipe is not None:
                pipe.cancel()
            for stream in (upstream, writer):
                if stream is not None:
                    with contextlib.suppress(Exception):
                        stream.close()

    @staticmethod
    async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, asyncio.CancelledError):
            while data := await source.read(65536):
                sink.write(data)
                await sink.drain()
        with contextlib.suppress(Exception):
            sink.close()


@contextlib.contextmanager
def served_under(prefix: str, work: Path) -> Iterator[PrefixProxy]:
    """`orapa serve --root-path prefix` on a fresh SQLite file in `work` (rate limits off), behind
    a `PrefixProxy` for that prefix; both stop when the block ends."""
    server = Server(f"sqlite:///{work / 'orapa.db'}", work / "serve.log",
                    args=("--root-path", prefix), env={"ORAPA_RATE_LIMITS": "off"}).start()
    try:
        proxy = PrefixProxy(prefix, server.port).start()
        try:
            yield proxy
        finally:
            proxy.stop()
    finally:
        server.stop()
