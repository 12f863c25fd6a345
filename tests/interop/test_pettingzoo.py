"""Every encoded game as a PettingZoo AEC environment (terranova.interop.pettingzoo),
checked by PettingZoo's own ``api_test`` and ``seed_test``."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from terranova.interop.pettingzoo import RawEnv, env
from terranova.interop.table import IllegalIndexError, encoded_games
from tests.interop.cases import GAMES, chosen, coded


def most_seats(game_id: str) -> int:
    return encoded_games()[game_id].max_seats


@coded
def test_api_test(game_id: str, encoding: str) -> None:
    api_test(env(game_id, **chosen(encoding)), num_cycles=1000)


@coded
def test_api_test_with_the_most_seats(game_id: str, encoding: str) -> None:
    api_test(env(game_id, players=most_seats(game_id), **chosen(encoding)), num_cycles=300)


@coded
def test_seed_test(game_id: str, encoding: str) -> None:
    seed_test(lambda: env(game_id, **chosen(encoding)), num_cycles=300)


def play(table: RawEnv, seed: int) -> list[float]:
    """A whole game with the first legal action each time, checking that the legal actions
    of ``info`` are those of the mask; the rewards at the end."""
    table.reset(seed=seed)
    totals = dict.fromkeys(table.agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        totals[agent] += reward
        if termination or truncation:
            assert "legal_actions" not in info
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert info["legal_actions"].dtype == np.int64
        assert info["legal_actions"].tolist() == legal.tolist()
        assert all("legal_actions" not in table.infos[a] for a in table.agents if a != agent)
        table.step(int(legal[0]))
    return list(totals.values())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rewards_are_the_final_returns(game_id: str) -> None:
    table = RawEnv(game_id)
    rewards = play(table, seed=11)
    returns = table.table.state.returns()
    assert rewards == [float(returns[s]) for s in table.seats]
    assert play(RawEnv(game_id), seed=11) == rewards


@pytest.mark.parametrize("game_id", GAMES)
def test_only_the_agent_to_move_has_a_mask(game_id: str) -> None:
    table = RawEnv(game_id)
    table.reset(seed=3)
    for agent in table.agents:
        mask = table.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        assert mask.any() == (agent == table.agent_selection)


def test_an_illegal_action_is_refused_by_the_raw_env_and_ends_the_wrapped_one() -> None:
    game_id = GAMES[0]
    raw = RawEnv(game_id)
    raw.reset(seed=1)
    mask = raw.observe(raw.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = [str(a) for a in raw.table.state.history()]
    with pytest.raises(IllegalIndexError, match=rf"^action index {bad} \(.+\) is not legal here"):
        raw.step(bad)
    with pytest.raises(ValueError, match=f"{raw.agent_selection} is to move: give an action"):
        raw.step(None)
    assert [str(a) for a in raw.table.state.history()] == before
    wrapped = env(game_id, illegal_reward=-5)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    wrapped.step(bad)
    assert wrapped.rewards[agent] == -5
    assert all(wrapped.terminations.values())


@coded
def test_every_observation_is_its_view_s_alone_and_stays_as_given(
    game_id: str, encoding: str
) -> None:
    """The environment may write observations over a buffer of its own: each must still
    equal the tensor made afresh from the seat's view (nothing left of the position
    before), and one an agent keeps must not change as the game goes on."""
    raw = RawEnv(game_id, **chosen(encoding))
    raw.reset(seed=5)
    coding = raw.table.coding
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    rng = np.random.default_rng(5)
    for _ in raw.agent_iter(max_iter=60):
        _, _, termination, truncation, info = raw.last()
        if termination or truncation:
            raw.step(None)
            continue
        table = raw.table
        for other in raw.agents:
            seat = raw.agent_seat[other]
            given = raw.observe(other)["observation"]
            fresh = coding.observation(table.state.view(seat), table.listed(table.state, seat))
            np.testing.assert_array_equal(given, fresh)
            kept.append((given, fresh.copy()))
        raw.step(int(rng.choice(info["legal_actions"])))
    assert len(kept) > 20
    for given, then in kept:
        np.testing.assert_array_equal(given, then)
