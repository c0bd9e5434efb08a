"""Errors as the API answers them: a status and `{"error": "one line", "code": "..."}`, never a
traceback. This is the one module that maps failures to HTTP: `FAILURES` gives the status and
the stable machine-readable code of each kind (the service's own, web/failures.py, and the
games' BadInput by cause); docs/interface.md lists the codes.

FastAPI's validation errors name the first field that is wrong; anything unexpected is logged
and answered with one line by web.guard (500, or 503 when the database cannot be used).
"""
from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from games.errors import BadInput, IllegalMove, LimitReached, Malformed
from games.seated import NotYourTurn
from web import failures

log = logging.getLogger("orapa.web")

FAILURES: dict[type[Exception], tuple[int, str]] = {
    failures.NoSuchGame: (404, "no_such_game"),
    failures.NoSuchPlayer: (404, "no_such_player"),
    failures.WrongCode: (403, "wrong_code"),
    failures.SeatTaken: (409, "seat_taken"),
    failures.NotSeated: (403, "not_seated"),
    failures.Busy: (409, "busy"),
    failures.NotOffered: (403, "not_offered"),
    failures.NotNow: (409, "not_now"),
    NotYourTurn: (409, "not_your_turn"),
    IllegalMove: (422, "illegal_move"),
    Malformed: (422, "malformed"),
    BadInput: (422, "bad_input"),
    LimitReached: (503, "time_limit"),
}
"""Each failure's HTTP status and code; a subclass not listed takes its nearest listed base."""

STATUS_CODES = {400: "malformed", 401: "unauthorized", 403: "forbidden", 404: "not_found",
                405: "method_not_allowed", 409: "conflict", 413: "too_large",
                422: "invalid", 429: "too_many_requests", 500: "internal",
                503: "unavailable"}
"""The code of an error known only by its status (the web layer's own refusals)."""


def failure_status(exc: Exception) -> tuple[int, str]:
    """(HTTP status, code) of a failure, by the nearest of its classes that `FAILURES` lists."""
    for kind in type(exc).__mro__:
        if kind in FAILURES:
            return FAILURES[kind]
    return 500, "internal"


def code_of(status: int) -> str:
    """The code of an answer known only by its status."""
    return STATUS_CODES.get(status, "error")


class ApiError(Exception):
    """An answer other than success from the web layer itself (authentication, limits, request
    checks): an HTTP status, one line and its code (by default the status's, `STATUS_CODES`)."""

    def __init__(self, status: int, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.code = code or code_of(status)
        self.headers: dict[str, str] | None = None


class SocketRefused(Exception):
    """A socket already closed with its code and reason: nothing more to send."""


class TooMany(ApiError):
    """429: this client asked too often; `retry_after` seconds until it may again."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(429, message, "too_many_requests")
        self.headers = {"Retry-After": str(max(1, retry_after))}


def error_response(status: int, message: str, headers: dict[str, str] | None = None,
                   code: str | None = None) -> JSONResponse:
    """`{"error": message, "code": code}`, the message on one line."""
    return JSONResponse({"error": " ".join(str(message).split()), "code": code or code_of(status)},
                        status_code=status, headers=headers)


def failure_message(exc: Exception) -> str:
    """The player's line of a failure."""
    if isinstance(exc, failures.ServiceError):
        return exc.message
    if isinstance(exc, LimitReached):
        return f"time limit reached: {exc}"
    return str(exc)


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
        return error_response(exc.status, exc.message, exc.headers, exc.code)

    @app.exception_handler(SocketRefused)
    async def socket_refused(websocket: object, exc: SocketRefused) -> None:
        return None

    async def failure(request: Request, exc: Exception) -> JSONResponse:
        status, code = failure_status(exc)
        headers = {"Retry-After": "5"} if status == 503 else None
        return error_response(status, failure_message(exc), headers, code)

    for kind in FAILURES:
        app.add_exception_handler(kind, failure)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        status, message = validation_message(exc)
        return error_response(status, message, code="malformed")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error_response(exc.status_code, str(exc.detail))

    # Anything else (and storage failures, 503) is answered by web.guard.Guard, outside
    # Starlette's error middleware: a handler for Exception registered here would run inside
    # that middleware, which re-raises, and uvicorn would drop the keep-alive connection.
