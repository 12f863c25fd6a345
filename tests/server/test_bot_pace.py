"""A game no person plays (every seat a bot's or the automaton's, or everyone resigned)
moves its bots no faster than ``min_unwatched_bot_delay_ms``, whatever its own
``bot_delay_ms``; a game with a person in it keeps its own pace. The pauses are counted
through the autoplay's ``sleep``, not timed."""

from __future__ import annotations

import asyncio

import pytest
from tests.server.conftest import Api, OpenApi
from typer.testing import CliRunner

import terranova.server
from terranova.cli import app as cli
from terranova.server import Settings

HUMAN = {"kind": "human", "name": "Ana"}
GREEDY = {"kind": "bot", "bot": "greedy"}
RANDOM = {"kind": "bot", "bot": "random"}
FLOOR_MS = 250


def counting(api: Api) -> list[float]:
    """The pauses ``api``'s bots take from now on, each waited out at once."""
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)
        await asyncio.sleep(0)

    api.service.autoplay.sleep = sleep
    return pauses


def test_bots_alone_move_no_faster_than_the_floor(database_url: str, open_api: OpenApi) -> None:
    api = open_api(database_url, min_unwatched_bot_delay_ms=FLOOR_MS)
    pauses = counting(api)
    game_id = api.create([GREEDY, RANDOM], bot_delay_ms=0)["game_id"]
    api.wait_idle(120)
    state = api.state(game_id)
    assert state["status"] == "finished"
    # a pause before each bot move, none shorter than the floor
    decisions = sum(1 for entry in state["log"] if entry["seat"] is not None)
    assert len(pauses) >= decisions > 0
    assert set(pauses) == {FLOOR_MS / 1000}
    # a slower table keeps its own pace
    pauses.clear()
    api.create([GREEDY, RANDOM], bot_delay_ms=400)
    api.wait_idle(120)
    assert pauses and set(pauses) == {0.4}


def test_a_person_at_the_table_keeps_its_pace_until_they_resign(
    database_url: str, open_api: OpenApi
) -> None:
    api = open_api(database_url, min_unwatched_bot_delay_ms=FLOOR_MS)
    pauses = counting(api)
    created = api.create([HUMAN, GREEDY], bot_delay_ms=0)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    state = api.wait_turn(game_id, 0, token)
    answer = api.act(game_id, 0, token, state["legal"][0], state["ply"])
    assert answer.status_code == 200, answer.text
    api.wait_turn(game_id, 0, token)
    assert pauses == []  # bot_delay_ms 0, and a person plays: no pause
    resigned = api.client.post(f"/api/games/{game_id}/resign", json={"seat": 0, "token": token})
    assert resigned.status_code == 200, resigned.text
    api.wait_idle(120)
    assert api.state(game_id)["status"] == "finished"
    assert pauses and set(pauses) == {FLOOR_MS / 1000}


def test_terranova_serve_sets_the_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[Settings] = []
    monkeypatch.setattr(
        terranova.server, "serve", lambda settings, *_, **__: served.append(settings)
    )
    option = "--min-unwatched-bot-delay-ms"
    for args, floor in (([], FLOOR_MS), ([option, "0"], 0), ([option, "1000"], 1000)):
        result = CliRunner().invoke(cli, ["serve", *args])
        assert result.exit_code == 0, result.output
        assert served.pop().min_unwatched_bot_delay_ms == floor
    assert CliRunner().invoke(cli, ["serve", option, "-1"]).exit_code == 2
