"""Hints: the move our search bot would play for the seat to move, with its estimate and
the moves it weighed; against bots always, between people only where the table allows
them; the record says who asked."""

from __future__ import annotations

import asyncio
import random
from functools import partial
from typing import Any

import pytest
from tests.server.conftest import Api, OpenApi
from tests.server.slow_worker import slow_worker_main

from terranova.agents import make_agent
from terranova.core.records import GameRecord
from terranova.core.rng import derive_seed

GAME = "evolution-explore"
ANA = {"kind": "human", "name": "Ana"}
BOT = {"kind": "bot", "bot": "greedy"}


def hint(api: Api, game_id: str, seat: int | None, token: str | None) -> Any:
    params: dict[str, Any] = {}
    if seat is not None:
        params["seat"] = seat
    if token is not None:
        params["token"] = token
    return api.client.get(f"/api/games/{game_id}/hint", params=params)


def test_a_hint_is_the_search_bots_move_with_what_it_weighed(open_api: OpenApi) -> None:
    api = open_api(hint_iterations=200)
    created = api.create([ANA, BOT], game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    state = api.wait_turn(game_id, 0, token)
    assert state["can_hint"] is True
    answer = hint(api, game_id, 0, token)
    assert answer.status_code == 200, answer.text
    given = answer.json()
    assert given["ply"] == state["ply"]
    assert given["bot"] == "ismcts:iterations=200"
    best = given["best"]
    assert best["action"] in state["legal"]
    assert 0 <= best["value"] <= 1
    others = [a["action"] for a in given["alternatives"]]
    assert len(others) <= 3
    assert best["action"] not in others
    assert set(others) <= set(state["legal"])
    visits = [best["visits"], *(a["visits"] for a in given["alternatives"])]
    assert visits == sorted(visits, reverse=True)
    assert sum(visits) <= given["iterations"] <= 200
    # the lead over the next move weighed, in points
    margins = [a["margin"] for a in given["alternatives"] if a["margin"] is not None]
    if margins:
        assert given["lead"] == round(best["margin"] - max(margins), 2)
    else:
        assert given["lead"] is None
    # the same search as ismcts on what the seat may know: the server's seed for it
    game = api.service.games[game_id]
    bot = make_agent("ismcts:iterations=200", derive_seed(game.seed, "hint", 0, game.seq))
    assert str(bot.select(game.state.clone())) == best["action"]
    # asked again: the same answer, not a new search
    assert hint(api, game_id, 0, token).json() == given


def test_hints_are_refused_off_turn_without_a_seat_and_between_people(api: Api) -> None:
    created = api.create([ANA, BOT], game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    api.wait_turn(game_id, 0, token)
    for seat, given in [(None, None), (0, None), (0, "wrong"), (1, token)]:
        assert hint(api, game_id, seat, given).status_code == 403
    people = api.create([ANA, {"kind": "human", "name": "Bo"}], game=GAME)
    tokens = [s["token"] for s in people["seats"]]
    assert api.state(people["game_id"], 0, tokens[0])["can_hint"] is False
    refused = hint(api, people["game_id"], 0, tokens[0])
    assert refused.status_code == 403
    assert "hints are off at this table" in refused.json()["detail"]
    waiting = hint(api, people["game_id"], 1, tokens[1])
    assert waiting.status_code == 403  # off at this table, whoever asks
    allowed = api.create([ANA, {"kind": "human", "name": "Bo"}], game=GAME, hints=True)
    tokens = [s["token"] for s in allowed["seats"]]
    assert api.state(allowed["game_id"], 0, tokens[0])["can_hint"] is True
    assert hint(api, allowed["game_id"], 0, tokens[0]).status_code == 200
    off_turn = hint(api, allowed["game_id"], 1, tokens[1])
    assert off_turn.status_code == 400
    assert "not your turn" in off_turn.json()["detail"]
    assert api.client.get(f"/api/games/{allowed['game_id']}").json()["hints"] is True


def test_the_record_says_who_asked(open_api: OpenApi, database_url: str) -> None:
    api = open_api(database_url, hint_iterations=50)
    created = api.create([ANA, {"kind": "human", "name": "Bo"}], game=GAME, hints=True)
    game_id = created["game_id"]
    tokens = [s["token"] for s in created["seats"]]
    rng = random.Random(2)
    asked = False
    while api.state(game_id)["status"] != "finished":
        for seat in (0, 1):
            state = api.state(game_id, seat, tokens[seat])
            if not state["legal"]:
                continue
            if seat == 1 and not asked:
                assert hint(api, game_id, 1, tokens[1]).status_code == 200
                asked = True
            api.act(game_id, seat, tokens[seat], rng.choice(state["legal"]), state["ply"])
    record = api.client.get(f"/api/games/{game_id}/record").json()
    assert record["hints"] == [1]
    assert GameRecord.from_dict(record).hints == [1]
    api.close()
    again = open_api(database_url).client.get(f"/api/games/{game_id}/record").json()
    assert again["hints"] == [1]


def test_one_search_per_position_even_when_asked_at_once(open_api: OpenApi) -> None:
    api = open_api(hint_iterations=100)
    created = api.create([ANA, BOT], game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    api.wait_turn(game_id, 0, token)
    service = api.service
    searches = []
    advise = service.bots.advise

    async def counted(job: Any) -> Any:
        searches.append(job)
        return await advise(job)

    service.bots.advise = counted

    async def asked_together() -> list[Any]:
        return list(await asyncio.gather(*(service.hint(game_id, 0, token) for _ in range(5))))

    answers = api.client.portal.call(asked_together)
    assert len(searches) == 1
    assert all(answer == answers[0] for answer in answers)


def test_too_many_hints_at_once_are_refused(open_api: OpenApi) -> None:
    api = open_api(max_searches_in_flight=0)
    created = api.create([ANA, BOT], game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    api.wait_turn(game_id, 0, token)
    answer = hint(api, game_id, 0, token)
    assert answer.status_code == 429
    assert "ask for the hint again in a moment" in answer.json()["detail"]
    assert api.client.get(f"/api/games/{game_id}").status_code == 200


def test_a_hint_searched_for_a_position_the_game_left_is_dropped(open_api: OpenApi) -> None:
    api = open_api(hint_iterations=100)
    created = api.create([ANA, BOT], game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    state = api.wait_turn(game_id, 0, token)
    service = api.service
    release = asyncio.Event()
    advise = service.bots.advise

    async def slow(job: Any) -> Any:
        await release.wait()
        return await advise(job)

    service.bots.advise = slow

    async def ask_then_move() -> Any:
        asked = asyncio.ensure_future(service.hint(game_id, 0, token))
        await asyncio.sleep(0.05)
        await service.act(game_id, 0, token, state["legal"][0], state["ply"])
        release.set()
        return await asyncio.gather(asked, return_exceptions=True)

    (outcome,) = api.client.portal.call(ask_then_move)
    assert type(outcome).__name__ == "Stale"
    assert "moved on" in str(outcome)
    assert service.games[game_id].advice == {}


SLOW = {"max_bot_seconds": 1.0, "bot_grace_seconds": 2.5, "bot_processes": 1}
"""A search's wall-clock cap of 1 s, a hint's deadline of 3.5 s (room for a worker's first
job, which imports the game)."""


def _slowed(monkeypatch: pytest.MonkeyPatch, pauses: tuple[float, ...]) -> None:
    """The workers' searches pause so before each iteration (a machine as busy as wanted)."""
    from terranova.server import bots

    monkeypatch.setattr(bots, "worker_main", partial(slow_worker_main, pauses))


def test_a_whole_search_says_so(open_api: OpenApi) -> None:
    api = open_api(hint_iterations=150)
    created = api.create([ANA, BOT], game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    api.wait_turn(game_id, 0, token)
    given = hint(api, game_id, 0, token).json()
    assert (given["source"], given["complete"], given["budget"]) == ("search", True, 150)
    assert given["iterations"] == 150


def test_a_hint_out_of_time_is_its_best_so_far_and_keeps_the_worker(
    open_api: OpenApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hint whose search stalls (after 21 iterations) past its deadline is not refused: it
    is the advice of the search so far, said to be cut short, and the worker is kept."""
    _slowed(monkeypatch, (0.0,) * 20 + (0.3, 5.0))
    api = open_api(hint_iterations=300, **SLOW)
    created = api.create([ANA, BOT], game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    state = api.wait_turn(game_id, 0, token)
    answer = hint(api, game_id, 0, token)
    assert answer.status_code == 200, answer.text
    given = answer.json()
    assert (given["source"], given["complete"]) == ("search", False)
    assert (given["iterations"], given["budget"]) == (21, 300)
    assert given["best"]["action"] in state["legal"]
    assert given["best"]["visits"] + sum(a["visits"] for a in given["alternatives"]) <= 21
    assert api.service.bots.killed == 0


def test_a_hint_with_no_search_in_time_is_greedys_suggestion(
    open_api: OpenApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that has found nothing by the deadline (its first iteration ends after it):
    the hint is greedy's move, marked as such."""
    _slowed(monkeypatch, (5.0,))
    api = open_api(hint_iterations=300, **SLOW)
    created = api.create([ANA, BOT], game=GAME)
    game_id, token = created["game_id"], created["seats"][0]["token"]
    api.wait_turn(game_id, 0, token)
    answer = hint(api, game_id, 0, token)
    assert answer.status_code == 200, answer.text
    given = answer.json()
    assert (given["source"], given["bot"], given["complete"]) == ("greedy", "greedy", False)
    assert given["iterations"] == 0 and given["alternatives"] == []
    game = api.service.games[game_id]
    greedy = make_agent("greedy", derive_seed(game.seed, "hint", 0, game.seq))
    assert given["best"]["action"] == str(greedy.select(game.state.clone()))
