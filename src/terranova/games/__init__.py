"""One package per game. ``terranova.games()`` lists the registered games.

Importing a game package (``terranova.games.discovery``) makes Python bind this package
as the attribute ``terranova.games``, where ``terranova/__init__`` put the function
``games()``. So that ``terranova.games()`` keeps working either way, this package is
itself callable and answers the same as :func:`terranova.core.registry.games`.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from terranova.core.registry import GameInfo


class _CallableGamesPackage(types.ModuleType):
    def __call__(self) -> dict[str, GameInfo]:
        from terranova.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallableGamesPackage
