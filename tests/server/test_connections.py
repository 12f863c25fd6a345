"""What one client address may make the server spend through WebSockets: open sockets and
connection attempts are limited, a forwarded address counts only when a trusted proxy
forwards it, and the game a connection rebuilds is replayed off the event loop."""

from __future__ import annotations

import gc
import json
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocket, WebSocketDisconnect
from tests.server.conftest import settings_for
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidStatus
from websockets.server import ServerProtocol
from websockets.sync.client import connect

from terranova.server import Settings, cache, create_app
from terranova.server.errors import TooManySockets
from terranova.server.hub import Connection
from terranova.server.limits import GuardedProtocol, SocketCount
from terranova.server.runner import uvicorn_options

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
        assert first["text"]["id"] == "at most {limit} open connections from one address"
        assert {k: first[k] for k in ("type", "code", "message")} == {
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


def test_connection_attempts_per_address_are_limited(make_client: Any) -> None:
    client = make_client("10.1.1.1", ws_connect_burst=3, ws_connects_per_second=0.001)
    path = f"/ws/games/{_game(client)}"
    for _ in range(3):  # each closed at once: only the attempts count
        with client.websocket_connect(path) as ws:
            assert json.loads(ws.receive_text())["type"] == "state"
    with client.websocket_connect(path) as ws:
        refusal = json.loads(ws.receive_text())
        assert {k: refusal[k] for k in ("type", "code", "message")} == {
            "type": "error",
            "code": "rate",
            "message": "at most 3 connection attempts at once from one address, then 0.001 "
            "a second (ws_connects_per_second)",
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4429
    other = make_client("10.1.1.2", ws_connect_burst=3, ws_connects_per_second=0.001)
    with other.websocket_connect(path) as ws:
        assert json.loads(ws.receive_text())["type"] == "state"


def test_connection_attempts_are_refilled_in_time() -> None:
    now = [100.0]
    sockets = SocketCount(
        Settings(ws_connect_burst=2, ws_connects_per_second=0.5), clock=lambda: now[0]
    )
    scope = {"type": "websocket", "client": ("10.1.1.1", 40000), "headers": []}
    for _ in range(2):
        sockets.give_back(sockets.take(scope))
    with pytest.raises(TooManySockets):
        sockets.take(scope)
    now[0] += 1.9
    with pytest.raises(TooManySockets):
        sockets.take(scope)
    now[0] += 0.2  # two seconds since the last token was taken: one more
    sockets.give_back(sockets.take(scope))
    with pytest.raises(TooManySockets):
        sockets.take(scope)
    assert not sockets.open


def test_a_rebuild_does_not_hold_up_other_requests(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = make_client("10.1.1.1")
    slow_id, other_id = _game(client), _game(client)
    started, release = threading.Event(), threading.Event()
    waited_out: list[str] = []
    rebuild = cache.rebuild

    def slow_rebuild(stored: Any) -> Any:
        started.set()
        if not release.wait(30):  # the loop stood still: nothing else could be answered
            waited_out.append(stored.public_id)
        return rebuild(stored)

    def watch() -> dict[str, Any]:
        with client.websocket_connect(f"/ws/games/{slow_id}") as ws:
            return dict(json.loads(ws.receive_text()))

    monkeypatch.setattr(cache, "rebuild", slow_rebuild)
    client.app.state.service.games.forget(slow_id)
    with ThreadPoolExecutor(1) as pool:
        watching = pool.submit(watch)
        assert started.wait(60), "the game was not rebuilt"
        other = client.get(f"/api/games/{other_id}/state")
        release.set()
        assert watching.result(timeout=60)["game_id"] == slow_id
    assert other.status_code == 200
    assert not waited_out


def test_rebuilds_in_flight_are_bounded(make_client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_client("10.1.1.1", max_rebuilds_in_flight=1)
    game_ids = [_game(client), _game(client)]
    started: list[str] = []
    running: list[str] = []
    most = [0]
    second = threading.Event()
    lock = threading.Lock()
    rebuild = cache.rebuild

    def counted_rebuild(stored: Any) -> Any:
        with lock:
            started.append(stored.public_id)
            running.append(stored.public_id)
            most[0] = max(most[0], len(running))
            first = len(started) == 1
            if len(running) > 1:
                second.set()
        if first:
            second.wait(5)  # the other rebuild would start meanwhile, were it let through
        with lock:
            running.remove(stored.public_id)
        return rebuild(stored)

    def watch(game_id: str) -> str:
        with client.websocket_connect(f"/ws/games/{game_id}") as ws:
            return str(json.loads(ws.receive_text())["game_id"])

    monkeypatch.setattr(cache, "rebuild", counted_rebuild)
    for game_id in game_ids:
        client.app.state.service.games.forget(game_id)
    with ThreadPoolExecutor(2) as pool:
        watched = list(pool.map(watch, game_ids, timeout=120))
    assert watched == game_ids
    assert most[0] == 1


SOCKET_OBJECTS = (GuardedProtocol, WebSocketsSansIOProtocol, ServerProtocol, Connection, WebSocket)
"""What the server holds for one WebSocket, from the upgraded HTTP connection on."""


def _socket_objects() -> int:
    return sum(issubclass(type(o), SOCKET_OBJECTS) for o in gc.get_objects())


@contextmanager
def _uvicorn(settings: Settings) -> Iterator[tuple[int, type[GuardedProtocol]]]:
    """The app served as ``terranova serve`` does, in a thread: its port and its HTTP
    protocol class."""
    app = create_app(settings)
    options = uvicorn_options(settings, app)
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while not server.started:
            assert time.monotonic() < deadline and thread.is_alive(), "no server"
            time.sleep(0.05)
        yield server.servers[0].sockets[0].getsockname()[1], options["http"]
    finally:
        server.should_exit = True
        thread.join(30)


def test_closed_sockets_are_freed_without_a_collection(tmp_path: Path) -> None:
    """They were kept in reference cycles until a full collection, which the server makes
    rare: memory grew with every connection made and closed."""
    with _uvicorn(settings_for(f"sqlite:///{tmp_path / 'terranova.db'}")) as (port, _):
        body = {"game": "discovery", "seats": [HUMAN, GREEDY]}
        game_id = httpx.post(f"http://127.0.0.1:{port}/api/games", json=body).json()["game_id"]
        gc.collect()
        gc.disable()  # freed by reference counting alone, or not at all
        try:
            before = _socket_objects()
            for i in range(60):
                path = f"/ws/games/{game_id}" if i % 2 else "/ws/games/nosuchgame"
                with connect(f"ws://127.0.0.1:{port}{path}", open_timeout=30) as ws:
                    ws.recv(timeout=30)  # a state message, or the refusal
            left = _socket_objects() - before
            for _ in range(300):  # the last ones may still be closing
                if left <= 0:
                    break
                time.sleep(0.1)
                left = _socket_objects() - before
        finally:
            gc.enable()
        assert left <= 0, f"{left} objects of closed sockets are left"


def test_attempts_beyond_the_bucket_are_refused_before_the_upgrade(tmp_path: Path) -> None:
    """Served as ``terranova serve`` does, an attempt beyond its address's bucket gets an
    HTTP 429 and no socket (accepting it only to close it cost the server far more); the
    attempts let through are counted once, not again by the app."""
    settings = settings_for(
        f"sqlite:///{tmp_path / 'terranova.db'}", ws_connect_burst=3, ws_connects_per_second=0.001
    )
    with _uvicorn(settings) as (port, _):
        body = {"game": "discovery", "seats": [HUMAN, GREEDY]}
        game_id = httpx.post(f"http://127.0.0.1:{port}/api/games", json=body).json()["game_id"]
        url = f"ws://127.0.0.1:{port}/ws/games/{game_id}"
        for _ in range(3):
            with connect(url, open_timeout=30) as ws:
                assert json.loads(ws.recv(timeout=30))["type"] == "state"
        with pytest.raises(InvalidStatus) as refused:
            connect(url, open_timeout=30)
        response = refused.value.response
        assert response.status_code == 429
        assert response.headers["retry-after"] == "1"
        refusal = json.loads(response.body)
        assert {k: refusal[k] for k in ("detail", "code")} == {
            "detail": "at most 3 connection attempts at once from one address, then 0.001 "
            "a second (ws_connects_per_second)",
            "code": "rate",
        }
        assert refusal["message"]["params"] == {"burst": 3.0, "rate": 0.001}
        # other requests from the address are still answered
        assert httpx.get(f"http://127.0.0.1:{port}/api/catalog").status_code == 200


def _wait_made(protocol: type[GuardedProtocol], sock: socket.socket) -> None:
    """Wait until the server counts ``sock``'s connection."""
    port = sock.getsockname()[1]
    deadline = time.monotonic() + 60
    while not any(
        held.client is not None and held.client[1] == port
        for mine in list(protocol.held.values())
        for held in list(mine)
    ):
        assert time.monotonic() < deadline, "the server did not take the connection"
        time.sleep(0.02)


def test_a_full_server_makes_room_for_a_new_address(tmp_path: Path) -> None:
    """Three addresses hold more idle connections than the server allows in all; a fourth
    address is still answered, the oldest connections of the others closed for it."""
    settings = settings_for(
        f"sqlite:///{tmp_path / 'terranova.db'}",
        max_connections=20,
        http_connections_per_address=8,
        http_request_timeout=600.0,
    )
    with _uvicorn(settings) as (port, protocol), ExitStack() as stack:
        idle = []
        for host in ("127.0.0.2", "127.0.0.3", "127.0.0.4"):
            for _ in range(8):
                sock = socket.create_connection(("127.0.0.1", port), 30, (host, 0))
                idle.append(stack.enter_context(sock))
                _wait_made(protocol, sock)
        local = httpx.HTTPTransport(local_address="127.0.0.5")
        with httpx.Client(transport=local, timeout=30) as client:
            for _ in range(3):
                assert client.get(f"http://127.0.0.1:{port}/api/catalog").status_code == 200
        # the room was made from the first connections of the heaviest addresses
        idle[0].settimeout(30)
        assert idle[0].recv(1) == b""
