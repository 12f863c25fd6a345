"""Loading the component files: the built-in ones shipped in the package or a person's own
(the only I/O of this game)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from terranova.core.content import read_toml
from terranova.games.small_islands.components import Components, parse_cards, parse_tiles

PACKAGE = "terranova.games.small_islands"
TILES = "tiles.toml"
CARDS = "cards.toml"


@lru_cache(maxsize=8)
def _load_cached(tiles: str | None, cards: str | None) -> Components:
    tile_data, tile_source = read_toml(PACKAGE, TILES, tiles, "tile file")
    name, landscape, starts, ships = parse_tiles(tile_data, tile_source)
    card_data, card_source = read_toml(PACKAGE, CARDS, cards, "card file")
    return Components(
        name, tuple(landscape), tuple(starts), ships, **parse_cards(card_data, card_source)
    )


def load_components(tiles: str | Path | None = None, cards: str | Path | None = None) -> Components:
    """Load and check the tile file and the card file; ``None`` loads the built-in one.
    Cached by path."""
    return _load_cached(
        None if tiles is None else str(Path(tiles).resolve()),
        None if cards is None else str(Path(cards).resolve()),
    )
