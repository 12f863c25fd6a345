"""Chat at a table and in the lobby: who may write, what is kept and shown (plain text, in
its limits), muting, moderation through ``terranova admin``, and who is online."""

from __future__ import annotations

import json
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select, update
from typer.testing import CliRunner

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from fastapi.testclient import TestClient  # noqa: E402
from starlette.testclient import WebSocketTestSession  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from terranova.cli import app as cli  # noqa: E402
from terranova.server import create_app  # noqa: E402
from terranova.server.accounts import AccountRow  # noqa: E402
from terranova.server.chat import ChatRow  # noqa: E402
from terranova.server.db import SeatRow  # noqa: E402
from terranova.server.sessions import COOKIE  # noqa: E402

from .conftest import settings_for  # noqa: E402
from .test_accounts import PASSWORD, csrf, device, sign_up  # noqa: E402
from .test_processes import two_servers  # noqa: E402

HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
HTML = '<b>x</b><script>alert("hi")</script> & <img src=x onerror=alert(1)>'


@pytest.fixture
def app_client(request: pytest.FixtureRequest, database_url: str) -> Iterator[TestClient]:
    overrides = getattr(request, "param", {})
    values = {"chat_messages_per_window": 0, **overrides}
    with TestClient(create_app(settings_for(database_url, **values))) as client:
        yield client


def person(client: TestClient, name: str) -> TestClient:
    """Another browser, signed in to a new account named ``name``."""
    other = device(client)
    answer = sign_up(other, f"{name.lower()}@example.org", name)
    assert answer.status_code == 200, answer.text
    return other


def table(client: TestClient) -> tuple[str, list[str]]:
    """A table of two people made by a guest: its id and its seats' tokens."""
    created = device(client).post("/api/games", json={"game": "discovery", "seats": HUMANS})
    assert created.status_code == 200, created.text
    body = created.json()
    return body["game_id"], [seat["token"] for seat in body["seats"]]


def until(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (others skipped)."""
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return dict(message)


def nothing_more(ws: WebSocketTestSession, skip: tuple[str, ...] = ("state",)) -> None:
    """Nothing is waiting for ``ws`` but what ``skip`` names: a ping's pong comes next."""
    ws.send_json({"type": "ping"})
    while (message := ws.receive_json())["type"] in skip:
        pass
    assert message == {"type": "pong"}


def stored(client: TestClient) -> list[ChatRow]:
    db = client.app.state.db  # type: ignore[attr-defined]
    with db.session() as session:
        return list(session.scalars(select(ChatRow).order_by(ChatRow.id)))


def admin(client: TestClient, *args: str) -> Any:
    url = client.app.state.settings.database_url  # type: ignore[attr-defined]
    command, *rest = args
    return CliRunner().invoke(cli, ["admin", command, "--database-url", url, *rest])


def test_seats_and_spectators_chat_at_a_table_and_a_guest_reads(app_client: TestClient) -> None:
    ana, bo = person(app_client, "Ana"), person(app_client, "Bo")
    guest = device(app_client)
    game_id, tokens = table(app_client)
    seat = f"/ws/games/{game_id}?seat=0&token={tokens[0]}&chat=1"
    with (
        ana.websocket_connect(seat) as ana_ws,
        bo.websocket_connect(f"/ws/games/{game_id}?chat=1") as bo_ws,
        guest.websocket_connect(f"/ws/games/{game_id}?chat=1") as guest_ws,
        guest.websocket_connect(f"/ws/games/{game_id}") as plain,
    ):
        assert until(ana_ws, "chat_history")["can_write"] is True
        assert until(bo_ws, "chat_history")["messages"] == []
        history = until(guest_ws, "chat_history")
        assert history["can_write"] is False and history["why"] == "sign in to chat"
        ana_ws.send_json({"type": "chat", "text": "  good luck\nall  "})
        for ws in (ana_ws, bo_ws, guest_ws):
            message = until(ws, "chat")["message"]
            assert (message["name"], message["seat"], message["spectator"]) == ("Ana", 0, False)
            assert message["text"] == "good luck all" and message["room"] == game_id
        bo_ws.send_json({"type": "chat", "text": "watching"})
        message = until(guest_ws, "chat")["message"]
        assert (message["name"], message["seat"], message["spectator"]) == ("Bo", None, True)
        guest_ws.send_json({"type": "chat", "text": "me too"})
        refused = until(guest_ws, "error")
        assert refused["code"] == "forbidden" and "sign in to chat" in refused["message"]
        nothing_more(plain)  # a socket that did not ask for the chat gets none
    assert [row.text for row in stored(app_client)] == ["good luck all", "watching"]
    with bo.websocket_connect(f"/ws/games/{game_id}?chat=1") as again:
        history = until(again, "chat_history")
        assert [m["text"] for m in history["messages"]] == ["good luck all", "watching"]


def test_a_seat_held_through_an_account_is_not_a_spectator(app_client: TestClient) -> None:
    ana = person(app_client, "Ana")
    game_id, _tokens = table(app_client)
    account_id = ana.get("/api/account").json()["account"]["account_id"]
    db = app_client.app.state.db  # type: ignore[attr-defined]
    with db.writing() as session:
        pk = app_client.app.state.accounts.store.by_public_id(account_id).id  # type: ignore[attr-defined]
        session.execute(update(SeatRow).where(SeatRow.seat == 1).values(account_id=pk))
    with ana.websocket_connect(f"/ws/games/{game_id}?chat=1") as ws:
        until(ws, "chat_history")
        ws.send_json({"type": "chat", "text": "my seat"})
        message = until(ws, "chat")["message"]
        assert (message["seat"], message["spectator"]) == (1, False)


def test_html_is_kept_and_sent_as_text(app_client: TestClient) -> None:
    ana = person(app_client, "Ana")
    with ana.websocket_connect("/ws/lobby") as ws:
        until(ws, "chat_history")
        ws.send_json({"type": "chat", "text": HTML})
        assert until(ws, "chat")["message"]["text"] == HTML
    assert [row.text for row in stored(app_client)] == [HTML]


@pytest.mark.parametrize(
    "app_client", [{"chat_messages_per_window": 2, "chat_window_seconds": 3600}], indirect=True
)
def test_length_and_rate_limits_store_nothing(app_client: TestClient) -> None:
    ana, bo = person(app_client, "Ana"), person(app_client, "Bo")
    with ana.websocket_connect("/ws/lobby") as ws, bo.websocket_connect("/ws/lobby") as bo_ws:
        until(ws, "chat_history")
        until(bo_ws, "chat_history")
        for text, code in (
            ("x" * 501, "malformed"),
            (" \u200b ", "malformed"),
            ("a\x07", "malformed"),
        ):
            ws.send_json({"type": "chat", "text": text})
            assert until(ws, "error")["code"] == code
        ws.send_json({"type": "chat", "text": "y" * 500})
        assert len(until(ws, "chat")["message"]["text"]) == 500
        ws.send_json({"type": "chat", "text": "two"})
        until(ws, "chat")
        ws.send_json({"type": "chat", "text": "three"})
        refused = until(ws, "error")
        assert refused["code"] == "rate" and "at most 2 chat messages" in refused["message"]
        bo_ws.send_json({"type": "chat", "text": "same address"})  # the address's share is spent
        assert until(bo_ws, "error")["code"] == "rate"
    assert [row.text for row in stored(app_client)] == ["y" * 500, "two"]


def test_a_muted_person_is_not_shown_live_nor_in_the_history(app_client: TestClient) -> None:
    ana, bo, cy = person(app_client, "Ana"), person(app_client, "Bo"), person(app_client, "Cy")
    ana_id = ana.get("/api/account").json()["account"]["account_id"]
    with (
        ana.websocket_connect("/ws/lobby") as ana_ws,
        bo.websocket_connect("/ws/lobby") as bo_ws,
        cy.websocket_connect("/ws/lobby") as cy_ws,
    ):
        for ws in (ana_ws, bo_ws, cy_ws):
            until(ws, "chat_history")
        bo_ws.send_json({"type": "mute", "account_id": ana_id})
        assert until(bo_ws, "chat_history")["muted"] == [{"account_id": ana_id, "name": "Ana"}]
        ana_ws.send_json({"type": "chat", "text": "from Ana"})
        until(ana_ws, "chat")
        cy_ws.send_json({"type": "chat", "text": "from Cy"})
        assert until(bo_ws, "chat")["message"]["text"] == "from Cy"  # Ana's never came
        bo_ws.send_json({"type": "mute", "account_id": "nobody"})
        assert until(bo_ws, "error")["code"] == "not_found"
    with bo.websocket_connect("/ws/lobby") as again:
        assert [m["text"] for m in until(again, "chat_history")["messages"]] == ["from Cy"]
        again.send_json({"type": "unmute", "account_id": ana_id})
        history = until(again, "chat_history")
        assert [m["text"] for m in history["messages"]] == ["from Ana", "from Cy"]
        assert history["muted"] == []


def test_admin_deletes_a_message_and_suspends_an_account(app_client: TestClient) -> None:
    ana, bo = person(app_client, "Ana"), person(app_client, "Bo")
    shared = app_client.app.state.db.shared  # type: ignore[attr-defined]
    with ana.websocket_connect("/ws/lobby") as ana_ws, bo.websocket_connect("/ws/lobby") as bo_ws:
        until(ana_ws, "chat_history")
        until(bo_ws, "chat_history")
        ana_ws.send_json({"type": "chat", "text": "rude"})
        message_id = until(bo_ws, "chat")["message"]["id"]
        deleted = admin(app_client, "delete-message", str(message_id))
        assert deleted.exit_code == 0, deleted.output
        if shared:  # PostgreSQL: the server hears of it at once
            assert until(bo_ws, "chat_deleted")["id"] == message_id
        again = admin(app_client, "delete-message", str(message_id))
        assert again.exit_code != 0 and "no chat message" in again.output
        suspended = admin(app_client, "suspend", "ANA@example.org")
        assert suspended.exit_code == 0 and "suspended Ana" in suspended.output
        ana_ws.send_json({"type": "chat", "text": "still here"})
        assert until(ana_ws, "error")["code"] == "forbidden"
    assert ana.get("/api/account").json()["account"] is None  # signed out everywhere
    with bo.websocket_connect("/ws/lobby") as ws:
        assert until(ws, "chat_history")["messages"] == []
    unknown = admin(app_client, "suspend", "nobody@example.org")
    assert unknown.exit_code != 0 and "no account" in unknown.output
    assert [row.deleted for row in stored(app_client)] == [True]
    # ids made before new_public_id may begin with "-": such an id goes after "--"
    with app_client.app.state.db.writing() as session:  # type: ignore[attr-defined]
        session.execute(
            update(AccountRow).where(AccountRow.name == "Ana").values(public_id="-bFOOasItWh9")
        )
    unsuspended = admin(app_client, "unsuspend", "--", "-bFOOasItWh9")
    assert unsuspended.exit_code == 0, unsuspended.output
    assert (
        ana.post(
            "/api/session", json={"email": "ana@example.org", "password": PASSWORD}
        ).status_code
        == 200
    )


def test_a_socket_chats_no_more_by_an_account_signed_out_since_it_opened(
    app_client: TestClient,
) -> None:
    """Each message reads the socket's session again: signed out everywhere (from another
    device or this one), its socket is a guest's, in the lobby and at a table."""
    ana = person(app_client, "Ana")
    game_id, _tokens = table(app_client)
    with (
        ana.websocket_connect("/ws/lobby") as lobby,
        ana.websocket_connect(f"/ws/games/{game_id}?chat=1") as at_table,
    ):
        until(lobby, "chat_history")
        until(at_table, "chat_history")
        lobby.send_json({"type": "chat", "text": "signed in"})
        assert until(lobby, "chat")["message"]["text"] == "signed in"
        out = ana.delete("/api/sessions", headers=csrf(ana))
        assert out.status_code == 200, out.text
        for ws in (lobby, at_table):
            ws.send_json({"type": "chat", "text": "signed out"})
            assert until(ws, "error")["code"] == "forbidden"
    assert [row.text for row in stored(app_client)] == ["signed in"]


# presence rows renewed hourly: whoever leaves must be told gone at once, not at their expiry
@pytest.mark.parametrize("app_client", [{"presence_seconds": 3600.0}], indirect=True)
def test_the_lobby_shows_who_is_online(app_client: TestClient) -> None:
    ana, bo = person(app_client, "Ana"), person(app_client, "Bo")
    guest = device(app_client)
    with ana.websocket_connect("/ws/lobby") as ana_ws:
        until(ana_ws, "chat_history")
        assert [p["name"] for p in until(ana_ws, "presence")["online"]] == ["Ana"]
        with guest.websocket_connect("/ws/lobby") as guest_ws:
            assert until(guest_ws, "chat_history")["can_write"] is False
            assert [p["name"] for p in until(guest_ws, "presence")["online"]] == ["Ana"]
            with bo.websocket_connect("/ws/lobby") as bo_ws, bo.websocket_connect("/ws/lobby"):
                assert [p["name"] for p in until(bo_ws, "presence")["online"]] == ["Ana", "Bo"]
                assert [p["name"] for p in until(ana_ws, "presence")["online"]] == ["Ana", "Bo"]
            assert [p["name"] for p in until(guest_ws, "presence")["online"]] == ["Ana", "Bo"]
            # Bo's sockets are closed (their tasks cancelled): the lobby knew before a ping
            guest_ws.send_json({"type": "ping"})
            before_pong = list(iter(guest_ws.receive_json, {"type": "pong"}))
            assert [
                [p["name"] for p in message["online"]]
                for message in before_pong
                if message["type"] == "presence"
            ] == [["Ana"]]
            nothing_more(guest_ws)


@pytest.mark.parametrize("app_client", [{"presence_seconds": 3600.0}], indirect=True)
def test_a_second_socket_opened_while_the_first_is_counted_is_told_it_is_online(
    app_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bo's first lobby socket is held while its presence row is written; a second one
    opened then waits, and its first list names Bo (it was told Ana alone: a CI failure)."""
    ana, bo = person(app_client, "Ana"), person(app_client, "Bo")
    chat = app_client.app.state.chat  # type: ignore[attr-defined]
    writing, release = threading.Event(), threading.Event()
    seen = chat.store.seen

    def held(account_ids: Any, gone: Any, announce: bool) -> None:
        if list(account_ids):  # Bo's: Ana's row was written before this was set
            writing.set()
            assert release.wait(30)
        seen(account_ids, gone, announce)

    with ana.websocket_connect("/ws/lobby") as ana_ws:
        assert [p["name"] for p in until(ana_ws, "presence")["online"]] == ["Ana"]
        monkeypatch.setattr(chat.store, "seen", held)
        with bo.websocket_connect("/ws/lobby") as first:
            assert writing.wait(30)
            with bo.websocket_connect("/ws/lobby") as second:
                release.set()
                assert [p["name"] for p in until(second, "presence")["online"]] == ["Ana", "Bo"]
                assert [p["name"] for p in until(first, "presence")["online"]] == ["Ana", "Bo"]
                nothing_more(second)


def test_a_socket_from_another_sites_page_chats_as_a_guest(app_client: TestClient) -> None:
    ana = person(app_client, "Ana")
    with ana.websocket_connect("/ws/lobby", headers={"origin": "https://evil.example"}) as ws:
        history = until(ws, "chat_history")
        assert history["can_write"] is False and history["me"] is None
        ws.send_json({"type": "chat", "text": "forged"})
        assert until(ws, "error")["code"] == "forbidden"
    assert stored(app_client) == []


@pytest.mark.parametrize("app_client", [{"ws_max_per_address": 2}], indirect=True)
def test_the_lobby_socket_counts_against_the_address_limit(app_client: TestClient) -> None:
    with (
        app_client.websocket_connect("/ws/lobby"),
        app_client.websocket_connect("/ws/lobby"),
        app_client.websocket_connect("/ws/lobby") as third,
    ):
        assert third.receive_json()["code"] == "rate"
        with pytest.raises(WebSocketDisconnect) as closed:
            third.receive_json()
        assert closed.value.code == 4429


def test_lobby_messages_are_pruned_after_their_days(app_client: TestClient) -> None:
    ana = person(app_client, "Ana")
    game_id, _tokens = table(app_client)
    with (
        ana.websocket_connect("/ws/lobby") as ws,
        ana.websocket_connect(f"/ws/games/{game_id}?chat=1") as table_ws,
    ):
        until(ws, "chat_history")
        until(table_ws, "chat_history")
        ws.send_json({"type": "chat", "text": "lobby"})
        until(ws, "chat")
        table_ws.send_json({"type": "chat", "text": "table"})
        until(table_ws, "chat")
    chat = app_client.app.state.chat  # type: ignore[attr-defined]
    assert chat.store.prune(1.0) == 0
    assert len(stored(app_client)) == 2
    assert chat.store.prune(0.0) == 1  # the table's message stays with its game
    assert [row.text for row in stored(app_client)] == ["table"]


def _ready(srv: Any) -> None:
    """Wait until ``srv`` listens to the other processes' news."""
    for _ in range(200):
        if srv.client.get("/readyz").status_code == 200:
            return
        time.sleep(0.1)
    raise AssertionError("the server never became ready")


def _signed_in(srv: Any, name: str) -> dict[str, str]:
    """Sign up ``name`` through ``srv``: the Cookie header of its session."""
    with httpx.Client(base_url=f"http://127.0.0.1:{srv.port}", timeout=10) as client:
        answer = client.post(
            "/api/account",
            json={"email": f"{name.lower()}@example.org", "name": name, "password": PASSWORD},
        )
        assert answer.status_code == 200, answer.text
        return {"Cookie": f"{COOKIE}={client.cookies[COOKIE]}"}


def _next(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=20))
        if message["type"] == kind:
            return dict(message)


def test_chat_and_presence_reach_the_other_process(postgres_url: str, tmp_path: Path) -> None:
    with two_servers(postgres_url, tmp_path) as (a, b):
        _ready(a)
        _ready(b)
        ana, bo = _signed_in(a, "Ana"), _signed_in(b, "Bo")
        game_id = a.create(HUMANS)["game_id"]
        table_a = f"ws://127.0.0.1:{a.port}/ws/games/{game_id}?chat=1"
        table_b = f"ws://127.0.0.1:{b.port}/ws/games/{game_id}?chat=1"
        with (
            connect(table_a, additional_headers=ana) as ana_ws,
            connect(table_b, additional_headers=bo) as bo_ws,
        ):
            _next(ana_ws, "chat_history")
            _next(bo_ws, "chat_history")
            ana_ws.send(json.dumps({"type": "chat", "text": "through a"}))
            message = _next(bo_ws, "chat")["message"]
            assert (message["name"], message["text"]) == ("Ana", "through a")
        with (
            connect(f"ws://127.0.0.1:{a.port}/ws/lobby", additional_headers=ana) as lobby_a,
        ):
            assert [p["name"] for p in _next(lobby_a, "presence")["online"]] == ["Ana"]
            with connect(f"ws://127.0.0.1:{b.port}/ws/lobby", additional_headers=bo):
                online = _next(lobby_a, "presence")["online"]
                assert [p["name"] for p in online] == ["Ana", "Bo"]
            assert [p["name"] for p in _next(lobby_a, "presence")["online"]] == ["Ana"]
