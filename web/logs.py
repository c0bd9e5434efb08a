"""How `orapa serve` logs: uvicorn's loggers and the server's own (`orapa.web`), as text or as
JSON lines (one object per line: time, level, logger, message, and for a request its client,
method, path and status), and never a secret: a `token=` in an address and the password of a
database URL are masked in every line, whichever logger wrote it."""
from __future__ import annotations

import json
import logging
import re
from datetime import datetime, timezone
from typing import Any

TOKEN_IN_QUERY = re.compile(r"((?:^|[?&\s])token=)[^&\s\"']*")
PASSWORD_IN_URL = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@\s]*@", re.IGNORECASE)
BEARER = re.compile(r"(bearer[ .])[A-Za-z0-9_\-]{8,}", re.IGNORECASE)
HIDDEN = "***"


def mask(text: str) -> str:
    """Text with tokens and passwords replaced by ***.

    >>> mask('GET /api/games/3/live?after=0&token=abc123 HTTP/1.1')
    'GET /api/games/3/live?after=0&token=*** HTTP/1.1'
    >>> mask('cannot open postgresql://orapa:TopSecret@db:5432/orapa')
    'cannot open postgresql://orapa:***@db:5432/orapa'
    """
    text = TOKEN_IN_QUERY.sub(lambda m: m.group(1) + HIDDEN, text)
    text = PASSWORD_IN_URL.sub(lambda m: m.group(1) + HIDDEN + "@", text)
    return BEARER.sub(lambda m: m.group(1) + HIDDEN, text)


class MaskSecrets(logging.Filter):
    """Masks secrets in a record's message and arguments (attach it to every handler)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = mask(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(mask(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: mask(v) if isinstance(v, str) else v
                           for k, v in record.args.items()}
        return True


class JsonLines(logging.Formatter):
    """One JSON object per record."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(),
            "level": record.levelname.lower(), "logger": record.name}
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) \
                and len(record.args) == 5:
            client, method, path, version, status = record.args
            entry.update(client=client, method=method, path=path, status=status,
                         message=f"{method} {path} {status}")
        else:
            entry["message"] = record.getMessage()
        if record.exc_info:
            entry["error"] = mask(self.formatException(record.exc_info))
        return json.dumps(entry, default=str)


def log_config(json_lines: bool = False) -> dict[str, Any]:
    """A logging configuration for uvicorn.run(log_config=...)."""
    if json_lines:
        formatters: dict[str, Any] = {"default": {"()": JsonLines}, "access": {"()": JsonLines}}
    else:
        formatters = {
            "default": {"()": "uvicorn.logging.DefaultFormatter",
                        "fmt": "%(levelprefix)s %(message)s", "use_colors": None},
            "access": {"()": "uvicorn.logging.AccessFormatter",
                       "fmt": '%(levelprefix)s %(client_addr)s - "%(request_line)s" '
                              "%(status_code)s"}}
    handler = {"class": "logging.StreamHandler", "filters": ["secrets"]}
    return {
        "version": 1, "disable_existing_loggers": False,
        "filters": {"secrets": {"()": MaskSecrets}},
        "formatters": formatters,
        "handlers": {"default": {**handler, "formatter": "default", "stream": "ext://sys.stderr"},
                     "access": {**handler, "formatter": "access", "stream": "ext://sys.stdout"}},
        "loggers": {"uvicorn": {"handlers": ["default"], "level": "INFO", "propagate": False},
                    "uvicorn.error": {"level": "INFO"},
                    "uvicorn.access": {"handlers": ["access"], "level": "INFO",
                                       "propagate": False},
                    "orapa": {"handlers": ["default"], "level": "INFO", "propagate": False}},
    }
