"""Seats a game plays itself (its ``automaton_variant``): kind ``automaton`` in requests,
answers, messages, records and the database; games stored before the kind existed (the
automaton as a ``random`` bot) still load."""

from __future__ import annotations

from typing import Any

import pytest
from alembic import command
from sqlalchemy import inspect, text

from terranova.core.records import GameRecord, replay
from terranova.server import bots as bots_module
from terranova.server.db import Database, alembic_config

HUMAN = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
AUTOMATON = {"kind": "automaton"}
EXPLORE = "evolution-explore"


def test_an_automaton_seat_is_neither_human_nor_bot(api: Any) -> None:
    created = api.create([HUMAN, GREEDY, AUTOMATON], params={"automata": 1}, game=EXPLORE)
    game_id = created["game_id"]
    assert created["seats"][2] == {
        "seat": 2,
        "kind": "automaton",
        "name": "Automaton",
        "bot": None,
        "token": None,
        "link": None,
        "held": False,  # no account holds the game's own seat
    }
    expected = [
        {"seat": 0, "kind": "human", "name": "Ana", "bot": None},
        {"seat": 1, "kind": "bot", "name": "greedy", "bot": "greedy"},
        {"seat": 2, "kind": "automaton", "name": "Automaton", "bot": None},
    ]
    assert api.client.get(f"/api/games/{game_id}").json()["seats"] == expected
    assert api.state(game_id)["seats"] == expected
    named = api.create(
        [HUMAN, {"kind": "automaton", "name": "The machine"}], params={"automata": 1}, game=EXPLORE
    )
    assert named["seats"][1]["name"] == "The machine"
    # nobody holds its token
    token = created["seats"][0]["token"]
    response = api.client.get(f"/api/games/{game_id}/state", params={"seat": 2, "token": token})
    assert response.status_code == 403
    assert response.json()["detail"] == "seat 3 is played by the automaton"


def test_undo_against_bots_and_the_automaton(api: Any) -> None:
    """The automaton counts with the bots: a practice game undoes past its moves."""
    created = api.create(
        [HUMAN, GREEDY, AUTOMATON], params={"automata": 1}, game=EXPLORE, practice=True
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    state = api.wait_turn(game_id, 0, token)
    assert api.act(game_id, 0, token, state["legal"][0], state["ply"]).status_code == 200
    api.wait_idle()
    assert api.state(game_id, 0, token)["can_undo"]
    response = api.undo(game_id, 0, token)
    assert response.status_code == 200, response.text
    assert response.json()["ply"] == state["ply"]


@pytest.mark.parametrize(
    ("game", "params", "seats", "message"),
    [
        ("discovery", {}, [HUMAN, AUTOMATON], "seat 2: discovery plays no seat itself"),
        (
            EXPLORE,
            {},
            [HUMAN, GREEDY, AUTOMATON],
            "seat 3: with automata=0, the automaton plays no",
        ),
        (
            EXPLORE,
            {"automata": 1},
            [HUMAN, AUTOMATON, GREEDY],
            "seat 2: with automata=1, the automaton plays seat 3",
        ),
        (
            EXPLORE,
            {"automata": 2},
            [HUMAN, AUTOMATON, AUTOMATON, AUTOMATON],
            "seat 2: with automata=2, the automaton plays seats 3 to 4",
        ),
        (
            EXPLORE,
            {"automata": 1},
            [HUMAN, GREEDY, {"kind": "bot", "bot": "random", "name": "Automaton"}],
            "seat 3 is played by the automaton (automata=1): its kind is automaton, not bot",
        ),
        (
            EXPLORE,
            {"automata": 1},
            [HUMAN, GREEDY, HUMAN],
            "seat 3 is played by the automaton (automata=1): its kind is automaton, not human",
        ),
        (
            EXPLORE,
            {"automata": 1},
            [HUMAN, GREEDY, {"kind": "automaton", "bot": "random"}],
            "seat 3 is played by the automaton: it has no bot",
        ),
    ],
)
def test_automaton_seats_are_where_the_game_plays_itself(
    api: Any, game: str, params: dict[str, Any], seats: list[dict[str, Any]], message: str
) -> None:
    body = {"game": game, "params": params, "seats": seats}
    response = api.client.post("/api/games", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["detail"].startswith(message), response.text


def test_the_server_never_moves_for_the_automaton(
    api: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[int] = []
    choose = bots_module._decide_quick

    def spy(spec: str, seed: int, state: Any, bounds: Any, game_id: str) -> Any:
        asked.append(state.current_player())
        return choose(spec, seed, state, bounds, game_id)

    monkeypatch.setattr(bots_module, "_decide_quick", spy)
    created = api.create([GREEDY, GREEDY, AUTOMATON], params={"automata": 1}, game=EXPLORE)
    game_id = created["game_id"]
    api.wait_idle(60)
    assert api.client.get(f"/api/games/{game_id}").json()["status"] == "finished"
    assert asked and set(asked) == {0, 1}
    record = GameRecord.from_dict(api.client.get(f"/api/games/{game_id}/record").json())
    assert record.seats[2].kind == "automaton" and record.seats[2].name == "Automaton"
    assert replay(record).is_terminal()


def test_automaton_seats_are_stored(database_url: str, open_api: Any) -> None:
    """On PostgreSQL too: ``automaton`` is longer than the 8 characters of revision 0002."""
    first = open_api(database_url)
    created = first.create([HUMAN, GREEDY, AUTOMATON], params={"automata": 1}, game=EXPLORE)
    game_id = created["game_id"]
    seats = first.client.get(f"/api/games/{game_id}").json()["seats"]
    first.close()
    second = open_api(database_url)
    assert second.client.get(f"/api/games/{game_id}").json()["seats"] == seats
    assert seats[2]["kind"] == "automaton"


def test_a_game_stored_with_a_bot_for_its_automaton_still_loads(
    database_url: str, open_api: Any
) -> None:
    """Before the kind existed, the lobby sent the automaton as a ``random`` bot."""
    first = open_api(database_url)
    created = first.create(
        [HUMAN, GREEDY, AUTOMATON], params={"automata": 1}, game=EXPLORE, practice=True
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    first.close()
    db = Database(database_url)
    try:
        with db.engine.begin() as connection:
            connection.execute(text("UPDATE seats SET kind = 'bot', bot = 'random' WHERE seat = 2"))
    finally:
        db.dispose()
    second = open_api(database_url)
    summary = second.client.get(f"/api/games/{game_id}").json()
    assert summary["seats"][2] == {"seat": 2, "kind": "automaton", "name": "Automaton", "bot": None}
    state = second.wait_turn(game_id, 0, token)
    assert second.act(game_id, 0, token, state["legal"][0], state["ply"]).status_code == 200
    second.wait_idle()
    assert second.state(game_id, 0, token)["can_undo"]


def test_migration_0003_widens_the_seat_kind(database_url: str) -> None:
    db = Database(database_url)
    config = alembic_config()

    def kind_length() -> int | None:
        with db.engine.connect() as connection:
            columns = inspect(connection).get_columns("seats")
        return next(c["type"].length for c in columns if c["name"] == "kind")

    def to(revision: str, down: bool = False) -> None:
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            (command.downgrade if down else command.upgrade)(config, revision)

    try:
        to("0002")
        assert kind_length() == 8
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO games (public_id, game, params, seed, rules_version,"
                    " bot_delay_ms, created_at, status) VALUES ('old', :game, :params, 1,"
                    " '1', 0, '2026-01-01 00:00:00', 'playing')"
                ),
                {"game": EXPLORE, "params": '{"players": 2, "automata": 1}'},
            )
            connection.execute(
                text(
                    "INSERT INTO seats (game_id, seat, kind, name, bot) SELECT id, 1, 'bot',"
                    " 'Automaton', 'random' FROM games WHERE public_id = 'old'"
                )
            )
        db.migrate()
        assert kind_length() == 16
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO seats (game_id, seat, kind, name) SELECT id, 0, 'automaton',"
                    " 'Automaton' FROM games WHERE public_id = 'old'"
                )
            )
        stored = db.load_game("old")
        assert stored is not None
        assert [(s.seat, s.kind, s.bot) for s in stored.seats] == [
            (0, "automaton", None),
            (1, "bot", "random"),
        ]
        to("0002", down=True)  # the automaton goes back to being a bot that is never asked
        assert kind_length() == 8
        with db.engine.connect() as connection:  # the models are the newest schema's
            seats = connection.execute(text("SELECT kind, bot FROM seats ORDER BY seat")).all()
        assert [tuple(row) for row in seats] == [("bot", "random"), ("bot", "random")]
        db.migrate()
    finally:
        db.dispose()
