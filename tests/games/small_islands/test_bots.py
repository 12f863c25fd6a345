"""Small Islands' ``greedy`` (games/small_islands/bots.py): declared through
``GameInfo.bots``, legal moves only, the same moves for the same seed, better than random
play, landing its ship; the search bots play on greedily after their tree; the game's
estimate counts what this round's objective would pay."""

from __future__ import annotations

import random

import pytest

import terranova
from terranova.agents import Rollout, SearchAgent, game_rollout, greedy_policy, make_agent
from terranova.core.records import play
from terranova.core.state import CHANCE
from terranova.games.small_islands import bots, new_game, rounds

PARAMS = [
    {"players": 1, "alexis": 3},
    {"players": 2},
    {"players": 3, "mode": "advanced", "tokens": "cover"},
    {"players": 4},
]


def test_greedy_plays_small_islands_with_its_own_policy() -> None:
    assert greedy_policy("small-islands") is bots.greedy


def test_the_search_bots_play_on_greedily_after_their_tree() -> None:
    assert game_rollout("small-islands") == Rollout(bots.greedy, bots.ROLLOUT_DEPTH)
    agent = make_agent("ismcts", 0)
    assert isinstance(agent, SearchAgent)
    assert agent.plan("small-islands") == (bots.ROLLOUT_DEPTH, bots.greedy)
    g = new_game(players=3)
    rng = random.Random(4)
    while g.current_player() == CHANCE or len(g.legal_actions()) < 2:
        g.apply(g.sample_chance(rng) if g.current_player() == CHANCE else g.legal_actions()[0])
    searcher = make_agent("ismcts:iterations=20", 1)
    assert searcher.select(g) in g.legal_actions()


@pytest.mark.parametrize("params", PARAMS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()))
def test_greedy_plays_only_legal_moves(params: dict[str, object]) -> None:
    state = terranova.make("small-islands", **params)
    agents = [make_agent("greedy", seed=s) for s in range(state.num_seats)]
    rng = random.Random(4)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        action = agents[state.current_player()].select(state)
        assert action in state.legal_actions()
        state.apply(action)
    assert str(state.end_reason()) == "every ship tile is laid"


def test_greedy_makes_the_same_moves_for_the_same_seed() -> None:
    def game(seed: int) -> list[str]:
        agents = [make_agent("greedy", seed=seed + s) for s in range(3)]
        record = play(terranova.make("small-islands", players=3), agents, seed=11)
        return list(record.actions)

    assert game(1) == game(1)


def test_greedy_beats_random() -> None:
    """Each seat in turn: greedy against two random players."""
    wins = 0
    for deal in range(3):
        for seat in range(3):
            agents = [
                make_agent("greedy" if s == seat else "random", seed=10 * deal + s)
                for s in range(3)
            ]
            record = play(terranova.make("small-islands", players=3), agents, seed=deal)
            assert record.result is not None
            wins += seat in record.result["winners"]
    assert wins >= 8


def test_greedy_builds_every_house_its_objective_allows() -> None:
    """At a round's end greedy builds while an island is left for it, and never stops
    early."""
    state = terranova.make("small-islands", players=2)
    agents = [make_agent("greedy", seed=s) for s in range(2)]
    rng = random.Random(7)
    houses_offered = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player()
        action = agents[seat].select(state)
        offered = [a for a in state.legal_actions() if str(a).startswith("house ")]
        houses_offered += bool(offered)
        if offered:
            assert str(action).startswith("house ")
        state.apply(action)
    assert houses_offered >= 4
    assert sum(state.view(None)["seats"][s]["built"] for s in range(2)) == houses_offered


def test_estimate_counts_what_the_objective_would_pay_now() -> None:
    state = terranova.make("small-islands", players=2)
    agents = [make_agent("greedy", seed=s) for s in range(2)]
    rng = random.Random(3)
    seen = False
    while not state.is_terminal() and not seen:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        for seat in range(2):
            prospect = rounds.prospect(state, seat)
            assert state.estimate(seat) == rounds.score(state, seat) + prospect
            seen = seen or prospect > 0
        state.apply(agents[state.current_player()].select(state))
    assert seen
