"""Discovery Explore on the native engine: the registry's ``GameInfo.native``
(``terranova.make("evolution-explore", engine="native")``; see :mod:`.native_engine`)."""

from terranova.games.evolution.native_engine import available, from_python
from terranova.games.evolution.native_engine import batch_explore as batch
from terranova.games.evolution.native_engine import new_explore as new_game
from terranova.games.evolution.native_engine import observer_explore as observer

__all__ = ["available", "batch", "from_python", "new_game", "observer"]
