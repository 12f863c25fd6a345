"""Bots of web games are bounded: budgets over the server's limits are refused, searching
bots think apart from the quick ones, every decision has a hard deadline."""

from __future__ import annotations

import asyncio
import random
import time

import pytest
from tests.server.conftest import OpenApi, settings_for

import terranova
from terranova.agents import make_agent
from terranova.agents.worker import BotJob
from terranova.core.actions import Action
from terranova.core.state import CHANCE, State
from terranova.server.bots import BotRunner

HUMAN = {"kind": "human", "name": "Ana"}


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("mcts:iterations=1000000000", "limit of 20000"),
        ("mcts:seconds=1e9", "seconds is from 0"),
        ("mcts:seconds=60", "limit of 5"),
        ("mcts:seconds=inf", "finite"),
        ("mcts:seconds=nan", "finite"),
        ("mcts:seconds=-1", "seconds is from 0"),
        ("mcts:iterations=-5", "iterations is from 0"),
        ("ismcts:iterations=99999999999999999999", "iterations is from 0"),
        ("ismcts:seconds=5.5,iterations=10", "limit of 5"),
        ("greedy:epsilon=nan", "finite"),
        ("greedy:epsilon=2", "epsilon is from 0 to 1"),
    ],
)
def test_a_budget_over_the_limits_is_refused(open_api: OpenApi, spec: str, says: str) -> None:
    api = open_api()
    body = {"game": "discovery", "seats": [HUMAN, {"kind": "bot", "bot": spec}]}
    response = api.client.post("/api/games", json=body)
    assert response.status_code == 400, response.text
    assert says in response.json()["detail"]
    assert "seat 1" in response.json()["detail"]


def test_a_bot_the_server_does_not_serve_is_neither_offered_nor_seated(
    open_api: OpenApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    from terranova.agents import RandomAgent, registry

    lab = registry.BotKind("lab", lambda seed, name: RandomAgent(seed), "unbounded", served=False)
    registry.agent_kinds()  # the games' own bots first, so the patch is undone last
    monkeypatch.setitem(registry._BOTS, "lab", lab)
    api = open_api()
    catalog = api.client.get("/api/catalog").json()
    assert "lab" not in catalog["bots"]
    assert all("lab" not in game["bots"] for game in catalog["games"])
    assert "random" in catalog["bots"]
    body = {"game": "discovery", "seats": [HUMAN, {"kind": "bot", "bot": "lab"}]}
    response = api.client.post("/api/games", json=body)
    assert response.status_code == 400, response.text
    assert "seat 1: bot 'lab' is not offered by this server" in response.json()["detail"]
    assert "lab" in registry.available_agents("discovery")  # the command line still has it


def test_the_limits_are_the_servers_settings(open_api: OpenApi) -> None:
    api = open_api(max_bot_seconds=1.5, max_bot_iterations=300)
    for spec, ok in [
        ("mcts:iterations=300", True),
        ("mcts:iterations=301", False),
        ("ismcts:seconds=1.5", True),
        ("ismcts:seconds=1.6", False),
    ]:
        body = {"game": "discovery", "seats": [HUMAN, {"kind": "bot", "bot": spec}]}
        response = api.client.post("/api/games", json=body)
        assert (response.status_code == 200) is ok, (spec, response.text)
        if not ok:
            detail = response.json()["detail"]
            assert "max_bot_seconds" in detail or "max_bot_iterations" in detail


def test_a_quick_bot_answers_while_searching_bots_think_in_other_games(
    open_api: OpenApi,
) -> None:
    """The most expensive bot the server allows, in four games at once, all its seats: a
    greedy bot in another game still answers a person's move at once."""
    api = open_api(max_bot_seconds=2.0, bot_processes=2)
    heavy = {"kind": "bot", "bot": "mcts:seconds=2,iterations=20000,depth=-1"}
    for _ in range(4):
        api.create([heavy, heavy])
    time.sleep(0.5)  # every search lane busy, more decisions queued behind them
    created = api.create([HUMAN, {"kind": "bot", "bot": "greedy"}])
    game_id, token = created["game_id"], created["seats"][0]["token"]
    waits = []
    for _ in range(3):
        state = api.wait_turn(game_id, 0, token)
        if state["status"] != "playing":
            break
        # play the human's whole turn: the greedy bot moves after it
        start = time.monotonic()
        while state["to_move"] == 0 and state["status"] == "playing":
            response = api.act(game_id, 0, token, state["legal"][0], state["ply"])
            assert response.status_code == 200, response.text
            state = response.json()
            start = time.monotonic()
        state = api.wait_turn(game_id, 0, token, timeout=30)
        waits.append(time.monotonic() - start)
    print(f"greedy answered in {', '.join(f'{w * 1000:.0f} ms' for w in waits)}")
    assert waits and max(waits) < 1.0, waits


def _position(game: str, players: int, plies: int) -> State:
    state = terranova.make(game, players=players)
    rng = random.Random(5)
    while len(state.history()) < plies or state.current_player() == CHANCE:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_decision_past_the_deadline_is_given_up_and_its_worker_killed() -> None:
    """A worker that has not answered by the deadline is killed; a random legal move is
    played instead; the next decision gets a new worker."""
    state = _position("discovery", 2, 9)
    job = BotJob(
        "g1", "discovery", {"players": 2}, tuple(map(str, state.history())), "mcts:seconds=5", 7
    )

    async def run() -> tuple[list[Action], int, int]:
        # a deadline shorter than a decision takes (rebuilding the game): each runs out
        runner = BotRunner(settings_for("sqlite://", max_bot_seconds=0.01, bot_grace_seconds=0))
        runner.start()
        try:
            moves = [await runner.choose(job, state.clone()) for _ in range(2)]
            pids = [w.process.pid for w in runner._workers]
            return moves, runner.killed, len(pids)
        finally:
            await runner.close()

    moves, killed, alive = asyncio.run(run())
    assert killed == 2
    assert alive == 0
    for move in moves:
        assert move in state.legal_actions()


def test_a_searching_bot_thinks_in_a_worker_and_keeps_its_seeded_moves() -> None:
    """In a worker, within the limits, a search bot plays exactly as it does locally."""
    state = _position("discovery", 2, 9)
    spec = "mcts:iterations=60"
    job = BotJob("g1", "discovery", {"players": 2}, tuple(map(str, state.history())), spec, 11)

    async def run() -> Action:
        runner = BotRunner(settings_for("sqlite://"))
        runner.start()
        try:
            return await runner.choose(job, state.clone())
        finally:
            await runner.close()

    assert asyncio.run(run()) == make_agent(spec, 11).select(state.clone())


def test_a_worker_that_cannot_start_costs_one_random_move_not_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The dispatcher survives a failed start: that decision is a random legal move and
    the next one gets a worker."""
    from terranova.server import bots

    state = _position("discovery", 2, 9)
    spec = "mcts:iterations=40"
    job = BotJob("g1", "discovery", {"players": 2}, tuple(map(str, state.history())), spec, 3)
    spawn = bots._Worker.spawn
    failures = [BlockingIOError("no more processes")]

    async def flaky(*args: object) -> object:
        if failures:
            raise failures.pop()
        return await spawn(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(bots._Worker, "spawn", staticmethod(flaky))

    async def run() -> list[Action]:
        runner = BotRunner(settings_for("sqlite://", bot_processes=1))
        runner.start()
        try:
            return [
                await asyncio.wait_for(runner.choose(job, state.clone()), timeout=60)
                for _ in range(2)
            ]
        finally:
            await runner.close()

    first, second = asyncio.run(run())
    assert first in state.legal_actions()
    assert second == make_agent(spec, 3).select(state.clone())
