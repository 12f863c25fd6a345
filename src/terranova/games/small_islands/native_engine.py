"""Whether Small Islands' native engine is here, and a new game on it: the registry's
``GameInfo.native`` (``terranova.make("small-islands", engine="native")``).

The engine (``native/small_islands.hpp``) is compiled when the package is installed; this
module imports it only when asked (:mod:`terranova.games.small_islands.native_state`), so
that everything works without it.
"""

from __future__ import annotations

import importlib
import os
from typing import Any, cast

from terranova.core.encoding import Encoding
from terranova.core.errors import InvalidParameterError
from terranova.core.registry import NATIVE_OFF
from terranova.core.state import State
from terranova.games.small_islands.state import SmallIslandsState


def available() -> bool:
    """Whether the native engine was built, loads, and is not turned off
    (:data:`~terranova.core.registry.NATIVE_OFF`)."""
    if os.environ.get(NATIVE_OFF, "1") == "0":
        return False
    try:
        importlib.import_module("terranova.games.small_islands._native")
    except ImportError:
        return False
    return True


def new_game(**params: Any) -> State:
    """A new game on the native engine (the registry's native factory), of the parameters
    the Python game takes; a configuration beyond the engine's bounds is refused."""
    from terranova.games.small_islands import new_game as python_game
    from terranova.games.small_islands.native_state import NativeSmallIslandsState

    reference = python_game(**params)  # checks the parameters as the reference does
    try:
        return cast(State, NativeSmallIslandsState.new(reference.params()))
    except ValueError as beyond:
        raise InvalidParameterError(f"the native engine cannot play this game: {beyond}") from None


def from_python(state: State) -> State | None:
    """The same position as the reference state ``state``, on the native engine; None where
    its components are beyond what the engine's arrays hold (``native/small_islands.hpp``)."""
    from terranova.games.small_islands.native_state import NativeSmallIslandsState

    if not isinstance(state, SmallIslandsState):
        raise TypeError(f"not a state of Small Islands' Python engine: {state!r}")
    try:
        return cast(State, NativeSmallIslandsState.from_python(state))
    except ValueError:
        return None


def batch(
    params: dict[str, Any], encoding: str, coding: Any, games: int, max_steps: int | None
) -> Any:
    """Native games for ``terranova.vector`` in ``encoding`` (the compact one only: its
    observations are written natively), or None: the Python engines play."""
    if encoding != "compact" or not available():
        return None
    from terranova.games.small_islands.native_state import batch as native_batch

    return native_batch(params, coding, games, max_steps)


def observer(params: dict[str, Any], encoding: str, coding: Encoding) -> Any:
    """A writer of ``encoding``'s observations of this game's native states (``coding`` is
    that encoding's Encoding for these resolved params), or None where the engine writes
    none (not built, or beyond its bounds). Its ``write(state, seat, out)`` writes over
    ``out`` (float32, C-contiguous, ``coding.observation_size``) what
    ``coding.observe_into`` writes from the reference's view of ``seat`` (None: a
    spectator), the seat to move's legal actions listed where the encoding lists them."""
    if encoding not in ("standard", "compact") or not available():
        return None
    from terranova.games.small_islands.native_state import observer as native_observer

    return native_observer(params, coding)
