"""What a player is to the core: something that picks an action for the seat to move."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from terranova.core.actions import Action
from terranova.core.state import State


@runtime_checkable
class Agent(Protocol):
    """A player: a bot, or a person behind some interface."""

    name: str
    """How it is named in records and tables, e.g. ``greedy`` or ``mcts:iterations=400``."""

    def select(self, state: State) -> Action:
        """One of ``state.legal_actions()`` for the seat to move."""
        ...
