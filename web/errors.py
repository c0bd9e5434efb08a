"""Errors as the API answers them: a status and `{"error": "one line"}`, never a traceback.

BadInput from the games is 422, NotYourTurn 409, a solver's time limit 503; FastAPI's validation errors name the first
field that is wrong; anything unexpected is logged and answered with one line.
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


def error_response(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": " ".join(str(message).split())}, status_code=status)


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
    return 422, f"{where}: {first.get('msg', 'invalid')}"


def install(app: FastAPI) -> None:
    """Register the handlers that turn every failure into `{"error": ...}`."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return error_response(exc.status, exc.message)

    @app.exception_handler(NotYourTurn)
    async def not_your_turn(request: Request, exc: NotYourTurn) -> JSONResponse:
        return error_response(409, str(exc))

    @app.exception_handler(BadInput)
    async def bad_input(request: Request, exc: BadInput) -> JSONResponse:
        return error_response(422, str(exc))

    @app.exception_handler(LimitReached)
    async def limit(request: Request, exc: LimitReached) -> JSONResponse:
        return error_response(503, f"time limit reached: {exc}")

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(*validation_message(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error_response(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.error("unexpected error on %s %s: %r", request.method, request.url.path, exc,
                  exc_info=exc)
        return error_response(500, f"internal error: {type(exc).__name__}")
