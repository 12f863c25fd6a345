"""Rated games move their people's ratings once they are over (against each other and
against the bots' published ratings, which do not move), once only, even when the process
that ended the game stopped first; leaderboards and profiles show them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text
from tests.server.conftest import Api, OpenApi

from terranova.arena.skill import DEFAULT, Skill

from .test_accounts import csrf, device

GAME = "evolution-explore"
SEATS = [
    {"kind": "human", "name": "Ana"},
    {"kind": "human", "name": "Bo"},
    {"kind": "bot", "bot": "greedy"},
]
PARAMS = {"jokers": 1}
GREEDY = Skill(30.0, 2.0)


def account(api: Api, email: str, name: str) -> int:
    answer = api.client.post(
        "/api/account", json={"email": email, "name": name, "password": "a long password"}
    )
    assert answer.status_code == 200, answer.text
    api.client.cookies.clear()  # the tests act with the seats' tokens
    found = api.client.app.state.accounts.store.by_email(email)  # type: ignore[attr-defined]
    return int(found[0].id)


def public_id(api: Api, email: str) -> str:
    found = api.client.app.state.accounts.store.by_email(email)  # type: ignore[attr-defined]
    return str(found[0].public_id)


def rated_game(api: Api, holders: dict[int, int], rated: bool = True) -> tuple[str, dict[int, str]]:
    """A game of Ana, Bo and greedy, its seats held by ``holders`` (seat: account), marked
    rated, not over yet."""
    created = api.create(SEATS, params=PARAMS, game=GAME)
    game_id = created["game_id"]
    with api.client.app.state.db.writing() as session:  # type: ignore[attr-defined]
        session.execute(
            text("UPDATE games SET rated = :r WHERE public_id = :g"), {"r": rated, "g": game_id}
        )
        for seat, holder in holders.items():
            session.execute(
                text(
                    "UPDATE seats SET account_id = :a WHERE seat = :s AND game_id ="
                    " (SELECT id FROM games WHERE public_id = :g)"
                ),
                {"a": holder, "s": seat, "g": game_id},
            )
    return game_id, {s["seat"]: s["token"] for s in created["seats"] if s["token"]}


def settled(api: Api) -> None:
    ratings = api.client.app.state.ratings  # type: ignore[attr-defined]
    api.client.portal.call(ratings.close)  # type: ignore[union-attr]  # waits for the settling


def profile(api: Api, email: str) -> dict[str, Any]:
    answer = api.client.get(f"/api/players/{public_id(api, email)}")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def publish(api: Api) -> None:
    store = api.client.app.state.ratings.store  # type: ignore[attr-defined]
    store.published = {GAME: {"greedy": GREEDY}}


def test_a_rated_game_moves_its_peoples_ratings_once(open_api: OpenApi, database_url: str) -> None:
    api = open_api(database_url)
    publish(api)
    ana, bo = account(api, "ana@example.org", "Ana"), account(api, "bo@example.org", "Bo")
    game_id, tokens = rated_game(api, {0: ana, 1: bo})
    final = api.play_out(game_id, tokens)
    settled(api)
    scores = final["result"]["scores"]
    mine = {p["name"]: p for p in (profile(api, "ana@example.org"), profile(api, "bo@example.org"))}
    for seat, name in ((0, "Ana"), (1, "Bo")):
        (rating,) = mine[name]["ratings"]
        assert rating["game"] == GAME and rating["games"] == 1
        assert [p["game_id"] for p in rating["history"]] == [game_id]
        assert mine[name]["recent"][0]["game_id"] == game_id and mine[name]["recent"][0]["rated"]
        assert mine[name]["games"] == [{"game": GAME, "name": "Discovery: Explore", "finished": 1}]
        beat_bo = scores[seat] > scores[1 - seat]
        if scores[0] != scores[1]:
            other = mine["Bo" if name == "Ana" else "Ana"]["ratings"][0]["rating"]
            assert (rating["rating"] > other) == beat_bo
    store = api.client.app.state.ratings.store  # type: ignore[attr-defined]
    pk = api.client.app.state.db.load_game(game_id).pk  # type: ignore[attr-defined]
    assert not store.settle(pk)  # once only
    board = api.client.get(f"/api/leaderboards/{GAME}").json()
    assert board["people"] == []  # 5 rated games needed
    store_ratings = store.ratings(ana)
    assert store_ratings[GAME][1] == 1


def test_a_bots_published_rating_does_not_move_and_places_the_person(
    open_api: OpenApi, database_url: str
) -> None:
    api = open_api(database_url, leaderboard_min_games=1)
    publish(api)
    ana, bo = account(api, "ana@example.org", "Ana"), account(api, "bo@example.org", "Bo")
    game_id, tokens = rated_game(api, {0: ana, 1: bo})
    final = api.play_out(game_id, tokens, seed=7)
    settled(api)
    assert api.client.app.state.ratings.store.published[GAME]["greedy"] == GREEDY  # type: ignore[attr-defined]
    board = api.client.get(f"/api/leaderboards/{GAME}").json()
    assert [p["name"] for p in board["people"]] == sorted(
        ["Ana", "Bo"], key=lambda n: -next(p["rating"] for p in board["people"] if p["name"] == n)
    )
    scores = final["result"]["scores"]
    for seat, name in ((0, "Ana"), (1, "Bo")):
        rating = next(p for p in board["people"] if p["name"] == name)["rating"]
        if scores[seat] > scores[2] and scores[seat] > scores[1 - seat]:
            assert rating > DEFAULT.display  # beat a bot rated above a newcomer
        if scores[seat] < min(scores[2], scores[1 - seat]):
            assert rating < DEFAULT.display


def test_an_unrated_game_and_a_guest_at_a_rated_table_move_nothing(
    open_api: OpenApi, database_url: str
) -> None:
    api = open_api(database_url)
    publish(api)
    ana, bo = account(api, "ana@example.org", "Ana"), account(api, "bo@example.org", "Bo")
    unrated, tokens = rated_game(api, {0: ana, 1: bo}, rated=False)
    api.play_out(unrated, tokens)
    guest, tokens = rated_game(api, {0: ana})  # Bo's seat is a guest's
    api.play_out(guest, tokens)
    settled(api)
    assert profile(api, "ana@example.org")["ratings"] == []
    assert profile(api, "ana@example.org")["games"][0]["finished"] == 2


def test_a_game_over_but_not_rated_is_rated_by_the_next_look(
    open_api: OpenApi, database_url: str
) -> None:
    api = open_api(database_url)
    publish(api)
    ana, bo = account(api, "ana@example.org", "Ana"), account(api, "bo@example.org", "Bo")
    game_id, tokens = rated_game(api, {0: ana, 1: bo})
    api.client.app.state.service.on_finished = None  # type: ignore[attr-defined]  # as if it stopped
    api.play_out(game_id, tokens)
    settled(api)
    assert profile(api, "ana@example.org")["ratings"] == []
    store = api.client.app.state.ratings.store  # type: ignore[attr-defined]
    (pk,) = store.unrated()
    assert store.settle(pk) and store.unrated() == []
    assert profile(api, "bo@example.org")["ratings"][0]["games"] == 1


def test_unknown_games_and_players_are_not_found(open_api: OpenApi) -> None:
    api = open_api()
    assert api.client.get("/api/leaderboards/chess").status_code == 404
    assert api.client.get("/api/players/nobody").status_code == 404
    assert api.client.get(f"/api/leaderboards/{GAME}?limit=0").status_code == 400


def signed_in(api: Api, email: str, name: str) -> Any:
    """Another browser on the app, signed up as ``name``."""
    client = device(api.client)
    answer = client.post(
        "/api/account", json={"email": email, "name": name, "password": "a long password"}
    )
    assert answer.status_code == 200, answer.text
    return client


def create_rated(client: Any, seats: list[dict[str, Any]], params: Any = PARAMS) -> Any:
    body = {"game": GAME, "seats": seats, "params": params, "bot_delay_ms": 0, "rated": True}
    return client.post("/api/games", json=body, headers=csrf(client))


def test_a_rated_table_is_made_by_a_signed_in_person_for_accounts_and_published_bots(
    open_api: OpenApi, database_url: str
) -> None:
    api = open_api(database_url)
    publish(api)
    guest = create_rated(api.client, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
    assert guest.status_code == 400 and "sign in" in guest.json()["detail"]
    ana = signed_in(api, "ana@example.org", "Ana")
    for seats, says in [
        ([{"kind": "human", "held": True}, {"kind": "human"}], "own account"),
        ([{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], "own account"),
        (
            [{"kind": "human", "held": True}, {"kind": "bot", "bot": "greedy:epsilon=0.5"}],
            "lobby's levels (greedy)",
        ),
    ]:
        refused = create_rated(ana, seats)
        assert refused.status_code == 400 and says in refused.json()["detail"], refused.text
    made = create_rated(
        ana, [{"kind": "human", "held": True}, {"kind": "open"}, {"kind": "bot", "bot": "greedy"}]
    )
    assert made.status_code == 200, made.text
    game_id = made.json()["game_id"]
    assert api.client.get(f"/api/games/{game_id}").json()["rated"] is True
    join = {"name": "Bo"}
    as_guest = device(api.client).post(f"/api/games/{game_id}/join", json=join)
    assert as_guest.status_code == 403 and "rated" in as_guest.json()["detail"]
    twice = ana.post(f"/api/games/{game_id}/join", json=join, headers=csrf(ana))
    assert twice.status_code == 403 and "already" in twice.json()["detail"]
    bo = signed_in(api, "bo@example.org", "Bo")
    joined = bo.post(f"/api/games/{game_id}/join", json=join, headers=csrf(bo))
    assert joined.status_code == 200, joined.text
    tokens = {0: made.json()["seats"][0]["token"], 1: joined.json()["token"]}
    api.play_out(game_id, tokens)
    settled(api)
    for email in ("ana@example.org", "bo@example.org"):
        (rating,) = profile(api, email)["ratings"]
        assert rating["games"] == 1 and [p["game_id"] for p in rating["history"]] == [game_id]


def test_the_lobby_bots_play_rated_games_at_their_shipped_ratings(open_api: OpenApi) -> None:
    """Every bot the lobby offers for a game has a shipped rating: a rated table with it is
    made (the ratings are those of the package's data file, not the tests')."""
    api = open_api()
    ana = signed_in(api, "ana@example.org", "Ana")
    (game,) = [g for g in api.client.get("/api/catalog").json()["games"] if g["id"] == GAME]
    assert game["bots"]
    for bot in game["bots"]:  # the default variants: every bot plays them (learned only them)
        seats = [{"kind": "human", "held": True}, {"kind": "bot", "bot": bot}]
        made = create_rated(ana, seats, params={})
        assert made.status_code == 200, (bot, made.text)
