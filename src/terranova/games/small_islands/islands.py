"""Islands: tiles joined across land edges. The state keeps them as a kit
:class:`~terranova.kit.regions.Regions`, one node per laid tile (its index), whose roots
hold each island's counts (:data:`ISLAND_TOTALS`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from terranova.games.small_islands.objectives import Island
from terranova.kit.regions import OR, SUM

if TYPE_CHECKING:
    from terranova.games.small_islands.state import SmallIslandsState

ISLAND_TOTALS = (
    ("tiles", SUM),
    ("flower", SUM),
    ("fruit", SUM),
    ("leaf", SUM),
    ("temple", SUM),
    ("port", SUM),
    ("house", SUM),
    ("owners", OR),
)
"""An island's root holds its tiles, resources (bonus tokens counted), temples, ports
(printed and placed), house symbols, and a bit mask of who has a house on it."""
TILES, FLOWER, FRUIT, LEAF, TEMPLE, PORT, HOUSE, OWNERS = range(8)


def island(g: SmallIslandsState, root: int) -> Island:
    """What the island whose root node is ``root`` shows."""
    c = g.islands.columns
    return Island(
        c[TILES][root], c[FLOWER][root], c[FRUIT][root], c[LEAF][root],
        c[TEMPLE][root], c[PORT][root], c[HOUSE][root],
    )  # fmt: skip


def free_house_symbols(g: SmallIslandsState, pos: int) -> int:
    """House symbols of the tile at ``pos`` with no house on them."""
    design = g.board.tiles[g.board.at[pos]][1]
    return g.tables.house_symbols[design] - len(g.houses_at.get(pos, ()))


def free_squares(g: SmallIslandsState) -> dict[int, list[int]]:
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


def islands(g: SmallIslandsState) -> dict[int, list[int]]:
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
