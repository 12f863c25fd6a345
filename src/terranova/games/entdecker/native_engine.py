"""Whether Entdecker's native engine is here, and a new game on it: the registry's
``GameInfo.native`` (``terranova.make("entdecker", engine="native")``).

The engine (``native/entdecker.hpp``) is compiled when the package is installed; this
module imports it only when asked (:mod:`terranova.games.entdecker.native_state`), so that
everything works without it.
"""

from __future__ import annotations

import importlib
import os
from typing import Any, cast

import numpy as np

from terranova.core.encoding import StateWriter
from terranova.core.errors import InvalidParameterError
from terranova.core.registry import NATIVE_OFF
from terranova.core.state import State
from terranova.games.entdecker.state import EntdeckerState


def available() -> bool:
    """Whether the native engine was built, loads, and is not turned off
    (:data:`~terranova.core.registry.NATIVE_OFF`)."""
    if os.environ.get(NATIVE_OFF, "1") == "0":
        return False
    try:
        importlib.import_module("terranova.games.entdecker._native")
    except ImportError:
        return False
    return True


def new_game(**params: Any) -> State:
    """A new game on the native engine (the registry's native factory), of the parameters
    :func:`~terranova.games.entdecker.new_game` takes."""
    from terranova.games.entdecker import new_game as reference_game
    from terranova.games.entdecker.native_state import NativeEntdeckerState

    # the reference checks the parameters and says what is wrong with them
    resolved = reference_game(**params).params()
    try:
        # a State by registration (State.register): the class is the engine's own type
        return cast(State, NativeEntdeckerState.new(resolved))
    except ValueError as beyond:  # components beyond what the engine's arrays hold
        raise InvalidParameterError(f"the native engine cannot play this game: {beyond}") from None


def from_python(state: State) -> State | None:
    """The same position as the reference state ``state``, on the native engine; None where
    its components are beyond what the engine's arrays hold (``native/entdecker.hpp``)."""
    from terranova.games.entdecker.native_state import NativeEntdeckerState

    if not isinstance(state, EntdeckerState):
        raise TypeError(f"not a state of Entdecker's Python engine: {state!r}")
    try:
        return cast(State, NativeEntdeckerState.from_python(state))
    except ValueError:
        return None


def batch(
    params: dict[str, Any], encoding: str, coding: Any, games: int, max_steps: int | None
) -> Any:
    """Native games for ``terranova.vector`` (observations and indices written natively, in
    the game's one encoding), or None: the Python engines play."""
    if encoding != "standard" or not available():
        return None
    from terranova.games.entdecker.native_state import batch as native_batch

    return native_batch(params, coding, games, max_steps)


def observer(params: dict[str, Any], encoding: str, coding: Any) -> Any:
    """The writer of the game's observations of native states (each state's own
    ``observe_into``), or None where the engine writes none."""
    if encoding != "standard" or not available():
        return None
    try:  # a first row written: the engine takes the game and its encoding's figures
        written = np.zeros(coding.observation_size, np.float32)
        cast(Any, new_game(**params)).observe_into(None, written)
    except ValueError:  # beyond the engine's bounds (InvalidParameterError too)
        return None
    return StateWriter(coding)
