"""Whether The Discovery's native engine is here, and a new game on it: the registry's
``GameInfo.native`` (``terranova.make("discovery", engine="native")``).

The engine (``native/discovery.hpp``) is compiled when the package is installed; this
module imports it only when asked (:mod:`terranova.games.discovery.native_state`), so that
everything works without it.
"""

from __future__ import annotations

import importlib
import os
from typing import Any, cast

from terranova.core.encoding import Encoding
from terranova.core.errors import InvalidParameterError
from terranova.core.registry import NATIVE_OFF
from terranova.core.state import State
from terranova.games.discovery.content import discovery_game
from terranova.games.discovery.rules import DiscoveryState


def available() -> bool:
    """Whether the native engine was built, loads, and is not turned off
    (:data:`~terranova.core.registry.NATIVE_OFF`)."""
    if os.environ.get(NATIVE_OFF, "1") == "0":
        return False
    try:
        importlib.import_module("terranova.games.discovery._native")
    except ImportError:
        return False
    return True


def new_game(**params: Any) -> State:
    """A new game on the native engine (the registry's native factory), of the parameters
    :func:`~terranova.games.discovery.content.discovery_game` takes."""
    from terranova.games.discovery.native_state import NativeDiscoveryState

    game = discovery_game(**params)
    try:
        # a State by registration (State.register): the class is the engine's own type
        return cast(State, NativeDiscoveryState.new(game))
    except ValueError as beyond:  # a tile set beyond what the engine's numbers hold
        raise InvalidParameterError(f"the native engine cannot play this game: {beyond}") from None


def from_python(state: State) -> State | None:
    """The same position as the reference state ``state``, on the native engine; None where
    its tile set is beyond what the engine's numbers hold (``native/discovery.hpp``)."""
    from terranova.games.discovery.native_state import NativeDiscoveryState

    if not isinstance(state, DiscoveryState):
        raise TypeError(f"not a state of The Discovery's Python engine: {state!r}")
    try:
        return cast(State, NativeDiscoveryState.from_python(state))
    except ValueError:
        return None


def batch(
    params: dict[str, Any], encoding: str, coding: Any, games: int, max_steps: int | None
) -> Any:
    """Native games for ``terranova.vector`` in ``encoding`` (the compact one only: its
    observations are written natively), or None: the Python engines play."""
    if encoding != "compact" or not available():
        return None
    from terranova.games.discovery.native_state import batch as native_batch

    return native_batch(params, coding, games, max_steps)


def observer(params: dict[str, Any], encoding: str, coding: Encoding) -> Any:
    """A writer of ``encoding``'s observations of this game's native states (``coding`` is
    that encoding's Encoding for these resolved params), or None where the engine writes
    none (not built, or beyond its bounds): ``write(state, seat, out)`` writes over ``out``
    (float32, 1-D, the observation's size) what ``coding.observe_into`` writes of
    ``state.view(seat)`` (``seat`` None: a spectator's), the legal actions listed when the
    encoding lists them and ``seat`` is to move."""
    if not available():
        return None
    from terranova.games.discovery.native_state import observer as native_observer

    return native_observer(params, encoding, coding)
