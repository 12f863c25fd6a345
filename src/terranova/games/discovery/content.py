"""Loading tile files: the built-in set or a person's own file (the only I/O of this game),
and the game of the parameters naming one (:func:`discovery_game`, the registry's way in)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from terranova.core.content import read_toml
from terranova.games.discovery.game import DiscoveryGame
from terranova.games.discovery.tiles import TileSet, parse_tileset

DEFAULT_TILESET = "tiles.toml"


@lru_cache(maxsize=8)
def _load_cached(path: str | None) -> TileSet:
    return _load(path)


def load_tileset(path: str | Path | None = None) -> TileSet:
    """Load and validate a tile file; ``None`` loads the built-in set. Cached by path."""
    return _load_cached(None if path is None else str(Path(path).resolve()))


def _load(path: str | None) -> TileSet:
    data, source = read_toml("terranova.games.discovery", DEFAULT_TILESET, path, "tile file")
    return parse_tileset(data, source)


def discovery_game(
    players: int = 2,
    hand: int = 1,
    hand_visibility: str = "public",
    equal_turns: str = "off",
    tileset: str | None = None,
) -> DiscoveryGame:
    """The game of these parameters (the registry's names), made once for them: the tile
    file by its resolved path (and as given, for :meth:`DiscoveryGame.params`)."""
    path = None if tileset is None else str(Path(tileset).resolve())
    return _of_file(path, tileset, players, hand, hand_visibility, equal_turns)


@lru_cache(maxsize=64, typed=True)
def _of_file(
    path: str | None,
    tileset: str | None,
    players: int,
    hand: int,
    hand_visibility: str,
    equal_turns: str,
) -> DiscoveryGame:
    return DiscoveryGame(
        load_tileset(path), players, hand, hand_visibility, equal_turns, tileset_param=tileset
    )
