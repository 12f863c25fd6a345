"""Many games of one kind at once: ``terranova.vector.make(game, num_envs, seed)``.

>>> from terranova import vector
>>> games = vector.make("evolution-explore", num_envs=4, seed=7, players=2)
>>> step = games.reset()
>>> step.observation.shape[0], step.action_mask.shape[0], step.rewards.shape
(4, 4, (4, 2))
>>> step = games.step(games.first_legal())  # the lowest legal index in every game
>>> step.current_player.shape, step.terminated.tolist()
((4,), [False, False, False, False])

Every game is played by the caller at every seat (self-play, as pgx and OpenSpiel's
vectorised games do): each row of an action array is the index, in the game's encoding, of
the action of that game's seat to move. Chance is drawn inside, each game from a generator
of its own seeded from ``seed`` and its number, so game ``i`` replays exactly as one game
played alone with that generator (:func:`sub_seed`). A game that ends starts again in the
same step: that step's ``rewards`` row is its end's and ``terminated`` is true, while its
``observation``, ``action_mask`` and ``current_player`` rows are already the new game's.

The arrays of a :class:`Step` are the object's own, written over by each call (copy what
you keep). A game whose native engine offers it (``registry.native_batch``: The Discovery's
and Small Islands', in the compact encoding; Entdecker's and Discovery (evolution)'s
Explore and Bluff, in the standard one) is played and observed natively, the same games
with the same arrays; the others by their Python engines, one table a game (on the native
engine where it writes the encoding's observations: :mod:`terranova.interop.table`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from terranova.core.encoding import STANDARD, Planes
from terranova.core.registry import game_info, native_batch
from terranova.core.state import CHANCE
from terranova.interop.rewards import check_reward, reward
from terranova.interop.table import IllegalIndexError, Table

Array = np.ndarray[Any, Any]


@dataclass(frozen=True)
class Step:
    """What every game looks like after a call (each array's first axis: the games)."""

    observation: Array
    """``float32`` (games, observation size): what the seat to move sees."""
    action_mask: Array
    """``int8`` (games, actions): 1 at each legal action of the seat to move."""
    rewards: Array
    """``float32`` (games, seats): each seat's reward from a game that ended in this step
    (the ``reward=`` asked for), else 0."""
    terminated: Array
    """``bool`` (games,): the game ended in this step (and has started again)."""
    truncated: Array
    """``bool`` (games,): the game reached ``max_steps`` decisions in this step (and has
    started again)."""
    current_player: Array
    """``int64`` (games,): the seat to move."""


def sub_seed(seed: int, game: int) -> int:
    """The seed of game number ``game``'s chance generator (``random.Random``)."""
    return (seed * 1_000_003 + game) % (1 << 63)


class VectorGames:
    """``num_envs`` games of ``game`` with these parameters (see the module's docstring)."""

    def __init__(
        self,
        game: str,
        num_envs: int,
        seed: int = 0,
        encoding: str = STANDARD,
        reward: str = "points",
        max_steps: int | None = None,
        **params: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs is at least 1, not {num_envs}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps is at least 1 (or None), not {max_steps}")
        self.max_steps = max_steps
        first = Table(game_info(game), params, encoding=encoding)
        self.reward = check_reward(reward, first.state.num_seats)
        self.coding = first.coding
        self._native = native_batch(game, params, encoding, first.coding, num_envs, max_steps)
        self._returns = np.zeros((num_envs, first.state.num_seats), np.float64)
        self.tables = (
            [first] + [first.restarted() for _ in range(num_envs - 1)]
            if self._native is None
            else []
        )
        self.num_envs = num_envs
        self.num_seats = first.state.num_seats
        self.seed = seed
        self._rngs = [random.Random(sub_seed(seed, i)) for i in range(num_envs)]
        self._steps = [0] * num_envs
        size, actions = self.coding.observation_size, self.coding.actions.size
        self._step = Step(
            observation=np.zeros((num_envs, size), np.float32),
            action_mask=np.zeros((num_envs, actions), np.int8),
            rewards=np.zeros((num_envs, self.num_seats), np.float32),
            terminated=np.zeros(num_envs, np.bool_),
            truncated=np.zeros(num_envs, np.bool_),
            current_player=np.zeros(num_envs, np.int64),
        )
        self._planes: list[Planes] = [self.coding.planes_of(row) for row in self._step.observation]
        self._started = False

    @property
    def num_actions(self) -> int:
        """The size of the action space (the mask's second axis)."""
        return self.coding.actions.size

    def reset(self) -> Step:
        """Start every game anew, chance generators from ``seed`` again."""
        self._rngs = [random.Random(sub_seed(self.seed, i)) for i in range(self.num_envs)]
        step = self._step
        if self._native is not None:
            self._native.reset(self._rngs, step.observation, step.action_mask, step.current_player)
        else:
            for i in range(self.num_envs):
                self._restart(i)
                self._write(i)
        self._step.rewards[:] = 0
        self._step.terminated[:] = False
        self._step.truncated[:] = False
        self._started = True
        return self._step

    def step(self, actions: Array | list[int]) -> Step:
        """Play each game's action (an index per game), then its chance until a seat is to
        move; an illegal index raises IllegalIndexError, naming the game, and plays none."""
        if not self._started:
            raise RuntimeError("no games yet: call reset() before the first step")
        chosen = np.asarray(actions).reshape(-1)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"{chosen.size} actions for {self.num_envs} games")
        if chosen.size and not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(f"actions are whole indices, not {chosen.dtype}: {chosen.tolist()}")
        size = self.coding.actions.size
        for i, index in enumerate(chosen.tolist()):
            if not 0 <= index < size:
                raise IllegalIndexError(
                    f"game {i}: action index {index} is outside 0..{size - 1}; no game was "
                    "played on"
                )
        if self._native is not None:
            return self._native_step(np.ascontiguousarray(chosen, np.int64))
        for i, index in enumerate(chosen.tolist()):
            if index not in self.tables[i].legal():
                raise IllegalIndexError(
                    f"game {i}: action index {index} ({self.tables[i].describe(index)}) "
                    "is not legal there; no game was played on"
                )
        step = self._step
        step.rewards[:] = 0
        step.terminated[:] = False
        step.truncated[:] = False
        for i, index in enumerate(chosen.tolist()):
            table = self.tables[i]
            table.apply(index)
            self._steps[i] += 1
            self._play_chance(i)
            if table.state.is_terminal():
                self._reward(i, table.state.returns())
                step.terminated[i] = True
                self._restart(i)
            elif self.max_steps is not None and self._steps[i] >= self.max_steps:
                step.truncated[i] = True
                self._restart(i)
            self._write(i)
        return step

    def _native_step(self, chosen: Array) -> Step:
        """The step of games played natively: all checked first, then played, their
        rewards given here from the returns of those that ended."""
        native, step = self._native, self._step
        wrong = native.first_illegal(chosen)
        if wrong >= 0:
            index = int(chosen[wrong])
            raise IllegalIndexError(
                f"game {wrong}: action index {index} ({self.coding.actions.describe(index)}) "
                "is not legal there; no game was played on"
            )
        step.rewards[:] = 0
        step.terminated[:] = False
        step.truncated[:] = False
        native.step(
            chosen,
            step.observation,
            step.action_mask,
            step.current_player,
            step.terminated,
            step.truncated,
            self._returns,
        )
        for i in np.flatnonzero(step.terminated).tolist():
            self._reward(i, self._returns[i].tolist())
        return step

    def _reward(self, i: int, returns: Sequence[float]) -> None:
        """Write game ``i``'s rewards row from the returns it ended with."""
        utility = self.coding.utility
        for seat in range(self.num_seats):
            self._step.rewards[i, seat] = reward(returns, seat, self.reward, utility)

    def legal_actions(self) -> list[list[int]]:
        """Each game's legal indices, sorted: what its mask marks, without scanning a large
        mask (a list a game: their lengths differ)."""
        if self._native is not None:
            return [self._native.legal_indices(i) for i in range(self.num_envs)]
        return [table.legal_indices() for table in self.tables]

    def first_legal(self) -> Array:
        """The lowest legal index of every game (for examples and tests)."""
        lowest: Array = np.argmax(self._step.action_mask, axis=1)
        return lowest

    def _restart(self, i: int) -> None:
        self.tables[i] = self.tables[i].restarted()
        self._steps[i] = 0
        self._play_chance(i)

    def _play_chance(self, i: int) -> None:
        table, rng = self.tables[i], self._rngs[i]
        while table.player() == CHANCE:
            table.play(table.state.sample_chance(rng))

    def _write(self, i: int) -> None:
        """Write game ``i``'s rows: the seat to move's observation and mask."""
        table, step = self.tables[i], self._step
        seat = table.player()
        step.current_player[i] = seat
        table.observe_into(seat, step.observation[i], self._planes[i])
        step.action_mask[i] = 0
        step.action_mask[i, table.legal_indices()] = 1


make = VectorGames
"""``make(game, num_envs, seed=0, encoding="standard", reward="points", max_steps=None,
**params)``: ``num_envs`` games of ``game`` (see the module's docstring), not yet reset."""
