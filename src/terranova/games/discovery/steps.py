"""The flow of a game of The Discovery: the steps the turn engine
(:mod:`terranova.core.turns`) waits for.

Set-up sets tiles aside, then (with hands of several tiles) deals them; a turn begins
(unplaceable tiles discarded, a tile drawn if the hand is short), its player places a
tile, then deploys, takes back or passes with a follower; the turn is over, and with hands
of several tiles its player draws one back. Every step waits: a turn begins and ends as
the action before it is carried out (``DiscoveryState._start_turn`` and ``_end_turn``),
which costs less than a step of its own in a game whose actions are this cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terranova.core.turns import Chance, Decision


@dataclass(frozen=True, slots=True)
class SettingAside(Chance):
    """Set-up: a tile is set aside (the variant's count of them)."""

    name: ClassVar[str | None] = "set-aside"
    waits: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Dealing(Chance):
    """Set-up, hands of several tiles: ``seat`` is dealt a tile."""

    name: ClassVar[str | None] = "deal"
    waits: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, slots=True)
class Drawing(Chance):
    """``seat`` draws a tile at the start of its turn."""

    name: ClassVar[str | None] = "draw"
    waits: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, slots=True)
class Placing(Decision):
    """Step 1: ``seat`` places a tile from its hand."""

    name: ClassVar[str | None] = "place"
    waits: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, slots=True)
class Following(Decision):
    """Step 2: ``seat`` deploys a follower on the tile just placed, takes one back, or
    passes."""

    name: ClassVar[str | None] = "follower"
    waits: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, slots=True)
class Refilling(Chance):
    """Hands of several tiles: ``seat`` draws a tile back after its turn."""

    name: ClassVar[str | None] = "refill"
    waits: ClassVar[bool] = True
    seat: int


STEP_NAMES = ("set-aside", "deal", "draw", "refill", "place", "follower", "over")
"""The names of the steps a game waits on, and ``over``: a view's ``phase``."""

SEATS = range(5)
# each step of each seat made once: steps are frozen values, and making one costs more than
# the rest of a cheap action
SETTING_ASIDE = SettingAside()
DEALING = tuple(Dealing(s) for s in SEATS)
DRAWING = tuple(Drawing(s) for s in SEATS)
PLACING = tuple(Placing(s) for s in SEATS)
FOLLOWING = tuple(Following(s) for s in SEATS)
REFILLING = tuple(Refilling(s) for s in SEATS)
