"""Persistence on SQLite and (when ``TERRANOVA_TEST_POSTGRES_URL`` is set) PostgreSQL:
migrations, games rebuilt from the log by a new app, hashed tokens, bots resuming."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, select

from terranova.records import GameRecord, replay
from terranova.server import store
from terranova.server.db import ActionRow, Base, Database, GameRow, SeatRow, alembic_config

HUMAN = {"kind": "human", "name": "Ana"}
HUMAN2 = {"kind": "human", "name": "Bo"}
GREEDY = {"kind": "bot", "bot": "greedy"}
RANDOM = {"kind": "bot", "bot": "random"}


def test_migrations_create_the_schema_and_match_the_models(database_url: str) -> None:
    db = Database(database_url)
    try:
        db.migrate()
        db.migrate()  # a second run changes nothing
        with db.engine.connect() as connection:
            context = MigrationContext.configure(connection)
            head = ScriptDirectory.from_config(alembic_config()).get_current_head()
            assert context.get_current_revision() == head
            assert compare_metadata(context, Base.metadata) == []
            tables = set(inspect(connection).get_table_names())
        assert {"games", "seats", "actions", "alembic_version"} <= tables
        uniques = {
            tuple(u["column_names"]) for u in inspect(db.engine).get_unique_constraints("actions")
        }
        assert ("game_id", "seq") in uniques
    finally:
        db.dispose()


def test_a_new_app_rebuilds_every_game_from_the_database(database_url: str, open_api: Any) -> None:
    first = open_api(database_url)
    games = []
    # a game against bots with hidden hands, part played
    created = first.create(
        [HUMAN, GREEDY, RANDOM], params={"hand": 2, "hand_visibility": "private"}
    )
    token = created["seats"][0]["token"]
    rng = random.Random(11)
    first.play_until(created["game_id"], 0, token, lambda s: s["ply"] > 30, rng)
    games.append((created["game_id"], 0, token))
    # a game between two people, with an undo-free history and a refused move
    created = first.create([HUMAN, HUMAN2])
    tokens = [s["token"] for s in created["seats"]]
    state = first.state(created["game_id"], 0, tokens[0])
    first.act(created["game_id"], 0, tokens[0], state["legal"][-1], state["ply"])
    first.act(created["game_id"], 0, tokens[0], "deploy 77", state["ply"] + 1)
    games.append((created["game_id"], 1, tokens[1]))
    first.wait_idle()
    before = {(g, s): (first.state(g, s, t), first.state(g)) for g, s, t in games}
    summaries = {g: first.client.get(f"/api/games/{g}").json() for g, _, _ in games}
    first.close()

    second = open_api(database_url)
    for (game_id, seat, token), (mine, spectator) in zip(games, before.values(), strict=True):
        assert second.state(game_id, seat, token) == mine
        assert second.state(game_id) == spectator
        assert second.client.get(f"/api/games/{game_id}").json() == summaries[game_id]
    # and play goes on
    game_id, seat, token = games[0]
    state = second.wait_turn(game_id, seat, token)
    response = second.act(game_id, seat, token, state["legal"][0], state["ply"])
    assert response.status_code == 200


def test_tokens_are_stored_as_hashes(database_url: str, open_api: Any) -> None:
    api = open_api(database_url)
    created = api.create([HUMAN, GREEDY])
    token = created["seats"][0]["token"]
    db = Database(database_url)
    try:
        with db.session() as session:
            seats = session.scalars(select(SeatRow).order_by(SeatRow.seat)).all()
            assert seats[0].token_hash == hashlib.sha256(token.encode()).hexdigest()
            assert seats[1].token_hash is None and seats[1].bot == "greedy"
            rows: list[Any] = [
                *session.scalars(select(GameRow)).all(),
                *seats,
                *session.scalars(select(ActionRow)).all(),
            ]
            for row in rows:
                assert token not in str([getattr(row, c.key) for c in row.__table__.columns])
    finally:
        db.dispose()


def test_bots_resume_when_the_app_starts_again(database_url: str, open_api: Any) -> None:
    first = open_api(database_url)
    created = first.create([GREEDY, RANDOM], bot_delay_ms=5)
    game_id = created["game_id"]
    first.close()  # stops the bots mid-game
    db = Database(database_url)
    try:
        stopped_at = len(db.log(game_id))
        assert stopped_at < 100
        assert db.unfinished_games() == [game_id]
    finally:
        db.dispose()

    second = open_api(database_url, bot_delay_ms=0)
    second.wait_idle(60)
    summary = second.client.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "finished"
    record = GameRecord.from_dict(second.client.get(f"/api/games/{game_id}/record").json())
    assert replay(record).is_terminal()
    db = Database(database_url)
    try:
        assert db.unfinished_games() == []
        game = db.load_game(game_id)
        assert game is not None and game.status == "finished"
        assert game.result == record.result
    finally:
        db.dispose()


def test_a_public_id_never_begins_with_a_hyphen(monkeypatch: pytest.MonkeyPatch) -> None:
    """A public id is given on command lines (`terranova admin suspend ID`), where one
    beginning with "-" would be read as an option."""
    drawn = iter(["-bFOOasItWh9", "--aaaaaaaaaa", "Xy-_abcdefgh"])
    monkeypatch.setattr(store.secrets, "token_urlsafe", lambda n: next(drawn))
    assert store.new_public_id() == "Xy-_abcdefgh"
    monkeypatch.undo()
    ids = [store.new_public_id() for _ in range(2000)]
    assert all(len(i) == 12 and not i.startswith("-") for i in ids)
