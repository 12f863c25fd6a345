"""Small Islands' components as data: the landscape tiles, the starting tiles and the ship
tiles (``tiles.toml``); the objective cards, the Mission and Reward cards of the advanced
mode, the bonus tokens, the Discovery tokens and the solo cards (``cards.toml``). The
checked schema of both files is here (no I/O: reading is :mod:`.content`'s); every error
names the file, the item and the field. ``docs/small-islands/components.md`` documents them.

A tile's face gives each edge N, E, S, W and each corner NE, SE, SW, NW as land (``L``) or
sea (``S``), and its symbols: resources (flower, fruit, leaf), temples, printed ports and
house symbols.

>>> face = FaceModel(edges="LLSS", corners="LSSS", flower=1, house=1)
>>> face.face().labels, face.face().symbols()
((0, 0, 1, 1, 0, 1, 1, 1), (1, 0, 0, 0, 0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Self

from pydantic import Field, ValidationError, model_validator

from terranova.core.errors import ContentError
from terranova.kit.schema import (
    DesignModel,
    FieldError,
    ItemModel,
    TableModel,
    load_designs,
    load_items,
    load_table,
)

LAND, SEA = 0, 1
"""The two labels of a tile's edges and corners."""
RESOURCES = ("flower", "fruit", "leaf")
"""The three kinds of resource (pink, orange, green)."""
SYMBOLS = (*RESOURCES, "temple", "port", "house")
"""Everything a tile may show, in the order of :meth:`Face.symbols`."""
TOKENS = (*RESOURCES, "port")
"""The kinds of bonus token."""
Resource = Literal["flower", "fruit", "leaf"]
Symbol = Literal["flower", "fruit", "leaf", "temple", "port", "house"]


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a tile: its labels (edges N, E, S, W then corners NE, SE, SW, NW; land
    0, sea 1) and its symbols."""

    labels: tuple[int, ...]
    flower: int = 0
    fruit: int = 0
    leaf: int = 0
    temple: int = 0
    port: int = 0
    house: int = 0

    def symbols(self) -> tuple[int, ...]:
        """The counts of :data:`SYMBOLS`, in that order."""
        return (self.flower, self.fruit, self.leaf, self.temple, self.port, self.house)

    @property
    def land(self) -> bool:
        return LAND in self.labels

    @property
    def coast(self) -> bool:
        """Land and sea both: a port may lie here."""
        return LAND in self.labels and SEA in self.labels


SHIP_FACE = Face((SEA,) * 8)
"""A ship tile: open sea with a ship; it only lies where everything around is sea."""


@dataclass(frozen=True, slots=True)
class Design:
    """A tile design: a landscape tile (``count`` alike), a side of a starting tile
    (``start``: the starting tile's id, ``side`` a or b) or the ship tile."""

    id: str
    count: int
    face: Face
    start: str | None = None
    side: str | None = None


@dataclass(frozen=True, slots=True)
class Mission:
    """What an island must show: ``more`` (more of ``a`` than of ``b``), ``symbols`` (at
    least ``need``), ``equal`` (as many ``a`` as ``b``, at least one), ``match`` (as many
    ``a`` as one of the two other resources, at least one)."""

    id: str
    kind: str
    a: str | None = None
    b: str | None = None
    need: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Reward:
    """What a house on a fulfilling island earns: ``per_symbol`` (``points`` per
    ``symbol`` + ``bonus``), ``lowest`` (``points`` per unit of the island's scarcest
    resource + ``bonus``), ``flat`` (``points``), ``size`` (the points of the largest size
    reached in ``sizes``), ``discovery`` (a Discovery token per temple: keep one),
    ``chosen`` (``points`` per unit of the resource the player picks + ``bonus``)."""

    id: str
    kind: str
    symbol: str | None = None
    points: int = 0
    bonus: int = 0
    sizes: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Objective:
    """An objective card: a Mission on its left half, a Reward on its right."""

    id: str
    mission: Mission
    reward: Reward


@dataclass(frozen=True, slots=True)
class Discovery:
    """A Discovery token and its hidden value in prestige points."""

    id: str
    value: int


@dataclass(frozen=True, slots=True)
class Alexis:
    """A card of the solo automaton: its difficulty, the Explore and Land cards it shuffles
    into the Expedition deck, the houses it places per round and its end score (``base`` +
    ``per_house`` per house placed)."""

    id: str
    stars: int
    explore: int
    land: int
    houses: int
    base: int
    per_house: int


@dataclass(frozen=True, slots=True)
class Expedition:
    """An Expedition card: ``explore`` (the face-up tile in ``slot``, laid where it touches
    the most tiles, or ``spread``: the fewest) or ``land`` (a grey ship where the most ports
    lie around it; an Explore while the Navigation stack still holds tiles)."""

    id: str
    kind: str
    slot: int = 1
    aim: str = "join"


@dataclass(frozen=True)
class Components:
    """Everything on the table, checked."""

    name: str
    landscape: tuple[Design, ...]
    starts: tuple[Design, ...]
    """The starting tiles' sides: two designs per starting tile, side a then side b."""
    ships: int
    objectives: tuple[Objective, ...]
    missions: tuple[Mission, ...]
    rewards: tuple[Reward, ...]
    tokens: tuple[str, ...]
    houses: int
    reserve: int
    discoveries: tuple[Discovery, ...]
    alexis: tuple[Alexis, ...]
    expeditions: tuple[Expedition, ...]
    compiled: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    """What is made from these components once and shared by every game on them (their
    tables: :func:`.tables.tables_of`)."""

    @property
    def designs(self) -> tuple[Design, ...]:
        """Every design a square may hold: the landscape tiles, the starting tiles' sides and
        the ship tile, last."""
        return (*self.landscape, *self.starts, Design("ship", self.ships, SHIP_FACE))

    @property
    def landscape_total(self) -> int:
        return sum(d.count for d in self.landscape)


# ----------------------------------------------------------------------- tile file


def _labels(field: str, text: str) -> tuple[int, ...]:
    if len(text) != 4 or set(text) - {"L", "S"}:
        raise FieldError(field, f"{text!r} is not four letters L (land) or S (sea)")
    return tuple(LAND if c == "L" else SEA for c in text)


class FaceModel(TableModel):
    """One face: ``edges`` N, E, S, W and ``corners`` NE, SE, SW, NW as L or S, and its
    symbols."""

    edges: str
    corners: str
    flower: int = Field(0, ge=0, le=4)
    fruit: int = Field(0, ge=0, le=4)
    leaf: int = Field(0, ge=0, le=4)
    temple: int = Field(0, ge=0, le=2)
    port: int = Field(0, ge=0, le=2)
    house: int = Field(0, ge=0, le=4)

    @model_validator(mode="after")
    def _check(self) -> Self:
        face = self.face()
        if not face.land:
            raise FieldError("edges", "a tile without land")
        if self.port and not face.coast:
            raise FieldError("port", "a port lies on a coast: the tile needs land and sea")
        return self

    def face(self) -> Face:
        labels = _labels("edges", self.edges) + _labels("corners", self.corners)
        return Face(labels, self.flower, self.fruit, self.leaf, self.temple, self.port, self.house)


class LandscapeEntry(DesignModel, FaceModel):
    """A ``[[design]]`` table: a landscape tile."""


class StartEntry(ItemModel):
    """A ``[[start]]`` table: a two-sided starting tile (with seagulls); its sides ``a`` and
    ``b`` are faces, a fault in one named by the side and its field."""

    a: dict[str, Any]
    b: dict[str, Any]

    @model_validator(mode="after")
    def _check(self) -> Self:
        for side in ("a", "b"):
            self.side(side)
        return self

    def side(self, side: str) -> FaceModel:
        try:
            return FaceModel.model_validate(getattr(self, side))
        except ValidationError as exc:
            first = exc.errors()[0]
            cause = (first.get("ctx") or {}).get("error")
            if isinstance(cause, FieldError):
                raise FieldError(side, f"{cause.field}: {cause.message}") from None
            where = ".".join(map(str, first["loc"])) or "face"
            raise FieldError(side, f"{where}: {first['msg'].lower()}") from None


class ShipsEntry(TableModel):
    ships: int = Field(4, ge=1, le=8)


def parse_tiles(data: dict[str, Any], source: str) -> tuple[str, list[Design], list[Design], int]:
    """The name, landscape designs, starting tiles' sides and ship count of a tile file."""
    meta, entries = load_designs(data, source, LandscapeEntry)
    landscape = [Design(e.id, e.count, e.face()) for e in entries]
    starts: list[Design] = []
    for entry in load_items(data, "start", source, StartEntry):
        for side in ("a", "b"):
            face = entry.side(side).face()
            starts.append(Design(f"{entry.id}{side}", 1, face, entry.id, side))
    taken = {d.id for d in landscape}
    for design in starts:
        if design.id in taken or design.id == "ship":
            raise ContentError(f"{source}: start {design.start!r}: side id {design.id!r} is taken")
    ships = load_table(data, "table", source, ShipsEntry).ships
    return str(meta.get("name", "Small Islands")), landscape, starts, ships


# ----------------------------------------------------------------------- card file


class MissionModel(ItemModel):
    """A Mission (an objective's left half, or a Mission card of the advanced mode)."""

    kind: Literal["more", "symbols", "equal", "match"]
    a: Resource | None = None
    b: Resource | None = None
    need: dict[Symbol, int] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.kind in ("more", "equal"):
            if self.a is None or self.b is None:
                raise FieldError(
                    "a" if self.a is None else "b", f"a {self.kind!r} mission names a and b"
                )
            if self.a == self.b:
                raise FieldError("b", "names the same resource as a")
        if self.kind == "match" and self.a is None:
            raise FieldError("a", "a 'match' mission names its resource a")
        if self.kind == "symbols":
            if not self.need or any(n < 1 for n in self.need.values()):
                raise FieldError(
                    "need", "a 'symbols' mission needs at least one symbol, each at least 1"
                )
        elif self.need:
            raise FieldError("need", f"only a 'symbols' mission has needs, not {self.kind!r}")
        return self

    def mission(self) -> Mission:
        need = tuple((s, self.need[s]) for s in SYMBOLS if s in self.need)
        return Mission(self.id, self.kind, self.a, self.b, need)


class RewardModel(ItemModel):
    """A Reward (an objective's right half, or a Reward card of the advanced mode)."""

    kind: Literal["per_symbol", "lowest", "flat", "size", "discovery", "chosen"]
    symbol: Symbol | None = None
    points: int = Field(0, ge=0, le=20)
    bonus: int = Field(0, ge=0, le=20)
    sizes: list[list[int]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> Self:
        if (self.kind == "per_symbol") != (self.symbol is not None):
            raise FieldError("symbol", "a 'per_symbol' reward, and only it, names its symbol")
        if self.kind in ("per_symbol", "lowest", "flat", "chosen") and self.points < 1:
            raise FieldError("points", f"a {self.kind!r} reward gives at least 1 point")
        if self.kind == "size":
            if not self.sizes or any(len(p) != 2 or p[0] < 2 or p[1] < 1 for p in self.sizes):
                raise FieldError("sizes", "pairs [tiles, points], at least 2 tiles and 1 point")
            if [p[0] for p in self.sizes] != sorted({p[0] for p in self.sizes}):
                raise FieldError("sizes", "sizes in increasing order, each once")
        elif self.sizes:
            raise FieldError("sizes", f"only a 'size' reward has sizes, not {self.kind!r}")
        return self

    def reward(self) -> Reward:
        sizes = tuple((p[0], p[1]) for p in self.sizes)
        return Reward(self.id, self.kind, self.symbol, self.points, self.bonus, sizes)


class ObjectiveModel(ItemModel):
    """An objective card: ``mission`` and ``reward`` tables (their ids are the card's)."""

    mission: dict[str, Any]
    reward: dict[str, Any]


class BonusEntry(TableModel):
    """Each player's pieces: bonus tokens by kind, houses in supply and in reserve."""

    tokens: list[Literal["flower", "fruit", "leaf", "port"]] = Field(min_length=1, max_length=8)
    houses: int = Field(4, ge=1, le=8)
    reserve: int = Field(4, ge=0, le=8)


class DiscoveryModel(ItemModel):
    value: int = Field(ge=0, le=20)


class AlexisModel(ItemModel):
    stars: int = Field(ge=1, le=5)
    explore: int = Field(ge=0)
    land: int = Field(ge=1)
    houses: int = Field(ge=0, le=8)
    base: int = Field(ge=0)
    per_house: int = Field(ge=0)


class ExpeditionModel(ItemModel):
    kind: Literal["explore", "land"]
    slot: int = Field(1, ge=1, le=3)
    aim: Literal["join", "spread"] = "join"


def parse_cards(data: dict[str, Any], source: str) -> dict[str, Any]:
    """The checked contents of a card file, as the fields of :class:`Components`."""
    objectives = []
    for entry in load_items(data, "objective", source, ObjectiveModel):
        halves = []
        for half, model in (("mission", MissionModel), ("reward", RewardModel)):
            raw = {"id": entry.id, **getattr(entry, half)}
            item = load_items({half: [raw]}, half, f"{source}: objective {entry.id!r}", model)[0]
            halves.append(item)
        mission, reward = halves
        assert isinstance(mission, MissionModel) and isinstance(reward, RewardModel)
        objectives.append(Objective(entry.id, mission.mission(), reward.reward()))
    bonus = load_table(data, "bonus", source, BonusEntry)
    alexis = [
        Alexis(a.id, a.stars, a.explore, a.land, a.houses, a.base, a.per_house)
        for a in load_items(data, "alexis", source, AlexisModel)
    ]
    expeditions = [
        Expedition(e.id, e.kind, e.slot, e.aim)
        for e in load_items(data, "expedition", source, ExpeditionModel)
    ]
    for card in alexis:
        for kind, wanted in (("explore", card.explore), ("land", card.land)):
            have = sum(e.kind == kind for e in expeditions)
            if wanted > have:
                raise ContentError(
                    f"{source}: alexis {card.id!r}: field {kind!r}: {wanted} cards, the "
                    f"Expedition deck has {have}"
                )
    return {
        "objectives": tuple(objectives),
        "missions": tuple(m.mission() for m in load_items(data, "mission", source, MissionModel)),
        "rewards": tuple(r.reward() for r in load_items(data, "reward", source, RewardModel)),
        "tokens": tuple(bonus.tokens),
        "houses": bonus.houses,
        "reserve": bonus.reserve,
        "discoveries": tuple(
            Discovery(d.id, d.value) for d in load_items(data, "discovery", source, DiscoveryModel)
        ),
        "alexis": tuple(sorted(alexis, key=lambda a: a.stars)),
        "expeditions": tuple(expeditions),
    }
