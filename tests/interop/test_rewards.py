"""The adapters' ``reward=`` option: the seat's points (as before), a win, its margin over
the best other seat, or that margin normalised to [-1, 1], each within its stated range,
for every game; the play itself does not depend on the reward asked for."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from terranova.interop.gymnasium import SeatEnv
from terranova.interop.pettingzoo import env
from terranova.interop.rewards import REWARDS, reward, reward_range
from tests.interop.cases import GAMES

UTILITY = (0.0, 50.0)


@pytest.mark.parametrize(
    ("returns", "seat", "expected"),
    [
        ((30.0, 42.0, 12.0), 0, {"points": 30, "win": -1, "margin": -12, "normalised": -0.24}),
        ((30.0, 42.0, 12.0), 1, {"points": 42.0, "win": 1.0, "margin": 12.0, "normalised": 0.24}),
        ((42.0, 42.0, 12.0), 0, {"points": 42.0, "win": 0.0, "margin": 0.0, "normalised": 0.0}),
        ((0.0, 50.0), 0, {"points": 0.0, "win": -1.0, "margin": -50.0, "normalised": -1.0}),
    ],
)  # fmt: skip
def test_each_reward_on_worked_examples(
    returns: tuple[float, ...], seat: int, expected: dict[str, float]
) -> None:
    for kind, value in expected.items():
        got = reward(returns, seat, kind, UTILITY)  # type: ignore[arg-type]
        assert got == pytest.approx(value), kind
        low, high = reward_range(kind, UTILITY)  # type: ignore[arg-type]
        assert low <= got <= high


def episode(game: str, kind: str, seed: int) -> tuple[list[int], float, Any]:
    seat_env = SeatEnv(game, opponents=["random"], reward=kind, players=2)
    _, info = seat_env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen: list[int] = []
    while True:
        index = int(rng.choice(info["legal_actions"]))
        chosen.append(index)
        _, won, done, _, info = seat_env.step(index)
        if done:
            return chosen, won, seat_env


@pytest.mark.parametrize("game", GAMES)
def test_the_seat_env_gives_each_reward_within_its_range(game: str) -> None:
    plays = {}
    for kind in REWARDS:
        chosen, won, seat_env = episode(game, kind, seed=3)
        plays[kind] = chosen
        returns = seat_env.table.state.returns()
        assert won == reward(returns, 0, kind, seat_env.table.coding.utility)
        low, high = seat_env.reward_range
        assert low <= won <= high, (kind, won, seat_env.reward_range)
        assert seat_env.illegal_reward == low - 1
    assert all(chosen == plays["points"] for chosen in plays.values())
    assert seat_env.reward_range == (-1.0, 1.0)  # the last: normalised


def test_pettingzoo_rewards_a_win() -> None:
    table = env("evolution-explore", players=2, reward="win")
    table.reset(seed=4)
    rng = np.random.default_rng(4)
    rewards = {}
    for agent in table.agent_iter():
        _, won, termination, truncation, info = table.last()
        if termination or truncation:
            rewards[agent] = won
            table.step(None)
        else:
            table.step(int(rng.choice(info["legal_actions"])))
    returns = table.unwrapped.table.state.returns()
    assert sorted(rewards) == ["player_0", "player_1"]
    if returns[0] == returns[1]:
        assert rewards == {"player_0": 0.0, "player_1": 0.0}
    else:
        winner = f"player_{int(np.argmax(returns))}"
        assert sorted(rewards.values()) == [-1.0, 1.0] and rewards[winner] == 1.0


def test_an_unknown_reward_is_refused_with_the_rewards_named() -> None:
    with pytest.raises(ValueError, match="reward 'wins': the rewards are points, win, margin"):
        SeatEnv("discovery", reward="wins")
    with pytest.raises(ValueError, match="reward 'score'"):
        env("discovery", reward="score")


def test_a_game_of_one_seat_has_only_points() -> None:
    for kind in ("win", "margin", "normalised"):
        with pytest.raises(ValueError, match=f"reward '{kind}' compares the seats"):
            SeatEnv("small-islands", players=1, reward=kind)
        with pytest.raises(ValueError, match="a game of one seat has only 'points'"):
            env("evolution-explore", players=1, reward=kind)
    assert SeatEnv("small-islands", players=1, reward="points").reward == "points"
