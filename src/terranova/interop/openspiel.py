"""Every Terranova game as an OpenSpiel Python game: ``python_terranova_<id>``.

Importing this module registers each game that declares an encoding, so::

    import pyspiel
    import terranova.interop.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_terranova_discovery", {"players": 3})
    state = game.new_initial_state()

Parameters are the game's own (``players`` and its variants; a variant without a value, such
as a content file, is the empty string), and ``encoding`` (``standard`` by default; the
names each game has are in docs/interop.md). Chance is explicit; returns come
only at the end and are the game's final returns. The observation tensor is what the seat
sees now; the information-state tensor adds what it has seen (docs/interop.md). A game's
actions and chance outcomes are numbered by its encoding: in a fixed space, some indices
read with the position (the tile drawn, a placement's place among the legal ones).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from terranova.core.encoding import STANDARD
from terranova.core.registry import GameInfo, Variant
from terranova.core.state import CHANCE, TERMINAL
from terranova.interop.table import Table, encoded_games

PREFIX = "python_terranova_"
_PLAYER_IDS = {CHANCE: int(pyspiel.PlayerId.CHANCE), TERMINAL: int(pyspiel.PlayerId.TERMINAL)}


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a Terranova game: ``python_terranova_`` and the id, dashes as
    underscores (``small-islands`` is ``python_terranova_small_islands``)."""
    return PREFIX + game_id.replace("-", "_")


def _spec_value(variant: Variant) -> int | str:
    if variant.default is None:
        return ""
    return variant.default


def _to_params(info: GameInfo, given: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel's parameters as the game's: ``""`` is no value (``encoding`` is not the
    game's: it is taken out first)."""
    out: dict[str, Any] = {}
    for name, value in given.items():
        variant = info.variants.get(name)
        if variant is not None and variant.default is None and value == "":
            continue
        out[name] = value
    return out


def game_type(info: GameInfo) -> pyspiel.GameType:
    """The OpenSpiel game type of a Terranova game."""
    spec: dict[str, int | str] = {"players": info.default_seats}
    spec.update({v.name: _spec_value(v) for v in info.variants.values()})
    spec["encoding"] = STANDARD  # every game's, as PettingZoo and Gymnasium take it
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"Terranova: {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.has_chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if info.has_hidden_information
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_seats,
        min_num_players=info.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
        default_loadable=True,
    )


class TerranovaGame(pyspiel.Game):
    """A Terranova game with its parameters (one subclass per game, made at registration)."""

    info: GameInfo

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        encoding = str(given.pop("encoding", STANDARD))
        self.table = Table(self.info, _to_params(self.info, given), encoding=encoding)
        coding = self.table.coding
        players = self.table.state.num_seats
        super().__init__(
            game_type(self.info),
            pyspiel.GameInfo(
                num_distinct_actions=coding.actions.size,
                max_chance_outcomes=coding.chance.size if self.info.has_chance else 0,
                num_players=players,
                min_utility=coding.utility[0],
                max_utility=coding.utility[1],
                utility_sum=coding.utility_sum,
                max_game_length=coding.max_game_length,
            ),
            params or {},
        )

    def new_initial_state(self) -> TerranovaState:
        """The game before its first move."""
        return TerranovaState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer:
        """The observer of the information state (perfect recall asked) or of the
        observation; with no private information asked, of what everybody sees."""
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        public = (
            iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        if recall and public:
            raise NotImplementedError(
                "no public information state: a seat's memory holds what it saw privately; "
                "ask for the public observation (perfect_recall=False) or a seat's own"
            )
        return Observer(self.table, recall=recall, public=public)


class TerranovaState(pyspiel.State):
    """A position of a Terranova game, in OpenSpiel's terms."""

    def __init__(self, game: TerranovaGame, table: Table | None = None) -> None:
        super().__init__(game)
        self._table = table

    @property
    def table(self) -> Table:
        """The game by indices; a new state's is its game's first position, copied when
        first asked for. OpenSpiel clones a state by making a new one and setting its
        attributes to copies of the original's: that new state's own is never made."""
        if self._table is None:
            game = self.get_game()
            assert isinstance(game, TerranovaGame)
            self._table = game.table.copy()
        return self._table

    @property
    def terranova(self) -> Any:
        """The Terranova state. Read it, and play through ``apply_action``: this state keeps
        the player to move and the legal indices until its next ``apply_action``, so a move
        applied to the Terranova state directly would leave them stale."""
        return self.table.state

    def current_player(self) -> int:
        player = self.table.player()
        return player if player >= 0 else _PLAYER_IDS[player]

    # Python callers reach these without crossing into C++ and back (OpenSpiel's C++ asks
    # the Python state for the player, terminality and legal actions once more each); C++
    # callers still go through OpenSpiel's own, which ask the methods below.
    def is_chance_node(self) -> bool:
        return self.table.player() == CHANCE

    def is_player_node(self) -> bool:
        return self.table.player() >= 0

    def legal_actions(self, *player: int) -> list[int]:
        if player:
            asked: list[int] = super().legal_actions(*player)
            return asked
        current = self.table.player()
        if current >= 0:
            return self.table.legal_indices()
        if current == CHANCE:
            return [i for i, _ in self.table.chance_indices()]
        return []

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.table.player():
            return []
        return self.table.legal_indices()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.table.chance_indices()

    def _apply_action(self, action: int) -> None:
        self.table.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.table.describe(int(action), chance=player == pyspiel.PlayerId.CHANCE)

    def is_terminal(self) -> bool:
        return self.table.player() == TERMINAL

    def returns(self) -> list[float]:
        if not self.table.state.is_terminal():
            return [0.0] * self.table.state.num_seats
        return [float(r) for r in self.table.state.returns()]

    def __str__(self) -> str:
        return self.table.view_text(None)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> TerranovaState:
        """A state ``player_id`` cannot tell from this one, hidden parts redrawn by the
        game's ``resample`` from a generator seeded by ``probability_sampler()``: what
        OpenSpiel's information-set MCTS asks for when no resampler is set (for Python
        callers; ``Resampler`` gives a seeded series)."""
        return self.resampled(player_id, random.Random(int(probability_sampler() * 2**53)))

    def resampled(self, player: int, rng: random.Random) -> TerranovaState:
        """A state ``player`` cannot tell from this one, hidden parts redrawn with ``rng``."""
        return TerranovaState(self.get_game(), self.table.resampled(player, rng))


class Observer:
    """OpenSpiel's observer of one kind of tensor, filled from the seat's view."""

    def __init__(self, table: Table, recall: bool, public: bool) -> None:
        coding = table.coding
        self.recall = recall
        self.public = public
        size = coding.information_state_size if recall else coding.observation_size
        self.tensor = np.zeros(size, dtype=np.float32)
        self.coding = coding
        self.planes = coding.planes_of(self.tensor[: coding.observation_size])
        self.dict = dict(self.planes)
        if recall:
            self.dict["memory"] = self.tensor[coding.observation_size :]

    def set_from(self, state: TerranovaState, player: int) -> None:
        """Fill the tensor with what ``player`` sees (and has seen, with recall), in place:
        a map's tensor is large, so no new one is made and copied."""
        table = state.table
        table.observe_into(None if self.public else player, self.tensor, self.planes)
        if self.recall:
            self.coding.memory_into(table.memory_of(player), self.tensor)

    def string_from(self, state: TerranovaState, player: int) -> str:
        """The seat's view as JSON, and with recall, the remembered cells that are set
        (``cell=value`` where the value is not 1: a count remembered as a share)."""
        table = state.table
        text = table.view_text(None if self.public else player)
        if self.recall:
            memory = table.memory_of(player)
            text += " seen:" + ",".join(
                str(i) if memory[i] == 1 else f"{i}={memory[i]:g}" for i in np.flatnonzero(memory)
            )
        return text


class Resampler:
    """Draws states a seat cannot tell from the one given, hidden parts redrawn by the
    game's ``resample``: OpenSpiel's information-set MCTS takes it with
    ``bot.set_resampler(Resampler(seed))``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self, state: TerranovaState, player: int) -> TerranovaState:
        return state.resampled(player, self.rng)


_registered: set[str] = set()


def register_games() -> list[str]:
    """Register every encoded game with OpenSpiel (once); their short names."""
    for game_id, info in sorted(encoded_games().items()):
        if game_id in _registered:
            continue
        name = f"TerranovaGame_{game_id.replace('-', '_')}"
        cls = type(name, (TerranovaGame,), {"info": info, "__module__": __name__})
        globals()[name] = cls  # pickled by name, as OpenSpiel pickles games
        pyspiel.register_game(game_type(info), cls)
        _registered.add(game_id)
    return [short_name(g) for g in sorted(_registered)]


register_games()
