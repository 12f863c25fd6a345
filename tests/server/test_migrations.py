"""Every migration keeps every stored game whole: its row, seats and log."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import text

from terranova.server.db import Database, GameLimitReached, StoredSeat, alembic_config

TABLES = ("games", "seats", "actions")


def _counts(db: Database) -> dict[str, int]:
    with db.engine.connect() as connection:
        return {
            t: int(connection.execute(text(f"SELECT count(*) FROM {t}")).scalar() or 0)
            for t in TABLES
        }


def test_upgrades_and_downgrades_keep_every_row(database_url: str) -> None:
    db = Database(database_url)
    config = alembic_config()

    def to(revision: str, down: bool = False) -> None:
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            (command.downgrade if down else command.upgrade)(config, revision)

    try:
        to("0001")
        with db.engine.begin() as connection:
            for n in range(3):
                connection.execute(
                    text(
                        "INSERT INTO games (public_id, game, params, seed, rules_version,"
                        " bot_delay_ms, created_at, status) VALUES (:id, 'discovery',"
                        " '{\"players\": 2}', 1, '1', 0, '2026-01-01 00:00:00', 'playing')"
                    ),
                    {"id": f"old{n}"},
                )
            connection.execute(
                text(
                    "INSERT INTO seats (game_id, seat, kind, name) SELECT id, s.seat, 'human',"
                    " 'P' FROM games, (SELECT 0 AS seat UNION SELECT 1) AS s"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO actions (game_id, seq, ply, text, kind, created_at) SELECT id,"
                    " 0, 0, 'draw 01', 'action', '2026-01-01 00:00:00' FROM games"
                )
            )
        before = _counts(db)
        assert before == {"games": 3, "seats": 6, "actions": 3}
        db.migrate()
        assert _counts(db) == before
        to("0001", down=True)
        assert _counts(db) == before
        db.migrate()
        assert _counts(db) == before
        stored = db.load_game("old1")
        assert stored is not None and len(stored.seats) == 2 and len(stored.entries) == 1
    finally:
        db.dispose()


def test_0009_adds_the_creator_and_counts_no_older_game(database_url: str) -> None:
    db = Database(database_url)
    config = alembic_config()
    try:
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0008")
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO games (public_id, game, params, seed, rules_version,"
                    " bot_delay_ms, created_at, status) VALUES ('old', 'discovery',"
                    " '{\"players\": 2}', 1, '1', 0, '2026-01-01 00:00:00', 'playing')"
                )
            )
        db.migrate()
        current, head = db.revisions()
        assert current == head
        with db.engine.connect() as connection:
            creators = connection.execute(text("SELECT creator FROM games")).scalars().all()
        assert creators == [None]
        # the game made before has no creator: it is not counted against any address
        seat = StoredSeat(0, "human", "Ana", None, None)
        args = ("discovery", {"players": 2}, 1, "1", 0, 10.0, [seat], [], "playing", None)
        db.create_game("new", *args, creator="0" * 32, most_unfinished=1)
        with pytest.raises(GameLimitReached):
            db.create_game("newer", *args, creator="0" * 32, most_unfinished=1)
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0008")
        assert _counts(db)["games"] == 2
    finally:
        db.dispose()


def test_0013_adds_the_chat_tables_and_takes_them_away(database_url: str) -> None:
    db = Database(database_url)
    config = alembic_config()

    def to(revision: str, down: bool = False) -> None:
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            (command.downgrade if down else command.upgrade)(config, revision)

    try:
        to("0013")
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO accounts (public_id, email, name, name_key, verified, suspended,"
                    " deleted, turn_emails, unsubscribe_key, created_at) VALUES ('p1',"
                    " 'ana@example.org', 'Ana', 'ana', true, false, false, false, 'k',"
                    " '2026-01-01 00:00:00')"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO chat_messages (account_id, name, spectator, text, created_at,"
                    " deleted) SELECT id, 'Ana', false, 'hi', '2026-01-01 00:00:00', false"
                    " FROM accounts"
                )
            )
        to("0012", down=True)
        with db.engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM accounts")).scalar() == 1
        db.migrate()
        with db.engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM chat_messages")).scalar() == 0
    finally:
        db.dispose()


def test_0017_adds_the_account_language_and_keeps_every_account(database_url: str) -> None:
    db = Database(database_url)
    config = alembic_config()

    def to(revision: str, down: bool = False) -> None:
        with db.engine.begin() as connection:
            config.attributes["connection"] = connection
            (command.downgrade if down else command.upgrade)(config, revision)

    def accounts() -> list[tuple[object, ...]]:
        with db.engine.connect() as connection:
            return [
                tuple(row)
                for row in connection.execute(text("SELECT public_id, name FROM accounts"))
            ]

    try:
        to("0016")
        with db.engine.begin() as connection:
            for n in range(2):
                connection.execute(
                    text(
                        "INSERT INTO accounts (public_id, email, name, name_key, verified,"
                        " suspended, deleted, turn_emails, unsubscribe_key, created_at) VALUES"
                        " (:id, :email, :name, :key, true, false, false, true, 'k',"
                        " '2026-01-01 00:00:00')"
                    ),
                    {"id": f"p{n}", "email": f"a{n}@example.org", "name": f"A{n}", "key": f"a{n}"},
                )
        before = accounts()
        to("0017")
        assert accounts() == before
        with db.engine.begin() as connection:
            assert (
                connection.execute(
                    text("SELECT count(*) FROM accounts WHERE language IS NULL")
                ).scalar()
                == 2
            )
            connection.execute(text("UPDATE accounts SET language = 'fr' WHERE public_id = 'p1'"))
        to("0016", down=True)
        assert accounts() == before
        db.migrate()
        assert accounts() == before
        with db.engine.connect() as connection:
            assert connection.execute(text("SELECT language FROM accounts")).scalars().all() == [
                None,
                None,
            ]
    finally:
        db.dispose()
