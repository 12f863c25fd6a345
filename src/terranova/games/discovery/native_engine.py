"""Whether The Discovery's native engine is here, and a new game on it: the registry's
``GameInfo.native`` (``terranova.make("discovery", engine="native")``).

The engine (``native/discovery.hpp``) is compiled when the package is installed; this
module imports it only when asked (:mod:`terranova.games.discovery.native_state`), so that
everything works without it.
"""

from __future__ import annotations

import importlib.util
import os
from typing import Any, cast

from terranova.core.state import State
from terranova.games.discovery.content import discovery_game

OFF = "TERRANOVA_NATIVE"
"""Set to ``0`` in the environment, the native engines are left unused, as if not built."""


def available() -> bool:
    """Whether the native engine was built and is not turned off (:data:`OFF`)."""
    if os.environ.get(OFF, "1") == "0":
        return False
    return importlib.util.find_spec("terranova.games.discovery._native") is not None


def new_game(**params: Any) -> State:
    """A new game on the native engine (the registry's native factory), of the parameters
    :func:`~terranova.games.discovery.content.discovery_game` takes."""
    from terranova.games.discovery.native_state import NativeDiscoveryState

    # a State by registration (State.register): the class is the engine's own type
    return cast(State, NativeDiscoveryState.new(discovery_game(**params)))
