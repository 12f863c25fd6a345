"""Whether Discovery (evolution)'s native engine is here, and a new game on it: the
registry's ``GameInfo.native`` of both games is :mod:`.native_explore` or
:mod:`.native_bluff`, which name this module's factories ``new_game``.

The engine (``native/evolution.hpp``) is compiled when the package is installed; this
module imports it only when asked (:mod:`terranova.games.evolution.native_state`), so that
everything works without it.
"""

from __future__ import annotations

import importlib
import os
from typing import Any, cast

import numpy as np

from terranova.core.encoding import STANDARD, StateWriter
from terranova.core.errors import InvalidParameterError
from terranova.core.registry import NATIVE_OFF
from terranova.core.state import State
from terranova.games.evolution.rules import BLUFF, EXPLORE, EvolutionState


def available() -> bool:
    """Whether the native engine was built, loads, and is not turned off
    (:data:`~terranova.core.registry.NATIVE_OFF`)."""
    if os.environ.get(NATIVE_OFF, "1") == "0":
        return False
    try:
        importlib.import_module("terranova.games.evolution._native")
    except ImportError:
        return False
    return True


def _new(mode: str, params: dict[str, Any]) -> State:
    from terranova.games.evolution import new_bluff, new_explore
    from terranova.games.evolution.native_state import NativeEvolutionState

    reference = (new_bluff if mode == BLUFF else new_explore)(**params)  # checks them
    try:
        return cast(State, NativeEvolutionState.new(mode, reference))
    except ValueError as beyond:
        raise InvalidParameterError(f"the native engine cannot play this game: {beyond}") from None


def new_explore(**params: Any) -> State:
    """A new game of Discovery Explore on the native engine."""
    return _new(EXPLORE, params)


def new_bluff(**params: Any) -> State:
    """A new game of Discovery Bluff on the native engine."""
    return _new(BLUFF, params)


def _batch(
    mode: str, params: dict[str, Any], encoding: str, coding: Any, games: int, max_steps: int | None
) -> Any:
    if encoding != STANDARD or not available():
        return None
    from terranova.games.evolution.native_state import batch

    return batch(mode, params, coding, games, max_steps)


def batch_explore(
    params: dict[str, Any], encoding: str, coding: Any, games: int, max_steps: int | None
) -> Any:
    """Native games of Discovery Explore for ``terranova.vector`` in the standard encoding
    (its observations written natively), or None: the Python engines play."""
    return _batch(EXPLORE, params, encoding, coding, games, max_steps)


def batch_bluff(
    params: dict[str, Any], encoding: str, coding: Any, games: int, max_steps: int | None
) -> Any:
    """Native games of Discovery Bluff for ``terranova.vector`` in the standard encoding
    (its observations written natively), or None: the Python engines play."""
    return _batch(BLUFF, params, encoding, coding, games, max_steps)


def from_python(state: State) -> State | None:
    """The same position as the reference state ``state``, on the native engine; None where
    its deck or its play is beyond what the engine's arrays hold (``native/evolution.hpp``)."""
    from terranova.games.evolution.native_state import NativeEvolutionState

    if not isinstance(state, EvolutionState):
        raise TypeError(f"not a state of Discovery (evolution)'s Python engine: {state!r}")
    try:
        return cast(State, NativeEvolutionState.from_python(state))
    except ValueError:
        return None


def _observer(mode: str, params: dict[str, Any], encoding: str, coding: Any) -> Any:
    if encoding != STANDARD or not available():
        return None
    try:  # a first row written: the engine takes the game and its encoding's figures
        written = np.zeros(coding.observation_size, np.float32)
        cast(Any, _new(mode, params)).observe_into(None, written)
    except ValueError:  # beyond the engine's bounds (InvalidParameterError too)
        return None
    return StateWriter(coding)


def observer_explore(params: dict[str, Any], encoding: str, coding: Any) -> Any:
    """The writer of Discovery Explore's standard observations of native states (each
    state's own ``observe_into``), or None where the engine writes none."""
    return _observer(EXPLORE, params, encoding, coding)


def observer_bluff(params: dict[str, Any], encoding: str, coding: Any) -> Any:
    """The writer of Discovery Bluff's standard observations of native states (each state's
    own ``observe_into``), or None where the engine writes none."""
    return _observer(BLUFF, params, encoding, coding)
