"""Request bodies (Pydantic). Game-specific contents (layouts, moves, options) are checked by
the game itself, which names the field that is wrong."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator


class NewPlayer(BaseModel):
    name: str = Field(min_length=1, max_length=64)

    @field_validator("name")
    @classmethod
    def printable(cls, value: str) -> str:
        value = value.strip()
        if not value or not value.isprintable():
            raise ValueError("a name is 1 to 64 printable characters")
        return value


class NewGame(BaseModel):
    """`game`, `hints` and `seats` are the server's; every other field is a game option
    (Orapa: mode, gems, rules, allowed_guesses; other games their own)."""

    model_config = ConfigDict(extra="allow")
    game: str = "orapa"
    hints: bool = False
    seats: list[dict[str, Any]] | None = None


class Join(BaseModel):
    code: str = Field(min_length=1, max_length=16)


class Action(BaseModel):
    """One move: Orapa `{"shot": "15"}`, `{"cell": "E4"}` or `{"guess": LAYOUT}`; other games
    their own keys (`move`, `swap`, `declare`)."""

    model_config = ConfigDict(extra="allow")
