"""The Discovery's tiles: the data model and the checked schema of tile files.

A tile file (TOML) lists designs; a design is a set of regions, each with a
terrain and the whole edges it owns, which regions touch inside the tile, and
its port cities (each between one land region and one sea region). The format
is documented in ``docs/discovery/tiles.md``; files are checked with pydantic on
the tile kit's schema (:mod:`terranova.kit.schema`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Annotated, Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from terranova.core.errors import ContentError
from terranova.core.i18n import SOURCE, Named
from terranova.kit.schema import DesignModel, FieldError, load_designs

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
    names: tuple[tuple[str, str], ...] = ()
    """The name in other languages, by language code (the file's ``[meta.names]``)."""

    @property
    def said_name(self) -> Named:
        """The name, said in the reader's language (else the file's ``name``)."""
        return Named({SOURCE: self.name, **dict(self.names)})

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


# ------------------------------------------------------------------ the tile file


class RegionEntry(BaseModel):
    """A region in the file: its terrain and the edges it owns (other keys are ignored)."""

    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)

    terrain: Literal["mountain", "grassland", "sea"]
    edges: str = Field(default="", pattern=r"^[NESW]*$")


Pair = Annotated[list[int], Field(min_length=2, max_length=2)]


class DesignEntry(DesignModel):
    """A ``[[design]]`` table of a tile file (docs/discovery/tiles.md)."""

    item_names: ClassVar[dict[str, str]] = {
        "regions": "region",
        "touches": "pair",
        "cities": "city",
    }

    regions: list[RegionEntry] = Field(min_length=1)
    touches: list[Pair] = Field(default_factory=list)
    cities: list[Pair] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> Self:
        _check_design(self)
        return self

    def design(self) -> Design:
        """The design as the rules use it."""
        return Design(
            self.id,
            self.count,
            tuple(
                Region(
                    Terrain[r.terrain.upper()], tuple(sorted(EDGE_NAMES.index(c) for c in r.edges))
                )
                for r in self.regions
            ),
            tuple((a, b) for a, b in self.touches),
            tuple((a, b) for a, b in self.cities),
        )


def parse_tileset(data: dict[str, Any], source: str = "tile data") -> TileSet:
    """Build a TileSet from parsed data, naming the design and field at fault on error."""
    meta, entries = load_designs(data, source, DesignEntry)
    designs: list[Design] = []
    signatures: dict[tuple[object, ...], str] = {}
    for entry in entries:
        design = entry.design()
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
    ids = [d.id for d in designs]
    if start_id not in ids:
        raise ContentError(f"{source}: no start tile (a design with id {start_id!r})")
    start = ids.index(start_id)
    if designs[start].count != 1:
        raise ContentError(f"{source}: design {start_id!r}: field 'count': the start tile is 1")
    names = meta.get("names", {})
    if not isinstance(names, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in names.items()
    ):
        raise ContentError(f"{source}: [meta.names] must be a table of strings")
    return TileSet(
        str(meta.get("name", source)), tuple(designs), start, source, tuple(sorted(names.items()))
    )


def _check_design(entry: DesignEntry) -> None:
    """What a tile must be beyond its fields' types: each edge owned once, regions that
    touch and cities that lie where a flat tile allows."""
    regions = entry.regions
    owner: dict[int, int] = {}
    for index, region in enumerate(regions):
        if len(set(region.edges)) != len(region.edges):
            raise FieldError(
                "regions", f"region {index}: edges {region.edges!r} names an edge twice"
            )
        for edge in sorted(EDGE_NAMES.index(c) for c in region.edges):
            if edge in owner:
                raise FieldError(
                    "regions",
                    f"edge {EDGE_NAMES[edge]} is owned by regions {owner[edge]} and {index}",
                )
            owner[edge] = index
    missing = [EDGE_NAMES[e] for e in range(4) if e not in owner]
    if missing:
        raise FieldError("regions", f"edge {missing[0]} belongs to no region")
    size = len(regions)
    for field, pairs in (("touches", entry.touches), ("cities", entry.cities)):
        for pair in pairs:
            if not all(0 <= i < size for i in pair):
                raise FieldError(
                    field, f"{pair!r} names a region that does not exist (0..{size - 1})"
                )
    terrain = [r.terrain for r in regions]
    touch_set = {frozenset(p) for p in entry.touches}
    if len(touch_set) != len(entry.touches):
        raise FieldError("touches", "a pair is listed twice")
    for a, b in entry.touches:
        if a == b:
            raise FieldError("touches", f"region {a} cannot touch itself")
        if terrain[a] == terrain[b]:
            raise FieldError(
                "touches",
                f"regions {a} and {b} touch and are both {terrain[a]}: they would be one region",
            )
    for edge in range(4):
        a, b = owner[edge], owner[(edge + 1) % 4]
        if a != b and frozenset((a, b)) not in touch_set:
            raise FieldError(
                "touches",
                f"regions {a} and {b} meet at the {EDGE_NAMES[edge]}{EDGE_NAMES[(edge + 1) % 4]} "
                "corner and must be listed as touching",
            )
    edges = {i: tuple(sorted(EDGE_NAMES.index(c) for c in r.edges)) for i, r in enumerate(regions)}
    _check_planar(edges, touch_set)
    for index, region in enumerate(regions):
        if not region.edges and not any(index in p for p in touch_set):
            raise FieldError("regions", f"region {index} owns no edge and touches no region")
    for land, sea in entry.cities:
        if terrain[land] == "sea":
            raise FieldError("cities", f"city [{land}, {sea}]: region {land} is sea, not land")
        if terrain[sea] != "sea":
            raise FieldError("cities", f"city [{land}, {sea}]: region {sea} is not sea")
        if frozenset((land, sea)) not in touch_set:
            raise FieldError("cities", f"city [{land}, {sea}]: the two regions do not touch")


def _check_planar(edges: dict[int, tuple[int, ...]], touch_set: set[frozenset[int]]) -> None:
    """Regions on the tile's border cannot cross: a region owning edges on both sides of
    another region's edges would have to pass through it."""
    arcs = {i: e for i, e in edges.items() if e}
    for a, edges_a in arcs.items():
        for b, edges_b in arcs.items():
            if a >= b:
                continue
            # b's edges must all fall in one gap between consecutive edges of a
            gaps = {sum(1 for e in edges_a if e < edge) % len(edges_a) for edge in edges_b}
            if len(gaps) > 1:
                raise FieldError("regions", f"regions {a} and {b} cross each other on the tile")
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
                    raise FieldError(
                        "touches",
                        f"regions {b} and {c} lie on opposite sides of region {a} and cannot touch",
                    )
