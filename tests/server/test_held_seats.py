"""Seats held through accounts: a signed-in person's seats are played from any device by
the session cookie, without the token; a guest's seats keep their tokens and can be
attached to an account; an account's games are listed on any device; a deleted account's
seats read "deleted player" in the games being played too."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from fastapi.testclient import TestClient  # noqa: E402

from terranova.server.accounts import DELETED_NAME  # noqa: E402
from terranova.server.store import ATTACH_TAKEN, ATTACH_UNKNOWN, ATTACH_WRONG, ATTACH_YOURS  # noqa: E402

from .conftest import Api, OpenApi  # noqa: E402
from .test_accounts import PASSWORD, csrf, device, sign_in, sign_up  # noqa: E402

PEOPLE = [{"kind": "human", "held": True}, {"kind": "human"}]
AGAINST_BOT = [{"kind": "human", "held": True}, {"kind": "bot", "bot": "random"}]


@pytest.fixture
def app(open_api: OpenApi, database_url: str) -> Api:
    return open_api(database_url)


def signed_up(client: TestClient, email: str, name: str) -> TestClient:
    answer = sign_up(client, email, name)
    assert answer.status_code == 200, answer.text
    return client


def create(client: TestClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    body = {"game": "discovery", "seats": seats, "bot_delay_ms": 0}
    answer = client.post("/api/games", json=body, headers=csrf(client))
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def state(client: TestClient, game_id: str, seat: int, token: str | None = None) -> Any:
    params: dict[str, Any] = {"seat": seat} if token is None else {"seat": seat, "token": token}
    return client.get(f"/api/games/{game_id}/state", params=params)


def act(client: TestClient, game_id: str, seat: int, token: str | None = None) -> Any:
    """Play seat's first legal action (the state read with the same credentials)."""
    known = state(client, game_id, seat, token)
    assert known.status_code == 200, known.text
    seen = known.json()
    body: dict[str, Any] = {"seat": seat, "action": seen["legal"][0], "ply": seen["ply"]}
    if token is not None:
        body["token"] = token
    return client.post(f"/api/games/{game_id}/actions", json=body, headers=csrf(client))


def end_turn(client: TestClient, game_id: str, seat: int, token: str | None = None) -> None:
    """Play seat's first legal actions until another seat is to move."""
    while state(client, game_id, seat, token).json()["to_move"] == seat:
        answer = act(client, game_id, seat, token)
        assert answer.status_code == 200, answer.text


def test_a_signed_in_creator_plays_their_seat_from_another_device_without_its_token(
    app: Api,
) -> None:
    home = signed_up(app.client, "ana@example.org", "Ana")
    created = create(home, PEOPLE)
    game_id = created["game_id"]
    assert [s["held"] for s in created["seats"]] == [True, False]
    assert all(s["token"] for s in created["seats"])  # tokens work for everyone, as before
    phone = device(app.client)
    assert sign_in(phone, "ana@example.org").status_code == 200
    assert state(phone, game_id, 0).json()["legal"]
    end_turn(phone, game_id, 0)
    # seat 1 is nobody's account: its token plays it, the cookie does not
    refused = state(phone, game_id, 1)
    assert refused.status_code == 403 and "not held by your account" in refused.json()["detail"]
    assert act(device(app.client), game_id, 1, created["seats"][1]["token"]).status_code == 200
    # a guest without the token, and another account, are refused, saying why
    guest = state(device(app.client), game_id, 0)
    assert guest.status_code == 403 and "its token" in guest.json()["detail"]
    other = signed_up(device(app.client), "bo@example.org", "Bo")
    refused = other.post(f"/api/games/{game_id}/undo", json={"seat": 0}, headers=csrf(other))
    assert refused.status_code == 403
    assert refused.json()["detail"] == "seat 1 is held by another account"
    # undo and resign by the cookie: past the seat's check (the move stands between people)
    undo = phone.post(f"/api/games/{game_id}/undo", json={"seat": 0}, headers=csrf(phone))
    assert undo.status_code == 400 and "your last move stands" in undo.json()["detail"]
    resigned = phone.post(f"/api/games/{game_id}/resign", json={"seat": 0}, headers=csrf(phone))
    assert resigned.status_code == 200, resigned.text
    assert resigned.json()["seats"][0]["kind"] == "bot"


def test_held_only_for_a_human_seat_and_ignored_for_a_guest(app: Api) -> None:
    guest = create(app.client, PEOPLE)
    assert [s["held"] for s in guest["seats"]] == [False, False]
    client = signed_up(device(app.client), "ana@example.org", "Ana")
    body = {
        "game": "discovery",
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random", "held": True}],
    }
    answer = client.post("/api/games", json=body, headers=csrf(client))
    assert answer.status_code == 400
    assert "only a human seat is held" in answer.json()["detail"]


def test_joining_while_signed_in_holds_the_seat(app: Api) -> None:
    created = create(app.client, [{"kind": "human"}, {"kind": "open"}])
    game_id = created["game_id"]
    bo = signed_up(device(app.client), "bo@example.org", "Bo")
    joined = bo.post(f"/api/games/{game_id}/join", json={"name": "Bo"}, headers=csrf(bo))
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1 and joined.json()["held"] is True
    end_turn(app.client, game_id, 0, created["seats"][0]["token"])
    laptop = device(app.client)
    assert sign_in(laptop, "bo@example.org").status_code == 200
    assert act(laptop, game_id, 1).status_code == 200


def test_the_websocket_by_the_cookie_and_never_from_another_site(app: Api) -> None:
    home = signed_up(app.client, "ana@example.org", "Ana")
    game_id = create(home, PEOPLE)["game_id"]
    with home.websocket_connect(f"/ws/games/{game_id}?seat=0") as ws:
        first = ws.receive_json()
        assert first["seat"] == 0 and first["legal"]
        ws.send_json({"type": "action", "action": first["legal"][0], "ply": first["ply"]})
        moved = ws.receive_json()
        assert moved["type"] == "state" and moved["ply"] > first["ply"]
    hijack = {"origin": "http://evil.example"}
    with home.websocket_connect(f"/ws/games/{game_id}?seat=0", headers=hijack) as ws:
        refused = ws.receive_json()
        assert refused["code"] == "forbidden" and "another site" in refused["message"]
    # a page of the same site is fine, and another account's cookie opens nothing
    same = {"origin": "http://testserver"}
    with home.websocket_connect(f"/ws/games/{game_id}?seat=0", headers=same) as ws:
        assert ws.receive_json()["seat"] == 0
    other = signed_up(device(app.client), "bo@example.org", "Bo")
    with other.websocket_connect(f"/ws/games/{game_id}?seat=0") as ws:
        assert ws.receive_json()["message"] == "seat 1 is held by another account"


def test_a_guest_attaches_the_seats_this_browser_holds(app: Api) -> None:
    browser = app.client
    mine = create(browser, AGAINST_BOT)
    taken = create(device(app.client), PEOPLE)
    bo = signed_up(device(app.client), "bo@example.org", "Bo")
    given = bo.post(
        "/api/account/seats",
        json={
            "seats": [{"game_id": taken["game_id"], "seat": 0, "token": taken["seats"][0]["token"]}]
        },
        headers=csrf(bo),
    )
    assert given.json()["attached"] == [{"game_id": taken["game_id"], "seat": 0}]
    signed_up(browser, "ana@example.org", "Ana")
    claims = [
        {"game_id": mine["game_id"], "seat": 0, "token": mine["seats"][0]["token"]},
        {"game_id": mine["game_id"], "seat": 0, "token": mine["seats"][0]["token"]},
        {"game_id": taken["game_id"], "seat": 1, "token": "not-the-token"},
        {"game_id": taken["game_id"], "seat": 0, "token": taken["seats"][0]["token"]},
        {"game_id": "nope", "seat": 0, "token": "x"},
    ]
    answer = browser.post("/api/account/seats", json={"seats": claims}, headers=csrf(browser))
    assert answer.status_code == 200, answer.text
    assert answer.json()["attached"] == [{"game_id": mine["game_id"], "seat": 0}]
    assert [r["reason"] for r in answer.json()["refused"]] == [
        ATTACH_YOURS,
        ATTACH_WRONG,
        ATTACH_TAKEN,
        ATTACH_UNKNOWN,
    ]
    # the live game follows at once: another device of the account plays the seat
    phone = device(app.client)
    assert sign_in(phone, "ana@example.org").status_code == 200
    assert act(phone, mine["game_id"], 0).status_code == 200
    # signed out, nothing is attached; too many at once, nothing either
    guest = device(app.client)
    refused = guest.post("/api/account/seats", json={"seats": claims})
    assert refused.status_code == 403 and "sign in" in refused.json()["detail"]
    many = {"seats": claims * 11}
    assert browser.post("/api/account/seats", json=many, headers=csrf(browser)).status_code == 400


def test_my_games_on_any_device_grouped_without_replaying(app: Api) -> None:
    home = signed_up(app.client, "ana@example.org", "Ana")
    waiting = create(home, PEOPLE)  # seat 0 (Ana's) decides first
    running = create(home, PEOPLE)
    end_turn(home, running["game_id"], 0)
    finished = create(home, AGAINST_BOT)
    gone = home.post(
        f"/api/games/{finished['game_id']}/resign", json={"seat": 0}, headers=csrf(home)
    )
    assert gone.status_code == 200, gone.text
    app.wait_idle()  # the bots play the game to its end
    guests = create(device(app.client), PEOPLE)  # not Ana's
    phone = device(app.client)
    assert sign_in(phone, "ana@example.org").status_code == 200
    answer = phone.get("/api/account/games")
    assert answer.status_code == 200, answer.text
    games = answer.json()
    ids = {group: [g["game_id"] for g in games[group]] for group in games}
    assert ids == {
        "waiting": [waiting["game_id"]],
        "running": [running["game_id"]],
        "finished": [finished["game_id"]],
    }
    assert guests["game_id"] not in str(games)
    first = games["waiting"][0]
    assert first["mine"] == [0] and first["to_move"] == 0 and first["name"] == "The Discovery"
    assert [s["kind"] for s in first["seats"]] == ["human", "human"]
    over = games["finished"][0]
    assert over["status"] == "finished" and over["result"]["winners"]
    assert games["running"][0]["to_move"] == 1
    # a guest has no games by account
    assert device(app.client).get("/api/account/games").status_code == 403


def test_my_games_keeps_to_the_newest(open_api: OpenApi, database_url: str) -> None:
    app = open_api(database_url, max_account_games=2)
    home = signed_up(app.client, "ana@example.org", "Ana")
    made = [create(home, PEOPLE)["game_id"] for _ in range(3)]
    assert [g["game_id"] for g in home.get("/api/account/games").json()["waiting"]] == [
        made[2],
        made[1],
    ]


def test_a_deleted_accounts_seats_read_deleted_player_and_act_no_more(app: Api) -> None:
    home = signed_up(app.client, "ana@example.org", "Ana")
    created = create(home, [{"kind": "human", "held": True, "name": "Ana"}, {"kind": "human"}])
    game_id = created["game_id"]
    assert app.client.get(f"/api/games/{game_id}").json()["seats"][0]["name"] == "Ana"
    with home.websocket_connect(f"/ws/games/{game_id}?seat=0") as ws:
        first = ws.receive_json()
        gone = home.request(
            "DELETE", "/api/account", json={"password": PASSWORD}, headers=csrf(home)
        )
        assert gone.status_code == 200, gone.text
        # the live game follows: its pages are told, its summary reads the new name
        renamed = ws.receive_json()
        assert renamed["seats"][0]["name"] == DELETED_NAME
        ws.send_json({"type": "action", "action": first["legal"][0], "ply": first["ply"]})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["code"] == "forbidden"
    summary = device(app.client).get(f"/api/games/{game_id}").json()
    assert [s["name"] for s in summary["seats"]] == [DELETED_NAME, "Player 2"]
    # the seat's token still plays it (the person may have kept the link)
    assert act(device(app.client), game_id, 0, created["seats"][0]["token"]).status_code == 200
