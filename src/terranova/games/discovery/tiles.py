"""The Discovery's tiles: the data model and the validating loader of tile files.

A tile file (TOML) lists designs; a design is a set of regions, each with a
terrain and the whole edges it owns, which regions touch inside the tile, and
its port cities (each between one land region and one sea region). The format
is documented in ``docs/discovery/tiles.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from terranova.core.errors import ContentError

DESIGN_ID = re.compile(r"[A-Za-z0-9_-]+")
"""What a design id may be made of: it is written in actions (``place 15 0,1 90``)."""

EDGE_NAMES = "NESW"
"""Edge letters in clockwise order; a direction is an index into this string."""


class Terrain(IntEnum):
    """The three terrains; every edge of every tile is wholly one of them."""

    MOUNTAIN = 0
    GRASSLAND = 1
    SEA = 2

    @property
    def label(self) -> str:
        """The lowercase name used in files and views."""
        return self.name.lower()

    @property
    def follower_role(self) -> str:
        """What a follower is called on this terrain."""
        return ("brigand", "explorer", "navigator")[self]


@dataclass(frozen=True)
class Region:
    """One region (segment) of a design: a terrain and the edges it owns."""

    terrain: Terrain
    edges: tuple[int, ...]


@dataclass(frozen=True)
class Design:
    """A tile design and how many tiles of it are in the set."""

    id: str
    count: int
    regions: tuple[Region, ...]
    touches: tuple[tuple[int, int], ...]
    cities: tuple[tuple[int, int], ...]
    """Port cities as (land region, sea region) pairs."""

    def edge_terrains(self, rotation: int = 0) -> tuple[Terrain, ...]:
        """Terrain of the N, E, S, W edges after turning ``rotation`` quarter turns clockwise."""
        owner = self.edge_regions(rotation)
        return tuple(self.regions[r].terrain for r in owner)

    def edge_regions(self, rotation: int = 0) -> tuple[int, ...]:
        """Region index owning the N, E, S, W edge after ``rotation`` quarter turns clockwise."""
        owner = [0, 0, 0, 0]
        for index, region in enumerate(self.regions):
            for edge in region.edges:
                owner[(edge + rotation) % 4] = index
        return tuple(owner)

    def city_count(self, region: int) -> int:
        """Cities on the shore of ``region`` (for land: in it; for sea: on its shores)."""
        return sum(region in pair for pair in self.cities)

    def signature(self, rotation: int) -> tuple[object, ...]:
        """A value equal for two (design, rotation) pairs exactly when the tiles look alike."""
        keys = [
            (int(r.terrain), tuple(sorted((e + rotation) % 4 for e in r.edges)))
            for r in self.regions
        ]
        touches = sorted(tuple(sorted((keys[a], keys[b]))) for a, b in self.touches)
        cities = sorted((keys[a], keys[b]) for a, b in self.cities)
        return (tuple(sorted(keys)), tuple(touches), tuple(cities))


@dataclass(frozen=True)
class TileSet:
    """A whole tile set: its designs in order; ``start`` is the start tile's index."""

    name: str
    designs: tuple[Design, ...]
    start: int
    source: str

    @property
    def total(self) -> int:
        """Number of tiles, start tile included."""
        return sum(d.count for d in self.designs)

    def index(self, design_id: str) -> int:
        """Position of a design in :attr:`designs`; raises KeyError."""
        for i, design in enumerate(self.designs):
            if design.id == design_id:
                return i
        raise KeyError(design_id)


def parse_tileset(data: dict[str, Any], source: str = "tile data") -> TileSet:
    """Build a TileSet from parsed data, naming the design and field at fault on error."""
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise ContentError(f"{source}: [meta] must be a table")
    raw_designs = data.get("design")
    if not isinstance(raw_designs, list) or not raw_designs:
        raise ContentError(f"{source}: no [[design]] entries")
    designs: list[Design] = []
    seen: dict[str, int] = {}
    signatures: dict[tuple[object, ...], str] = {}
    for position, raw in enumerate(raw_designs, start=1):
        design = _parse_design(raw, position, source)
        if design.id in seen:
            raise ContentError(f"{source}: design {design.id!r}: id is used twice")
        seen[design.id] = position
        for rotation in range(4):
            other = signatures.get(design.signature(rotation))
            if other is not None:
                raise ContentError(
                    f"{source}: design {design.id!r}: same as design {other!r} "
                    f"turned {rotation * 90} degrees"
                )
        signatures[design.signature(0)] = design.id
        designs.append(design)
    start_id = str(meta.get("start", "start"))
    if start_id not in seen:
        raise ContentError(f"{source}: no start tile (a design with id {start_id!r})")
    start = seen[start_id] - 1
    if designs[start].count != 1:
        raise ContentError(f"{source}: design {start_id!r}: field 'count': the start tile is 1")
    return TileSet(str(meta.get("name", source)), tuple(designs), start, source)


def _parse_design(raw: object, position: int, source: str) -> Design:
    where = f"{source}: design #{position}"
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: must be a table")
    design_id = raw.get("id")
    if not isinstance(design_id, str) or not DESIGN_ID.fullmatch(design_id):
        raise ContentError(
            f"{where}: field 'id': {design_id!r} is not an id: letters, digits, '_' and '-' "
            "only (ids are written in actions such as 'draw 15')"
        )
    where = f"{source}: design {design_id!r}"

    def fail(field: str, message: str) -> ContentError:
        return ContentError(f"{where}: field {field!r}: {message}")

    unknown = set(raw) - {"id", "count", "regions", "touches", "cities", "note"}
    if unknown:
        raise fail(sorted(unknown)[0], "unknown field")
    count = raw.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise fail("count", "a whole number of at least 1 is required")
    raw_regions = raw.get("regions")
    if not isinstance(raw_regions, list) or not raw_regions:
        raise fail("regions", "a non-empty list of regions is required")
    regions: list[Region] = []
    owner: dict[int, int] = {}
    for index, item in enumerate(raw_regions):
        if not isinstance(item, dict):
            raise fail("regions", f"region {index} must be a table")
        terrain_name = item.get("terrain")
        try:
            terrain = Terrain[str(terrain_name).upper()]
        except KeyError:
            raise fail(
                "regions",
                f"region {index}: terrain {terrain_name!r} is not mountain, grassland or sea",
            ) from None
        letters = item.get("edges", "")
        if not isinstance(letters, str) or any(c not in EDGE_NAMES for c in letters):
            raise fail("regions", f"region {index}: edges {letters!r} must use only N, E, S, W")
        edges = tuple(sorted({EDGE_NAMES.index(c) for c in letters}))
        if len(edges) != len(letters):
            raise fail("regions", f"region {index}: edges {letters!r} names an edge twice")
        for edge in edges:
            if edge in owner:
                raise fail(
                    "regions",
                    f"edge {EDGE_NAMES[edge]} is owned by regions {owner[edge]} and {index}",
                )
            owner[edge] = index
        regions.append(Region(terrain, edges))
    missing = [EDGE_NAMES[e] for e in range(4) if e not in owner]
    if missing:
        raise fail("regions", f"edge {missing[0]} belongs to no region")

    touches = _parse_pairs(raw.get("touches", []), len(regions), fail, "touches")
    touch_set = {frozenset(p) for p in touches}
    if len(touch_set) != len(touches):
        raise fail("touches", "a pair is listed twice")
    for a, b in touches:
        if a == b:
            raise fail("touches", f"region {a} cannot touch itself")
        if regions[a].terrain == regions[b].terrain:
            raise fail(
                "touches",
                f"regions {a} and {b} touch and are both {regions[a].terrain.label}: "
                "they would be one region",
            )
    for edge in range(4):
        a, b = owner[edge], owner[(edge + 1) % 4]
        if a != b and frozenset((a, b)) not in touch_set:
            raise fail(
                "touches",
                f"regions {a} and {b} meet at the {EDGE_NAMES[edge]}{EDGE_NAMES[(edge + 1) % 4]} "
                "corner and must be listed as touching",
            )
    _check_planar(regions, touch_set, fail)
    for index, region in enumerate(regions):
        if not region.edges and not any(index in p for p in touch_set):
            raise fail("regions", f"region {index} owns no edge and touches no region")

    cities = _parse_pairs(raw.get("cities", []), len(regions), fail, "cities")
    for land, sea in cities:
        if regions[land].terrain == Terrain.SEA:
            raise fail("cities", f"city [{land}, {sea}]: region {land} is sea, not land")
        if regions[sea].terrain != Terrain.SEA:
            raise fail("cities", f"city [{land}, {sea}]: region {sea} is not sea")
        if frozenset((land, sea)) not in touch_set:
            raise fail("cities", f"city [{land}, {sea}]: the two regions do not touch")
    return Design(design_id, count, tuple(regions), tuple(touches), tuple(cities))


def _parse_pairs(raw: object, size: int, fail: Any, field: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, list):
        raise fail(field, "a list of [a, b] pairs is required")
    pairs: list[tuple[int, int]] = []
    for item in raw:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(isinstance(i, int) and not isinstance(i, bool) for i in item)
        ):
            raise fail(field, f"{item!r} is not a pair of region indices")
        a, b = item
        if not (0 <= a < size and 0 <= b < size):
            raise fail(field, f"{item!r} names a region that does not exist (0..{size - 1})")
        pairs.append((a, b))
    return tuple(pairs)


def _check_planar(regions: list[Region], touch_set: set[frozenset[int]], fail: Any) -> None:
    """Regions on the tile's border cannot cross: a region owning edges on both sides of
    another region's edges would have to pass through it."""
    arcs = {i: r.edges for i, r in enumerate(regions) if r.edges}
    for a, edges_a in arcs.items():
        for b, edges_b in arcs.items():
            if a >= b:
                continue
            # b's edges must all fall in one gap between consecutive edges of a
            gaps = {sum(1 for e in edges_a if e < edge) % len(edges_a) for edge in edges_b}
            if len(gaps) > 1:
                raise fail("regions", f"regions {a} and {b} cross each other on the tile")
    for a, edges_a in arcs.items():
        if len(edges_a) < 2:
            continue
        for b, edges_b in arcs.items():
            for c, edges_c in arcs.items():
                if a in (b, c) or b >= c or frozenset((b, c)) not in touch_set:
                    continue
                gap_b = sum(1 for e in edges_a if e < edges_b[0]) % len(edges_a)
                gap_c = sum(1 for e in edges_a if e < edges_c[0]) % len(edges_a)
                if gap_b != gap_c:
                    raise fail(
                        "touches",
                        f"regions {b} and {c} lie on opposite sides of region {a} and cannot touch",
                    )
