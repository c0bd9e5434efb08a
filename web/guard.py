"""The outermost layer of every HTTP request (plain ASGI, so it costs next to nothing).

- An unexpected error is answered here with one line and status 500, so that the client's
  keep-alive connection stays usable (Starlette's own error middleware re-raises, and uvicorn
  then closes the connection); a storage failure (disk full, read-only file, PostgreSQL down)
  is 503 with `Retry-After`, in a player's words.
- A body larger than `MAX_BODY` is 413, before the app reads it all.
- A NUL byte in the path is 404 (no file or endpoint has one).
- Every answer carries the security headers and `X-Orapa-Worker`, a random name of the
  answering process (never its pid).
"""
from __future__ import annotations

import json
import logging
import secrets
import time
from typing import Any, Sequence

from web import metrics
from web.bodies import BodyRefused, check_body, check_query
from web.errors import code_of
from web.storage_errors import RETRY_AFTER, STORAGE_DOWN, is_storage_failure

log = logging.getLogger("orapa.web")

MAX_BODY = 256 * 1024      # bytes: the largest body any endpoint needs is a layout (~2 kB)
WORKER = secrets.token_hex(4)   # names this process in X-Orapa-Worker

APP_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
              "img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; "
              "base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
# the OpenAPI page loads Swagger UI from its CDN and starts it with an inline script
DOCS_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
               "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
               "img-src 'self' data: https://fastapi.tiangolo.com; object-src 'none'; "
               "frame-ancestors 'none'")
COMMON_HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                  (b"referrer-policy", b"no-referrer"),
                  (b"x-orapa-worker", WORKER.encode())]


class BodyTooLarge(Exception):
    """The client sent more than MAX_BODY bytes."""


def _json(status: int, message: str, extra: Sequence[tuple[bytes, bytes]] = (),
          code: str | None = None) -> list[Any]:
    body = json.dumps({"error": message, "code": code or code_of(status)}).encode()
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode()), *extra]
    return [{"type": "http.response.start", "status": status, "headers": headers},
            {"type": "http.response.body", "body": body}]


class Guard:
    """See the module's docstring."""

    def __init__(self, app: Any, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    @staticmethod
    async def _checked_body(receive: Any) -> Any:
        """Read the whole body, check it (web.bodies), and hand the app a receive that
        replays it."""
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        check_body(body)
        replayed = False

        async def replay() -> Any:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return replay

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        docs = path.endswith(("/api/docs", "/api/docs/oauth2-redirect"))
        extra = [*COMMON_HEADERS,
                 (b"content-security-policy", (DOCS_POLICY if docs else APP_POLICY).encode())]
        started = False
        status = 500
        began = time.perf_counter()

        async def guarded_send(message: Any) -> None:
            nonlocal started, status
            if message["type"] == "http.response.start":
                started = True
                status = message["status"]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        async def reply(code: int, text: str, more: Sequence[tuple[bytes, bytes]] = (),
                        name: str | None = None) -> None:
            for message in _json(code, text, [*more], name):
                await guarded_send(message)

        if "\x00" in path:
            await reply(404, "not found: the address holds a NUL byte")
            return
        length = dict(scope.get("headers", [])).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await reply(413, f"body: larger than {self.max_body // 1024} kB")
            return

        received = 0

        async def counted_receive() -> Any:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise BodyTooLarge()
            return message

        try:
            check_query(scope.get("query_string", b""))
            app_receive = counted_receive
            if scope.get("method") in ("POST", "PUT", "PATCH"):
                app_receive = await self._checked_body(counted_receive)
            await self.app(scope, app_receive, guarded_send)
        except BodyTooLarge:
            if not started:
                await reply(413, f"body: larger than {self.max_body // 1024} kB")
        except BodyRefused as refused:
            await reply(refused.status, refused.message)
        except Exception as exc:       # (never BaseException: a cancelled request goes on up)
            if started:
                log.error("error on %s %s after its answer began", scope.get("method"), path,
                          exc_info=exc)
                raise          # half an answer was sent: only closing the connection is honest
            if is_storage_failure(exc):
                metrics.storage_failed()
                log.warning("storage failure on %s %s: %s", scope.get("method"), path,
                            " ".join(str(exc).split()) or type(exc).__name__)
                await reply(503, STORAGE_DOWN, [(b"retry-after", str(RETRY_AFTER).encode())],
                            "storage_unavailable")
            else:
                log.error("unexpected error on %s %s", scope.get("method"), path,
                          exc_info=exc)
                await reply(500, "internal error: the server failed on this request; it has "
                                 "been logged")
        finally:
            metrics.request_done(scope.get("method", ""), status,
                                 time.perf_counter() - began)
