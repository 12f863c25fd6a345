"""The retention policy: unfinished games with no move for a while are closed as
abandoned, by the server itself or by ``terranova admin prune``; finished games are kept."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import select
from tests.server.conftest import Api, OpenApi
from typer.testing import CliRunner

from terranova.cli import app as cli
from terranova.server.db import ActionRow, Database, GameRow

HUMAN = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}


def _age(url: str, game_id: str, hours: float) -> None:
    """Make every log entry (and the creation) of a game ``hours`` older."""
    db = Database(url)
    shift = timedelta(hours=hours)
    try:
        with db.session() as session, session.begin():
            game = session.scalars(select(GameRow).where(GameRow.public_id == game_id)).one()
            game.created_at -= shift
            for row in session.scalars(select(ActionRow).where(ActionRow.game_id == game.id)):
                row.created_at -= shift
    finally:
        db.dispose()


def _finished(api: Api) -> str:
    created = api.create([GREEDY, GREEDY])
    api.wait_idle(120)
    assert api.state(created["game_id"])["status"] == "finished"
    return str(created["game_id"])


def _human_game(api: Api) -> tuple[str, str]:
    created = api.create([HUMAN, GREEDY])
    return created["game_id"], created["seats"][0]["token"]


def test_the_server_closes_idle_games_as_abandoned(sqlite_url: str, open_api: OpenApi) -> None:
    api = open_api(abandon_after_hours=24)
    idle, token = _human_game(api)
    recent, recent_token = _human_game(api)
    done = _finished(api)
    for game_id in (idle, done):
        _age(sqlite_url, game_id, 25)

    closed = api.client.portal.call(api.service.prune)  # type: ignore[union-attr]
    assert closed == [idle]

    summary = api.client.get(f"/api/games/{idle}").json()
    assert summary["status"] == "abandoned"
    message = api.state(idle, 0, token)
    assert message["status"] == "abandoned"
    assert message["legal"] == [] and message["can_undo"] is False
    response = api.act(idle, 0, token, "pass", message["ply"])
    assert response.status_code == 400
    assert "abandoned" in response.json()["detail"]
    assert api.undo(idle, 0, token).status_code == 400

    # the finished game is kept as it was, the recent one goes on
    assert api.client.get(f"/api/games/{done}").json()["status"] == "finished"
    assert api.client.get(f"/api/games/{done}/record").status_code == 200
    state = api.state(recent, 0, recent_token)
    response = api.act(recent, 0, recent_token, state["legal"][0], state["ply"])
    assert response.status_code == 200, response.text


def test_the_websocket_is_told_a_game_is_abandoned(sqlite_url: str, open_api: OpenApi) -> None:
    api = open_api(abandon_after_hours=1)
    game_id, token = _human_game(api)
    _age(sqlite_url, game_id, 2)
    with api.client.websocket_connect(f"/ws/games/{game_id}?seat=0&token={token}") as ws:
        assert ws.receive_json()["status"] == "playing"
        api.client.portal.call(api.service.prune)  # type: ignore[union-attr]
        assert ws.receive_json()["status"] == "abandoned"


def test_a_restarted_server_leaves_abandoned_games_closed(
    sqlite_url: str, open_api: OpenApi
) -> None:
    api = open_api(abandon_after_hours=1)
    game_id = api.create([GREEDY, GREEDY], bot_delay_ms=5000)["game_id"]
    _age(sqlite_url, game_id, 2)
    api.client.portal.call(api.service.prune)  # type: ignore[union-attr]
    ply = api.state(game_id)["ply"]
    api.close()
    again = open_api(abandon_after_hours=0, bot_delay_ms=0)
    again.wait_idle(10)
    assert again.state(game_id)["status"] == "abandoned"
    assert again.state(game_id)["ply"] == ply  # its bots did not move again


def test_admin_prune_applies_the_policy(sqlite_url: str, open_api: OpenApi) -> None:
    api = open_api(abandon_after_hours=0)
    idle, token = _human_game(api)
    recent, _ = _human_game(api)
    done = _finished(api)
    for game_id in (idle, done):
        _age(sqlite_url, game_id, 30)
    runner = CliRunner()
    args = ["admin", "prune", "--database-url", sqlite_url, "--abandon-after-hours", "24"]

    dry: Any = runner.invoke(cli, [*args, "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert "would abandon 1 game" in dry.output and idle in dry.output
    assert api.client.get(f"/api/games/{idle}").json()["status"] == "playing"

    result: Any = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "abandoned 1 game" in result.output and idle in result.output
    assert recent not in result.output and done not in result.output

    # the running server still holds the game live: its next move is refused all the same
    state = api.state(idle, 0, token)
    response = api.act(idle, 0, token, state["legal"][0], state["ply"])
    assert response.status_code == 409
    response = api.act(idle, 0, token, state["legal"][0], state["ply"])
    assert response.status_code == 400 and "abandoned" in response.json()["detail"]
    assert api.client.get(f"/api/games/{idle}").json()["status"] == "abandoned"

    bad: Any = runner.invoke(cli, ["admin", "prune", "--abandon-after-hours", "0"])
    assert bad.exit_code == 2
    older = sqlite_url.replace("terranova.db", "older.db")
    Path(older.removeprefix("sqlite:///")).touch()  # an empty file: no schema yet
    bad = runner.invoke(cli, ["admin", "prune", "--database-url", older])
    assert bad.exit_code == 2 and "revision none" in bad.output
    missing = sqlite_url.replace("terranova.db", "typo.db")
    bad = runner.invoke(cli, ["admin", "prune", "--database-url", missing])
    assert bad.exit_code == 2 and "no database file" in bad.output
    assert not Path(missing.removeprefix("sqlite:///")).exists()
