"""The WebSocket: connecting, broadcasts with a view per connection, limits, refusals."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest
from starlette.websockets import WebSocketDisconnect

HUMAN = {"kind": "human", "name": "Ana"}
HUMAN2 = {"kind": "human", "name": "Bo"}
GREEDY = {"kind": "bot", "bot": "greedy"}


def test_ping_pong(api: Any) -> None:
    game_id = api.create([HUMAN, GREEDY])["game_id"]
    with api.client.websocket_connect(f"/ws/games/{game_id}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_every_connection_gets_its_own_view_after_a_change(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2], params={"hand": 2, "hand_visibility": "private"})
    game_id = created["game_id"]
    tokens = [s["token"] for s in created["seats"]]
    base = f"/ws/games/{game_id}"
    with (
        api.client.websocket_connect(f"{base}?seat=0&token={tokens[0]}") as ws0,
        api.client.websocket_connect(f"{base}?seat=1&token={tokens[1]}") as ws1,
        api.client.websocket_connect(base) as spectator,
    ):
        first = [ws.receive_json() for ws in (ws0, ws1, spectator)]
        assert [m["seat"] for m in first] == [0, 1, None]
        assert first[0]["legal"] and not first[1]["legal"] and not first[2]["legal"]
        ws0.send_json({"type": "action", "action": first[0]["legal"][0], "ply": first[0]["ply"]})
        after = [ws.receive_json() for ws in (ws0, ws1, spectator)]
        assert {m["ply"] for m in after} == {first[0]["ply"] + 1}
        assert [m["seat"] for m in after] == [0, 1, None]
        hands = [m["view"]["hands"] for m in after]
        assert hands[0][0]["tiles"] is not None and hands[0][1]["tiles"] is None
        assert hands[1][0]["tiles"] is None and hands[1][1]["tiles"] is not None
        assert hands[2][0]["tiles"] is None and hands[2][1]["tiles"] is None
        # an HTTP move is broadcast too
        state = after[0]
        response = api.act(game_id, 0, tokens[0], state["legal"][-1], state["ply"])
        assert response.status_code == 200
        again = [ws.receive_json() for ws in (ws0, ws1, spectator)]
        assert {m["ply"] for m in again} == {response.json()["ply"]}
        assert again[1]["legal"]  # seat 1's turn now


def test_spectators_cannot_act(api: Any) -> None:
    game_id = api.create([HUMAN, HUMAN2])["game_id"]
    with api.client.websocket_connect(f"/ws/games/{game_id}") as ws:
        state = ws.receive_json()
        ws.send_json({"type": "action", "action": "pass", "ply": state["ply"]})
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "forbidden"
        ws.send_json({"type": "undo"})
        assert ws.receive_json()["code"] == "forbidden"
    assert api.state(game_id)["ply"] == state["ply"]


@pytest.mark.parametrize(
    "query", ["seat=0&token=wrong", "seat=0", "seat=1&token={t0}", "token={t0}"]
)
def test_connecting_with_a_wrong_token_is_refused(api: Any, query: str) -> None:
    created = api.create([HUMAN, HUMAN2])
    game_id = created["game_id"]
    query = query.format(t0=created["seats"][0]["token"])
    with api.client.websocket_connect(f"/ws/games/{game_id}?{query}") as ws:
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


@pytest.mark.parametrize("seat", ["abc", "1.0", "+1", "", "0x1", "1 ", "01", "-0"])
def test_connecting_with_a_malformed_seat_is_refused(api: Any, seat: str) -> None:
    created = api.create([HUMAN, HUMAN2])
    query = urlencode({"seat": seat, "token": created["seats"][1]["token"]})
    with api.client.websocket_connect(f"/ws/games/{created['game_id']}?{query}") as ws:
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "malformed", error
        assert error["message"] == (
            f"seat: a seat number written plainly, such as 0 or 1, not {seat!r}"
        )
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_connecting_to_no_game(api: Any) -> None:
    with api.client.websocket_connect("/ws/games/nope") as ws:
        error = ws.receive_json()
        assert error["code"] == "not_found"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_large_messages_are_refused(api: Any) -> None:
    game_id = api.create([HUMAN, GREEDY])["game_id"]
    with api.client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.receive_json()
        ws.send_text('{"type": "ping", "pad": "' + "x" * 5000 + '"}')
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "too_large"
        ws.send_bytes(b"x" * 5000)
        assert ws.receive_json()["code"] == "too_large"
        ws.send_json({"type": "ping"})  # the connection goes on
        assert ws.receive_json() == {"type": "pong"}


def test_messages_take_fields_of_their_own_type_only(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2])
    game_id = created["game_id"]
    token = created["seats"][0]["token"]
    with api.client.websocket_connect(f"/ws/games/{game_id}?seat=0&token={token}") as ws:
        state = ws.receive_json()
        action, ply = state["legal"][0], state["ply"]
        for message, named in (
            ({"type": "action", "action": action, "ply": str(ply)}, "ply"),
            ({"type": "action", "action": action, "ply": True}, "ply"),
            ({"type": "action", "action": action, "ply": float(ply)}, "ply"),
            ({"type": "action", "action": 3, "ply": ply}, "action"),
            ({"type": "action", "action": action, "ply": ply, "seat": 1}, "seat"),  # unknown
            ({"type": "undo", "seat": 0}, "seat"),
            ({"type": "ping", "echo": 1}, "echo"),
        ):
            ws.send_json(message)
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "malformed", (message, error)
            assert named in error["message"], (message, error)
        ws.send_json({"type": "action", "action": action, "ply": ply})
        assert ws.receive_json()["ply"] > ply  # no state message came before
    assert api.state(game_id)["ply"] > ply


def test_rate_limit(open_api: Any) -> None:
    api = open_api(ws_messages_per_second=20)
    game_id = api.create([HUMAN, GREEDY])["game_id"]
    received: list[dict[str, Any]] = []
    with api.client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.receive_json()
        for _ in range(200):
            ws.send_json({"type": "ping"})
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                received.append(ws.receive_json())
    assert closed.value.code == 1008
    pongs = [m for m in received if m["type"] == "pong"]
    errors = [m for m in received if m["type"] == "error"]
    assert 20 <= len(pongs) < 200
    assert len(errors) >= 20 and {e["code"] for e in errors} == {"rate"}
    assert received[:20] == [{"type": "pong"}] * 20


def test_a_moderate_client_is_not_limited(open_api: Any) -> None:
    api = open_api(ws_messages_per_second=20)
    game_id = api.create([HUMAN, GREEDY])["game_id"]
    with api.client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.receive_json()
        for _ in range(15):
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}


def test_disconnects_are_cleaned_up(api: Any) -> None:
    created = api.create([HUMAN, HUMAN2])
    game_id = created["game_id"]
    token = created["seats"][0]["token"]
    hub = api.client.app.state.hub
    with api.client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.receive_json()
        with api.client.websocket_connect(f"/ws/games/{game_id}?seat=0&token={token}") as ws0:
            ws0.receive_json()
            assert hub.count(game_id) == 2
        state = api.state(game_id, 0, token)
        response = api.act(game_id, 0, token, state["legal"][0], state["ply"])
        assert response.status_code == 200
        assert ws.receive_json()["ply"] == state["ply"] + 1
    for _ in range(100):
        if hub.count(game_id) == 0:
            break
        import time

        time.sleep(0.01)
    assert hub.count(game_id) == 0
