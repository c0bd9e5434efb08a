"""Conventions every command shares: JSON output, input files, errors and exit statuses."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Callable

import click

from games.errors import BadInput, LimitReached

EXIT_BAD_INPUT = 2
EXIT_LIMIT = 3


def read_text(path: str) -> str:
    """Read a file argument; `-` means standard input. Unreadable files are bad input."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise BadInput(f"{path}: cannot read: {reason}") from None


def emit_json(document: Any) -> None:
    """Print exactly one JSON document on standard output."""
    click.echo(json.dumps(document))


def run_main(group: click.Group, args: list[str] | None = None) -> None:
    """Run `group`, turning the project's exceptions into one-line messages and exit codes."""
    try:
        group.main(args=args, prog_name="orapa", standalone_mode=False)
    except BadInput as exc:
        click.echo(f"orapa: error: {exc}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except LimitReached as exc:
        if exc.partial is not None:
            emit_json(exc.partial)
        click.echo(f"orapa: limit reached: {exc}", err=True)
        sys.exit(EXIT_LIMIT)
    except click.exceptions.Abort:
        click.echo("orapa: aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        click.echo(f"orapa: error: {exc.format_message()}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        click.echo("orapa: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)


