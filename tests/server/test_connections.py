"""Open WebSockets per client address are limited, and a forwarded address counts only
when a trusted proxy forwards it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import settings_for

from terranova.server import create_app

HUMAN = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Any]:
    clients: list[TestClient] = []

    def make(peer: str, **overrides: Any) -> TestClient:
        url = f"sqlite:///{tmp_path / 'terranova.db'}"
        client = TestClient(create_app(settings_for(url, **overrides)), client=(peer, 40000))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


def _game(client: TestClient) -> str:
    body = {"game": "discovery", "seats": [HUMAN, GREEDY]}
    response = client.post("/api/games", json=body)
    assert response.status_code == 200, response.text
    return str(response.json()["game_id"])


def _refused(client: TestClient, path: str, headers: dict[str, str] | None = None) -> bool:
    """Whether a new socket is refused for too many from its address (code 4429)."""
    with client.websocket_connect(path, headers=dict(headers or {})) as ws:
        first = json.loads(ws.receive_text())
        if first["type"] == "state":
            return False
        assert first == {
            "type": "error",
            "code": "rate",
            "message": "at most 3 open connections from one address",
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4429
        return True


def test_open_sockets_per_address_are_limited(make_client: Any) -> None:
    client = make_client("10.1.1.1", ws_max_per_address=3)
    path = f"/ws/games/{_game(client)}"
    with ExitStack() as stack:
        for _ in range(3):
            ws = stack.enter_context(client.websocket_connect(path))
            assert json.loads(ws.receive_text())["type"] == "state"
        assert _refused(client, path)
        # another address is not affected
        other = make_client("10.1.1.2", ws_max_per_address=3)
        assert not _refused(other, path)
    # closed sockets are given back
    assert not _refused(client, path)


def test_a_forwarded_address_counts_only_from_a_trusted_proxy(make_client: Any) -> None:
    untrusted = make_client("10.1.1.1", ws_max_per_address=3)
    path = f"/ws/games/{_game(untrusted)}"
    with ExitStack() as stack:
        for i in range(3):
            headers = {"x-forwarded-for": f"192.0.2.{i}"}
            ws = stack.enter_context(untrusted.websocket_connect(path, headers=headers))
            ws.receive_text()
        # a made-up forwarded address does not buy a fresh allowance
        assert _refused(untrusted, path, {"x-forwarded-for": "192.0.2.99"})

    proxy = make_client("10.0.0.5", ws_max_per_address=3, trusted_proxies=("10.0.0.0/24",))
    with ExitStack() as stack:
        for i in range(3):
            headers = {"x-forwarded-for": f"192.0.2.{i}, 10.0.0.7"}
            ws = stack.enter_context(proxy.websocket_connect(path, headers=headers))
            ws.receive_text()
        # each client behind the proxy has its own allowance ...
        assert not _refused(proxy, path, {"x-forwarded-for": "192.0.2.50"})
        for _ in range(2):
            ws = stack.enter_context(
                proxy.websocket_connect(path, headers={"x-forwarded-for": "192.0.2.1"})
            )
            ws.receive_text()
        # ... and keeps to it
        assert _refused(proxy, path, {"x-forwarded-for": "192.0.2.1"})
