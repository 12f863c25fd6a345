"""OpenSpiel's search bots as Terranova bots (terranova.interop.openspiel_bots)."""

from __future__ import annotations

import random

import pytest

import terranova
from terranova.agents import available_agents, make_agent
from terranova.core.state import CHANCE
from terranova.interop.table import encoded_games

GAMES = sorted(encoded_games())


def test_they_are_offered_with_the_other_bots() -> None:
    assert {"openspiel-mcts", "openspiel-ismcts"} <= set(available_agents())


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kind", ["openspiel-mcts", "openspiel-ismcts"])
def test_they_choose_legal_actions_and_repeat_with_a_seed(game_id: str, kind: str) -> None:
    state = terranova.make(game_id)
    rng = random.Random(2)
    chosen = []
    for _ in range(3):
        while state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        if state.is_terminal():
            break
        spec = f"{kind}:simulations=4"
        action = make_agent(spec, seed=9).select(state)
        assert action in state.legal_actions()
        assert make_agent(spec, seed=9).select(state) == action
        chosen.append(action)
        state.apply(action)
    assert chosen
