"""One seat of a Terranova game against Terranova's bots, as a Gymnasium environment.

>>> from terranova.interop.gymnasium import SeatEnv
>>> seat = SeatEnv("discovery", opponents=["greedy"])
>>> observation, info = seat.reset(seed=1)
>>> action = int(observation["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = seat.step(action)

The observation is a dict of the seat's observation tensor and its ``int8`` action mask; the
action an index of the game's encoding (``encoding=`` names another than ``standard``). The
other seats are played by the opponents given, one for all or one per other seat (an
automaton's seats are played by the game): a bot's name (``["greedy", "mcts"]``), an agent
(anything with ``select(state)``, as :func:`terranova.agents.make_agent` makes), or a
function from that seat's observation, in the same form, to an action index (a frozen copy of
the learner, for self-play); an illegal index from such a function raises
``IllegalIndexError``, naming its seat. Chance, and the named bots, are seeded from a
generator seeded by ``reset(seed)`` (a reset without a seed goes on with the same
generator). The reward comes at the end: by default the seat's final return; ``reward=``
``"win"``, ``"margin"`` or ``"normalised"`` asks for another
(:mod:`terranova.interop.rewards`; ``reward_range`` bounds it). An illegal action of the
learner's (or an index outside the action space) ends the episode with ``illegal_reward`` (by
default one less than the lowest reward) and ``info["illegal"]`` true. While the
episode goes on, ``info["legal_actions"]`` holds the legal actions' indices, sorted, which
saves scanning a large mask: a list, not an array, since Gymnasium's vector environments
stack an info's arrays into one, which lengths that differ between games would break.
``action_masks()`` gives the mask as booleans, as sb3-contrib's MaskablePPO asks for it.

Importing this module registers every encoded game with Gymnasium (:func:`env_ids`):
``terranova/<game>-v<rules version>``, and ``terranova/<game>-<encoding>-v<rules version>``
for an encoding other than ``standard``; ``gymnasium.make`` passes its other keywords on
(``players=3``, ``opponents=["greedy"]``, ``reward="win"``).

>>> import gymnasium
>>> seat = gymnasium.make("terranova/evolution-explore-v1", players=2, opponents="greedy")
>>> seat.unwrapped.table.state.num_seats
2
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from terranova.agents import make_agent
from terranova.core.actions import Action
from terranova.core.agent import Agent
from terranova.core.encoding import STANDARD, encodings
from terranova.core.registry import game_info
from terranova.core.state import CHANCE, State
from terranova.interop.pettingzoo import Observation, observation_space
from terranova.interop.rewards import Reward, check_reward, reward, reward_range
from terranova.interop.table import IllegalIndexError, Table, encoded_games

Policy = Callable[[Observation], "int | np.integer[Any]"]
"""An opponent as a function: its seat's observation (as ``step`` returns the learner's: the
tensor and the action mask) to an action index."""

Opponent = str | Agent | Policy
"""A bot's name, an agent, or a :data:`Policy`."""


class SeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Seat ``seat`` of ``game`` against bots (see the module's docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012  (Gymnasium's own name)

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = ("random",),
        render_mode: str | None = None,
        illegal_reward: float | None = None,
        encoding: str = STANDARD,
        reward: str = "points",
        **params: Any,
    ) -> None:
        info = game_info(game)
        self.table = Table(info, params, encoding=encoding)
        players = self.table.state.num_seats
        self.reward: Reward = check_reward(reward, players)
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not one of 0..{players - 1}")
        if seat in info.automaton_seats(self.table.params):
            raise ValueError(f"seat {seat} is played by the game's automaton")
        automata = set(info.automaton_seats(self.table.params))
        others = [s for s in range(players) if s != seat and s not in automata]
        given: list[Opponent] = (
            [opponents]
            if isinstance(opponents, str) or not isinstance(opponents, Sequence)
            else list(opponents)
        )
        if len(given) not in (1, len(others)):
            raise ValueError(
                f"{len(given)} opponents given: give one for all other seats, or one for each "
                f"of the {len(others)}"
            )
        for opponent in given:
            _check_opponent(opponent)
        bots = given * len(others) if len(given) == 1 else given
        self.specs: dict[int, Opponent] = dict(zip(others, bots, strict=True))
        """Each other seat's opponent, as given."""
        self.seat = seat
        self.observation_space = observation_space(self.table)
        self.action_space = gymnasium.spaces.Discrete(self.table.coding.actions.size)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render mode {render_mode!r}: only 'ansi' is offered")
        self.render_mode = render_mode
        self.reward_range = reward_range(self.reward, self.table.coding.utility)
        """The least and the most reward of a game played to its end."""
        low = self.reward_range[0]
        self.illegal_reward = low - 1 if illegal_reward is None else illegal_reward
        self._rng = random.Random()
        self._bots: dict[int, Agent | Policy] = {}
        self._started = False
        self._ended = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:  # without one, the generator goes on from the last game
            self._rng = random.Random(seed)
        self._bots = {}
        for s, spec in self.specs.items():
            seed = self._rng.getrandbits(32)
            self._bots[s] = make_agent(spec, seed=seed) if isinstance(spec, str) else spec
        self.table = self.table.restarted()
        self._started = True
        self._ended = False
        self._play_others()
        return self._observe(), self._info()

    def _info(self, **more: Any) -> dict[str, Any]:
        if self.table.state.is_terminal():
            return more
        return {**more, "legal_actions": self.table.legal_indices()}

    def _play_others(self) -> None:
        state = self.table.state
        while not state.is_terminal() and state.current_player() != self.seat:
            player = state.current_player()
            if player == CHANCE:
                self.table.play(state.sample_chance(self._rng))
            else:
                self._play_opponent(player)

    def _play_opponent(self, player: int) -> None:
        bot = self._bots[player]
        select = _select_of(bot)
        if select is not None:
            self.table.play(select(self.table.state))
            return
        assert callable(bot)
        index = bot(self._observe(player))
        try:
            self.table.apply(int(index))
        except IllegalIndexError as error:
            self._ended = True
            raise IllegalIndexError(f"the opponent in seat {player} chose {error}") from error

    def _observe(self, seat: int | None = None) -> Observation:
        """What ``seat`` (the learner's, by default) sees, and its action mask."""
        seat = self.seat if seat is None else seat
        if self.table.state.is_terminal():
            mask = np.zeros(self.table.coding.actions.size, dtype=np.int8)
        else:
            mask = self.table.mask()
        return {"observation": self.table.observation(seat), "action_mask": mask}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The learner's legal actions now, as booleans over the action space (what
        sb3-contrib's MaskablePPO asks an environment for; all false once the game ended)."""
        return self._observe()["action_mask"].astype(bool)

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if not self._started:
            raise RuntimeError("no episode yet: call reset() before the first step")
        if self._ended or self.table.state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        try:
            self.table.apply(int(action))
        except IllegalIndexError as error:
            self._ended = True
            return (
                self._observe(),
                float(self.illegal_reward),
                True,
                False,
                {
                    "illegal": True,
                    "error": str(error),
                },
            )
        self._play_others()
        done = self.table.state.is_terminal()
        utility = self.table.coding.utility
        won = reward(self.table.state.returns(), self.seat, self.reward, utility) if done else 0.0
        return self._observe(), won, done, False, self._info(illegal=False)

    def render(self) -> str | None:
        """The position as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.table.view_text(None)


def _check_opponent(opponent: object) -> None:
    """Refuse what cannot play a seat (an unknown bot's name fails here, not at a reset)."""
    if isinstance(opponent, str):
        make_agent(opponent, seed=0)
    elif _select_of(opponent) is None and not callable(opponent):
        raise TypeError(
            f"an opponent is a bot's name, an agent (with select(state)) or a function of its "
            f"seat's observation to an action index, not {opponent!r}"
        )


def _select_of(opponent: object) -> Callable[[State], Action] | None:
    """An agent's ``select`` (None for what is not an agent)."""
    select = getattr(opponent, "select", None)
    return select if callable(select) else None


NAMESPACE = "terranova"


def env_ids() -> dict[str, tuple[str, str]]:
    """The Gymnasium id of every encoded game in each of its encodings, with the game and
    the encoding it makes. The version is the game's rules version: a rules change that
    changes play makes a new id, as Gymnasium's versions are meant to."""
    ids = {}
    for game_id, info in sorted(encoded_games().items()):
        for name in encodings(info):
            suffix = "" if name == STANDARD else f"-{name}"
            ids[f"{NAMESPACE}/{game_id}{suffix}-v{info.rules_version}"] = (game_id, name)
    return ids


def register_envs() -> list[str]:
    """Register :func:`env_ids` with Gymnasium (again: the same ids, replaced); the ids."""
    ids = env_ids()
    for env_id, (game_id, name) in ids.items():
        if env_id in gymnasium.registry:
            del gymnasium.registry[env_id]
        gymnasium.register(
            id=env_id,
            entry_point=f"{__name__}:SeatEnv",
            kwargs={"game": game_id, "encoding": name},
        )
    return list(ids)


register_envs()
