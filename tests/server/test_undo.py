"""Undo, and practice games (docs/web.md, "Undo")."""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import text

from terranova.records import GameRecord, replay
from terranova.server.db import Database

HUMAN = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}


def test_a_practice_game_undoes_without_limit(api: Any) -> None:
    """The old unlimited undo (back past the bots' turns and the draws, as
    test_play.py's practice test goes on to check); the practice flag is in the summary,
    the state messages and the record."""
    created = api.create([HUMAN, GREEDY], practice=True)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    assert api.client.get(f"/api/games/{game_id}").json()["practice"] is True
    start = api.wait_turn(game_id, 0, token)
    assert start["practice"] is True and api.state(game_id)["practice"] is True
    placed = api.act(game_id, 0, token, start["legal"][0], start["ply"]).json()
    api.act(game_id, 0, token, placed["legal"][-1], placed["ply"])
    api.wait_idle()
    later = api.wait_turn(game_id, 0, token)
    assert later["ply"] > placed["ply"] + 2 and later["can_undo"] is True
    back = api.undo(game_id, 0, token).json()
    assert back["ply"] == placed["ply"] and back["view"] == placed["view"]
    # to the end: the record says practice, and replays
    api.play_until(game_id, 0, token, lambda s: False, random.Random(5))
    record = api.client.get(f"/api/games/{game_id}/record").json()
    assert record["practice"] is True
    assert GameRecord.from_dict(record).practice is True
    assert replay(GameRecord.from_dict(record)).is_terminal()


def test_practice_is_off_unless_asked(api: Any) -> None:
    created = api.create([HUMAN, GREEDY])
    game_id = created["game_id"]
    assert api.client.get(f"/api/games/{game_id}").json()["practice"] is False
    assert api.state(game_id)["practice"] is False
    body = {"game": "discovery", "seats": [HUMAN, GREEDY]}
    for bad in ("yes", 1, None):
        response = api.client.post("/api/games", json={**body, "practice": bad})
        assert response.status_code == 400, (bad, response.text)


def test_the_migration_gives_old_games_no_practice(sqlite_url: str) -> None:
    """A database made before practice games existed is upgraded in place."""
    from alembic import command

    from terranova.server.db import alembic_config

    db = Database(sqlite_url)
    try:
        config = alembic_config()
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0002")
            connection.execute(
                text(
                    "INSERT INTO games (public_id, game, params, seed, rules_version,"
                    " bot_delay_ms, response_seconds, created_at, status) VALUES ('old',"
                    " 'discovery', '{}', 1, '1', 0, 10, '2026-01-01 00:00:00', 'playing')"
                )
            )
        db.migrate()
        stored = db.load_game("old")
        assert stored is not None and stored.practice is False
    finally:
        db.dispose()
