"""The Discovery's actions and their canonical text forms.

>>> Place("15", 3, -2, 1)
Place(design='15', x=3, y=-2, rotation=1)
>>> str(Place("15", 3, -2, 1))
'place 15 3,-2 90'
>>> parse_action("remove 0,1/2")
Remove(x=0, y=1, region=2)
>>> all(parse_action(str(a)) == a for a in
...     [Place("start", 0, 0, 0), Deploy(1), Remove(-4, 7, 0), PASS, Draw("66"), SetAside("01")])
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from terranova.core.actions import Action
from terranova.core.errors import MalformedActionError


class DiscoveryAction(Action):
    """Any action of The Discovery."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Place(DiscoveryAction):
    """Step 1: lay the tile ``design`` at (x, y) turned ``rotation`` quarter turns clockwise.

    x grows to the east, y to the south; the start tile is at (0, 0).
    """

    design: str
    x: int
    y: int
    rotation: int

    def __str__(self) -> str:
        return f"place {self.design} {self.x},{self.y} {self.rotation * 90}"


@dataclass(frozen=True, slots=True)
class Deploy(DiscoveryAction):
    """Step 2: put a follower from supply on region ``region`` of the tile just placed."""

    region: int

    def __str__(self) -> str:
        return f"deploy {self.region}"


@dataclass(frozen=True, slots=True)
class Remove(DiscoveryAction):
    """Step 2: take back your follower standing on region ``region`` of the tile at (x, y)
    and score its territory."""

    x: int
    y: int
    region: int

    def __str__(self) -> str:
        return f"remove {self.x},{self.y}/{self.region}"


@dataclass(frozen=True, slots=True)
class Pass(DiscoveryAction):
    """Step 2: neither deploy nor remove."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()


@dataclass(frozen=True, slots=True)
class Draw(DiscoveryAction):
    """Chance: the tile ``design`` is drawn from the stack by the player to draw."""

    design: str

    def __str__(self) -> str:
        return f"draw {self.design}"


@dataclass(frozen=True, slots=True)
class SetAside(DiscoveryAction):
    """Chance: the tile ``design`` is removed face up at setup (equal-turns variant)."""

    design: str

    def __str__(self) -> str:
        return f"set-aside {self.design}"


_ID = r"([A-Za-z0-9_-]+)"
_INT = r"(-?\d+)"
_PATTERNS: list[tuple[re.Pattern[str], type[DiscoveryAction]]] = [
    (re.compile(rf"place {_ID} {_INT},{_INT} (0|90|180|270)"), Place),
    (re.compile(r"deploy (\d+)"), Deploy),
    (re.compile(rf"remove {_INT},{_INT}/(\d+)"), Remove),
    (re.compile(rf"draw {_ID}"), Draw),
    (re.compile(rf"set-aside {_ID}"), SetAside),
]


def parse_action(text: str) -> DiscoveryAction:
    """The action whose canonical text is ``text``; raises MalformedActionError."""
    text = text.strip()
    if text == "pass":
        return PASS
    for pattern, kind in _PATTERNS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        groups = match.groups()
        if kind is Place:
            return Place(groups[0], int(groups[1]), int(groups[2]), int(groups[3]) // 90)
        if kind is Deploy:
            return Deploy(int(groups[0]))
        if kind is Remove:
            return Remove(int(groups[0]), int(groups[1]), int(groups[2]))
        if kind is Draw:
            return Draw(groups[0])
        return SetAside(groups[0])
    raise MalformedActionError(
        f"not an action of The Discovery: {text!r} (expected e.g. 'place 15 3,-2 90', "
        "'deploy 1', 'remove 3,-2/1', 'pass', 'draw 15', 'set-aside 15')"
    )
