"""Fixtures of the server tests: the same tests on SQLite and on a throwaway PostgreSQL cluster
(started once per test session), a TestClient per test, and players."""
from __future__ import annotations

import os
import time
from typing import Any, Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from tests.web.pg_cluster import Cluster, find_binaries
from web.app import create_app

DATABASES = ["sqlite", "postgresql"]
# the tests sign up and create far faster than a person: rates are off unless a test turns
# them on (tests/web/test_limits.py); servers started by the tests inherit this
os.environ["ORAPA_RATE_LIMITS"] = "off"


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    binaries = find_binaries()
    if binaries is None:
        pytest.skip("no PostgreSQL server binaries (initdb, pg_ctl) on this machine")
    cluster = Cluster(binaries).start()
    yield cluster
    cluster.stop()


@pytest.fixture(params=DATABASES)
def database_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A fresh database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'orapa.db'}"
    return request.getfixturevalue("pg_cluster").new_database()


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(database_url)) as test_client:
        yield test_client


class Player:
    """A signed-up player and its authorised requests."""

    def __init__(self, client: TestClient, name: str) -> None:
        response = client.post("/api/players", json={"name": name})
        assert response.status_code == 201, response.text
        self.client = client
        self.id: int = response.json()["player"]["id"]
        self.token: str = response.json()["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}

    def get(self, path: str, **kw: Any) -> Any:
        return self.client.get(path, headers=self.headers, **kw)

    def post(self, path: str, body: Any, **kw: Any) -> Any:
        return self.client.post(path, json=body, headers=self.headers, **kw)

    def put(self, path: str, body: Any) -> Any:
        return self.client.put(path, json=body, headers=self.headers)

    def state(self, gid: int) -> dict[str, Any]:
        response = self.get(f"/api/games/{gid}")
        assert response.status_code == 200, response.text
        return response.json()


@pytest.fixture
def player(client: TestClient) -> Callable[[str], Player]:
    return lambda name: Player(client, name)


def wait_for(check: Callable[[], Any], seconds: float = 60.0) -> Any:
    """Poll until `check()` is truthy (computer seats play in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the server")
        time.sleep(0.05)
