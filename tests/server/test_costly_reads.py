"""Replays (each replays a game's log) and ``/metrics`` (each renders every figure) have
token buckets of their own per client address, besides the ``/api/`` requests' one: a
flood of them from one address is refused (429) while its other requests, and other
addresses, are served."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import Api, settings_for

from terranova.server import create_app

PROXY = "10.0.0.1"
ANA_AT = "203.0.113.7"
BO_AT = "203.0.113.8"
BOTS = [{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture
def behind_proxy(sqlite_url: str) -> Iterator[Any]:
    """Opens an app behind the trusted proxy ``PROXY``: a request's address is the one its
    ``X-Forwarded-For`` names."""
    clients: list[TestClient] = []

    def make(**overrides: Any) -> Api:
        settings = settings_for(sqlite_url, trusted_proxies=(PROXY,), **overrides)
        client = TestClient(create_app(settings), client=(PROXY, 40000))
        client.__enter__()
        clients.append(client)
        return Api(client)

    yield make
    for client in reversed(clients):
        client.__exit__(None, None, None)


def get(api: Api, path: str, address: str) -> Any:
    return api.client.get(path, headers={"X-Forwarded-For": address})


def test_replays_have_a_bucket_of_their_own(behind_proxy: Any) -> None:
    api = behind_proxy(replays_per_second=0.001, replay_burst=3)
    game_id = api.create(BOTS)["game_id"]
    api.wait_idle(120)
    assert api.state(game_id)["status"] == "finished"
    replay = f"/api/games/{game_id}/replay/1"
    assert [get(api, replay, ANA_AT).status_code for _ in range(3)] == [200] * 3
    refused = get(api, replay, ANA_AT)
    assert refused.status_code == 429
    assert refused.json()["code"] == "rate"
    assert refused.json()["detail"] == (
        "too many replays: at most 0.001 a second from one address after 3 at "
        "once; wait a moment (replays_per_second)"
    )
    # the address's other requests are served, and other addresses' replays
    assert get(api, f"/api/games/{game_id}", ANA_AT).status_code == 200
    assert get(api, replay, BO_AT).status_code == 200


def test_metrics_have_a_bucket_per_address(behind_proxy: Any) -> None:
    api = behind_proxy(metrics_per_second=0.001, metrics_burst=2)
    assert [get(api, "/metrics", ANA_AT).status_code for _ in range(2)] == [200] * 2
    refused = get(api, "/metrics", ANA_AT)
    assert refused.status_code == 429
    assert refused.json()["code"] == "rate"
    assert refused.json()["detail"] == (
        "too many requests for /metrics: at most 0.001 a second from one address "
        "after 2 at once (metrics_per_second)"
    )
    assert get(api, "/api/catalog", ANA_AT).status_code == 200
    assert get(api, "/metrics", BO_AT).status_code == 200
