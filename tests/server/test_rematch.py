"""Rematch: a finished game again, with the same game, variants and seats, a new deal and
everyone one seat on; offered to every seat; asked for twice, still one game."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.server.conftest import Api, OpenApi

GAME = "evolution-explore"
SEATS = [
    {"kind": "human", "name": "Ana"},
    {"kind": "human", "name": "Bo"},
    {"kind": "bot", "bot": "greedy"},
]
PARAMS = {"jokers": 1}


def finished_game(api: Api) -> tuple[str, dict[int, str]]:
    """A game of Ana, Bo and a bot played to its end with random moves; its id and the
    people's tokens."""
    created = api.create(SEATS, params=PARAMS, game=GAME)
    game_id = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"]}
    api.play_out(game_id, tokens, timeout=60)
    return game_id, tokens


def rematch(api: Api, game_id: str, seat: int, token: str | None) -> Any:
    return api.client.post(f"/api/games/{game_id}/rematch", json={"seat": seat, "token": token})


def test_a_rematch_turns_the_seats_and_keeps_the_game_and_its_variants(
    open_api: OpenApi, database_url: str
) -> None:
    api = open_api(database_url)
    old, tokens = finished_game(api)
    answer = rematch(api, old, 0, tokens[0])
    assert answer.status_code == 200, answer.text
    new = answer.json()["game_id"]
    assert new != old
    assert answer.json()["seat"] == 1
    assert answer.json()["link"] == f"/play/{new}?seat=1&token={tokens[0]}"

    before = api.client.get(f"/api/games/{old}").json()
    after = api.client.get(f"/api/games/{new}").json()
    assert after["game"] == GAME
    assert after["params"] == before["params"]
    assert after["params"]["jokers"] == 1
    assert [(s["name"], s["kind"]) for s in after["seats"]] == [
        ("greedy", "bot"),
        ("Ana", "human"),
        ("Bo", "human"),
    ]
    assert after["seats"][0]["bot"] == "greedy"
    # each person plays on with the token they had, at their new seat only
    assert api.state(new, 1, tokens[0])["seat"] == 1
    assert api.state(new, 2, tokens[1])["seat"] == 2
    wrong = api.client.get(f"/api/games/{new}/state", params={"seat": 2, "token": tokens[0]})
    assert wrong.status_code == 403
    games = api.service.games
    assert games[new].seed != games[old].seed  # a new deal
    assert after["status"] == "playing"


def test_every_seat_is_offered_it_and_asking_again_gives_the_same_game(api: Api) -> None:
    old, tokens = finished_game(api)
    assert api.state(old)["rematch"] is None
    first = rematch(api, old, 1, tokens[1]).json()
    assert first["seat"] == 2
    offered = {"game_id": first["game_id"], "seats": [1, 2, 0]}
    assert api.state(old)["rematch"] == offered
    assert api.state(old, 0, tokens[0])["rematch"] == offered
    again = rematch(api, old, 0, tokens[0]).json()
    assert again["game_id"] == first["game_id"]
    assert again["seat"] == 1
    assert len(api.client.get(f"/api/games/{first['game_id']}").json()["seats"]) == 3


def test_two_servers_on_one_database_make_one_rematch(open_api: OpenApi) -> None:
    one = open_api()
    old, tokens = finished_game(one)
    other = open_api()
    assert other.state(old)["rematch"] is None  # the other server holds the game, unmarked
    made = rematch(one, old, 0, tokens[0]).json()["game_id"]
    answer = rematch(other, old, 1, tokens[1])
    assert answer.status_code == 200, answer.text
    assert answer.json()["game_id"] == made
    assert answer.json()["seat"] == 2


def test_a_rematch_is_refused_before_the_end_or_without_a_seat(api: Api) -> None:
    created = api.create(SEATS, params=PARAMS, game=GAME)
    game_id = created["game_id"]
    token = created["seats"][0]["token"]
    early = rematch(api, game_id, 0, token)
    assert early.status_code == 409
    assert "once the game is over" in early.json()["detail"]
    assert api.state(game_id)["rematch"] is None

    old, tokens = finished_game(api)
    for seat, token_given, code in [
        (0, None, 403),
        (0, tokens[1], 403),
        (2, tokens[0], 403),  # the bot's seat
        (7, tokens[0], 403),
    ]:
        answer = rematch(api, old, seat, token_given)
        assert answer.status_code == code, (seat, answer.text)
    assert api.state(old)["rematch"] is None
    missing = rematch(api, "nosuchgame", 0, tokens[0])
    assert missing.status_code == 404
    bad = api.client.post(f"/api/games/{old}/rematch", json={"seat": "zero"})
    assert bad.status_code == 400, bad.text


@pytest.mark.parametrize("kinds", [["human", "bot"], ["bot", "human"]])
def test_two_seats_swap(api: Api, kinds: list[str]) -> None:
    seats = [{"kind": k, "bot": "random"} if k == "bot" else {"kind": k} for k in kinds]
    created = api.create(seats, game=GAME)
    game_id = created["game_id"]
    seat = kinds.index("human")
    token = created["seats"][seat]["token"]
    api.play_until(game_id, seat, token, lambda s: False, random.Random(2))
    answer = rematch(api, game_id, seat, token).json()
    assert answer["seat"] == 1 - seat
    assert api.state(answer["game_id"], 1 - seat, token)["seat"] == 1 - seat


def test_default_names_follow_the_seats(api: Api) -> None:
    created = api.create([{"kind": "human"}, {"kind": "human"}, SEATS[2]], game=GAME)
    game_id = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"]}
    rng = random.Random(1)
    while api.state(game_id)["status"] != "finished":
        for seat, token in tokens.items():
            state = api.state(game_id, seat, token)
            if state["legal"]:
                api.act(game_id, seat, token, rng.choice(state["legal"]), state["ply"])
    new = rematch(api, game_id, 0, tokens[0]).json()["game_id"]
    names = [s["name"] for s in api.client.get(f"/api/games/{new}").json()["seats"]]
    assert names == ["greedy", "Player 2", "Player 3"]


def test_a_bot_over_the_servers_limits_now_is_refused(open_api: OpenApi) -> None:
    first = open_api()
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "mcts:iterations=30"}]
    created = first.create(seats, game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    first.play_until(game_id, 0, token, lambda s: False, random.Random(3))
    first.close()
    stricter = open_api(max_bot_iterations=10)
    answer = rematch(stricter, game_id, 0, token)
    assert answer.status_code == 400, answer.text
    assert "seat 2" in answer.json()["detail"]
    assert "over this server's limit of 10" in answer.json()["detail"]
    assert stricter.state(game_id)["rematch"] is None
