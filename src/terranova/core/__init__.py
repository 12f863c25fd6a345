"""Game-agnostic core: the state protocol, actions, chance, RNG, records and registry."""

from terranova.core.actions import Action
from terranova.core.agent import Agent
from terranova.core.errors import (
    ContentError,
    IllegalActionError,
    InvalidParameterError,
    MalformedActionError,
    RecordError,
    TerranovaError,
    UnknownGameError,
)
from terranova.core.registry import (
    GameInfo,
    Playthrough,
    Variant,
    game_info,
    games,
    make,
    register,
)
from terranova.core.state import CHANCE, TERMINAL, ResponseWindow, State

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Agent",
    "ContentError",
    "GameInfo",
    "IllegalActionError",
    "InvalidParameterError",
    "MalformedActionError",
    "Playthrough",
    "RecordError",
    "ResponseWindow",
    "State",
    "TerranovaError",
    "UnknownGameError",
    "Variant",
    "game_info",
    "games",
    "make",
    "register",
]
