"""A game as the adapters see it: a Terranova state with its encoding, actions by index.

:class:`Table` is what the OpenSpiel, PettingZoo and Gymnasium adapters share: the legal
actions and chance outcomes of the position as indices, applying an index, the tensors of a
seat, and the information-state memory (what each seat has seen, kept from the first time
it is asked for, for that seat only).

A game whose native engine writes the encoding's observations (``registry.native_observer``)
is played on that engine: the same positions, legal actions, chance and tensors as on the
Python engine, without a view made for each tensor. The others play on their Python
engines; ``TERRANOVA_NATIVE=0`` turns the native engines off.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

import terranova
from terranova.core.actions import Action
from terranova.core.encoding import STANDARD, Encoding, Planes, Tensor, encoding_of
from terranova.core.errors import ActionSpaceError, InvalidParameterError
from terranova.core.registry import ENGINES, NATIVE_OFF, GameInfo, game_info, native_observer
from terranova.core.state import CHANCE, JSON, State

COPIED_LIMIT = 1 << 15
"""The largest observation made by filling the table's buffer and copying it. Naming the
planes of a new tensor costs 5 to 15 µs, more than copying a small buffer; zeroing and
copying a large one (a map's: 150,000 numbers or more) costs more than that."""


class IllegalIndexError(ActionSpaceError):
    """An index that names no legal action or chance outcome in this position."""


class Table:
    """One game in progress, addressed by indices (cheap to copy: never ``deepcopy``)."""

    __slots__ = (
        "_base",
        "_chance",
        "_decoded",
        "_indices",
        "_outcomes",
        "_pending",
        "_player",
        "_scratch",
        "_views",
        "coding",
        "info",
        "memory",
        "observer",
        "params",
        "replays",
        "state",
    )

    def __init__(
        self,
        info: GameInfo,
        params: Mapping[str, Any],
        state: State | None = None,
        coding: Encoding | None = None,
        encoding: str = STANDARD,
        engine: str | None = None,
    ) -> None:
        self.info = info
        self.params = dict(info.resolve(params))
        self.coding = coding or encoding_of(info, self.params, encoding)
        """The encoding: ``encoding_of`` the game's parameters and ``encoding``, unless
        given (a copy shares its original's)."""
        if state is not None:
            engine = getattr(state, "engine", "python")
        if engine not in (None, *ENGINES):
            raise InvalidParameterError(f"no engine {engine!r}; the engines: {', '.join(ENGINES)}")
        native = engine != "python"
        self.observer: Any = observer_of(info, self.params, self.coding) if native else None
        """The native engine's writer of the encoding's observations, or None: the table's
        new games (restarts, replays) are on the native engine exactly when it has one."""
        self.state = state if state is not None else self.new_state()
        self.memory: dict[int, Tensor] = {}
        """The memory of each seat asked for so far, as of the position ``_base``; the
        moves since (``_pending``) are added when a memory is next asked for, so search
        bots that play many moves between two questions do not pay for each move."""
        self._base: State | None = None
        self._pending: list[Action] = []
        self.replays = True
        """Whether the state's history replays to it (not so for a resampled state)."""
        self._player: int | None = None
        self._decoded: dict[int, Any] | None = None
        self._indices: list[int] | None = None
        self._chance: dict[int, tuple[Any, float]] | None = None
        self._outcomes: list[tuple[int, float]] | None = None
        self._scratch: tuple[Tensor, Planes] | None = None
        self._views: dict[int | None, JSON] = {}

    @property
    def encoding(self) -> str:
        """The name of the encoding (``standard``, or another the game lists)."""
        return self.coding.name

    @classmethod
    def new(cls, game_id: str, encoding: str = STANDARD, **params: Any) -> Table:
        """A new game of ``game_id`` (an id or an alias) with these parameters, numbered by
        the encoding named."""
        return cls(game_info(game_id), params, encoding=encoding)

    @classmethod
    def of(cls, state: State, encoding: str = STANDARD) -> Table:
        """The table of ``state`` (made by ``terranova.make`` and played on natively),
        numbered by the encoding named. The table holds the state itself, not a copy."""
        return cls(game_info(state.game_id), state.params(), state, encoding=encoding)

    def new_state(self) -> State:
        """A new game of the table's parameters: on the native engine where it writes the
        encoding's observations, else on the Python engine."""
        if self.observer is not None:
            try:
                return terranova.make(self.info.id, engine="native", **self.params)
            except InvalidParameterError:  # beyond the engine's bounds: on Python for good
                self.observer = None
        return self.info.factory(**self.params)

    @property
    def engine(self) -> str:
        """The engine of the table's new games: ``native`` or ``python``."""
        return "python" if self.observer is None else "native"

    def restarted(self) -> Table:
        """A new game with the same parameters, encoding and engine."""
        return Table(self.info, self.params, coding=self.coding, engine=self.engine)

    def copy(self) -> Table:
        """An independent copy: the state cloned, the memory's arrays copied. The
        parameters and encoding are shared, as they are never changed: a search copies a
        table at every step, and checking its parameters again cost a third of a copy."""
        other = Table.__new__(Table)
        other.info = self.info
        other.params = self.params
        other.coding = self.coding
        other.observer = self.observer
        other.state = self.state.clone()
        other.memory = dict(self.memory)  # arrays are replaced, never changed in place
        other._base = self._base  # never played on: it is cloned to catch up
        other._pending = self._pending[:]
        other.replays = self.replays
        other._views = dict(self._views)  # the same position's
        other._player = self._player
        other._decoded = self._decoded  # the same position's, replaced on a move
        other._indices = self._indices
        other._chance = self._chance
        other._outcomes = self._outcomes
        other._scratch = None  # a buffer of its own, when first asked for
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        if not self.replays:
            raise TypeError(
                "a resampled state cannot be pickled or serialized: its history does not lead to it"
            )
        history = [str(a) for a in self.state.history()]
        return (_rebuild, (self.info.id, self.params, history, self.encoding, self.engine))

    # ------------------------------------------------------------------ the position
    # Adapters ask these of each position several times (OpenSpiel's C++ asks for the
    # player at every call), so each is kept until the next move.
    def player(self) -> int:
        """The state's ``current_player()``: a seat, CHANCE or TERMINAL."""
        if self._player is None:
            self._player = self.state.current_player()
        return self._player

    def view(self, seat: int | None) -> JSON:
        """The state's ``view(seat)`` (the interfaces ask for several forms of it: a string,
        an observation, an information state; a view is read, never changed)."""
        if seat not in self._views:
            self._views[seat] = self.state.view(seat)
        return self._views[seat]

    def legal(self) -> dict[int, Any]:
        """The legal actions of the seat to move by index (empty elsewhere)."""
        if self._decoded is None:
            if self.player() < 0:
                self._decoded = {}
            else:
                self._decoded = self.coding.actions.decoder(self.state.legal_actions())
        return self._decoded

    def legal_indices(self) -> list[int]:
        """The legal actions' indices, sorted (a new list)."""
        if self._indices is None:
            self._indices = sorted(self.legal())
        return self._indices[:]

    def chance(self) -> dict[int, tuple[Any, float]]:
        """The chance outcomes by index, with their probabilities (empty elsewhere)."""
        if self._chance is None:
            outcomes = self.state.chance_outcomes()
            decoded = self.coding.chance.decoder([a for a, _ in outcomes])
            if len(decoded) != len(outcomes):  # the decoder raises for two equal but apart
                raise ActionSpaceError(f"a chance outcome is listed twice: {outcomes}")
            # the decoder keeps the outcomes' order
            self._chance = dict(sorted(zip(decoded, outcomes, strict=True)))
        return self._chance

    def chance_indices(self) -> list[tuple[int, float]]:
        """The chance outcomes' indices with their probabilities, sorted (a new list)."""
        if self._outcomes is None:
            self._outcomes = [(i, p) for i, (_, p) in self.chance().items()]
        return self._outcomes[:]

    def mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """1 at the index of each legal action of the seat to move, else 0 (``int8``)."""
        out = np.zeros(self.coding.actions.size, dtype=np.int8)
        out[list(self.legal())] = 1
        return out

    def apply(self, index: int) -> None:
        """Play the action or chance outcome at ``index``; an index that names none here
        raises IllegalIndexError and changes nothing."""
        index = int(index)
        chance = self.player() == CHANCE
        if chance:
            outcome = self.chance().get(index)
            action = None if outcome is None else outcome[0]
        else:
            action = self.legal().get(index)
        if action is None:
            size = (self.coding.chance if chance else self.coding.actions).size
            if not 0 <= index < size:
                raise IllegalIndexError(f"action index {index} is outside 0..{size - 1}")
            raise IllegalIndexError(
                f"action index {index} ({self.describe(index)}) is not legal here: the legal "
                "ones are the position's legal actions"
            )
        self.play(action)

    def play(self, action: Action) -> None:
        """Play an action (or chance outcome) given as itself."""
        self.state.apply(action)
        self._player = None
        self._views = {}
        self._decoded = self._indices = None
        self._chance = self._outcomes = None
        if self.memory:
            self._pending.append(action)

    def describe(self, index: int, chance: bool | None = None) -> str:
        """The action or outcome at ``index`` as text (from the position when it is legal)."""
        if chance is None:
            chance = self.player() == CHANCE
        if chance:
            outcome = self.chance().get(index)
            return str(outcome[0]) if outcome else self.coding.chance.describe(index)
        action = self.legal().get(index)
        return str(action) if action is not None else self.coding.actions.describe(index)

    def resampled(self, seat: int, rng: random.Random) -> Table:
        """A table ``seat`` cannot tell from this one, hidden parts redrawn by the game's
        ``resample``. It keeps the seat's memory; the other seats' memories, which the seat
        cannot know, start empty. Its history does not lead to it, so it cannot be pickled."""
        world = self.state.resample(seat, rng)
        other = Table(self.info, self.params, world, self.coding)
        other.replays = False
        if self.coding.memory_size:
            other.memory = {seat: self.memory_of(seat)}
            other._base = other.state.clone()
        return other

    # ------------------------------------------------------------------ tensors
    def observation(self, seat: int | None) -> Tensor:
        """What ``seat`` sees now (``None``: what everybody sees), a new tensor."""
        self.check_seat(seat)
        if self.coding.observation_size <= COPIED_LIMIT:
            return self._observe(self.state, seat).copy()
        if self._native(self.state):
            tensor = np.empty(self.coding.observation_size, dtype=np.float32)
            self.observer.write(self.state, seat, tensor)
            return tensor
        return self.coding.observation(self.view(seat), self.listed(self.state, seat))

    def _observe(self, state: State, seat: int | None) -> Tensor:
        """What ``seat`` sees in ``state``, written over the table's own buffer (valid
        until the next call)."""
        if self._scratch is None:
            tensor = np.zeros(self.coding.observation_size, dtype=np.float32)
            self._scratch = (tensor, self.coding.planes_of(tensor))
        tensor, planes = self._scratch
        self.observe_into(seat, tensor, planes, state)
        return tensor

    def observe_into(
        self, seat: int | None, tensor: Tensor, planes: Planes, state: State | None = None
    ) -> None:
        """Write what ``seat`` sees in ``state`` (the table's, by default) over ``tensor``,
        whose named planes are ``planes``: for a caller that keeps one buffer."""
        self.check_seat(seat)
        state = self.state if state is None else state
        if self._native(state):  # the tensor may hold a memory after the observation
            row = tensor[: self.coding.observation_size]
            if row.dtype == np.float32 and row.flags.c_contiguous and row.flags.writeable:
                self.observer.write(state, seat, row)
            else:  # the writer writes float32 rows in place only
                written = np.empty(self.coding.observation_size, dtype=np.float32)
                self.observer.write(state, seat, written)
                row[:] = written
            return
        view = self.view(seat) if state is self.state else state.view(seat)
        self.coding.observe_into(view, tensor, planes, self.listed(state, seat))

    def _native(self, state: State) -> bool:
        """Whether ``state``'s observations are written natively."""
        return self.observer is not None and getattr(state, "engine", "python") == "native"

    def check_seat(self, seat: int | None) -> None:
        """Refuse a seat the game does not have (``None``, a spectator, is every game's):
        chance's player number, for one, has no view."""
        if seat is not None and not 0 <= seat < self.state.num_seats:
            raise ValueError(
                f"seat {seat} is not one of 0..{self.state.num_seats - 1}: only a seat, or "
                "None for a spectator, has a view"
            )

    def listed(self, state: State, seat: int | None) -> Sequence[Action]:
        """The legal actions an observation of ``seat`` lists: those of the seat to move,
        for itself, when the encoding lists some; else none."""
        if self.coding.listing is None or seat is None or seat != state.current_player():
            return ()
        return state.legal_actions()

    def information_state(self, seat: int) -> Tensor:
        """What ``seat`` sees now, then the largest value each remembered plane has held."""
        memory = self.memory_of(seat)  # first: catching up writes over the buffer
        return self.coding.information_state(self._observe(self.state, seat), memory)

    def memory_of(self, seat: int) -> Tensor:
        """The largest value each remembered plane has held for ``seat`` so far."""
        self.check_seat(seat)
        if self._pending:
            self._catch_up()
        memory = self.memory.get(seat)
        if memory is None:
            memory = self._recall(seat)
        return memory

    def _catch_up(self) -> None:
        """Add the moves played since the memories were last brought up to date."""
        assert self._base is not None
        replay = self._base.clone()
        for action in self._pending:
            replay.apply(action)
            self._remember(replay, self.memory)
        self._base = replay
        self._pending = []

    def view_text(self, seat: int | None) -> str:
        """The seat's view as compact JSON (OpenSpiel's observation string)."""
        self.check_seat(seat)
        return json.dumps(self.view(seat), sort_keys=True, separators=(",", ":"))

    def _remember(self, state: State, memory: dict[int, Tensor]) -> None:
        """Add what ``state`` shows each seat of ``memory`` to that seat's memory."""
        for seat, held in memory.items():
            memory[seat] = self.coding.remember(held, self._observe(state, seat))

    def _recall(self, seat: int) -> Tensor:
        """The seat's memory from the views of the game so far (replayed), then kept."""
        empty = np.zeros(self.coding.memory_size, dtype=np.float32)
        if not self.coding.memory_size:
            return empty
        if not self.replays:  # a resampled state: the seat remembers nothing of it yet
            self.memory[seat] = empty
            self._base = self._base or self.state.clone()
            return empty
        replay = self.new_state()
        memory = {seat: empty}
        self._remember(replay, memory)
        for action in self.state.history():
            replay.apply(action)
            self._remember(replay, memory)
        self.memory[seat] = memory[seat]
        if self._base is None:  # the replay stands where the state stands
            self._base = replay
        return memory[seat]


_OBSERVERS: dict[tuple[int, bool], tuple[Encoding, Any]] = {}
"""The native writer of each encoding asked for (or None), by the encoding's identity
(encodings are made once per game and parameters) and whether the native engines are on:
figuring out a writer's tables costs more than a copy of a table."""


def observer_of(info: GameInfo, params: Mapping[str, Any], coding: Encoding) -> Any:
    """The native engine's writer of ``coding``'s observations, or None (kept)."""
    key = (id(coding), os.environ.get(NATIVE_OFF, "1") != "0")
    kept = _OBSERVERS.get(key)
    if kept is not None and kept[0] is coding:
        return kept[1]
    observer = native_observer(info.id, params, coding.name, coding)
    if len(_OBSERVERS) >= 64:  # a process asking for many configurations: start over
        _OBSERVERS.clear()
    _OBSERVERS[key] = (coding, observer)
    return observer


def _rebuild(
    game_id: str,
    params: dict[str, Any],
    history: list[str],
    encoding: str = STANDARD,
    engine: str | None = None,
) -> Table:
    table = Table(game_info(game_id), params, encoding=encoding, engine=engine)
    for text in history:
        table.state.apply(table.state.parse_action(text))
    return table


def encoded_games() -> dict[str, GameInfo]:
    """Every registered game that declares an encoding, by id."""
    return {g: info for g, info in terranova.games().items() if info.encoding is not None}
