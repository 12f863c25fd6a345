"""Post-game analysis: a finished game's decisions scored by our search bot, the biggest
mistakes listed; a move a stronger search knows to be bad is flagged."""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from typing import Any

import pytest
from tests.server.conftest import Api, OpenApi

from terranova.agents import make_agent
from terranova.server.bots import BotRunner

GAME = "evolution-explore"


def play_with_one_blunder(api: Api) -> tuple[str, int]:
    """Ana (greedy otherwise) against greedy; once, where a long search finds the moves far
    apart, Ana plays the one it values least. The game's id and the blunder's ply."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}]
    created = api.create(seats, game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    blunder = -1
    greedy = make_agent("greedy", 1)
    while True:
        state = api.wait_turn(game_id, 0, token)
        if state["status"] == "finished":
            return game_id, blunder
        position = api.service.games[game_id].state.clone()
        move = greedy.select(position)
        if blunder < 0 and state["ply"] > 10 and len(state["legal"]) > 2:
            judge = make_agent("ismcts:iterations=1500", 99)
            judge.select(position.clone())
            weighed = judge.last_choices
            worst = min(weighed, key=lambda c: c.value)
            if weighed[0].value - worst.value >= 0.3:
                move, blunder = worst.action, state["ply"]
        answer = api.act(game_id, 0, token, str(move), state["ply"])
        assert answer.status_code == 200, answer.text


def finished_at_random(api: Api, seed: int) -> str:
    """A game of a person playing at random against greedy, played to its end; its id."""
    created = api.create([{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    api.play_until(game_id, 0, token, lambda s: False, random.Random(seed))
    return str(game_id)


def analysis(api: Api, game_id: str) -> Any:
    return api.client.get(f"/api/games/{game_id}/analysis")


def analysed(api: Api, game_id: str, within: float = 120.0) -> Any:
    """The analysis of ``game_id`` once made (asked until it is: 202 with its progress
    meanwhile)."""
    end = time.monotonic() + within
    while True:
        answer = analysis(api, game_id)
        if answer.status_code != 202 or time.monotonic() > end:
            return answer
        progress = answer.json()
        assert progress["status"] == "running"
        assert 0 <= progress["done"] <= progress["total"]
        time.sleep(0.1)


def stalled_after_three(monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], list[bool]]:
    """Every server's analyses stall after judging three decisions, while the flag given
    (``[True]``) holds; the plies judged, in order, and the flag."""
    judged: list[int] = []
    stall = [True]
    judge = BotRunner.judge

    async def held(self: BotRunner, job: Any) -> Any:
        while stall[0] and len(judged) >= 3:
            await asyncio.sleep(0.05)  # until let go, or the server stops
        judged.append(job.ply)
        return await judge(self, job)

    monkeypatch.setattr(BotRunner, "judge", held)
    return judged, stall


def three_judged(api: Api, seed: int) -> str:
    """A game played to its end, its analysis asked for and stalled (see
    :func:`stalled_after_three`) once three decisions are judged; the game's id."""
    game_id = finished_at_random(api, seed)
    assert analysis(api, game_id).status_code == 202
    end = time.monotonic() + 60
    while analysis(api, game_id).json()["done"] < 3 and time.monotonic() < end:
        time.sleep(0.05)
    assert analysis(api, game_id).json()["done"] == 3
    return game_id


@pytest.mark.parametrize("deal", [20261124, 7, 1])
def test_a_blunder_is_flagged(
    open_api: OpenApi, monkeypatch: pytest.MonkeyPatch, deal: int
) -> None:
    # the server deals at random; a fixed deal makes the game the same in every run
    monkeypatch.setattr(secrets, "randbits", lambda bits: deal)
    api = open_api(analysis_iterations=200)
    game_id, blunder = play_with_one_blunder(api)
    assert blunder > 0
    assert analysis(api, game_id).status_code == 202  # made in the background
    answer = analysed(api, game_id)
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert found["bot"] == "ismcts:iterations=200,depth=0"
    # the blunder is judged a mistake, whatever greedy's own moves lost elsewhere
    judged = {(d["seat"], d["ply"]): d for d in found["decisions"]}
    worst = judged[(0, blunder)]
    assert worst["loss"] >= 0.2
    assert worst["best"] != worst["played"]
    # the list of mistakes is the biggest losses of at least 0.1, biggest first
    biggest = sorted(
        (d for d in found["decisions"] if d["loss"] >= 0.1), key=lambda d: (-d["loss"], d["ply"])
    )
    assert found["mistakes"] == biggest[:5]
    plies = [d["ply"] for d in found["decisions"]]
    assert plies == sorted(plies)
    assert {d["seat"] for d in found["decisions"]} == {0, 1}
    seats = {s["seat"]: s for s in found["seats"]}
    assert seats[0]["mistakes"] >= 1
    assert seats[0]["decisions"] == sum(d["seat"] == 0 for d in found["decisions"])
    # a decision the search agreed with lost nothing
    assert any(d["loss"] == 0 and d["best"] == d["played"] for d in found["decisions"])
    assert analysis(api, game_id).json() == found  # made once


def test_analysis_waits_for_the_end(api: Api) -> None:
    created = api.create([{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], game=GAME)
    answer = analysis(api, created["game_id"])
    assert answer.status_code == 409
    assert "once the game is over" in answer.json()["detail"]
    assert analysis(api, "nosuchgame").status_code == 404


def test_analysis_is_refused_when_the_searches_are_busy(open_api: OpenApi) -> None:
    api = open_api(max_searches_in_flight=0)
    game_id = finished_at_random(api, 1)
    answer = analysis(api, game_id)
    assert answer.status_code == 429


def test_a_server_with_one_bot_worker_keeps_it_for_the_bots(open_api: OpenApi) -> None:
    api = open_api(bot_processes=1)
    game_id = finished_at_random(api, 2)
    answer = analysis(api, game_id)
    assert answer.status_code == 409
    assert "keeps its one bot worker for the bots' moves" in answer.json()["detail"]


def test_analyses_at_once_leave_a_worker_to_the_bots(open_api: OpenApi) -> None:
    api = open_api(bot_processes=2, max_searches_in_flight=5)
    finished = [finished_at_random(api, seed) for seed in range(3)]
    service = api.service
    release = asyncio.Event()
    judge = service.bots.judge

    async def held(job: Any) -> Any:
        await release.wait()
        return await judge(job)

    service.bots.judge = held

    async def asked_together() -> list[Any]:
        asked = [asyncio.ensure_future(service.analysis(g)) for g in finished]
        await asyncio.sleep(0.1)
        outcomes = list(await asyncio.gather(*asked, return_exceptions=True))
        release.set()
        return outcomes

    outcomes = api.client.portal.call(asked_together)
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(refused) == 2, outcomes  # one worker for analyses, one left for the bots
    assert all(type(o).__name__ == "Busy" for o in refused)
    (started,) = [finished[k] for k, o in enumerate(outcomes) if not isinstance(o, Exception)]
    assert analysed(api, started).status_code == 200
    assert service.searches.in_flight == 0
    assert service.searches.analyses_in_flight == 0


def test_the_analysis_is_made_in_the_background_told_to_the_page_and_kept(
    open_api: OpenApi, database_url: str
) -> None:
    """Asked for, the analysis answers 202 with its progress at once; the game's WebSocket
    is told of each decision judged, up to the last; it is kept in the database, so a
    restarted server answers it at once, without a search."""
    api = open_api(database_url, analysis_iterations=30)
    game_id = finished_at_random(api, 3)
    with api.client.websocket_connect(f"/ws/games/{game_id}") as ws:
        assert ws.receive_json()["type"] == "state"
        first = analysis(api, game_id)
        assert first.status_code == 202, first.text
        progress = first.json()
        total = progress["total"]
        assert progress["status"] == "running" and total > 10
        told = []
        while not told or told[-1]["status"] != "done":
            message = ws.receive_json()
            if message["type"] == "analysis":
                told.append(message)
    dones = [m["done"] for m in told[:-1]]  # one message per decision judged, then "done"
    assert dones == list(range(dones[0], total + 1)) and dones[0] <= 2
    assert told[-1] == {"type": "analysis", "status": "done", "done": total, "total": total}
    made = analysis(api, game_id)
    assert made.status_code == 200, made.text
    assert made.json()["status"] == "done"
    assert len(made.json()["decisions"]) == total
    api.close()

    again = open_api(database_url)

    async def no_search(job: Any) -> Any:
        raise AssertionError("searched again")

    again.service.bots.judge = no_search
    assert analysis(again, game_id).json() == made.json()


def test_an_analysis_resumes_where_a_stopped_server_left_it(
    open_api: OpenApi, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server stopped after judging three decisions of an analysis: the next server
    resumes it at its start, unasked, from the fourth, judging none twice."""
    judged, stall = stalled_after_three(monkeypatch)
    api = open_api(database_url, analysis_iterations=30)
    game_id = three_judged(api, 4)
    api.close()
    first = list(judged)
    assert len(first) == 3
    stall[0] = False

    again = open_api(database_url, analysis_iterations=30)
    store = again.service.store  # resumed at the start, unasked
    pk = store.load_game(game_id).pk
    end = time.monotonic() + 120
    while not getattr(store.analysis(pk), "finished", False) and time.monotonic() < end:
        time.sleep(0.1)
    made = analysis(again, game_id)
    assert made.status_code == 200, made.text
    decisions = made.json()["decisions"]
    assert judged[:3] == first and min(judged[3:]) > max(first)
    assert sorted(set(judged)) == judged  # none judged twice
    assert [d["ply"] for d in decisions] == judged


def test_another_process_answers_the_progress_then_the_analysis(
    open_api: OpenApi, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two server processes on one database: while one makes a game's analysis, the other
    answers its progress from the database (202), neither starting it again nor taking it
    over; once made, the analysis itself."""
    judged, stall = stalled_after_three(monkeypatch)
    one = open_api(postgres_url, analysis_iterations=30)
    game_id = three_judged(one, 5)
    other = open_api(postgres_url, analysis_iterations=30)
    answer = analysis(other, game_id)
    assert answer.status_code == 202, answer.text
    assert answer.json()["done"] == 3 and answer.json()["total"] > 3
    assert other.service.searches.analysing == {}
    stall[0] = False
    made = analysed(other, game_id)
    assert made.status_code == 200, made.text
    assert sorted(set(judged)) == judged
    assert made.json() == analysis(one, game_id).json()
