"""Post-game analysis: a finished game's decisions scored by our search bot, the biggest
mistakes listed; a move a stronger search knows to be bad is flagged."""

from __future__ import annotations

import asyncio
import random
import secrets
from typing import Any

import pytest
from tests.server.conftest import Api, OpenApi

from terranova.agents import make_agent

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


@pytest.mark.parametrize("deal", [20261124, 7, 1])
def test_a_blunder_is_flagged(
    open_api: OpenApi, monkeypatch: pytest.MonkeyPatch, deal: int
) -> None:
    # the server deals at random; a fixed deal makes the game the same in every run
    monkeypatch.setattr(secrets, "randbits", lambda bits: deal)
    api = open_api(analysis_iterations=200)
    game_id, blunder = play_with_one_blunder(api)
    assert blunder > 0
    answer = analysis(api, game_id)
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
    review = service.bots.review

    async def held(job: Any) -> Any:
        await release.wait()
        return await review(job)

    service.bots.review = held

    async def asked_together() -> list[Any]:
        asked = [asyncio.ensure_future(service.analysis(g)) for g in finished]
        await asyncio.sleep(0.1)
        release.set()
        return list(await asyncio.gather(*asked, return_exceptions=True))

    outcomes = api.client.portal.call(asked_together)
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(refused) == 2, outcomes  # one worker for analyses, one left for the bots
    assert all(type(o).__name__ == "Busy" for o in refused)
    assert service.searches.in_flight == 0
    assert service.searches.analyses_in_flight == 0
