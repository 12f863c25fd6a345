"""Actions: small frozen values with a canonical text form that parses back.

Each game defines its actions as subclasses of :class:`Action` and one parser
for their text forms; ``Game.parse_action(str(a)) == a`` holds for every action.
"""

from __future__ import annotations

from abc import ABC, abstractmethod


class Action(ABC):
    """A move or a chance outcome. Subclasses are frozen dataclasses."""

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str:
        """The canonical text form."""
