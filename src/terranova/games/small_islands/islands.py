"""Islands: tiles joined across land edges. The state keeps them as a kit
:class:`~terranova.kit.regions.Regions`, one node per laid tile (its index), whose roots
hold each island's counts (:data:`.record.ISLAND_TOTALS`)."""

from __future__ import annotations

from terranova.games.small_islands.objectives import Island
from terranova.games.small_islands.record import (
    FLOWER,
    FRUIT,
    HOUSE,
    LEAF,
    OWNERS,
    PORT,
    TEMPLE,
    TILES,
    Record,
)

SMALLEST_ISLAND = 2
"""Tiles an island needs before a house may be built on it."""


def island(g: Record, root: int) -> Island:
    """What the island whose root node is ``root`` shows."""
    c = g.islands.columns
    return Island(
        c[TILES][root], c[FLOWER][root], c[FRUIT][root], c[LEAF][root],
        c[TEMPLE][root], c[PORT][root], c[HOUSE][root],
    )  # fmt: skip


def free_house_symbols(g: Record, pos: int) -> int:
    """House symbols of the tile at ``pos`` with no house on them."""
    design = g.board.tiles[g.board.at[pos]][1]
    return g.tables.house_symbols[design] - len(g.houses_at.get(pos, ()))


def free_squares(g: Record) -> dict[int, list[int]]:
    """Per island (its root), the squares of its tiles with a free house symbol, in the
    order laid."""
    find = g.islands.find
    symbols = g.tables.house_symbols
    houses_at = g.houses_at
    out: dict[int, list[int]] = {}
    for index, (pos, design, _) in enumerate(g.board.tiles):
        printed = symbols[design]
        if printed and printed > len(houses_at.get(pos, ())):
            out.setdefault(find(index), []).append(pos)
    return out


def islands(g: Record) -> dict[int, list[int]]:
    """Every island of land tiles: root -> the squares of its tiles, in the order laid (kept
    until the next tile is laid: do not change it)."""
    laid = len(g.board.tiles)
    kept = g.island_list
    if kept is not None and kept[0] == laid:
        return kept[1]
    find = g.islands.find
    ship = g.tables.ship
    out: dict[int, list[int]] = {}
    for index, (pos, design, _) in enumerate(g.board.tiles):
        if design != ship:
            out.setdefault(find(index), []).append(pos)
    g.island_list = (laid, out)
    return out


def build(g: Record, place: int, pos: int) -> int:
    """A house of the player (or Alexis) at ``place`` goes on the tile at ``pos``; the root
    of its island."""
    g.houses_at.setdefault(pos, []).append(place)
    g.houses_at_last = pos
    g.supply[place] -= 1
    g.built[place] += 1
    root = g.island_root(pos)
    g.islands.columns[OWNERS][root] |= 1 << place
    return root
