"""Loading tile files: the built-in set or a person's own file (the only I/O of this game)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from terranova.core.content import read_toml
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
