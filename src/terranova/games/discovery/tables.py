"""The Discovery's tables for the hot paths, built once per tile set on the tile kit.

The table is a square grid (:data:`GRID`); tiles match on edges only, each edge one
of three terrains (:data:`MATCHER`); a design's distinct rotations are those that
look different (terrains, touches and cities, :meth:`Design.signature`).
"""

from __future__ import annotations

from functools import lru_cache

from terranova.core.actions import Action
from terranova.games.discovery.actions import Deploy, Draw, Place, Remove, SetAside
from terranova.games.discovery.tiles import Terrain, TileSet
from terranova.kit.board import TileTables
from terranova.kit.grid import Grid
from terranova.kit.matching import Matcher, distinct_rotations

LIMIT = 120
"""The table: squares with -120 < x, y < 120."""
GRID = Grid(1 - LIMIT, LIMIT - 1, 1 - LIMIT, LIMIT - 1)
MATCHER = Matcher(labels=len(Terrain))
OX, OY, STRIDE = GRID.ox, GRID.oy, GRID.stride


class CompiledTiles:
    """Per-tile-set tables for the hot paths (built once per tile set)."""

    def __init__(self, tileset: TileSet) -> None:
        self.tileset = tileset
        designs = tileset.designs
        self.ids = [d.id for d in designs]
        self.index = {d.id: i for i, d in enumerate(designs)}
        self.n_regions = [len(d.regions) for d in designs]
        self.terrains = [tuple(int(r.terrain) for r in d.regions) for d in designs]
        self.edge_counts = [tuple(len(r.edges) for r in d.regions) for d in designs]
        self.cities = [tuple(d.city_count(i) for i in range(len(d.regions))) for d in designs]
        self.grassland_touches: list[tuple[tuple[int, ...], ...]] = []
        for d in designs:
            near: list[list[int]] = [[] for _ in d.regions]
            for a, b in d.touches:
                for m, g in ((a, b), (b, a)):
                    if d.regions[m].terrain == Terrain.MOUNTAIN and (
                        d.regions[g].terrain == Terrain.GRASSLAND
                    ):
                        near[m].append(g)
            self.grassland_touches.append(tuple(tuple(n) for n in near))
        self.has_grass = [any(near) for near in self.grassland_touches]
        # what a new tile adds to the territories: per design, its regions' terrains, open
        # edges, cities, no follower, no grassland touched (mountains touching grasslands
        # get theirs when placed: they depend on the node numbers)
        self.nodes = [
            (
                len(d.regions),
                self.terrains[i],
                self.edge_counts[i],
                self.cities[i],
                (0,) * len(d.regions),
                ((),) * len(d.regions),
            )
            for i, d in enumerate(designs)
        ]
        self.edge_region = [[d.edge_regions(r) for r in range(4)] for d in designs]
        self.faces = [
            [tuple(int(t) for t in d.edge_terrains(r)) for r in range(4)] for d in designs
        ]
        self.rotations: list[tuple[int, ...]] = []
        self.same_as: list[tuple[int, ...]] = []  # rotation -> the distinct rotation it equals
        for d in designs:
            rotations, same = distinct_rotations(d.signature)
            self.rotations.append(rotations)
            self.same_as.append(same)
        # the board's tables; fits[d][code]: distinct rotations of d matching a frontier
        # constraint code, where code packs (terrain + 1) << (2 * direction), 0 for none
        self.board: TileTables[Action] = TileTables(
            GRID, MATCHER, self.faces, self.rotations, self._make_place
        )
        self.fits = self.board.fits
        self.stack_size = tileset.total - 1  # every tile but the start tile
        self.draws = [Draw(i) for i in self.ids]
        self.set_asides = [SetAside(i) for i in self.ids]
        self.deploys = [Deploy(i) for i in range(max(self.n_regions))]
        self._removes: dict[int, Remove] = {}

    def _make_place(self, design: int, pos: int, rotation: int) -> Place:
        y, x = divmod(pos, STRIDE)  # GRID.decode, inlined
        return Place(self.ids[design], x - OX, y - OY, rotation)

    def remove(self, pos: int, region: int) -> Remove:
        """The (shared) Remove action for a follower on ``region`` of the tile at ``pos``."""
        key = pos * 8 + region
        action = self._removes.get(key)
        if action is None:
            x, y = GRID.decode(pos)
            action = self._removes[key] = Remove(x, y, region)
        return action


@lru_cache(maxsize=16)
def compile_tiles(tileset: TileSet) -> CompiledTiles:
    """The compiled tables of a tile set, made once (equal tile sets share them, and so
    share the placement actions made on the way)."""
    return CompiledTiles(tileset)
