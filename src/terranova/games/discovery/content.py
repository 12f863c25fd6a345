"""Loading tile files: the built-in set or a person's own file (the only I/O of this game)."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path

from terranova.core.errors import ContentError
from terranova.games.discovery.tiles import TileSet, parse_tileset

DEFAULT_TILESET = "tiles.toml"


@lru_cache(maxsize=8)
def _load_cached(path: str | None) -> TileSet:
    return _load(path)


def load_tileset(path: str | Path | None = None) -> TileSet:
    """Load and validate a tile file; ``None`` loads the built-in set. Cached by path."""
    return _load_cached(None if path is None else str(Path(path).resolve()))


def _load(path: str | None) -> TileSet:
    if path is None:
        text = (
            resources.files("terranova.games.discovery")
            .joinpath("data", DEFAULT_TILESET)
            .read_text("utf-8")
        )
        source = f"built-in {DEFAULT_TILESET}"
    else:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise ContentError(f"cannot read tile file {path}: {exc.strerror}") from None
        source = str(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{source}: not valid TOML: {exc}") from None
    return parse_tileset(data, source)
