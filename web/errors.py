"""Errors as the API answers them: a status and `{"error": "one line"}`, never a traceback.

BadInput from the games is 422, NotYourTurn 409, a solver's time limit 503; FastAPI's validation
errors name the first field that is wrong; anything unexpected is logged and answered with one
line by web.guard (500, or 503 when the database cannot be used).
"""
from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from games.errors import BadInput, LimitReached
from games.seated import NotYourTurn

log = logging.getLogger("orapa.web")


class ApiError(Exception):
    """An answer other than success: an HTTP status and one line."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers: dict[str, str] | None = None


class SocketRefused(Exception):
    """A socket already closed with its code and reason: nothing more to send."""


class TooMany(ApiError):
    """429: this client asked too often; `retry_after` seconds until it may again."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(429, message)
        self.headers = {"Retry-After": str(max(1, retry_after))}


def error_response(status: int, message: str,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    """`{"error": message}` on one line."""
    return JSONResponse({"error": " ".join(str(message).split())}, status_code=status,
                        headers=headers)


def validation_message(exc: RequestValidationError) -> tuple[int, str]:
    """(status, one line) for the first problem FastAPI found."""
    errors = exc.errors()
    if not errors:
        return 422, "request: malformed"
    first = errors[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
    if first.get("type") == "json_invalid":
        return 400, "body: malformed JSON"
    if where in ("query", "path", "header"):
        where = f"{where} parameter"
    message = str(first.get("msg", "invalid"))
    if message.startswith("Value error, "):     # our own validators name their field
        message = message[len("Value error, "):]
        if where == "body" and ":" in message:
            return 422, message
    return 422, f"{where}: {message}"


def install(app: FastAPI) -> None:
    """Register the handlers that turn every failure into `{"error": ...}`."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return error_response(exc.status, exc.message, exc.headers)

    @app.exception_handler(SocketRefused)
    async def socket_refused(websocket: object, exc: SocketRefused) -> None:
        return None

    @app.exception_handler(NotYourTurn)
    async def not_your_turn(request: Request, exc: NotYourTurn) -> JSONResponse:
        return error_response(409, str(exc))

    @app.exception_handler(BadInput)
    async def bad_input(request: Request, exc: BadInput) -> JSONResponse:
        return error_response(422, str(exc))

    @app.exception_handler(LimitReached)
    async def limit(request: Request, exc: LimitReached) -> JSONResponse:
        return error_response(503, f"time limit reached: {exc}", {"Retry-After": "5"})

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(*validation_message(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error_response(exc.status_code, str(exc.detail))

    # Anything else (and storage failures, 503) is answered by web.guard.Guard, outside
    # Starlette's error middleware: a handler for Exception registered here would run inside
    # that middleware, which re-raises, and uvicorn would drop the keep-alive connection.
