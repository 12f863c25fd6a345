"""Discovery Bluff on the native engine: the registry's ``GameInfo.native``
(``terranova.make("evolution-bluff", engine="native")``; see :mod:`.native_engine`)."""

from terranova.games.evolution.native_engine import available, from_python
from terranova.games.evolution.native_engine import batch_bluff as batch
from terranova.games.evolution.native_engine import new_bluff as new_game
from terranova.games.evolution.native_engine import observer_bluff as observer

__all__ = ["available", "batch", "from_python", "new_game", "observer"]
