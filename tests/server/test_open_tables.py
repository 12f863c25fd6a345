"""Open tables: a seat the creator leaves open is listed (``GET /api/games?open=1``) until
someone joins it (``POST /api/games/{id}/join``), who then holds it with a token of their
own; nobody else can take it or play it meanwhile."""

from __future__ import annotations

import random
from typing import Any

from tests.server.conftest import Api, OpenApi

GAME = "evolution-explore"
OPEN = {"kind": "open"}


def join(api: Api, game_id: str, **body: Any) -> Any:
    return api.client.post(f"/api/games/{game_id}/join", json=body)


def open_ids(api: Api) -> list[str]:
    answer = api.client.get("/api/games", params={"open": "1"})
    assert answer.status_code == 200, answer.text
    return [g["game_id"] for g in answer.json()["games"]]


def test_an_open_seat_is_listed_until_someone_joins_it(
    open_api: OpenApi, database_url: str
) -> None:
    api = open_api(database_url)
    created = api.create([{"kind": "human", "name": "Ana"}, OPEN], game=GAME)
    game_id = created["game_id"]
    assert [s["kind"] for s in created["seats"]] == ["human", "open"]
    assert created["seats"][1]["token"] is None
    assert created["seats"][1]["link"] is None
    closed = api.create([{"kind": "human"}, {"kind": "bot", "bot": "random"}], game=GAME)
    assert open_ids(api) == [game_id]
    listed = api.client.get("/api/games?open=1").json()["games"][0]
    assert listed["game"] == GAME
    assert [s["kind"] for s in listed["seats"]] == ["human", "open"]
    assert closed["game_id"] not in open_ids(api)

    joined = join(api, game_id, name="Bo")
    assert joined.status_code == 200, joined.text
    seat, token = joined.json()["seat"], joined.json()["token"]
    assert seat == 1
    assert joined.json()["link"] == f"/play/{game_id}?seat=1&token={token}"
    assert api.state(game_id, 1, token)["seat"] == 1
    seats = api.client.get(f"/api/games/{game_id}").json()["seats"]
    assert (seats[1]["kind"], seats[1]["name"]) == ("human", "Bo")
    assert open_ids(api) == []
    again = join(api, game_id, name="Cy")
    assert again.status_code == 409
    assert "every seat of this game is taken" in again.json()["detail"]
    # the joined seat is kept in the database: a restarted server knows Bo's token
    api.close()
    restarted = open_api(database_url)
    assert restarted.state(game_id, 1, token)["seats"][1]["name"] == "Bo"


def test_nobody_plays_an_open_seat_before_joining(api: Api) -> None:
    created = api.create([OPEN, {"kind": "human", "name": "Ana"}], game=GAME)
    game_id = created["game_id"]
    assert api.state(game_id)["to_move"] == 0
    ana = created["seats"][1]["token"]
    for token in (None, ana, "guess"):
        answer = api.act(game_id, 0, token, "anything", api.state(game_id)["ply"])
        assert answer.status_code == 403
    refused = api.client.get(f"/api/games/{game_id}/state", params={"seat": 0, "token": ana})
    assert refused.status_code == 403
    assert refused.json()["detail"] == "seat 1 is open: join it first"
    joined = join(api, game_id).json()
    assert joined["seat"] == 0
    state = api.state(game_id, 0, joined["token"])
    assert state["legal"]
    assert state["seats"][0]["name"] == "Player 1"
    played = api.act(game_id, 0, joined["token"], state["legal"][0], state["ply"])
    assert played.status_code == 200, played.text


def test_joining_names_the_seat_or_takes_the_first_and_refuses_what_is_not_open(
    api: Api,
) -> None:
    created = api.create([{"kind": "human"}, OPEN, OPEN], game=GAME)
    game_id = created["game_id"]
    assert join(api, game_id, seat=2, name="Cy").json()["seat"] == 2
    for body, code, says in [
        ({"seat": 2}, 409, "seat 3 is not open"),
        ({"seat": 0}, 409, "seat 1 is not open"),
        ({"seat": 9}, 400, "no seat 10"),
        ({"name": "x" * 41}, 400, "at most 40 characters"),
        ({"name": "Ana\u202egnp"}, 400, "U+202E"),
        ({"seat": "1"}, 400, "seat"),
        ({"token": "t"}, 400, "token"),
    ]:
        answer = join(api, game_id, **body)
        assert answer.status_code == code, (body, answer.text)
        assert says in answer.json()["detail"], (body, answer.text)
    assert join(api, game_id).json()["seat"] == 1
    assert join(api, "nosuchgame").status_code == 404


def test_bad_listings_and_open_seats_with_a_bot_are_refused(api: Api) -> None:
    assert api.client.get("/api/games").status_code == 400
    assert api.client.get("/api/games?open=yes").status_code == 400
    body = {"game": GAME, "seats": [{"kind": "human"}, {"kind": "open", "bot": "random"}]}
    answer = api.client.post("/api/games", json=body)
    assert answer.status_code == 400
    assert "seat 2 is open to a person: it has no bot" in answer.json()["detail"]


def test_the_list_is_bounded_and_newest_first(open_api: OpenApi) -> None:
    api = open_api(max_open_tables=3)
    made = [api.create([{"kind": "human"}, OPEN], game=GAME)["game_id"] for _ in range(5)]
    assert open_ids(api) == made[::-1][:3]


def test_the_record_names_who_joined(api: Api) -> None:
    created = api.create([{"kind": "human", "name": "Ana"}, OPEN], game=GAME)
    game_id = created["game_id"]
    ana = created["seats"][0]["token"]
    bo = join(api, game_id, name="Bo").json()["token"]
    rng = random.Random(5)
    while api.state(game_id)["status"] != "finished":
        for seat, token in ((0, ana), (1, bo)):
            state = api.state(game_id, seat, token)
            if state["legal"]:
                api.act(game_id, seat, token, rng.choice(state["legal"]), state["ply"])
    record = api.client.get(f"/api/games/{game_id}/record").json()
    assert record["seats"] == [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "human"}]
