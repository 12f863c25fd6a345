"""What a game's native batch for ``terranova.vector`` offers (core/native/batch.hpp's shared
binding), for the type stubs of the games' compiled modules: each game's ``Batch`` adds its
own constructor (the compiled classes do not derive from it: it describes them)."""

from __future__ import annotations

import random
from typing import Any


class NativeBatch:
    """Many games of one configuration on a native engine (interop/vector.py's native side)."""

    def reset(self, rngs: list[random.Random], obs: Any, mask: Any, current: Any) -> None: ...
    def first_illegal(self, actions: Any) -> int:
        """The first game whose index is not legal there, or -1."""
        raise NotImplementedError

    def step(
        self,
        actions: Any,
        obs: Any,
        mask: Any,
        current: Any,
        terminated: Any,
        truncated: Any,
        returns: Any,
    ) -> None: ...
    def legal_indices(self, game: int) -> list[int]:
        """The legal indices of game ``game``, sorted."""
        raise NotImplementedError
