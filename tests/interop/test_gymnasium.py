"""One seat of every encoded game against Terranova's bots as a Gymnasium environment
(terranova.interop.gymnasium), checked by Gymnasium's environment checker."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv

from terranova.agents import make_agent
from terranova.core.actions import Action
from terranova.core.registry import game_info
from terranova.core.state import State
from terranova.interop.gymnasium import SeatEnv, env_ids, register_envs
from terranova.interop.table import IllegalIndexError
from tests.interop.cases import GAMES, coded

ID_OF = {made: env_id for env_id, made in env_ids().items()}


@coded
def test_check_env_on_the_registered_id(game_id: str, encoding: str) -> None:
    """Every game and encoding has its id; what ``gymnasium.make`` makes of it passes
    Gymnasium's checker (render modes included, as the id gives it a spec)."""
    env_id = ID_OF[game_id, encoding]
    info = game_info(game_id)
    assert env_id.startswith(f"terranova/{game_id}") and env_id.endswith(f"-v{info.rules_version}")
    made = gymnasium.make(env_id, opponents="random", render_mode="ansi")
    assert made.spec is not None and made.spec.id == env_id
    assert made.unwrapped.table.encoding == encoding
    check_env(made.unwrapped, skip_render_check=False)


def test_the_ids_pass_their_keywords_on_and_vectorise() -> None:
    seat = gymnasium.make(
        "terranova/evolution-explore-v1", players=3, opponents="greedy", reward="win"
    )
    assert seat.unwrapped.table.state.num_seats == 3 and seat.unwrapped.reward == "win"
    for mode in ("sync", "async"):
        envs = gymnasium.make_vec(
            "terranova/evolution-explore-v1", num_envs=2, vectorization_mode=mode, players=2
        )
        try:
            observations, _ = envs.reset(seed=1)
            assert observations["action_mask"].shape == (2, envs.single_action_space.n)
            actions = np.array([np.flatnonzero(m)[0] for m in observations["action_mask"]])
            envs.step(actions)
        finally:
            envs.close()
    assert env_ids() == dict(zip(register_envs(), env_ids().values(), strict=True))


def episode(seat_env: SeatEnv, seed: int) -> tuple[list[int], float]:
    observation, info = seat_env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen = []
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        assert info["legal_actions"] == legal.tolist()
        action = int(rng.choice(legal))
        chosen.append(action)
        observation, reward, terminated, truncated, info = seat_env.step(action)
        assert not info["illegal"]
        if terminated or truncated:
            assert "legal_actions" not in info
            return chosen, reward
        assert reward == 0.0


@pytest.mark.parametrize("game_id", GAMES)
def test_an_episode_ends_with_the_seats_return_and_repeats_with_its_seed(game_id: str) -> None:
    seat_env = SeatEnv(game_id, seat=1, opponents=["greedy"])
    chosen, reward = episode(seat_env, seed=5)
    assert seat_env.table.state.is_terminal()
    assert reward == seat_env.table.state.returns()[1]
    assert episode(SeatEnv(game_id, seat=1, opponents=["greedy"]), seed=5) == (chosen, reward)


def test_an_illegal_action_ends_the_episode() -> None:
    seat_env = SeatEnv(GAMES[0], illegal_reward=-3)
    with pytest.raises(RuntimeError, match="no episode yet: call reset"):
        seat_env.step(0)
    observation, _ = seat_env.reset(seed=2)
    bad = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = seat_env.step(bad)
    assert (reward, terminated, info["illegal"]) == (-3, True, True)
    with pytest.raises(RuntimeError, match="call reset"):
        seat_env.step(bad)


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="seat 9"):
        SeatEnv(GAMES[0], seat=9)
    with pytest.raises(
        ValueError,
        match="2 opponents given: give one for all other seats, or one for each of the 3",
    ):
        SeatEnv(GAMES[0], players=4, opponents=["random", "greedy"])
    with pytest.raises(Exception, match="nobot"):
        SeatEnv(GAMES[0], opponents=["nobot"])
    with pytest.raises(TypeError, match="an opponent is a bot's name, an agent"):
        SeatEnv(GAMES[0], opponents=[3])


def first_legal(observation: dict[str, Any]) -> int:
    return int(observation["action_mask"].nonzero()[0][0])


def test_an_opponent_may_be_a_function_of_its_observation() -> None:
    seen: list[dict[str, Any]] = []

    def opponent(observation: dict[str, Any]) -> int:
        seen.append(observation)
        return first_legal(observation)

    seat_env = SeatEnv("discovery", players=2, opponents=opponent)
    observation, _ = seat_env.reset(seed=3)
    terminated = False
    while not terminated:
        observation, _, terminated, _, info = seat_env.step(first_legal(observation))
        assert not info["illegal"]
    assert seen  # it played seat 1, from seat 1's observations
    assert all(o["action_mask"].any() for o in seen)
    assert seat_env.table.state.is_terminal()


def test_an_opponent_may_be_an_agent() -> None:
    class Counted:
        name = "counted greedy"

        def __init__(self) -> None:
            self.bot = make_agent("greedy", seed=1)
            self.asked: list[int] = []

        def select(self, state: State) -> Action:
            self.asked.append(state.current_player())
            return self.bot.select(state)

    counted = Counted()
    seat_env = SeatEnv("evolution-explore", players=2, opponents=[counted])
    observation, _ = seat_env.reset(seed=7)
    terminated = False
    while not terminated:
        observation, _, terminated, _, _ = seat_env.step(first_legal(observation))
    assert counted.asked and set(counted.asked) == {1}


def test_an_illegal_index_from_an_opponent_is_named_and_ends_the_episode() -> None:
    seat_env = SeatEnv("discovery", players=2, opponents=lambda observation: 10**6)
    observation, _ = seat_env.reset(seed=3)
    with pytest.raises(IllegalIndexError, match="the opponent in seat 1 chose action index"):
        for _ in range(10):  # seat 0's turn: a tile, then its follower
            observation, *_ = seat_env.step(first_legal(observation))
    with pytest.raises(RuntimeError, match="the episode is over"):
        seat_env.step(first_legal(observation))


def test_a_reset_without_a_seed_goes_on_with_the_same_generators() -> None:
    def two_episodes() -> tuple[tuple[list[int], float], tuple[list[int], float]]:
        seat_env = SeatEnv("evolution-explore", opponents="greedy", players=2)
        first = episode(seat_env, seed=4)
        observation, _ = seat_env.reset()
        rng = np.random.default_rng(0)
        chosen = []
        while True:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            chosen.append(action)
            observation, reward, terminated, truncated, _ = seat_env.step(action)
            if terminated or truncated:
                return first, (chosen, reward)

    assert two_episodes() == two_episodes()


def test_automaton_seats_need_no_bot_and_an_index_outside_the_space_is_illegal() -> None:
    seat_env = SeatEnv("evolution-bluff", players=3, automata=1, opponents=["greedy"])
    assert sorted(seat_env.specs) == [1]
    seat_env.reset(seed=1)
    _, reward, terminated, _, info = seat_env.step(10**9)
    assert terminated and info["illegal"] and "outside" in info["error"]
    assert reward == seat_env.illegal_reward


@pytest.mark.parametrize("vector", [SyncVectorEnv, AsyncVectorEnv], ids=["sync", "async"])
@pytest.mark.parametrize("game_id", GAMES)
def test_vector_environments_step_games_of_every_length(game_id: str, vector: Any) -> None:
    envs = vector([lambda: SeatEnv(game_id, opponents=["random"])] * 3)
    try:
        observations, infos = envs.reset(seed=0)
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(60):  # long enough for some games to end and start again
            masks = observations["action_mask"]
            assert masks.shape == (3, envs.single_action_space.n)
            # an ended game's mask is empty: its next action is ignored, as it starts again
            actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
            for legal, mask, has in zip(
                infos["legal_actions"], masks, infos["_legal_actions"], strict=True
            ):
                if has:  # an ended game's info has none
                    assert legal == np.flatnonzero(mask).tolist()
            observations, rewards, terminated, _truncated, infos = envs.step(actions)
            assert rewards.shape == terminated.shape == (3,)
            ended += int(terminated.sum())
        assert ended or game_id != "evolution-explore"  # its games end: autoreset is met
    finally:
        envs.close()


def test_the_docs_list_every_id() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "interop.md").read_text()
    listed = re.findall(r"^\| `(terranova/[\w-]+)` \|", text, re.M)
    assert listed == list(env_ids())


def test_action_masks_are_the_observations_mask_as_booleans() -> None:
    """What sb3-contrib's MaskablePPO reads (tests/interop/test_sb3.py uses it there)."""
    env = gymnasium.make("terranova/evolution-explore-v1", players=2, opponents="random")
    observation, info = env.reset(seed=4)
    while True:
        masks = env.unwrapped.action_masks()
        assert masks.dtype == np.bool_
        assert np.array_equal(masks, observation["action_mask"].astype(bool))
        assert list(np.flatnonzero(masks)) == info.get("legal_actions", [])
        if not masks.any():
            break
        observation, _reward, terminated, _truncated, info = env.step(info["legal_actions"][0])
        assert terminated == (not env.unwrapped.action_masks().any())
