"""terranova.vector: many games stepped by one call replay, game by game, exactly as one
game played alone with the same generator and actions; ends start again in the same step;
an illegal action plays no game on; the arrays are the object's own."""

from __future__ import annotations

import random

import numpy as np
import pytest

from terranova import vector
from terranova.core.state import CHANCE
from terranova.interop.rewards import reward
from terranova.interop.table import IllegalIndexError, Table
from tests.interop.cases import coded

STEPS = 150


class Alone:
    """One game played alone, as the batch plays its game number ``i``."""

    def __init__(self, game: str, encoding: str, seed: int, i: int) -> None:
        self.table = Table.new(game, encoding, players=2)
        self.rng = random.Random(vector.sub_seed(seed, i))
        self.chance()

    def chance(self) -> None:
        while self.table.player() == CHANCE:
            self.table.play(self.table.state.sample_chance(self.rng))

    def step(self, index: int) -> tuple[bool, list[float]]:
        self.table.apply(index)
        self.chance()
        if not self.table.state.is_terminal():
            return False, []
        returns = list(self.table.state.returns())
        self.table = self.table.restarted()
        self.chance()
        return True, returns


@coded
def test_each_game_replays_as_one_game_alone(game_id: str, encoding: str) -> None:
    games = vector.make(game_id, num_envs=3, seed=5, encoding=encoding, players=2)
    alone = [Alone(game_id, encoding, 5, i) for i in range(3)]
    step = games.reset()
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(STEPS):
        for i, game in enumerate(alone):
            seat = game.table.player()
            assert step.current_player[i] == seat
            assert np.array_equal(step.observation[i], game.table.observation(seat))
            assert np.array_equal(step.action_mask[i], game.table.mask())
        legal = games.legal_actions()
        assert legal == [np.flatnonzero(mask).tolist() for mask in step.action_mask]
        actions = np.array([rng.choice(indices) for indices in legal])
        step = games.step(actions)
        for i, game in enumerate(alone):
            done, returns = game.step(int(actions[i]))
            assert step.terminated[i] == done and not step.truncated[i]
            expected = returns or [0.0, 0.0]
            assert step.rewards[i].tolist() == pytest.approx(expected)
            ended += done
    assert ended or game_id != "evolution-explore"  # its games end: a restart is met


def test_the_same_seed_gives_the_same_games_and_rewards_follow_reward() -> None:
    def run(seed: int, kind: str) -> list[np.ndarray]:
        games = vector.make("evolution-explore", 4, seed=seed, reward=kind, players=2)
        step = games.reset()
        seen = [step.observation.copy()]
        rewards = []
        for _ in range(200):
            step = games.step(games.first_legal())
            seen.append(step.observation.copy())
            rewards.append(step.rewards.copy())
        return [np.stack(seen), np.stack(rewards)]

    once, again = run(3, "points"), run(3, "points")
    assert all(np.array_equal(a, b) for a, b in zip(once, again, strict=True))
    assert not np.array_equal(once[0], run(4, "points")[0])
    wins = run(3, "win")
    assert np.array_equal(once[0], wins[0])  # the same play
    ended = once[1].any(axis=2)
    assert ended.any()
    for step, game in zip(*np.nonzero(ended), strict=True):
        returns = once[1][step, game].tolist()
        assert wins[1][step, game].tolist() == [
            reward(returns, seat, "win", (0.0, 1.0)) for seat in range(2)
        ]


def test_an_illegal_action_plays_no_game_on() -> None:
    games = vector.make("discovery", 3, seed=1)
    step = games.reset()
    before = [t.state.history() for t in games.tables]
    observation = step.observation.copy()
    actions = games.first_legal()
    actions[1] = int(np.flatnonzero(step.action_mask[1] == 0)[0])
    with pytest.raises(IllegalIndexError, match=r"game 1: action index \d+ .* no game was"):
        games.step(actions)
    assert [t.state.history() for t in games.tables] == before
    assert np.array_equal(step.observation, observation)


def test_max_steps_truncates_and_starts_again() -> None:
    games = vector.make("discovery", 2, seed=2, max_steps=3)
    games.reset()
    opening = len(games.tables[0].state.history())  # the chance drawn before a decision
    for n in range(1, 4):
        played = len(games.tables[0].state.history())
        step = games.step(games.first_legal())
        assert step.truncated.tolist() == [n == 3] * 2
        assert not step.terminated.any() and not step.rewards.any()
    assert played > opening
    assert len(games.tables[0].state.history()) == opening  # a new game, at its start


def test_bad_calls_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="num_envs is at least 1, not 0"):
        vector.make("discovery", 0)
    with pytest.raises(ValueError, match="max_steps is at least 1"):
        vector.make("discovery", 2, max_steps=0)
    with pytest.raises(ValueError, match="the rewards are"):
        vector.make("discovery", 2, reward="wins")
    games = vector.make("discovery", 2)
    with pytest.raises(RuntimeError, match=r"call reset\(\)"):
        games.step([0, 0])
    games.reset()
    with pytest.raises(ValueError, match="3 actions for 2 games"):
        games.step([0, 0, 0])
    with pytest.raises(IllegalIndexError, match=r"game 0: action index -1 is outside 0\.\."):
        games.step([-1, 0])
    with pytest.raises(ValueError, match="actions are whole indices, not float64"):
        games.step([1.7, 0.0])
    with pytest.raises(ValueError, match="a game of one seat has only 'points'"):
        vector.make("small-islands", 2, players=1, reward="win")
