"""An independent reference model of The Discovery's map, for the tests.

Written from the rulebook and the tile-file format only (it reads a tile set's designs:
regions, edges, touches, cities), never from the engine's code: territories come from a
flood fill over the placed tiles, values from the rulebook's formulas, legal placements
from brute force over every empty square next to the map and every rotation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from terranova.games.discovery.tiles import Design, Terrain, TileSet, parse_tileset

# direction index (N, E, S, W) -> (dx, dy); y grows to the south
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))

Placement = tuple[int, int, str, int]  # (x, y, design id, rotation)


# --------------------------------------------------------------------------- tile sets

M, G, S = "mountain", "grassland", "sea"


def design(
    design_id: str,
    regions: Sequence[tuple[str, str]],
    *,
    count: int = 1,
    touches: Iterable[tuple[int, int]] = (),
    cities: Iterable[tuple[int, int]] = (),
) -> dict[str, Any]:
    """A ``[[design]]`` table; the touches of regions meeting at a tile corner are added."""
    owner = {}
    for index, (_, edges) in enumerate(regions):
        for letter in edges:
            owner["NESW".index(letter)] = index
    pairs = {tuple(sorted(p)) for p in touches}
    for edge in range(4):
        a, b = owner[edge], owner[(edge + 1) % 4]
        if a != b:
            pairs.add(tuple(sorted((a, b))))
    return {
        "id": design_id,
        "count": count,
        "regions": [{"terrain": t, "edges": e} for t, e in regions],
        "touches": [list(p) for p in sorted(pairs)],
        "cities": [list(c) for c in cities],
    }


def tileset(*designs: dict[str, Any]) -> TileSet:
    """A tile set from design tables (one of them has id ``start``)."""
    return parse_tileset({"meta": {"name": "test set"}, "design": list(designs)}, "test set")


# ------------------------------------------------------------------------ rotations


def rotated_edges(d: Design, region: int, rotation: int) -> frozenset[int]:
    """The sides a region owns once the tile is turned ``rotation`` quarter turns clockwise."""
    return frozenset((e + rotation) % 4 for e in d.regions[region].edges)


def side_terrains(d: Design, rotation: int) -> tuple[Terrain, Terrain, Terrain, Terrain]:
    """Terrain on the N, E, S, W sides of the turned tile."""
    out: list[Terrain | None] = [None] * 4
    for index, region in enumerate(d.regions):
        for side in rotated_edges(d, index, rotation):
            out[side] = region.terrain
    assert all(t is not None for t in out)
    return tuple(out)  # type: ignore[return-value]


def looks(d: Design, rotation: int) -> tuple[object, ...]:
    """What the turned tile looks like, independent of how its regions are numbered."""
    keys = [
        (int(r.terrain), tuple(sorted(rotated_edges(d, i, rotation))))
        for i, r in enumerate(d.regions)
    ]
    touch = sorted(tuple(sorted((keys[a], keys[b]))) for a, b in d.touches)
    city = sorted((keys[a], keys[b]) for a, b in d.cities)
    return (tuple(sorted(keys)), tuple(touch), tuple(city))


def distinct_rotations(d: Design) -> list[int]:
    """The lowest rotation of each group of rotations that give the same tile."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for rotation in range(4):
        key = looks(d, rotation)
        if key not in seen:
            seen.add(key)
            out.append(rotation)
    return out


# ------------------------------------------------------------------------ placements


def brute_force_placements(
    ts: TileSet, placements: Sequence[Placement], design_ids: Iterable[str]
) -> set[tuple[str, int, int, int]]:
    """Every legal (design, x, y, rotation) for the tiles ``design_ids``: each empty square
    sharing an edge with the map, each rotation (identical-looking ones once), every
    touching edge of the same terrain."""
    by_id = {d.id: d for d in ts.designs}
    board = {(x, y): side_terrains(by_id[i], r) for x, y, i, r in placements}
    squares = set()
    for x, y in board:
        for dx, dy in STEP:
            if (x + dx, y + dy) not in board:
                squares.add((x + dx, y + dy))
    out = set()
    for design_id in set(design_ids):
        d = by_id[design_id]
        for rotation in distinct_rotations(d):
            sides = side_terrains(d, rotation)
            for x, y in squares:
                ok = True
                for side, (dx, dy) in enumerate(STEP):
                    other = board.get((x + dx, y + dy))
                    if other is not None and other[(side + 2) % 4] != sides[side]:
                        ok = False
                        break
                if ok:
                    out.add((design_id, x, y, rotation))
    return out


# ----------------------------------------------------------------------- territories


@dataclass
class Territory:
    """One connected territory found by the flood fill."""

    terrain: Terrain
    nodes: set[tuple[int, int]] = field(default_factory=set)  # (placement index, region)
    tiles: set[int] = field(default_factory=set)
    open_edges: int = 0
    cities: int = 0
    grasslands: set[int] = field(default_factory=set)  # mountains: touching grassland ids

    @property
    def complete(self) -> bool:
        return self.open_edges == 0


class Map:
    """Territories of a map, found from scratch by flood fill."""

    def __init__(self, ts: TileSet, placements: Sequence[Placement]) -> None:
        by_id = {d.id: d for d in ts.designs}
        self.placements = list(placements)
        self.designs = [by_id[i] for _, _, i, _ in placements]
        self.at = {(x, y): k for k, (x, y, _, _) in enumerate(placements)}
        # the node numbering the engine documents for territory_nodes(): regions of the
        # placed tiles, tile after tile in the order placed
        self.node_id: dict[tuple[int, int], int] = {}
        for k, d in enumerate(self.designs):
            for region in range(len(d.regions)):
                self.node_id[(k, region)] = len(self.node_id)
        self.territory_of: dict[tuple[int, int], int] = {}
        self.territories: list[Territory] = []
        for node in self.node_id:
            if node not in self.territory_of:
                self._fill(node)
        for t in self.territories:  # mountains: grassland territories touching them
            if t.terrain != Terrain.MOUNTAIN:
                continue
            for k, region in t.nodes:
                d = self.designs[k]
                for a, b in d.touches:
                    for mine, other in ((a, b), (b, a)):
                        if mine == region and d.regions[other].terrain == Terrain.GRASSLAND:
                            t.grasslands.add(self.territory_of[(k, other)])

    def _owner(self, k: int, side: int) -> int:
        rotation = self.placements[k][3]
        d = self.designs[k]
        for region in range(len(d.regions)):
            if side in rotated_edges(d, region, rotation):
                return region
        raise AssertionError("every side has an owner")

    def _fill(self, start: tuple[int, int]) -> None:
        index = len(self.territories)
        k0, r0 = start
        territory = Territory(self.designs[k0].regions[r0].terrain)
        self.territories.append(territory)
        todo = [start]
        self.territory_of[start] = index
        while todo:
            k, region = todo.pop()
            territory.nodes.add((k, region))
            territory.tiles.add(k)
            d = self.designs[k]
            assert d.regions[region].terrain == territory.terrain
            if d.regions[region].terrain == Terrain.SEA:
                territory.cities += sum(1 for _, sea in d.cities if sea == region)
            else:
                territory.cities += sum(1 for land, _ in d.cities if land == region)
            x, y, _, rotation = self.placements[k]
            for side in rotated_edges(d, region, rotation):
                dx, dy = STEP[side]
                j = self.at.get((x + dx, y + dy))
                if j is None:
                    territory.open_edges += 1
                    continue
                neighbour = (j, self._owner(j, (side + 2) % 4))
                other_terrain = self.designs[j].regions[neighbour[1]].terrain
                assert other_terrain == territory.terrain, "edges that touch must match"
                if neighbour not in self.territory_of:
                    self.territory_of[neighbour] = index
                    todo.append(neighbour)

    def node_at(self, x: int, y: int, region: int) -> tuple[int, int]:
        return (self.at[(x, y)], region)

    def territory(self, x: int, y: int, region: int) -> Territory:
        return self.territories[self.territory_of[self.node_at(x, y, region)]]

    def value(self, territory: Territory, final: bool = False) -> int:
        """The rulebook's value of a territory (final scoring: everything incomplete)."""
        return value(territory, self.territories, final)

    def partition(self) -> set[frozenset[int]]:
        """The territories as sets of engine node numbers."""
        return {frozenset(self.node_id[n] for n in t.nodes) for t in self.territories}


def value(territory: Territory, territories: Sequence[Territory], final: bool = False) -> int:
    """Grassland: 1 per tile, 2 per tile when complete (a complete one of fewer than 3
    tiles: 1 per tile). Mountain: 1 per city in it and in every grassland touching it, 2
    per city when complete (fewer than 3 tiles: 1). Sea: 1 per city on its shores, plus 1
    per tile when complete (fewer than 3 tiles: cities only). Final scoring: incomplete."""
    complete = territory.complete and not final
    small = len(territory.tiles) < 3
    tiles = len(territory.tiles)
    if territory.terrain == Terrain.GRASSLAND:
        return tiles * (2 if complete and not small else 1)
    if territory.terrain == Terrain.SEA:
        return territory.cities + (tiles if complete and not small else 0)
    cities = territory.cities + sum(territories[g].cities for g in territory.grasslands)
    return cities * (2 if complete and not small else 1)


# ------------------------------------------------------------------- the lab tile set
# start: mountain N, sea E, grassland S+W; a port on the mountain and one on the grassland
LAB_START = design("start", [(M, "N"), (S, "E"), (G, "SW")], cities=[(0, 1), (2, 1)])
LAB = tileset(
    LAB_START,
    design("G", [(G, "NESW")], count=9),  # open grassland
    # grassland with a lake in the middle and a port on it
    design("GC", [(G, "NESW"), (S, "")], count=6, touches=[(0, 1)], cities=[(0, 1)]),
    design("S4", [(S, "NESW")], count=6),  # open sea
    design("M4", [(M, "NESW")], count=3),  # mountain range
    # a mountain ridge N-S between two grasslands
    design("strip", [(G, "W"), (M, "NS"), (G, "E")], count=3),
    # mountain on S, grassland around it with a lake and a port on the lake
    design("cap", [(M, "S"), (G, "NEW"), (S, "")], count=3, touches=[(1, 2)], cities=[(1, 2)]),
    design("bayM", [(S, "N"), (M, "ESW")], count=3),  # sea bay in a mountain coast, no port
    design("bay", [(S, "N"), (G, "ESW")], count=3, cities=[(1, 0)]),  # bay, grassland port
    design("coast", [(S, "NE"), (G, "SW")], count=3),  # diagonal coast, no port
    design("coastC", [(S, "NE"), (G, "SW")], count=4, cities=[(1, 0)]),  # with a port
    design("tri", [(M, "N"), (S, "E"), (G, "SW")], count=3),  # like start, no port
    design("P", [(G, "N"), (S, "ESW")], count=6),  # grassland cape in the sea
)
