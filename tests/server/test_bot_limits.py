"""Bots of web games are bounded: budgets over the server's limits are refused, searching
bots think apart from the quick ones, every decision has a hard deadline."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import replace
from functools import partial
from typing import Any

import pytest
from tests.server.conftest import OpenApi, settings_for
from tests.server.slow_worker import slow_worker_main

import terranova
from terranova.agents import make_agent
from terranova.agents.worker import BotJob, fallback
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
    assert "seat 2" in response.json()["detail"]


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
    assert "seat 2: bot 'lab' is not offered by this server" in response.json()["detail"]
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


class _Held:
    """A stand-in worker whose search never ends: it holds its search lane until the
    runner closes (which cancels it)."""

    def alive(self) -> bool:
        return True

    async def ask(self, job: BotJob, deadline: float) -> tuple[str, Any]:
        await asyncio.Event().wait()  # never set
        raise AssertionError("a held search answered")

    def kill(self) -> None:
        pass


def test_a_quick_bot_answers_while_searching_bots_think_in_other_games(
    open_api: OpenApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The most expensive bot the server allows, in four games at once, all its seats: its
    searches hold every search lane (here they never end, whatever the machine's speed),
    more decisions queued behind them; a greedy bot in another game still answers a
    person's moves, the searches still thinking."""
    from terranova.server import bots

    async def spawn(*args: object) -> _Held:
        return _Held()

    monkeypatch.setattr(bots._Worker, "spawn", staticmethod(spawn))
    api = open_api(max_bot_seconds=2.0, bot_processes=2)
    heavy = {"kind": "bot", "bot": "mcts:seconds=2,iterations=20000,depth=-1"}
    for _ in range(4):
        api.create([heavy, heavy])
    runner = api.service.bots
    deadline = time.monotonic() + 60
    while runner.queued() < 2:  # both lanes busy, the other two games' decisions behind
        assert time.monotonic() < deadline, "the searching bots never queued"
        time.sleep(0.02)
    created = api.create([HUMAN, {"kind": "bot", "bot": "greedy"}])
    game_id, token = created["game_id"], created["seats"][0]["token"]
    answered = 0
    for _ in range(3):
        state = api.wait_turn(game_id, 0, token, timeout=60)
        if state["status"] != "playing":
            break
        # play the human's whole turn: the greedy bot moves after it
        while state["to_move"] == 0 and state["status"] == "playing":
            response = api.act(game_id, 0, token, state["legal"][0], state["ply"])
            assert response.status_code == 200, response.text
            state = response.json()
        played = state["ply"]
        state = api.wait_turn(game_id, 0, token, timeout=60)
        assert state["ply"] > played or state["status"] != "playing"
        answered += 1
        assert runner.queued() == 2  # while every search still thinks
    assert answered > 0


def _position(game: str, players: int, plies: int) -> State:
    state = terranova.make(game, players=players)
    rng = random.Random(5)
    while len(state.history()) < plies or state.current_player() == CHANCE:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


SLOW = {"max_bot_seconds": 1.0, "bot_grace_seconds": 2.5, "bot_processes": 1}
"""A search's hard limit of 1 s, a decision's deadline of 3.5 s (room for a worker's first
decision, which imports the game): a worker silent for 14 s is killed."""


def _slowed(monkeypatch: pytest.MonkeyPatch, pauses: tuple[float, ...]) -> None:
    """The runner's workers pause so before each iteration of their searches."""
    from terranova.server import bots

    monkeypatch.setattr(bots, "worker_main", partial(slow_worker_main, pauses))


def _decisions(
    job: BotJob, state: State, count: int, **settings: float
) -> tuple[list[Action], int]:
    """``count`` decisions of ``job`` on ``state`` in a slow runner (:data:`SLOW`, or these
    ``settings``): the moves, and how many workers were killed."""

    async def run() -> tuple[list[Action], int]:
        runner = BotRunner(settings_for("sqlite://", **{**SLOW, **settings}))
        runner.start()
        try:
            moves = []
            for _ in range(count):
                moves.append(await asyncio.wait_for(runner.choose(job, state.clone()), 60))
            return moves, runner.killed
        finally:
            await runner.close()

    return asyncio.run(run())


def _job(state: State, spec: str, seed: int) -> BotJob:
    return BotJob("g1", "discovery", {"players": 2}, tuple(map(str, state.history())), spec, seed)


def test_a_search_out_of_time_plays_its_best_move_so_far_and_keeps_its_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search that runs past the deadline (here: it stalls after 21 iterations) gives the
    move it had found by then, not a random one; its late answer is read and dropped, and
    its worker takes the next decision."""
    state = _position("discovery", 2, 9)
    seed, fast = 4, 20
    _slowed(monkeypatch, (0.0,) * fast + (0.3, 5.0))  # reported after 21, then stalls
    so_far = make_agent(f"mcts:iterations={fast + 1}", seed).select(state.clone())
    assert so_far != fallback(state.clone(), seed)  # the old way's move is another
    moves, killed = _decisions(_job(state, "mcts:iterations=300", seed), state, 2)
    assert moves == [so_far, so_far]
    assert killed == 0


def test_a_search_with_nothing_found_yet_plays_greedys_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker still catching up at the deadline (its first iteration ends after it) has
    no move to give: the greedy bot's is played, and the worker is kept."""
    state = _position("discovery", 2, 21)  # where greedy and random part (not at ply 9)
    seed = 4
    _slowed(monkeypatch, (5.0,))
    greedy = make_agent("greedy", seed).select(state.clone())
    assert greedy != fallback(state.clone(), seed)
    moves, killed = _decisions(_job(state, "mcts:iterations=300", seed), state, 2)
    assert moves == [greedy, greedy]
    assert killed == 0


def test_a_silent_worker_is_killed_and_the_next_decision_gets_a_new_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker that says nothing for four deadlines (here 4 x 0.75 s) is taken for stuck:
    killed, and started again for the next decision (which waited for that); the game still
    gets greedy's moves."""
    state = _position("discovery", 2, 9)
    _slowed(monkeypatch, (600.0,))
    job = _job(state, "mcts:iterations=300", 4)
    moves, killed = _decisions(job, state, 2, max_bot_seconds=0.5, bot_grace_seconds=0.25)
    assert moves == [make_agent("greedy", 4).select(state.clone())] * 2
    assert killed == 1  # the first worker; the second is closed before its silence ends


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


class _Recording:
    """A stand-in worker that answers at once and notes which game's job it was given; the
    first one waits for ``release``, so that the test can queue all its jobs meanwhile."""

    def __init__(self, taken: list[str], release: asyncio.Event) -> None:
        self.taken = taken
        self.release = release

    def alive(self) -> bool:
        return True

    async def ask(self, job: BotJob, deadline: float) -> tuple[str, Any]:
        await self.release.wait()
        self.taken.append(job.game_id)
        return "ok", {"game": job.game_id}

    def kill(self) -> None:
        pass


def test_the_workers_take_the_addresses_in_turn_not_first_come_first_served(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With one worker, behind a flood of 12 hints in four games of one address, a hint
    in another address's game is taken third (the flood's first is under way, and its
    address had its turn before the other address came), not thirteenth; the flood's
    games take turns too."""
    from terranova.server import bots

    taken: list[str] = []

    async def run() -> None:
        release = asyncio.Event()

        async def spawn(*args: object) -> _Recording:
            return _Recording(taken, release)

        monkeypatch.setattr(bots._Worker, "spawn", staticmethod(spawn))
        runner = BotRunner(settings_for("sqlite://", bot_processes=1))
        runner.start()
        try:

            def hint(game_id: str, creator: str) -> BotJob:
                job = BotJob(game_id, "discovery", {}, (), "ismcts", 1, advice=True)
                return replace(job, creator=creator)

            flood = [hint(f"a{n % 4}", "a" * 32) for n in range(12)]
            asked = [asyncio.create_task(runner.advise(job)) for job in flood]
            for _ in range(100):  # until the worker holds the flood's first
                await asyncio.sleep(0)
            asked.append(asyncio.create_task(runner.advise(hint("b0", "b" * 32))))
            for _ in range(100):
                await asyncio.sleep(0)
            assert runner.queued() == 12
            release.set()
            answers = await asyncio.wait_for(asyncio.gather(*asked), 30)
            assert all(answer is not None for answer in answers)
        finally:
            await runner.close()

    asyncio.run(run())
    assert taken.index("b0") == 2, taken
    assert taken[:2] == ["a0", "a1"] and taken[3:6] == ["a2", "a3", "a0"], taken
