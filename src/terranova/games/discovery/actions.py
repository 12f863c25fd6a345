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

from dataclasses import dataclass

from terranova.core.action_text import ActionParser, text_form
from terranova.core.actions import Action


class DiscoveryAction(Action):
    """Any action of The Discovery."""

    __slots__ = ()


@text_form("place {design:id} {x},{y} {rotation:quarter}")
@dataclass(frozen=True, slots=True)
class Place(DiscoveryAction):
    """Step 1: lay the tile ``design`` at (x, y) turned ``rotation`` quarter turns clockwise.

    x grows to the east, y to the south; the start tile is at (0, 0).
    """

    design: str
    x: int
    y: int
    rotation: int


@text_form("deploy {region:nat}")
@dataclass(frozen=True, slots=True)
class Deploy(DiscoveryAction):
    """Step 2: put a follower from supply on region ``region`` of the tile just placed."""

    region: int


@text_form("remove {x},{y}/{region:nat}")
@dataclass(frozen=True, slots=True)
class Remove(DiscoveryAction):
    """Step 2: take back your follower standing on region ``region`` of the tile at (x, y)
    and score its territory."""

    x: int
    y: int
    region: int


@text_form("pass")
@dataclass(frozen=True, slots=True)
class Pass(DiscoveryAction):
    """Step 2: neither deploy nor remove."""


PASS = Pass()


@text_form("draw {design:id}")
@dataclass(frozen=True, slots=True)
class Draw(DiscoveryAction):
    """Chance: the tile ``design`` is drawn from the stack by the player to draw."""

    design: str


@text_form("set-aside {design:id}")
@dataclass(frozen=True, slots=True)
class SetAside(DiscoveryAction):
    """Chance: the tile ``design`` is removed face up at setup (equal-turns variant)."""

    design: str


parse_action: ActionParser[DiscoveryAction] = ActionParser(
    "The Discovery", [Place, Deploy, Remove, Pass, Draw, SetAside]
)
"""The action whose canonical text is the text given; raises MalformedActionError."""
