"""Resigning: a person leaves a game being played; the seat goes on as a bot named as
resigned, the token no longer plays it or sees its private view, and the others play on."""

from __future__ import annotations

import random
from typing import Any

from tests.server.conftest import Api, OpenApi

GAME = "evolution-explore"


def resign(api: Api, game_id: str, seat: int, token: str | None) -> Any:
    return api.client.post(f"/api/games/{game_id}/resign", json={"seat": seat, "token": token})


def test_a_seat_that_resigns_is_played_by_a_bot_to_the_end(
    open_api: OpenApi, database_url: str
) -> None:
    api = open_api(database_url)
    created = api.create(
        [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}], game=GAME
    )
    game_id = created["game_id"]
    ana, bo = (s["token"] for s in created["seats"])
    answer = resign(api, game_id, 0, ana)
    assert answer.status_code == 200, answer.text
    assert answer.json()["seat"] is None  # the spectator's message
    seats = api.client.get(f"/api/games/{game_id}").json()["seats"]
    assert (seats[0]["kind"], seats[0]["name"], seats[0]["bot"]) == (
        "bot",
        "Ana (resigned)",
        "greedy",
    )
    refused = api.client.get(f"/api/games/{game_id}/state", params={"seat": 0, "token": ana})
    assert refused.status_code == 403
    assert resign(api, game_id, 0, ana).status_code == 403
    # Bo plays on against the bot to the end; the record says Ana resigned
    final = api.play_until(game_id, 1, bo, lambda s: False, random.Random(3))
    assert final["status"] == "finished"
    record = api.client.get(f"/api/games/{game_id}/record").json()
    assert record["seats"][0] == {"name": "Ana (resigned)", "kind": "bot"}
    api.close()
    again = open_api(database_url)
    assert again.client.get(f"/api/games/{game_id}").json()["seats"][0]["kind"] == "bot"


def test_resigning_is_refused_without_the_token_or_after_the_end(api: Api) -> None:
    created = api.create([{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    for seat, given in [(0, None), (0, "wrong"), (1, token), (5, token)]:
        assert resign(api, game_id, seat, given).status_code == 403
    assert api.client.get(f"/api/games/{game_id}").json()["seats"][0]["kind"] == "human"
    api.play_until(game_id, 0, token, lambda s: False, random.Random(1))
    late = resign(api, game_id, 0, token)
    assert late.status_code == 400
    assert "the game is over" in late.json()["detail"]


def test_the_resigned_seats_socket_becomes_a_spectators(api: Api) -> None:
    created = api.create([{"kind": "human"}, {"kind": "human"}], game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    with api.client.websocket_connect(f"/ws/games/{game_id}?seat=0&token={token}") as ws:
        first = ws.receive_json()
        assert first["seat"] == 0 and first["view"]["hands"][0]["cards"]  # its own hand
        assert resign(api, game_id, 0, token).status_code == 200
        after = ws.receive_json()
        assert after["seat"] is None
        assert after["view"]["hands"][0]["cards"] is None  # no more than anyone sees
        ws.send_json({"type": "action", "action": "pass", "ply": after["ply"]})
        while (refused := ws.receive_json())["type"] == "state":
            assert refused["seat"] is None
            assert refused["view"]["hands"][0]["cards"] is None
        assert refused["type"] == "error"


def test_a_game_between_people_stays_one_after_a_resign(api: Api) -> None:
    created = api.create(
        [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}],
        game=GAME,
        practice=True,
    )
    game_id = created["game_id"]
    ana, bo = (s["token"] for s in created["seats"])
    state = api.wait_turn(game_id, 0, ana)
    assert api.act(game_id, 0, ana, state["legal"][0], state["ply"]).status_code == 200
    assert resign(api, game_id, 1, bo).status_code == 200
    state = api.state(game_id, 0, ana)
    assert state["can_undo"] is False
    assert state["can_hint"] is False
    refused = api.undo(game_id, 0, ana)
    assert refused.status_code == 400
    # the rule between people (the turn has passed), not a practice game's unlimited undo
    assert "your turn has passed" in refused.json()["detail"]
    log = api.service.store.log(game_id)
    assert [(e.kind, e.text) for e in log if e.kind == "resign"] == [("resign", "seat 1 resigned")]
    # rebuilt from the database, the game still knows who resigned
    api.service.games.forget(game_id)
    assert api.state(game_id, 0, ana)["can_undo"] is False


def test_the_rematch_of_a_resigned_seat_is_the_bots(api: Api) -> None:
    created = api.create(
        [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}], game=GAME
    )
    game_id = created["game_id"]
    ana, bo = (s["token"] for s in created["seats"])
    assert resign(api, game_id, 1, bo).status_code == 200
    api.play_until(game_id, 0, ana, lambda s: False, random.Random(4))
    answer = api.client.post(f"/api/games/{game_id}/rematch", json={"seat": 0, "token": ana})
    assert answer.status_code == 200, answer.text
    seats = api.client.get(f"/api/games/{answer.json()['game_id']}").json()["seats"]
    assert [(s["kind"], s["name"]) for s in seats] == [("bot", "greedy"), ("human", "Ana")]
