"""A game no person plays (every seat a bot's or the automaton's, or everyone resigned)
moves its bots no faster than ``min_unwatched_bot_delay_ms``, whatever its own
``bot_delay_ms``, and the games one address left to bots share
``unwatched_bot_moves_per_second``; a game with a person in it keeps its own pace. The
pauses are counted through the autoplay's ``sleep``, not timed."""

from __future__ import annotations

import asyncio

import pytest
from tests.server.conftest import Api, OpenApi
from typer.testing import CliRunner

import terranova.server.runner
from terranova.cli import app as cli
from terranova.server import Settings
from terranova.server.autoplay import CreatorPace

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
    # the command loads the web stack's runner when it starts (server/command.py)
    monkeypatch.setattr(
        terranova.server.runner, "serve", lambda settings, *_, **__: served.append(settings)
    )
    option = "--min-unwatched-bot-delay-ms"
    for args, floor in (([], FLOOR_MS), ([option, "0"], 0), ([option, "1000"], 1000)):
        result = CliRunner().invoke(cli, ["serve", *args])
        assert result.exit_code == 0, result.output
        assert served.pop().min_unwatched_bot_delay_ms == floor
    assert CliRunner().invoke(cli, ["serve", option, "-1"]).exit_code == 2


def test_the_games_one_address_leaves_to_bots_share_one_pace(
    database_url: str, open_api: OpenApi
) -> None:
    """Two all-bot games of one creator take turns at ``unwatched_bot_moves_per_second``:
    on a clock that stands still, each bot move of either waits one slot more than the one
    before (a quarter of a second at 4 a second)."""
    api = open_api(database_url, unwatched_bot_moves_per_second=4)
    api.service.autoplay.pace.clock = lambda: 1000.0
    pauses = counting(api)
    first = api.create([GREEDY, RANDOM], bot_delay_ms=0)["game_id"]
    second = api.create([RANDOM, GREEDY], bot_delay_ms=0)["game_id"]
    api.wait_idle(120)
    assert {api.state(first)["status"], api.state(second)["status"]} == {"finished"}
    assert len(pauses) > 10
    assert pauses == [k / 4 for k in range(1, len(pauses) + 1)]  # the first waits for none


def test_the_pace_is_kept_for_each_creator_and_its_pause_first() -> None:
    now = [50.0]
    pace = CreatorPace(2.0, clock=lambda: now[0])
    assert [pace.wait("a", 0.0) for _ in range(3)] == [0.0, 0.5, 1.0]
    assert pace.wait("b", 0.25) == 0.25  # another address: its own slots, its pause first
    assert pace.wait("b", 0.25) == 0.75
    now[0] += 10  # slots long past: the pause alone
    assert pace.wait("a", 0.25) == 0.25
    assert CreatorPace(0).wait("a", 0.3) == 0.3  # no limit


def test_terranova_serve_sets_the_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[Settings] = []
    # the command loads the web stack's runner when it starts (server/command.py)
    monkeypatch.setattr(
        terranova.server.runner, "serve", lambda settings, *_, **__: served.append(settings)
    )
    option = "--unwatched-bot-moves-per-second"
    for args, rate in (([], 10.0), ([option, "0"], 0.0), ([option, "2.5"], 2.5)):
        result = CliRunner().invoke(cli, ["serve", *args])
        assert result.exit_code == 0, result.output
        assert served.pop().unwatched_bot_moves_per_second == rate
    assert CliRunner().invoke(cli, ["serve", option, "-1"]).exit_code == 2
