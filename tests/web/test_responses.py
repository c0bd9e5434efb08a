"""The server's answers as public models (web/responses.py): the OpenAPI schema names what every
route returns, and a field a model does not name is never sent."""
from __future__ import annotations

import tempfile
from pathlib import Path

from web.app import create_app
from web.responses import Event, GameState, Player

OPENAPI = create_app(f"sqlite:///{Path(tempfile.mkdtemp()) / 'schema.db'}").openapi()


def test_every_route_says_what_it_returns() -> None:
    missing = []
    for path, methods in OPENAPI["paths"].items():
        for method, operation in methods.items():
            ok = next(str(s) for s in operation["responses"] if str(s).startswith("2"))
            schema = operation["responses"][ok].get("content", {}).get(
                "application/json", {}).get("schema", {})
            if not schema or schema == {"type": "object", "additionalProperties": True} and \
                    "analysis" not in path:
                missing.append(f"{method.upper()} {path}")
    assert missing == []


def test_a_field_no_model_names_is_never_sent() -> None:
    state = GameState.model_validate({"id": 1, "game": "orapa", "status": "playing", "seq": 3,
                                      "token": "secret", "mines": {}, "password": "x"})
    sent = state.model_dump(exclude_unset=True)
    assert "token" not in sent and "password" not in sent and sent["mines"] == {}
    assert "code" not in sent                # a spectator's STATE has no join code
    event = Event.model_validate({"seq": 1, "at": "t", "seat": 0, "type": "shot", "shot": "1",
                                  "exit": "5", "mine": {"gems": []}})
    assert event.model_dump(exclude_unset=True) == {"seq": 1, "at": "t", "seat": 0,
                                                    "type": "shot", "shot": "1", "exit": "5"}
    assert Player.model_validate({"id": 4, "name": "Ann", "token_hash": "h"}).model_dump() == \
        {"id": 4, "name": "Ann"}
