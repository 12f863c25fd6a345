"""Fixtures of the web app's tests: apps on a fresh SQLite file (and, when
``TERRANOVA_TEST_POSTGRES_URL`` is set, on a fresh PostgreSQL schema), and a small client."""

from __future__ import annotations

import os
import random
import time
import uuid
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ProgrammingError

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from fastapi.testclient import TestClient  # noqa: E402

from terranova.server import Settings, create_app  # noqa: E402

POSTGRES_ENV = "TERRANOVA_TEST_POSTGRES_URL"
TIMEOUT = 120 * float(os.environ.get("TERRANOVA_TEST_TIMEOUT_FACTOR", "1"))
"""A server test's last bound, in seconds (scripts/load.py triples it: a loaded machine
runs the same work slower; the tests' own waits follow progress)."""


PROCESSES = {
    "test_account_processes.py",
    "test_attacks.py",
    "test_deploy.py",
    "test_load.py",
    "test_process_limits.py",
    "test_processes.py",
    "test_restart.py",
}
"""The modules that start server processes and wait on them: marked ``processes`` (left
out of ``make check``'s fast tier; ``make test-load`` runs them while both cores are busy)."""


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in PROCESSES and "tests/server" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.processes)
        if "tests/server" in str(item.path).replace(os.sep, "/") and not item.get_closest_marker(
            "timeout"
        ):
            item.add_marker(pytest.mark.timeout(TIMEOUT))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'terranova.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The same test on SQLite and, when the environment names one, on PostgreSQL (each
    test in a schema of its own, dropped after)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'terranova.db'}"
        return
    with postgres_schema() as url:
        yield url


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A PostgreSQL database of the test's own (a schema, dropped after), for what only
    PostgreSQL does: several server processes on one database."""
    with postgres_schema() as url:
        yield url


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A URL of the PostgreSQL database the environment names, in a schema of its own,
    dropped after; the test is skipped without one (but fails in CI, which has one)."""
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        if os.environ.get("CI"):  # CI always runs them: .ci/run starts PostgreSQL
            pytest.fail(f"{POSTGRES_ENV} is not set in CI")
        pytest.skip(f"{POSTGRES_ENV} is not set")
    base = worker_database(base)
    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def worker_database(base: str) -> str:
    """The URL of this pytest-xdist worker's own database beside ``base`` (created once,
    kept): schemas keep the tests' tables apart, but PostgreSQL's LISTEN/NOTIFY channels
    (the server processes' relay and chat) span a whole database, so two workers' servers
    on one database would hear each other. Without ``-n``, ``base`` itself."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return base
    url = make_url(base)
    name = f"{url.database}_{worker}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            found = connection.execute(
                text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name}
            ).first()
            if found is None:  # the role needs CREATEDB (scripts/ci-postgres.sh grants it)
                try:
                    connection.execute(text(f'CREATE DATABASE "{name}"'))
                except ProgrammingError as error:  # another run's same worker made it first
                    if "already exists" not in str(error):
                        raise
    finally:
        admin.dispose()
    return url.set(database=name).render_as_string(hide_password=False)


def settings_for(database_url: str, **overrides: Any) -> Settings:
    """Settings for tests: no bot pause and no request limits unless asked for."""
    values: dict[str, Any] = {
        "database_url": database_url,
        "bot_delay_ms": 0,
        "min_unwatched_bot_delay_ms": 0,
        "unwatched_bot_moves_per_second": 0,
        "max_games_per_address_per_hour": 0,
        "ws_messages_per_second": 100_000,
        "http_requests_per_second": 1e9,
        "http_burst": 1_000_000,
        "replays_per_second": 1e9,
        "replay_burst": 1_000_000,
        "metrics_per_second": 1e9,
        "metrics_burst": 1_000_000,
        "ws_connects_per_second": 1e9,
        "ws_connect_burst": 1_000_000,
        "password_hashing": "cheap",
    }
    values.update(overrides)
    return Settings(**values)


@pytest.fixture(name="settings_for")
def settings_for_fixture() -> Callable[..., Settings]:
    return settings_for


class Api:
    """A TestClient with the calls the tests make."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def close(self) -> None:
        """Stop the app (as a shutdown would)."""
        self.client.__exit__(None, None, None)

    @property
    def service(self) -> Any:
        return self.client.app.state.service  # type: ignore[attr-defined]

    def create(
        self,
        seats: list[dict[str, Any]],
        params: dict[str, Any] | None = None,
        bot_delay_ms: int | None = 0,
        game: str = "discovery",
        response_seconds: float | None = None,
        practice: bool | None = None,
        hints: bool | None = None,
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"game": game, "seats": seats, "params": params or {}}
        if hints is not None:
            body["hints"] = hints
        if bot_delay_ms is not None:
            body["bot_delay_ms"] = bot_delay_ms
        if response_seconds is not None:
            body["response_seconds"] = response_seconds
        if practice is not None:
            body["practice"] = practice
        response = self.client.post("/api/games", json=body)
        assert response.status_code == 200, response.text
        return dict(response.json())

    def state(self, game_id: str, seat: int | None = None, token: str | None = None) -> Any:
        params: dict[str, Any] = {}
        if seat is not None:
            params["seat"] = seat
        if token is not None:
            params["token"] = token
        response = self.client.get(f"/api/games/{game_id}/state", params=params)
        assert response.status_code == 200, response.text
        return response.json()

    def act(
        self, game_id: str, seat: int, token: str | None, action: str, ply: int
    ) -> Any:  # the httpx response
        body: dict[str, Any] = {"seat": seat, "action": action, "ply": ply}
        if token is not None:
            body["token"] = token
        return self.client.post(f"/api/games/{game_id}/actions", json=body)

    def undo(self, game_id: str, seat: int, token: str | None) -> Any:
        return self.client.post(f"/api/games/{game_id}/undo", json={"seat": seat, "token": token})

    def wait_turn(
        self, game_id: str, seat: int, token: str, timeout: float = 30.0
    ) -> dict[str, Any]:
        """Poll until ``seat`` is to move (or the game is over); its state message."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.state(game_id, seat, token)
            if state["status"] == "finished" or state["legal"]:
                return dict(state)
            assert time.monotonic() < deadline, f"seat {seat} never got the move: {state}"
            time.sleep(0.01)

    def wait_idle(self, timeout: float = 30.0) -> None:
        """Wait until the app's bots have nothing left to do."""
        self.client.portal.call(self.service.idle, timeout)  # type: ignore[union-attr]

    def play_out(
        self, game_id: str, tokens: dict[int, str], seed: int = 4, timeout: float = 90.0
    ) -> dict[str, Any]:
        """The people holding ``tokens`` play random legal actions over HTTP, each when it is
        their turn, until the game is over (the bots answer meanwhile); its last state."""
        rng = random.Random(seed)
        deadline = time.monotonic() + timeout
        while True:
            state = self.state(game_id)
            if state["status"] == "finished":
                return dict(state)
            seat = state["to_move"]
            assert time.monotonic() < deadline
            if seat in tokens:
                mine = self.state(game_id, seat, tokens[seat])
                if mine["legal"]:
                    action = rng.choice(mine["legal"])
                    answer = self.act(game_id, seat, tokens[seat], action, mine["ply"])
                    assert answer.status_code in (200, 409), answer.text
                    continue
            time.sleep(0.01)

    def play_until(
        self,
        game_id: str,
        seat: int,
        token: str,
        stop: Callable[[dict[str, Any]], bool],
        rng: random.Random,
    ) -> dict[str, Any]:
        """Play random legal actions for ``seat`` over HTTP until ``stop(state)``."""
        while True:
            state = self.wait_turn(game_id, seat, token)
            if stop(state) or state["status"] == "finished":
                return state
            action = rng.choice(state["legal"])
            response = self.act(game_id, seat, token, action, state["ply"])
            assert response.status_code == 200, response.text


OpenApi = Callable[..., Api]


@pytest.fixture
def open_api(request: pytest.FixtureRequest, sqlite_url: str) -> Iterator[OpenApi]:
    """Opens apps (lifespan running) on the test's database, or on ``url``; closes them
    at the end."""
    # The test's PostgreSQL schema must outlive its apps: set up before them, it is dropped
    # after they stop (dropped first, it deadlocked with a bot still moving in CI).
    for name in ("database_url", "postgres_url"):
        if name in request.fixturenames:
            request.getfixturevalue(name)
    clients: list[TestClient] = []

    def open_(url: str | None = None, **overrides: Any) -> Api:
        client = TestClient(create_app(settings_for(url or sqlite_url, **overrides)))
        client.__enter__()
        clients.append(client)
        return Api(client)

    yield open_
    for client in reversed(clients):
        if client.portal is not None:  # not closed by the test
            client.__exit__(None, None, None)


@pytest.fixture
def api(open_api: OpenApi) -> Api:
    return open_api()
