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
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from terranova.core.actions import Action
from terranova.core.errors import MalformedActionError


class EntdeckerAction(Action):
    """Any action of Entdecker."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Layout(EntdeckerAction):
    """Chance, variable set-up: the set-up ``layout`` is drawn."""

    layout: str

    def __str__(self) -> str:
        return f"layout {self.layout}"


@dataclass(frozen=True, slots=True)
class Roll(EntdeckerAction):
    """Chance: the income die shows ``face`` (a number, or ``wheel``)."""

    face: str

    def __str__(self) -> str:
        return f"roll {self.face}"


@dataclass(frozen=True, slots=True)
class Income(EntdeckerAction):
    """The ship's wheel was rolled: the roller takes ``value`` (each other player one more)."""

    value: int

    def __str__(self) -> str:
        return f"wheel {self.value}"


@dataclass(frozen=True, slots=True)
class StartEdge(EntdeckerAction):
    """Start at the board's edge, at start point ``point`` (a side and a row or column:
    ``N3`` is north of column 3): the ship sails into the square inside it."""

    point: str

    def __str__(self) -> str:
        return f"start {self.point}"


@dataclass(frozen=True, slots=True)
class StartTile(EntdeckerAction):
    """Start on the discovered tile at (x, y), heading out across its edge ``heading``;
    the route comes from start point ``via`` and pays a toll to each seat in ``tolls``
    (comma-separated, once per fort or settlement passed; empty: none)."""

    x: int
    y: int
    heading: str
    via: str
    tolls: str

    def __str__(self) -> str:
        toll = f" toll {self.tolls}" if self.tolls else ""
        return f"start {self.x},{self.y} {self.heading} via {self.via}{toll}"


@dataclass(frozen=True, slots=True)
class Announce(EntdeckerAction):
    """Announce and pay ``count`` tiles of one ``kind``: ``open`` or ``hidden``."""

    count: int
    kind: str

    def __str__(self) -> str:
        return f"announce {self.count} {self.kind}"


@dataclass(frozen=True, slots=True)
class Draw(EntdeckerAction):
    """Draw the next hidden tile."""

    def __str__(self) -> str:
        return "draw"


DRAW = Draw()


@dataclass(frozen=True, slots=True)
class Take(EntdeckerAction):
    """Take the top tile of open stack ``number``."""

    number: int

    def __str__(self) -> str:
        return f"take {self.number}"


@dataclass(frozen=True, slots=True)
class Reveal(EntdeckerAction):
    """Chance: the hidden tile drawn is a ``design``."""

    design: str

    def __str__(self) -> str:
        return f"reveal {self.design}"


@dataclass(frozen=True, slots=True)
class Place(EntdeckerAction):
    """Lay the tile in hand at (x, y) turned ``rotation`` quarter turns clockwise."""

    design: str
    x: int
    y: int
    rotation: int

    def __str__(self) -> str:
        return f"place {self.design} {self.x},{self.y} {self.rotation * 90}"


@dataclass(frozen=True, slots=True)
class Settle(EntdeckerAction):
    """Place a unit (``scout``, ``fort`` or ``settlement``) on land piece ``piece`` of the
    tile at (x, y) where the ship stands; it ends the exploration. A player out of scouts
    takes one back from ``source``: a tile's piece (``5,6/1``) or a path's space (``p3/2``)."""

    kind: str
    x: int
    y: int
    piece: int
    source: str

    def __str__(self) -> str:
        back = f" from {self.source}" if self.source else ""
        return f"{self.kind} {self.x},{self.y}/{self.piece}{back}"


@dataclass(frozen=True, slots=True)
class Stop(EntdeckerAction):
    """End the exploration without a unit."""

    def __str__(self) -> str:
        return "stop"


STOP = Stop()


@dataclass(frozen=True, slots=True)
class Trek(EntdeckerAction):
    """Send a scout onto jungle path ``path`` (to its free space nearest the hut)."""

    path: str

    def __str__(self) -> str:
        return f"path {self.path}"


@dataclass(frozen=True, slots=True)
class Token(EntdeckerAction):
    """Chance: the produce token ``token`` is drawn from the bag into a hut."""

    token: str

    def __str__(self) -> str:
        return f"token {self.token}"


@dataclass(frozen=True, slots=True)
class Fill(EntdeckerAction):
    """Chance: the tile searched out of the hidden stacks to fill an enclosed space."""

    design: str

    def __str__(self) -> str:
        return f"fill {self.design}"


_ID = r"([A-Za-z0-9_-]+)"
_INT = r"(-?\d+)"
_PLACE = rf"{_INT},{_INT}/(\d+)"
_SOURCE = rf"(-?\d+,-?\d+/\d+|{_ID[1:-1]}/\d+)"
_PATTERNS: list[tuple[re.Pattern[str], Callable[..., EntdeckerAction]]] = [
    (re.compile(rf"layout {_ID}"), Layout),
    (re.compile(r"roll (\d+|wheel)"), Roll),
    (re.compile(r"wheel (\d+)"), lambda v: Income(int(v))),
    (re.compile(r"start ([NESW]\d+)"), StartEdge),
    (
        re.compile(rf"start {_INT},{_INT} ([NESW]) via ([NESW]\d+)(?: toll (\d+(?:,\d+)*))?"),
        lambda x, y, h, via, tolls: StartTile(int(x), int(y), h, via, tolls or ""),
    ),
    (re.compile(r"announce (\d+) (open|hidden)"), lambda n, k: Announce(int(n), k)),
    (re.compile(r"draw"), lambda: DRAW),
    (re.compile(r"take (\d+)"), lambda n: Take(int(n))),
    (re.compile(rf"reveal {_ID}"), Reveal),
    (
        re.compile(rf"place {_ID} {_INT},{_INT} (0|90|180|270)"),
        lambda d, x, y, r: Place(d, int(x), int(y), int(r) // 90),
    ),
    (
        re.compile(rf"(scout|fort|settlement) {_PLACE}(?: from {_SOURCE})?"),
        lambda k, x, y, p, s: Settle(k, int(x), int(y), int(p), s or ""),
    ),
    (re.compile(r"stop"), lambda: STOP),
    (re.compile(rf"path {_ID}"), Trek),
    (re.compile(rf"token {_ID}"), Token),
    (re.compile(rf"fill {_ID}"), Fill),
]


def parse_action(text: str) -> EntdeckerAction:
    """The action whose canonical text is ``text``; raises MalformedActionError."""
    text = text.strip()
    for pattern, make in _PATTERNS:
        match = pattern.fullmatch(text)
        if match is not None:
            return make(*match.groups())
    raise MalformedActionError(
        f"not an action of Entdecker: {text!r} (expected e.g. 'start N3', "
        "'start 3,4 E via N3 toll 1', 'announce 2 hidden', 'draw', 'take 3', "
        "'place cape 3,4 90', 'scout 3,4/0', 'stop', 'path p2', 'wheel 5')"
    )
