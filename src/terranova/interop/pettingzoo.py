"""Every Terranova game as a PettingZoo AEC environment.

>>> from terranova.interop.pettingzoo import env
>>> table = env("discovery", players=3)
>>> table.reset(seed=42)
>>> observation, reward, termination, truncation, info = table.last()
>>> sorted(observation)
['action_mask', 'observation']
>>> observation["action_mask"].dtype.name
'int8'

Agents are ``player_0`` ... for the seats people play (an automaton's seats are left out);
the action space is ``Discrete(num_distinct_actions)`` of the game's encoding and the
observation a dict of the seat's observation tensor and its ``int8`` action mask (all zeros
for an agent not to move). Chance is drawn inside the environment, from a generator
seeded by ``reset(seed)`` (a reset without a seed goes on with the same generator).
The agent to move also finds its legal actions' indices, sorted, in
``info["legal_actions"]`` (an ``int64`` array), which saves scanning a large mask.
``encoding=`` names another of the game's encodings than ``standard`` (docs/interop.md).
Rewards come at the end: each agent's final return, or with ``reward=`` ``"win"``,
``"margin"`` or ``"normalised"`` another (:mod:`terranova.interop.rewards`; the
environment's ``reward_range`` bounds it). :func:`env` ends the game for an agent that
plays an illegal action, which then gets ``illegal_reward`` (by default one less than the
lowest reward); :class:`RawEnv` raises instead.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from terranova.core.encoding import STANDARD
from terranova.core.registry import game_info
from terranova.core.state import CHANCE
from terranova.interop.rewards import Reward, check_reward, reward, reward_range
from terranova.interop.table import Table

Observation = dict[str, np.ndarray[Any, Any]]


def observation_space(table: Table) -> spaces.Dict:
    """The observation of one agent: its tensor and its action mask."""
    coding = table.coding
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=coding.bounds[0],
                high=coding.bounds[1],
                shape=(coding.observation_size,),
                dtype=np.float32,
            ),
            "action_mask": spaces.Box(0, 1, shape=(coding.actions.size,), dtype=np.int8),
        }
    )


def legal_array(table: Table) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The indices of the legal actions of the seat to move, sorted."""
    return np.array(table.legal_indices(), dtype=np.int64)


class RawEnv(AECEnv[str, Observation, int]):
    """A Terranova game as an AEC environment (see the module's docstring)."""

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        encoding: str = STANDARD,
        reward: str = "points",
        **params: Any,
    ) -> None:
        super().__init__()
        info = game_info(game)
        self.table = Table(info, params, encoding=encoding)
        self.reward: Reward = check_reward(reward, self.table.state.num_seats)
        self.params = self.table.params
        automata = set(info.automaton_seats(self.params))
        self.seats = [s for s in range(self.table.state.num_seats) if s not in automata]
        self.possible_agents = [f"player_{s}" for s in self.seats]
        self.agent_seat = {a: s for a, s in zip(self.possible_agents, self.seats, strict=True)}
        self.metadata = {
            "name": f"terranova_{info.id.replace('-', '_')}_v{info.rules_version}",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        space = observation_space(self.table)
        action = spaces.Discrete(self.table.coding.actions.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render mode {render_mode!r}: only 'ansi' is offered")
        self.render_mode = render_mode
        self.reward_range = reward_range(self.reward, self.table.coding.utility)
        """The least and the most reward of a game played to its end."""
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes every chance outcome of it."""
        if seed is not None:  # without one, the generator goes on from the last game
            self._rng = random.Random(seed)
        self.table = self.table.restarted()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()

    def _advance(self) -> None:
        """Draw chance outcomes until a seat is to move or the game ends."""
        state = self.table.state
        while state.current_player() == CHANCE:
            self.table.play(state.sample_chance(self._rng))
        player = state.current_player()
        for agent in self.agents:
            self.infos[agent] = {}
        if player >= 0:
            self.agent_selection = f"player_{player}"
            self.infos[self.agent_selection] = {"legal_actions": legal_array(self.table)}
            return
        returns, utility = state.returns(), self.table.coding.utility
        for agent in self.agents:
            self.rewards[agent] = reward(returns, self.agent_seat[agent], self.reward, utility)
            self.terminations[agent] = True

    def observe(self, agent: str) -> Observation:
        seat = self.agent_seat[agent]
        mine = agent == self.agent_selection and not self.terminations.get(agent, True)
        mask = self.table.mask() if mine else np.zeros(self.table.coding.actions.size, np.int8)
        return {"observation": self.table.observation(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:  # None is for an agent whose game is over (PettingZoo's rule)
            raise ValueError(f"{agent} is to move: give an action index, not None")
        self.table.apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._advance()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The position as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.table.view_text(None)

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: str,
    render_mode: str | None = None,
    illegal_reward: float | None = None,
    encoding: str = STANDARD,
    reward: str = "points",
    **params: Any,
) -> AECEnv[str, Observation, int]:
    """The environment of ``game`` with PettingZoo's usual wrappers for board games."""
    raw = RawEnv(game, render_mode=render_mode, encoding=encoding, reward=reward, **params)
    low = raw.reward_range[0] - 1 if illegal_reward is None else illegal_reward
    wrapped: AECEnv[str, Observation, int] = wrappers.TerminateIllegalWrapper(raw, low)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
