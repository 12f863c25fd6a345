"""Loading the component files: the built-in ones shipped in the package or a person's own
(the only I/O of this game)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from terranova.core.content import read_toml
from terranova.games.entdecker.components import Components, parse_board, parse_tiles

PACKAGE = "terranova.games.entdecker"
TILES = "tiles.toml"
BOARD = "board.toml"


@lru_cache(maxsize=8)
def _load_cached(tiles: str | None, board: str | None) -> Components:
    tile_data, tile_source = read_toml(PACKAGE, TILES, tiles, "tile file")
    tileset = parse_tiles(tile_data, tile_source)
    board_data, board_source = read_toml(PACKAGE, BOARD, board, "board file")
    return Components(tileset, parse_board(board_data, tileset, board_source))


def load_components(tiles: str | Path | None = None, board: str | Path | None = None) -> Components:
    """Load and check the tile file and the board file; ``None`` loads the built-in one.
    Cached by path."""
    return _load_cached(
        None if tiles is None else str(Path(tiles).resolve()),
        None if board is None else str(Path(board).resolve()),
    )
