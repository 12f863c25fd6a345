"""Response windows on the server (Discovery Bluff's Stop, the jokers' "Interruption!"):
every seat of a window may answer at once, the first challenge wins, early "let it pass"
answers wait for their turn, and the game's clock lets the silent seats pass."""

from __future__ import annotations

import time
from typing import Any

import pytest
from sqlalchemy import select, text

from terranova.games.evolution.content import load_deck
from terranova.server.db import ActionRow, Database

ANA = {"kind": "human", "name": "Ana"}
BO = {"kind": "human", "name": "Bo"}
CY = {"kind": "human", "name": "Cy"}
RANDOM = {"kind": "bot", "bot": "random"}
GREEDY = {"kind": "bot", "bot": "greedy"}
DECK = load_deck()


def bluff(
    api: Any, seats: list[dict[str, Any]], seconds: float = 60.0, bot_delay_ms: int = 0
) -> tuple[str, list[Any]]:
    created = api.create(
        seats, game="evolution-bluff", response_seconds=seconds, bot_delay_ms=bot_delay_ms
    )
    return created["game_id"], [s.get("token") for s in created["seats"]]


def place_first_card(api: Any, game_id: str, tokens: list[Any]) -> dict[str, Any]:
    """Seat 0 places the first card of its hand; the state of seat 0 after it."""
    state = api.wait_turn(game_id, 0, tokens[0])
    place = next(a for a in state["legal"] if a.startswith("place hand "))
    response = api.act(game_id, 0, tokens[0], place, state["ply"])
    assert response.status_code == 200, response.text
    return dict(api.state(game_id, 0, tokens[0]))


def texts(api: Any, game_id: str) -> list[tuple[int | None, str]]:
    return [(e["seat"], e["text"]) for e in api.state(game_id)["log"]]


def test_every_seat_of_a_window_may_answer_and_the_first_stop_wins(api: Any) -> None:
    game_id, tokens = bluff(api, [ANA, BO, CY])
    placed = place_first_card(api, game_id, tokens)
    ply = placed["ply"]
    one, two = api.state(game_id, 1, tokens[1]), api.state(game_id, 2, tokens[2])
    assert one["to_move"] == 1 and two["to_move"] == 1
    for message in (one, two):
        assert message["window"]["waiting"] and not message["window"]["answered"]
        assert message["window"]["seconds"] == 60.0
        assert message["window"]["ends_at"] > time.time() * 1000 + 50_000
        assert {"accept", "stop"} <= set(message["legal"])
    assert placed["window"] == {**one["window"], "waiting": False}
    assert placed["legal"] == []  # the actor does not answer its own action
    assert api.state(game_id)["window"]["waiting"] is False  # a spectator sees the clock

    # seat 2 says Stop before seat 1 has answered: seat 1 is taken to let it pass
    response = api.act(game_id, 2, tokens[2], "stop", ply)
    assert response.status_code == 200, response.text
    assert texts(api, game_id)[-2:] == [(1, "accept"), (2, "stop")]
    after = api.state(game_id, 0, tokens[0])
    assert after["window"] is None
    assert set(after["legal"]) == {"verify", "concede"}  # seat 0 answers the Stop
    assert api.state(game_id, 1, tokens[1])["legal"] == []


def test_an_early_let_it_pass_waits_for_its_turn(api: Any) -> None:
    game_id, tokens = bluff(api, [ANA, BO, CY])
    ply = place_first_card(api, game_id, tokens)["ply"]
    response = api.act(game_id, 2, tokens[2], "accept", ply)
    assert response.status_code == 200, response.text
    two = api.state(game_id, 2, tokens[2])
    assert two["ply"] == ply  # nothing played yet: seat 1 may still say Stop
    assert two["window"]["answered"] and not two["window"]["waiting"] and two["legal"] == []
    again = api.act(game_id, 2, tokens[2], "stop", ply)
    assert again.status_code == 400 and "already" in again.json()["detail"]
    # an answer sent from an older position of the same window is still an answer
    response = api.act(game_id, 1, tokens[1], "accept", ply)
    assert response.status_code == 200, response.text
    api.wait_idle()
    assert texts(api, game_id)[-2:] == [(1, "accept"), (2, "accept")]
    assert api.state(game_id)["window"] is None


def test_the_clock_lets_silent_seats_pass(api: Any) -> None:
    game_id, tokens = bluff(api, [ANA, BO, CY], seconds=0.4)
    api.wait_turn(game_id, 0, tokens[0])
    # taken before the card is placed, so before the window opens: however slow the
    # machine, the window closes no sooner than 0.4 s after this
    started = time.monotonic()
    ply = place_first_card(api, game_id, tokens)["ply"]
    while api.state(game_id)["ply"] < ply + 2:
        assert time.monotonic() - started < 60, "the window never closed"
        time.sleep(0.02)
    assert time.monotonic() - started >= 0.39  # its 0.4 s, less rounding
    assert texts(api, game_id)[ply : ply + 2] == [(1, "accept"), (2, "accept")]
    state = api.state(game_id, 0, tokens[0])
    assert state["window"] is None and "end" in state["legal"]


def test_a_bot_in_the_window_answers_at_once(api: Any) -> None:
    game_id, tokens = bluff(api, [ANA, RANDOM], seconds=600)
    place_first_card(api, game_id, tokens)
    api.wait_idle()
    log = texts(api, game_id)
    placed = next(i for i, (seat, text) in enumerate(log) if text.startswith("place hand"))
    assert log[placed + 1][0] == 1 and log[placed + 1][1] in ("accept", "stop")


def test_stale_and_foreign_answers_are_refused(api: Any) -> None:
    game_id, tokens = bluff(api, [ANA, BO, CY])
    ply = place_first_card(api, game_id, tokens)["ply"]
    assert api.act(game_id, 2, tokens[2], "stop", ply - 1).status_code == 409  # before it
    assert api.act(game_id, 2, tokens[1], "stop", ply).status_code == 403  # not its token
    assert api.act(game_id, 0, tokens[0], "stop", ply).status_code == 400  # the actor
    assert api.act(game_id, 2, tokens[2], "verify", ply).status_code == 400  # not an option
    assert api.state(game_id)["ply"] == ply


def test_a_restarted_server_gives_an_open_window_a_fresh_clock(
    database_url: str, open_api: Any
) -> None:
    first = open_api(database_url)
    game_id, tokens = bluff(first, [ANA, BO], seconds=30)
    ply = place_first_card(first, game_id, tokens)["ply"]
    first.close()
    second = open_api(database_url)
    message = second.state(game_id, 1, tokens[1])
    assert message["ply"] == ply and message["window"]["waiting"]
    assert message["window"]["ends_at"] > time.time() * 1000 + 20_000
    assert second.act(game_id, 1, tokens[1], "accept", ply).status_code == 200


def test_response_seconds_is_set_per_game_and_checked(api: Any) -> None:
    created = api.create([ANA, BO], game="evolution-bluff", response_seconds=2.5)
    summary = api.client.get(f"/api/games/{created['game_id']}").json()
    assert summary["response_seconds"] == 2.5
    default = api.create([ANA, BO], game="evolution-bluff")
    assert api.client.get(f"/api/games/{default['game_id']}").json()["response_seconds"] == 10
    body = {"game": "evolution-bluff", "seats": [ANA, BO]}
    for bad in (0, -1, 601, "soon"):
        response = api.client.post("/api/games", json={**body, "response_seconds": bad})
        assert response.status_code in (400, 422), (bad, response.text)


def test_games_without_windows_send_none(api: Any) -> None:
    created = api.create([ANA, BO])
    assert api.state(created["game_id"])["window"] is None


@pytest.mark.parametrize("seats", [2])
def test_the_migration_gives_old_games_the_default_time(sqlite_url: str, seats: int) -> None:
    """A database made before response times existed is upgraded in place."""
    from alembic import command

    from terranova.server.db import alembic_config

    db = Database(sqlite_url)
    try:
        config = alembic_config()
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0001")
            connection.execute(
                text(
                    "INSERT INTO games (public_id, game, params, seed, rules_version,"
                    " bot_delay_ms, created_at, status) VALUES ('old', 'discovery', '{}', 1,"
                    " '1', 0, '2026-01-01 00:00:00', 'playing')"
                )
            )
        db.migrate()
        stored = db.load_game("old")
        assert stored is not None and stored.response_seconds == 10
    finally:
        db.dispose()


def test_a_window_keeps_its_clock_and_held_answers_when_its_game_leaves_the_cache(
    open_api: Any,
) -> None:
    """With room for one live game, two games' windows still close on time, and a held
    answer survives its game being rebuilt from the database."""
    api = open_api(max_cached_games=1)
    held, held_tokens = bluff(api, [ANA, BO, CY], seconds=60)
    held_ply = place_first_card(api, held, held_tokens)["ply"]
    assert api.act(held, 2, held_tokens[2], "accept", held_ply).status_code == 200
    ends_at = api.state(held, 2, held_tokens[2])["window"]["ends_at"]
    timed = []
    for _ in range(2):
        game_id, tokens = bluff(api, [ANA, BO], seconds=0.4)
        timed.append((game_id, place_first_card(api, game_id, tokens)["ply"]))
    again = api.state(held, 2, held_tokens[2])  # rebuilt from the database
    assert again["window"]["answered"] and again["window"]["ends_at"] == ends_at
    started = time.monotonic()
    db = api.service.store
    for game_id, ply in timed:  # read the database: a GET would load the game
        while len(db.load_game(game_id).entries) < ply + 1:
            assert time.monotonic() - started < 60, "a window lost its clock"
            time.sleep(0.05)


def test_an_early_let_it_pass_is_told_to_its_seat_only(api: Any) -> None:
    """Telling everyone would tell them who was asked (in Explore, who holds a joker)."""
    game_id, tokens = bluff(api, [ANA, BO, CY])
    ply = place_first_card(api, game_id, tokens)["ply"]
    with (
        api.client.websocket_connect(f"/ws/games/{game_id}?seat=2&token={tokens[2]}") as two,
        api.client.websocket_connect(f"/ws/games/{game_id}") as watcher,
    ):
        assert two.receive_json()["window"]["waiting"]
        watcher.receive_json()
        assert api.act(game_id, 2, tokens[2], "accept", ply).status_code == 200
        assert two.receive_json()["window"]["answered"]
        watcher.send_json({"type": "ping"})
        assert watcher.receive_json() == {"type": "pong"}  # no state message came first


def test_an_answer_from_a_position_not_yet_reached_is_stale(api: Any) -> None:
    game_id, tokens = bluff(api, [ANA, BO, CY])
    ply = place_first_card(api, game_id, tokens)["ply"]
    assert api.act(game_id, 2, tokens[2], "stop", ply + 1).status_code == 409
    assert api.state(game_id)["ply"] == ply


def test_a_held_answer_lands_with_the_bot_answer_before_it(
    api: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 2 lets it pass while the bot (seat 1, asked first) is still thinking: the bot's
    answer and seat 2's land in one commit."""
    monkeypatch.setattr("terranova.server.service.secrets.randbits", lambda bits: 2026)
    game_id, tokens = bluff(api, [ANA, GREEDY, BO], seconds=60, bot_delay_ms=600)
    pk = api.service.games[game_id].pk
    state = api.wait_turn(game_id, 0, tokens[0])
    honest = next(  # greedy says Stop only to what it knows is wrong: place a valid card
        a
        for a in state["legal"]
        if a.startswith("place ") and not DECK.cards[DECK.index[a.split()[-1]]].prerequisites
    )
    assert api.act(game_id, 0, tokens[0], honest, state["ply"]).status_code == 200
    ply = state["ply"] + 1
    assert api.act(game_id, 2, tokens[2], "accept", ply).status_code == 200
    api.wait_idle()
    assert texts(api, game_id)[ply : ply + 2] == [(1, "accept"), (2, "accept")]
    with api.client.app.state.db.session() as session:
        rows = session.scalars(
            select(ActionRow)
            .where(ActionRow.game_id == pk, ActionRow.ply.in_([ply, ply + 1]))
            .order_by(ActionRow.ply)
        ).all()
    assert len(rows) == 2 and rows[0].created_at == rows[1].created_at  # one commit
