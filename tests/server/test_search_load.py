"""Hints and analyses answer on a machine whose cores are all kept busy by other processes:
a hint with a move (its search's best so far, or greedy's), the analysis complete, only
later. The figures of docs/performance.md ("Hints and analyses on a busy machine") come
from :func:`hints_and_analysis`, loaded and quiet."""

from __future__ import annotations

import time
from typing import Any

import pytest
from tests.load import burning, every_core
from tests.server.conftest import Api, OpenApi

GAME = "evolution-explore"
HINTS = 3


def hints_and_analysis(api: Api) -> dict[str, Any]:
    """A person's game against greedy: a hint asked at each of its first :data:`HINTS`
    decisions (each played), then random moves to the end and the game's analysis asked
    until it is made. What each took (seconds) and how the hints were made."""
    created = api.create(
        [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}], game=GAME
    )
    game_id, token = created["game_id"], created["seats"][0]["token"]
    hints = []
    for _ in range(HINTS):
        state = api.wait_turn(game_id, 0, token, timeout=60)
        start = time.monotonic()
        answer = api.client.get(f"/api/games/{game_id}/hint", params={"seat": 0, "token": token})
        took = time.monotonic() - start
        assert answer.status_code == 200, answer.text
        given = answer.json()
        assert given["best"]["action"] in state["legal"]
        hints.append((round(took, 2), given["source"], given["iterations"], given["complete"]))
        played = api.act(game_id, 0, token, given["best"]["action"], state["ply"])
        assert played.status_code == 200, played.text
    while (state := api.wait_turn(game_id, 0, token, timeout=60))["status"] != "finished":
        played = api.act(game_id, 0, token, state["legal"][0], state["ply"])
        assert played.status_code == 200, played.text
    start = time.monotonic()
    end = start + 600
    while (answer := api.client.get(f"/api/games/{game_id}/analysis")).status_code == 202:
        assert time.monotonic() < end, f"the analysis is not made in 600 s: {answer.json()}"
        time.sleep(0.2)
    assert answer.status_code == 200, answer.text
    made = answer.json()
    return {
        "hints": hints,
        "analysis_seconds": round(time.monotonic() - start, 1),
        "decisions": len(made["decisions"]),
    }


@pytest.mark.timeout(900)
def test_hints_and_an_analysis_answer_with_every_core_busy(open_api: OpenApi) -> None:
    api = open_api(analysis_iterations=100)
    api.client.get("/api/catalog")  # the app is up before the cores are taken
    with burning(every_core()):
        found = hints_and_analysis(api)
    print(found)
    assert len(found["hints"]) == HINTS
    assert found["decisions"] > 10
