"""A configuration of The Discovery, made once and shared by its states (as a game object
in OpenSpiel): the parameters, the tile set and its compiled tables, and what follows
from them (the stack at the start, the tiles set aside at setup).

:func:`game_of` makes one per tile set and parameters (equal tile sets count as the
same), :func:`terranova.games.discovery.content.discovery_game` one per parameters
naming a tile file (by its resolved path); every state of it holds the same object
(``state.game``), read only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from terranova.games.discovery.tables import CompiledTiles, compile_tiles
from terranova.games.discovery.tiles import TileSet

EQUAL_TURNS_RULEBOOK = {2: 1, 3: 2, 4: 3, 5: 1}
"""Tiles set aside at setup by the rulebook's equal-turns rule, per player count."""


@dataclass(frozen=True, slots=True, eq=False)
class DiscoveryGame:
    """The parameters of a game of The Discovery and what they fix, for all its states."""

    tileset: TileSet = field(repr=False)
    players: int = 2
    hand: int = 1
    """Tiles in hand: 1 (rulebook) or 2."""
    hand_visibility: str = "public"
    equal_turns: str = "off"
    tileset_param: str | None = None
    """The tile file as given (``None``: the built-in set)."""
    tiles: CompiledTiles = field(init=False, repr=False)
    """The tile set's tables for the hot paths (shared by every game with this set)."""
    private: bool = field(init=False)
    """Whether hands are hidden from the other seats."""
    stack: tuple[int, ...] = field(init=False, repr=False)
    """The stack at the start, as design indices: every tile but the start tile."""
    set_aside: int = field(init=False)
    """How many tiles are set aside face up at setup (the equal-turns rule)."""

    def __post_init__(self) -> None:
        tileset = self.tileset
        stack: list[int] = []
        for i, design in enumerate(tileset.designs):
            if i != tileset.start:
                stack.extend([i] * design.count)
        if self.equal_turns == "rulebook":
            set_aside = EQUAL_TURNS_RULEBOOK[self.players]
        elif self.equal_turns == "exact":
            set_aside = len(stack) % self.players
        else:
            set_aside = 0
        object.__setattr__(self, "tiles", compile_tiles(tileset))
        object.__setattr__(self, "private", self.hand_visibility == "private")
        object.__setattr__(self, "stack", tuple(stack))
        object.__setattr__(self, "set_aside", set_aside)

    def params(self) -> dict[str, Any]:
        """The parameters, as the registry names them."""
        return {
            "players": self.players,
            "hand": self.hand,
            "hand_visibility": "private" if self.private else "public",
            "equal_turns": self.equal_turns,
            "tileset": self.tileset_param,
        }


def game_of(
    tileset: TileSet,
    players: int = 2,
    hand: int = 1,
    hand_visibility: str = "public",
    equal_turns: str = "off",
    tileset_param: str | None = None,
) -> DiscoveryGame:
    """The game of a tile set given as an object and these parameters, made once for
    them (equal tile sets count as the same)."""
    return _of_tiles(tileset, players, hand, hand_visibility, equal_turns, tileset_param)


@lru_cache(maxsize=64, typed=True)
def _of_tiles(
    tileset: TileSet,
    players: int,
    hand: int,
    hand_visibility: str,
    equal_turns: str,
    tileset_param: str | None,
) -> DiscoveryGame:
    return DiscoveryGame(tileset, players, hand, hand_visibility, equal_turns, tileset_param)
