"""Random and malformed bodies at every endpoint: always an answer below 500, and every error is
`{"error": "one line"}` (property tests; SQLite, one server for the module)."""
from __future__ import annotations

import json
from typing import Any, Iterator
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.conftest import Player, wait_for
from tests.web.helpers import legal_mine
from web.app import create_app
from web.errors import FAILURES, STATUS_CODES

KEYS = ["shot", "cell", "guess", "mine", "gems", "vertices", "shape", "color", "mode", "seats",
        "role", "kind", "level", "code", "name", "rules", "hints", "game", "mirror", "touching",
        "visibility", "allowed_guesses", "move", "swap", "declare", "observations"]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
                    st.text(max_size=12), st.sampled_from(["15", "B", "E4", "solo", "duel",
                                                          "table", "base", "red", "square",
                                                          "explorer", "computer", "K7QX2M"]))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=5),
                                                 inner, max_size=5)), max_leaves=20)
LAYOUTISH = st.fixed_dictionaries({"gems": st.lists(st.fixed_dictionaries({
    "shape": st.sampled_from(["square", "triangle", "parallelogram", "large-triangle", "blob"]),
    "color": st.sampled_from(["red", "yellow", "blue", "white", "green"]),
    "vertices": st.lists(st.lists(st.integers(-2, 12), min_size=2, max_size=2), max_size=5)}),
    max_size=6)})
BODIES = st.one_of(JSON, LAYOUTISH, st.fixed_dictionaries({"guess": LAYOUTISH}),
                   st.dictionaries(st.sampled_from(KEYS), JSON, max_size=4))


class World:
    """One server with a solo game in play and a table game waiting for its director's mine."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.me = Player(client, "Fuzz")
        self.solo = self.me.post("/api/games", {"mode": "solo"}).json()["game"]["id"]
        seats = [{"role": "director", "kind": "human"},
                 {"role": "explorer", "kind": "computer", "level": "easy"},
                 {"role": "explorer", "kind": "computer", "level": "easy"}]
        created = self.me.post("/api/games", {"mode": "table", "seats": seats}).json()
        self.table, self.code = created["game"]["id"], created["code"]
        wait_for(lambda: self.me.state(self.solo)["status"] == "playing")

    def paths(self) -> list[tuple[str, str]]:
        s, t = self.solo, self.table
        return [("POST", "/api/players"), ("POST", "/api/games"),
                ("POST", f"/api/games/{s}/actions"), ("PUT", f"/api/games/{t}/mine"),
                ("PUT", f"/api/games/{s}/mine"), ("POST", f"/api/games/{t}/join"),
                ("POST", f"/api/games/{s}/hints/check"), ("POST", "/api/daily/guess"),
                ("POST", f"/api/games/{t}/actions")]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'fuzz.db'}"
    with TestClient(create_app(url), raise_server_exceptions=False) as client:
        yield World(client)


CODES = {*STATUS_CODES.values(), *(code for _, code in FAILURES.values()), "storage_unavailable"}


def check(response: Any) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        body = response.json()
        assert list(body) == ["error", "code"] and "\n" not in body["error"] and body["error"]
        assert body["code"] in CODES, body


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data(), BODIES)
def test_random_bodies_never_make_a_500(world: World, data: st.DataObject, body: Any) -> None:
    method, path = data.draw(st.sampled_from(world.paths()))
    check(world.client.request(method, path, content=json.dumps(body).encode(),
                               headers={**world.me.headers,
                                        "Content-Type": "application/json"}))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data(), st.binary(max_size=40) | st.text(max_size=40).map(str.encode))
def test_malformed_json_is_a_400(world: World, data: st.DataObject, raw: bytes) -> None:
    method, path = data.draw(st.sampled_from(world.paths()))
    response = world.client.request(method, path, content=raw, headers={
        **world.me.headers, "Content-Type": "application/json"})
    check(response)
    try:
        json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        assert response.status_code in (400, 401, 404, 409, 422), response.text


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["/api/games/{}", "/api/games/{}/events?after={}",
                        "/api/games/{}/hints/next", "/api/games/{}/hints/deductions",
                        "/api/games/{}/analysis", "/api/players/{}/stats", "/api/games?code={}"]),
       st.one_of(st.integers(), st.text(max_size=8)), st.one_of(st.integers(), st.text(max_size=6)))
def test_random_paths_and_queries(world: World, pattern: str, a: Any, b: Any) -> None:
    path = pattern.format(quote(str(a), safe=""), quote(str(b), safe=""))
    check(world.client.get(path, headers=world.me.headers))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(st.none(), st.text(max_size=30), st.just("Bearer "), st.just("Basic x")))
def test_random_authorization_headers(world: World, header: str | None) -> None:
    headers = {} if header is None else {"Authorization": header}
    try:
        response = world.client.post("/api/games", json={"mode": "solo"}, headers=headers)
    except UnicodeEncodeError:
        return      # the HTTP client itself refuses non-latin-1 headers
    check(response)
    assert response.status_code == 401


def test_the_fuzzed_games_still_replay(world: World) -> None:
    """Whatever the fuzzing did, each game's log rebuilds to the state the server shows."""
    for gid in (world.solo, world.table):
        state = world.me.state(gid)
        events = world.me.get(f"/api/games/{gid}/events").json()["events"]
        assert [e["seq"] for e in events] == list(range(1, state["seq"] + 1))
    assert world.me.put(f"/api/games/{world.table}/mine", legal_mine(1)).status_code in (200,
                                                                                        409)
