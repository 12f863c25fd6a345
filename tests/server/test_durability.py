"""How moves are committed: a write that would leave a hole in a game's log is refused, and
on PostgreSQL only the moves of games against machines are committed without waiting for
the disk (docs/web.md, "Several processes on one PostgreSQL database")."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event

from terranova.server.store import ConflictError, Entry

HUMAN = {"kind": "human", "name": "Ana"}
HUMAN2 = {"kind": "human", "name": "Bo"}
GREEDY = {"kind": "bot", "bot": "greedy"}
ASYNC = "SET LOCAL synchronous_commit TO OFF"


def test_a_write_that_leaves_a_hole_in_the_log_is_refused(api: Any) -> None:
    game_id = api.create([HUMAN, HUMAN2])["game_id"]
    db = api.client.app.state.db
    before = db.log(game_id)
    game = db.load_game(game_id)
    ahead = Entry(len(before) + 1, len(before) + 1, "pass")  # one entry too far
    with pytest.raises(ConflictError, match=f"next entry is {len(before)}"):
        db.append(game.pk, [ahead], "playing", None)
    assert db.log(game_id) == before  # nothing written


def test_only_games_against_machines_commit_without_waiting_for_the_disk(
    database_url: str, open_api: Any
) -> None:
    api = open_api(database_url)
    statements: list[str] = []
    engine = api.client.app.state.db.engine
    event.listen(engine, "before_cursor_execute", lambda *a: statements.append(a[2]))

    def moves_commit_asynchronously(seats: list[dict[str, Any]]) -> bool:
        created = api.create(seats)
        game_id, token = created["game_id"], created["seats"][0]["token"]
        state = api.wait_turn(game_id, 0, token)
        statements.clear()
        assert api.act(game_id, 0, token, state["legal"][0], state["ply"]).status_code == 200
        return ASYNC in statements

    postgres = engine.dialect.name == "postgresql"
    assert moves_commit_asynchronously([HUMAN, GREEDY]) is postgres
    assert moves_commit_asynchronously([HUMAN, HUMAN2]) is False
    assert moves_commit_asynchronously([HUMAN, {"kind": "open"}]) is False
