"""Entdecker's actions and their canonical text forms.

>>> str(StartTile(3, 4, "E", "N3", "1,1"))
'start 3,4 E via N3 toll 1,1'
>>> parse_action("place cape 3,4 90")
Place(design='cape', x=3, y=4, rotation=1)
>>> parse_action("scout 3,4/0 from p2/3")
Settle(kind='scout', x=3, y=4, piece=0, source='p2/3')
>>> examples = [Layout("v1"), Roll("wheel"), Income(5), StartEdge("S0"),
...     StartTile(0, 2, "N", "W2", ""), Announce(3, "hidden"), DRAW, Take(6), Reveal("bay"),
...     Place("open-1", 11, 7, 3), Settle("fort", 1, 2, 0, ""), Settle("scout", 1, 2, 1, "4,4/0"),
...     STOP, Trek("p7"), Token("corn"), Fill("inland")]
>>> all(parse_action(str(a)) == a for a in examples)
True

A route's tolls and a scout's source are data for a board, not texts to split:

>>> from terranova.core.action_text import action_data
>>> action_data(StartTile(3, 4, "E", "N3", "1,1"))["fields"]["tolls"]
[1, 1]
>>> [action_data(a)["fields"]["source"] for a in examples if isinstance(a, Settle)]
[None, {'x': 4, 'y': 4, 'piece': 0}]
>>> action_data(parse_action("scout 3,4/0 from p2/3"))["fields"]["source"]
{'path': 'p2', 'space': 3}
>>> all(parse_action.from_data(action_data(a)) == a for a in examples)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from terranova.core.action_text import ActionParser, Converter, text_form
from terranova.core.actions import Action

FACE = Converter(r"\d+|wheel", str, None, "a number or 'wheel'", str)
"""The income die's faces: a number, or the ship's wheel."""
POINT = Converter(r"[NESW]\d+", str, None, "a start point (a side N, E, S or W and a number)")
"""A start point on the board's edge: ``N3`` is north of column 3."""


def _seats_data(tolls: str) -> list[int]:
    """The seats of a tolls field as data: ``"1,1,2"`` is ``[1, 1, 2]``."""
    return [int(s) for s in tolls.split(",")] if tolls else []


def _seats_of(data: list[int]) -> str:
    """The tolls field whose data is ``data``."""
    if not isinstance(data, list) or not all(type(s) is int and s >= 0 for s in data):
        raise ValueError(f"not a list of seats: {data!r}")
    return ",".join(map(str, data))


def _source_data(source: str) -> dict[str, int | str] | None:
    """A scout's source as data: a tile's land piece ``"5,6/1"`` is ``{"x": 5, "y": 6,
    "piece": 1}``, a path's space ``"p3/2"`` is ``{"path": "p3", "space": 2}``; none
    (``""``) is ``None``."""
    if not source:
        return None
    where, index = source.split("/")
    if "," in where:
        x, y = where.split(",")
        return {"x": int(x), "y": int(y), "piece": int(index)}
    return {"path": where, "space": int(index)}


def _source_of(data: dict[str, int | str] | None) -> str:
    """The source field whose data is ``data``."""
    if data is None:
        return ""
    if set(data) == {"x", "y", "piece"}:
        return f"{int(data['x'])},{int(data['y'])}/{int(data['piece'])}"
    return f"{data['path']}/{int(data['space'])}"


SEATS = Converter(
    r"\d+(?:,\d+)*",
    str,
    None,
    "seat numbers separated by commas",
    data=_seats_data,
    undata=_seats_of,
)
"""The seats a route pays tolls to, one per fort or settlement passed; as data, a list."""
SOURCE = Converter(
    r"-?\d+,-?\d+/\d+|[A-Za-z0-9_-]+/\d+",
    str,
    None,
    "a tile's land piece (5,6/1) or a path's space (p3/2)",
    data=_source_data,
    undata=_source_of,
)
"""Where a scout is taken back from: a tile's land piece or a path's space; as data, an
object (``{"x", "y", "piece"}`` or ``{"path", "space"}``), or ``None``."""


class EntdeckerAction(Action):
    """Any action of Entdecker."""

    __slots__ = ()


@text_form("layout {layout:id}")
@dataclass(frozen=True, slots=True)
class Layout(EntdeckerAction):
    """Chance, variable set-up: the set-up ``layout`` is drawn."""

    layout: str


@text_form("roll {face:face}", face=FACE)
@dataclass(frozen=True, slots=True)
class Roll(EntdeckerAction):
    """Chance: the income die shows ``face`` (a number, or ``wheel``)."""

    face: str


@text_form("wheel {value:nat}")
@dataclass(frozen=True, slots=True)
class Income(EntdeckerAction):
    """The ship's wheel was rolled: the roller takes ``value`` (each other player one more)."""

    value: int


@text_form("start {point:point}", point=POINT)
@dataclass(frozen=True, slots=True)
class StartEdge(EntdeckerAction):
    """Start at the board's edge, at start point ``point`` (a side and a row or column:
    ``N3`` is north of column 3): the ship sails into the square inside it."""

    point: str


@text_form(
    "start {x},{y} {heading:N|E|S|W} via {via:point}[ toll {tolls:seats}]", point=POINT, seats=SEATS
)
@dataclass(frozen=True, slots=True)
class StartTile(EntdeckerAction):
    """Start on the discovered tile at (x, y), heading out across its edge ``heading``;
    the route comes from start point ``via`` and pays a toll to each seat in ``tolls``
    (comma-separated, once per fort or settlement passed; empty: none)."""

    x: int
    y: int
    heading: str
    via: str
    tolls: str = ""


@text_form("announce {count:nat} {kind:open|hidden}")
@dataclass(frozen=True, slots=True)
class Announce(EntdeckerAction):
    """Announce and pay ``count`` tiles of one ``kind``: ``open`` or ``hidden``."""

    count: int
    kind: str


@text_form("draw")
@dataclass(frozen=True, slots=True)
class Draw(EntdeckerAction):
    """Draw the next hidden tile."""


DRAW = Draw()


@text_form("take {number:nat}")
@dataclass(frozen=True, slots=True)
class Take(EntdeckerAction):
    """Take the top tile of open stack ``number``."""

    number: int


@text_form("reveal {design:id}")
@dataclass(frozen=True, slots=True)
class Reveal(EntdeckerAction):
    """Chance: the hidden tile drawn is a ``design``."""

    design: str


@text_form("place {design:id} {x},{y} {rotation:quarter}")
@dataclass(frozen=True, slots=True)
class Place(EntdeckerAction):
    """Lay the tile in hand at (x, y) turned ``rotation`` quarter turns clockwise."""

    design: str
    x: int
    y: int
    rotation: int


@text_form("{kind:scout|fort|settlement} {x},{y}/{piece:nat}[ from {source:source}]", source=SOURCE)
@dataclass(frozen=True, slots=True)
class Settle(EntdeckerAction):
    """Place a unit (``scout``, ``fort`` or ``settlement``) on land piece ``piece`` of the
    tile at (x, y) where the ship stands; it ends the exploration. A player out of scouts
    takes one back from ``source``: a tile's piece (``5,6/1``) or a path's space (``p3/2``)."""

    kind: str
    x: int
    y: int
    piece: int
    source: str = ""


@text_form("stop")
@dataclass(frozen=True, slots=True)
class Stop(EntdeckerAction):
    """End the exploration without a unit."""


STOP = Stop()


@text_form("path {path:id}")
@dataclass(frozen=True, slots=True)
class Trek(EntdeckerAction):
    """Send a scout onto jungle path ``path`` (to its free space nearest the hut)."""

    path: str


@text_form("token {token:id}")
@dataclass(frozen=True, slots=True)
class Token(EntdeckerAction):
    """Chance: the produce token ``token`` is drawn from the bag into a hut."""

    token: str


@text_form("fill {design:id}")
@dataclass(frozen=True, slots=True)
class Fill(EntdeckerAction):
    """Chance: the tile searched out of the hidden stacks to fill an enclosed space."""

    design: str


parse_action: ActionParser[EntdeckerAction] = ActionParser(
    "Entdecker",
    [Layout, Roll, Income, StartEdge, StartTile, Announce, Draw, Take, Reveal, Place, Settle,
     Stop, Trek, Token, Fill],
)  # fmt: skip
"""The action whose canonical text is the text given; raises MalformedActionError."""
