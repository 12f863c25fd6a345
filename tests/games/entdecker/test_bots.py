"""Entdecker's ``greedy`` (games/entdecker/bots.py): declared through ``GameInfo.bots``,
legal moves only, the same moves for the same seed, and better than random play; the
game's estimate, which the search bots score positions with."""

from __future__ import annotations

import random

import pytest

import terranova
from terranova.agents import Rollout, SearchAgent, game_rollout, greedy_policy, make_agent
from terranova.core.records import play
from terranova.core.state import CHANCE
from terranova.games.entdecker import bots, new_game
from terranova.games.entdecker.state import EntdeckerState

PARAMS = [
    {"players": 3},
    {"players": 2, "setup": "variable", "natives": "scout", "tile_cap": 3},
    {"players": 4, "island_tie": "share", "edge_costs": "free"},
]


def test_greedy_plays_entdecker_with_its_own_policy() -> None:
    assert greedy_policy("entdecker") is bots.greedy


def test_the_search_bots_play_on_greedily_after_their_tree() -> None:
    assert game_rollout("entdecker") == Rollout(bots.greedy, bots.ROLLOUT_DEPTH)
    for spec in ("mcts", "ismcts"):
        agent = make_agent(spec, 0)
        assert isinstance(agent, SearchAgent)
        assert agent.plan("entdecker") == (bots.ROLLOUT_DEPTH, bots.greedy)
    random_rollouts = make_agent("ismcts:rollout=random,depth=3", 0)
    assert isinstance(random_rollouts, SearchAgent)
    assert random_rollouts.plan("entdecker") == (3, None)
    g = new_game(players=3)
    rng = random.Random(4)
    while g.current_player() == CHANCE:
        g.apply(g.sample_chance(rng))
    searcher = make_agent("ismcts:iterations=30", 1)
    assert searcher.select(g) in g.legal_actions()


@pytest.mark.parametrize("params", PARAMS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()))
def test_greedy_plays_only_legal_moves(params: dict[str, object]) -> None:
    state = terranova.make("entdecker", **params)
    agents = [make_agent("greedy", seed=s) for s in range(state.num_seats)]
    rng = random.Random(4)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        action = agents[state.current_player()].select(state)
        assert action in state.legal_actions()
        state.apply(action)
    assert len(state.winners()) >= 1


def test_greedy_makes_the_same_moves_for_the_same_seed() -> None:
    def game(seed: int) -> list[str]:
        agents = [make_agent("greedy", seed=seed + s) for s in range(3)]
        record = play(terranova.make("entdecker"), agents, seed=11)
        return list(record.actions)

    assert game(1) == game(1)


def test_greedy_beats_random() -> None:
    """Each seat in turn: greedy against two random players (a few seconds)."""
    wins = 0
    for deal in range(3):
        for seat in range(3):
            agents = [
                make_agent("greedy" if s == seat else "random", seed=10 * deal + s)
                for s in range(3)
            ]
            record = play(terranova.make("entdecker"), agents, seed=deal)
            assert record.result is not None
            wins += seat in record.result["winners"]
    assert wins >= 8


def test_estimate_counts_the_islands_a_seat_is_expected_to_win() -> None:
    state = new_game(players=3)
    rng = random.Random(2)
    agents = [make_agent("greedy", seed=s) for s in range(3)]
    seen_units = False
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        state.apply(agents[state.current_player()].select(state))
        assert isinstance(state, EntdeckerState)
        if state.is_terminal():
            break
        for seat in range(3):
            base = state.score[seat] + state.gold[seat] / 3
            assert state.estimate(seat) >= base
        if any(seat == 0 for _, seat, _ in state.units):
            seen_units = True
            assert state.estimate(0) > state.score[0] + state.gold[0] / 3
    assert seen_units
    assert state.estimate(0) == state.returns()[0]


def test_estimate_counts_announced_tiles_at_their_price() -> None:
    state = new_game(players=3)
    rng = random.Random(1)
    while state.view(None)["step"] != "announce":
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(state.legal_actions()[0])
    seat = state.current_player()
    before = state.estimate(seat)
    announce = state.legal_actions()[2]  # three hidden tiles
    assert str(announce) == "announce 3 hidden"
    state.apply(announce)
    assert state.estimate(seat) == pytest.approx(before)
    state.apply(state.parse_action("stop"))
    assert state.estimate(seat) < before - 0.9  # the tiles paid for are lost
