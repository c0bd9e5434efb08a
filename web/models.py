"""Request bodies (Pydantic). Game-specific contents (layouts, moves, options) are checked by
the game itself, which names the field that is wrong."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, field_validator, model_validator

# the game options each hosted game reads (anything else in a create body is refused, so that
# nothing a client invents is stored); `seed` is checked by web.deals
GAME_OPTIONS: dict[str, frozenset[str]] = {
    "orapa": frozenset({"mode", "gems", "rules", "allowed_guesses", "seed", "clock"}),
    "ripple": frozenset({"power", "palettes", "seed"}),
    "mandragora": frozenset({"pattern", "first", "seed"}),
    "uncovered": frozenset({"variant", "win", "hands", "seed"}),
}
MAX_SEATS = 8
MAX_OPTION_TEXT = 64


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
    game: str = Field("orapa", max_length=32)
    hints: StrictBool = False
    seats: list[dict[str, Any]] | None = Field(None, max_length=MAX_SEATS)

    @model_validator(mode="after")
    def known_options(self) -> "NewGame":
        """Only the options the chosen game reads, with short texts."""
        allowed = GAME_OPTIONS.get(self.game)
        if allowed is None:
            raise ValueError(f"game: expected one of {', '.join(sorted(GAME_OPTIONS))}")
        for key, value in (self.model_extra or {}).items():
            if key not in allowed:
                raise ValueError(f"{key[:40]}: not an option of {self.game} (it takes "
                                 f"{', '.join(sorted(allowed))})")
            if isinstance(value, str) and len(value) > MAX_OPTION_TEXT:
                raise ValueError(f"{key}: longer than {MAX_OPTION_TEXT} characters")
        mode = (self.model_extra or {}).get("mode")
        if mode is not None and not isinstance(mode, str):
            raise ValueError("mode: expected a text such as \"solo\"")
        return self


class Join(BaseModel):
    code: str = Field(min_length=1, max_length=16)


class Action(BaseModel):
    """One move: Orapa `{"shot": "15"}`, `{"cell": "E4"}` or `{"guess": LAYOUT}`; other games
    their own keys (`move`, `swap`, `declare`)."""

    model_config = ConfigDict(extra="allow")
