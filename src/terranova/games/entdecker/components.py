"""Entdecker's components as data: the tiles, the board, the die, the produce tokens, the
jungle paths and the set-ups, with the checked schema of their files (no I/O here: reading
is :mod:`.content`'s).

Two files, both TOML, documented in ``docs/entdecker/components.md``: ``tiles.toml`` lists
the tile designs (land pieces, white sea lanes, stack, event, waterfall bonus);
``board.toml`` the board, costs, start points, die, paths, tokens and set-ups. Every error
names the file, the item and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self

from pydantic import Field, model_validator

from terranova.core.errors import ContentError
from terranova.core.i18n import Named
from terranova.kit.schema import (
    DesignModel,
    FieldError,
    ItemModel,
    TableModel,
    load_designs,
    load_items,
    load_table,
)

EDGE_NAMES = "NESW"
"""Edge letters clockwise from north; an edge is an index into this string."""
EVENTS = ("mine", "pirates", "storm", "natives")
STACKS = ("open", "hidden", "setup")
UNITS = ("scout", "fort", "settlement")
"""Unit kinds from the weakest; an island's majority goes by the strongest kind present."""
SIDES = "NESW"
"""The sides of the board a start point lies on."""
LANGUAGES = ("en", "fr", "de")
"""The languages each design is named in."""


def edge_type(land_edges: frozenset[int]) -> int:
    """The number on a tile's back: its edge type up to rotation.

    >>> [edge_type(frozenset(e)) for e in [(), (0,), (0, 1), (0, 2), (0, 1, 2), (0, 1, 2, 3)]]
    [1, 2, 3, 4, 5, 6]
    """
    count = len(land_edges)
    if count == 2:
        a, b = sorted(land_edges)
        return 4 if b - a == 2 else 3
    return (1, 2, 0, 5, 6)[count]


@dataclass(frozen=True)
class Design:
    """A tile design: its land pieces (the edges each owns; islets own none), its sea lanes
    (the water edges each joins; one edge: a bay), where it lies at the start, its event
    and its waterfall bonus."""

    id: str
    count: int
    stack: str
    number: int
    land: tuple[tuple[int, ...], ...]
    lanes: tuple[tuple[int, ...], ...]
    event: str | None
    bonus: int
    names: tuple[tuple[str, str], ...] = ()
    """The design's name in each language (``("en", "sea strait")``...), as players say it."""

    @property
    def named(self) -> Named:
        """The design's name, said in the reader's language (the id if it has none)."""
        return Named(dict(self.names) or {"en": self.id})

    @property
    def land_edges(self) -> frozenset[int]:
        return frozenset(e for piece in self.land for e in piece)

    def edge_piece(self, rotation: int = 0) -> tuple[int, ...]:
        """The land piece on each edge N, E, S, W after ``rotation`` quarter turns (-1:
        water)."""
        out = [-1] * 4
        for index, piece in enumerate(self.land):
            for e in piece:
                out[(e + rotation) % 4] = index
        return tuple(out)

    def edge_lane(self, rotation: int = 0) -> tuple[int, ...]:
        """The lane on each edge after ``rotation`` quarter turns (-1: no white line)."""
        out = [-1] * 4
        for index, lane in enumerate(self.lanes):
            for e in lane:
                out[(e + rotation) % 4] = index
        return tuple(out)

    def signature(self, rotation: int) -> tuple[object, ...]:
        """Equal for two rotations exactly when the turned tiles look alike."""
        land = sorted(tuple(sorted((e + rotation) % 4 for e in p)) for p in self.land)
        lanes = sorted(tuple(sorted((e + rotation) % 4 for e in lane)) for lane in self.lanes)
        return (tuple(land), tuple(lanes))


@dataclass(frozen=True)
class TileSet:
    """Every design, in file order."""

    name: str
    designs: tuple[Design, ...]

    @property
    def total(self) -> int:
        return sum(d.count for d in self.designs)

    def index(self, design_id: str) -> int:
        """Position of a design; raises KeyError."""
        for i, design in enumerate(self.designs):
            if design.id == design_id:
                return i
        raise KeyError(design_id)


@dataclass(frozen=True)
class Path:
    """A jungle path to a chief's hut: ``length`` spaces, numbered from the hut."""

    id: str
    length: int


@dataclass(frozen=True)
class Token:
    """A produce token: its plant and its value."""

    id: str
    value: int


@dataclass(frozen=True)
class Layout:
    """A set-up: tiles (design index, x, y, rotation) laid before the first turn."""

    id: str
    kind: str
    tiles: tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True)
class Board:
    """Everything of ``board.toml``."""

    name: str
    width: int
    height: int
    start_gold: int
    income_below: int
    scouts: tuple[int, ...]
    """Scouts per player (score marker included) for 2, 3, 4... players."""
    forts: int
    settlements: int
    unit_costs: tuple[int, int, int]
    """Scout, fort, settlement."""
    open_tile: int
    hidden_tile: int
    toll: int
    mine: int
    edge_costs: dict[str, int]
    faces: tuple[str, ...]
    wheel: tuple[int, int]
    paths: tuple[Path, ...]
    tokens: tuple[Token, ...]
    layouts: tuple[Layout, ...]


@dataclass(frozen=True)
class Components:
    """The tile set and the board together; their compiled tables
    (:func:`~terranova.games.entdecker.tables.compiled`) are made once, when first asked
    for, and shared by every game on these components."""

    tiles: TileSet
    board: Board


# ------------------------------------------------------------------- the tile file

EdgeRun = str


class DesignEntry(DesignModel):
    """A ``[[design]]`` table of ``tiles.toml``."""

    item_names: ClassVar[dict[str, str]] = {"land": "piece", "lanes": "lane"}

    name: dict[str, str]
    stack: Literal["open", "hidden", "setup"]
    number: int | None = Field(default=None, ge=1, le=6)
    land: list[EdgeRun] = Field(default_factory=list)
    islets: int = Field(default=0, ge=0, le=2)
    lanes: list[EdgeRun] = Field(default_factory=list)
    event: Literal["mine", "pirates", "storm", "natives"] | None = None
    bonus: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _check(self) -> Self:
        _check_design(self)
        return self

    def design(self) -> Design:
        land = tuple(tuple(sorted(EDGE_NAMES.index(c) for c in p)) for p in self.land)
        land += ((),) * self.islets
        lanes = tuple(tuple(sorted(EDGE_NAMES.index(c) for c in lane)) for lane in self.lanes)
        number = edge_type(frozenset(e for p in land for e in p))
        names = tuple((lang, self.name[lang]) for lang in LANGUAGES)
        return Design(
            self.id, self.count, self.stack, number, land, lanes, self.event, self.bonus, names
        )


def _edges(field: str, index: int, run: str) -> list[int]:
    if not run or any(c not in EDGE_NAMES for c in run):
        raise FieldError(field, f"{field[:-1] if field == 'lanes' else 'piece'} {index}: "
                         f"{run!r} is not a run of edges (letters N, E, S, W)")  # fmt: skip
    if len(set(run)) != len(run):
        raise FieldError(field, f"{run!r} names an edge twice")
    return [EDGE_NAMES.index(c) for c in run]


def _check_design(entry: DesignEntry) -> None:
    """Each edge in one piece at most, lanes only on water edges and each in one lane,
    nothing crossing on the tile, the number matching the edges, events on hidden tiles,
    a name in each language."""
    missing = [lang for lang in LANGUAGES if lang not in entry.name]
    if missing:
        raise FieldError(
            "name", f"no name in {', '.join(missing)} (each of {', '.join(LANGUAGES)})"
        )
    for lang, text in entry.name.items():
        if lang not in LANGUAGES:
            raise FieldError("name", f"{lang!r} is not a language (each of {', '.join(LANGUAGES)})")
        if not text.strip() or text != text.strip() or "\n" in text:
            raise FieldError("name", f"the {lang} name {text!r} is not one line of words")
    owner: dict[int, str] = {}
    groups: list[tuple[str, list[int]]] = []
    for index, run in enumerate(entry.land):
        edges = _edges("land", index, run)
        for e in edges:
            if e in owner:
                raise FieldError("land", f"edge {EDGE_NAMES[e]} is in two pieces")
            owner[e] = "land"
        groups.append((f"piece {run!r}", edges))
    for index, run in enumerate(entry.lanes):
        edges = _edges("lanes", index, run)
        for e in edges:
            if owner.get(e) == "land":
                raise FieldError("lanes", f"lane {run!r}: edge {EDGE_NAMES[e]} is land")
            if e in owner:
                raise FieldError("lanes", f"edge {EDGE_NAMES[e]} is in two lanes")
            owner[e] = "lane"
        groups.append((f"lane {run!r}", edges))
    for i, (name_a, a) in enumerate(groups):
        for name_b, b in groups[i + 1 :]:
            # b's edges must all lie in one gap between consecutive edges of a
            gaps = {sum(1 for e in sorted(a) if e < x) % len(a) for x in b}
            if len(a) > 1 and len(gaps) > 1:
                field = "lanes" if name_b.startswith("lane") else "land"
                raise FieldError(field, f"{name_a} and {name_b} cross each other on the tile")
    number = edge_type(frozenset(e for e, kind in owner.items() if kind == "land"))
    if entry.number is not None and entry.number != number:
        raise FieldError("number", f"the edges make a tile of type {number}, not {entry.number}")
    if entry.stack == "open" and entry.number is None:
        raise FieldError("number", "an open tile shows its number")
    if entry.event is not None and entry.stack != "hidden":
        raise FieldError("event", "only hidden tiles carry events")
    if entry.bonus and not (entry.land or entry.islets):
        raise FieldError("bonus", "a waterfall lies on land")
    if entry.event == "natives" and len(entry.land) + entry.islets != 1:
        raise FieldError("event", "the natives' tile has one piece of land")


def parse_tiles(data: dict[str, Any], source: str = "tile data") -> TileSet:
    """The tile set of a parsed ``tiles.toml``; at most one open design per number."""
    meta, entries = load_designs(data, source, DesignEntry)
    designs = tuple(entry.design() for entry in entries)
    numbers: dict[int, str] = {}
    for design in designs:
        if design.stack == "open":
            other = numbers.setdefault(design.number, design.id)
            if other != design.id:
                raise ContentError(
                    f"{source}: design {design.id!r}: field 'number': stack {design.number} "
                    f"already holds design {other!r} (one open design per number)"
                )
    # a name says one design: two named alike in a language would read alike in the log
    named: dict[tuple[str, str], str] = {}
    for design in designs:
        for lang, text in design.names:
            other = named.setdefault((lang, text.casefold()), design.id)
            if other != design.id:
                raise ContentError(
                    f"{source}: design {design.id!r}: field 'name': the {lang} name {text!r} "
                    f"is design {other!r}'s already (each design has a name of its own)"
                )
    if not any(d.stack == "hidden" for d in designs):
        raise ContentError(f"{source}: no hidden tiles")
    return TileSet(str(meta.get("name", source)), designs)


# ------------------------------------------------------------------ the board file


class BoardEntry(TableModel):
    width: int = Field(ge=2, le=30)
    height: int = Field(ge=2, le=30)
    start_gold: int = Field(ge=0)
    income_below: int = Field(ge=0)
    scouts: list[int] = Field(min_length=1)
    forts: int = Field(ge=0)
    settlements: int = Field(ge=0)


class CostsEntry(TableModel):
    scout: int = Field(ge=0)
    fort: int = Field(ge=0)
    settlement: int = Field(ge=0)
    open_tile: int = Field(ge=1)
    hidden_tile: int = Field(ge=1)
    toll: int = Field(ge=0)
    mine: int = Field(ge=0)


class EdgesEntry(TableModel):
    N: int = Field(ge=0)
    E: int = Field(ge=0)
    S: int = Field(ge=0)
    W: int = Field(ge=0)


class DieEntry(TableModel):
    faces: list[str] = Field(min_length=1)
    wheel: list[int] = Field(min_length=2, max_length=2)

    @model_validator(mode="after")
    def _check(self) -> Self:
        for face in self.faces:
            if face != "wheel" and not (face.isdigit() and int(face) > 0):
                raise FieldError("faces", f"{face!r} is neither a number nor 'wheel'")
        if not 0 < self.wheel[0] <= self.wheel[1]:
            raise FieldError("wheel", f"{self.wheel} is not a range of numbers")
        return self


class PathEntry(ItemModel):
    length: int = Field(ge=1)


class TokenEntry(ItemModel):
    value: int = Field(ge=1)


class LayoutTile(TableModel):
    tile: str
    x: int
    y: int
    rotation: int = Field(default=0, ge=0, le=3)


class LayoutEntry(ItemModel):
    item_names: ClassVar[dict[str, str]] = {"tiles": "tile"}

    kind: Literal["beginner", "variable"]
    tiles: list[LayoutTile]


def parse_board(data: dict[str, Any], tiles: TileSet, source: str = "board data") -> Board:
    """The board of a parsed ``board.toml``, its set-ups checked against the tile set."""
    meta = data.get("meta", {})
    board = load_table(data, "board", source, BoardEntry)
    costs = load_table(data, "costs", source, CostsEntry)
    edges = load_table(data, "edges", source, EdgesEntry)
    die = load_table(data, "die", source, DieEntry)
    paths = load_items(data, "path", source, PathEntry)
    tokens = load_items(data, "token", source, TokenEntry)
    if len(tokens) < len(paths):
        raise ContentError(f"{source}: {len(paths)} huts need {len(paths)} tokens at least")
    layouts = load_items(data, "layout", source, LayoutEntry)
    if not any(layout.kind == "beginner" for layout in layouts):
        raise ContentError(f"{source}: no beginner set-up (a layout of kind 'beginner')")
    setup = {i: d.count for i, d in enumerate(tiles.designs) if d.stack == "setup"}
    checked: list[Layout] = []
    for layout in layouts:
        placed: list[tuple[int, int, int, int]] = []
        used: dict[int, int] = {}
        for k, entry in enumerate(layout.tiles):
            where = f"{source}: layout {layout.id!r}: field 'tiles': tile {k}"
            try:
                design = tiles.index(entry.tile)
            except KeyError:
                raise ContentError(f"{where}: no design {entry.tile!r}") from None
            if design not in setup:
                raise ContentError(f"{where}: {entry.tile!r} is not a set-up tile")
            used[design] = used.get(design, 0) + 1
            if used[design] > setup[design]:
                raise ContentError(f"{where}: only {setup[design]} tiles {entry.tile!r}")
            if not (0 <= entry.x < board.width and 0 <= entry.y < board.height):
                raise ContentError(f"{where}: {entry.x},{entry.y} is off the board")
            if any((x, y) == (entry.x, entry.y) for _, x, y, _ in placed):
                raise ContentError(f"{where}: {entry.x},{entry.y} is taken")
            for other, x, y, r in placed:
                if abs(x - entry.x) + abs(y - entry.y) == 1 and not _edges_meet(
                    tiles.designs[design], entry.x, entry.y, entry.rotation,
                    tiles.designs[other], x, y, r,
                ):  # fmt: skip
                    raise ContentError(f"{where}: its edge does not match the tile at {x},{y}")
            placed.append((design, entry.x, entry.y, entry.rotation))
        checked.append(Layout(layout.id, layout.kind, tuple(placed)))
    return Board(
        name=str(meta.get("name", source)),
        width=board.width,
        height=board.height,
        start_gold=board.start_gold,
        income_below=board.income_below,
        scouts=tuple(board.scouts),
        forts=board.forts,
        settlements=board.settlements,
        unit_costs=(costs.scout, costs.fort, costs.settlement),
        open_tile=costs.open_tile,
        hidden_tile=costs.hidden_tile,
        toll=costs.toll,
        mine=costs.mine,
        edge_costs={"N": edges.N, "E": edges.E, "S": edges.S, "W": edges.W},
        faces=tuple(die.faces),
        wheel=(die.wheel[0], die.wheel[1]),
        paths=tuple(Path(p.id, p.length) for p in paths),
        tokens=tuple(Token(t.id, t.value) for t in tokens),
        layouts=tuple(checked),
    )


def _edges_meet(a: Design, ax: int, ay: int, ar: int, b: Design, bx: int, by: int, br: int) -> bool:
    """Whether two neighbouring tiles show land against land and water against water."""
    steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
    side = steps.index((bx - ax, by - ay))
    return (a.edge_piece(ar)[side] >= 0) == (b.edge_piece(br)[(side + 2) % 4] >= 0)
