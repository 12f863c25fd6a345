"""Errors raised by Terranova. Every one is a :class:`TerranovaError`."""

from __future__ import annotations


class TerranovaError(Exception):
    """Base class of every error Terranova raises on purpose."""


class UnknownGameError(TerranovaError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class InvalidParameterError(TerranovaError, ValueError):
    """A game or bot parameter is unknown or has a value it does not allow."""


class MalformedActionError(TerranovaError, ValueError):
    """An action's text form does not parse."""


class IllegalActionError(TerranovaError, ValueError):
    """An action that is not legal in the current state; the state is unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action {action}: {reason}")
        self.action = action
        self.reason = reason


class ContentError(TerranovaError, ValueError):
    """A content file (tiles, cards) is missing, malformed or inconsistent."""


class RecordError(TerranovaError, ValueError):
    """A game record is malformed, or replaying it does not give what it says."""


class ActionSpaceError(TerranovaError, ValueError):
    """An action outside a game's fixed action space, or an index outside its range."""
