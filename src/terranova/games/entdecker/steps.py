"""The flow of a game of Entdecker: the steps the engine waits for or carries out, and the
turn in progress.

The state runs on the core turn engine (:mod:`terranova.core.turns`): its *agenda* is a
stack of steps, the one on top first. A :class:`~terranova.core.turns.Chance` step waits for
chance (the set-up drawn, the die, a hidden tile, a produce token, a tile searched out to
fill a space); a :class:`~terranova.core.turns.Decision` step waits for the seat it names;
the other steps are carried out by the engine until the next decision or chance node.
Steps are frozen: a cloned state shares them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terranova.core.actions import Action
from terranova.core.turns import Chance, Decision, Step, TurnOver

__all__ = [
    "Announcing",
    "Exploring",
    "Filling",
    "Hut",
    "Natives",
    "Placing",
    "Revealing",
    "Rolling",
    "Scoring",
    "Searching",
    "SettingUp",
    "Starting",
    "Trekking",
    "Turn",
    "TurnOver",
    "Wheel",
]


@dataclass(frozen=True, slots=True)
class SettingUp(Chance):
    """Variable set-up: one of the set-ups is drawn."""

    name: ClassVar[str | None] = "set-up"


@dataclass(frozen=True, slots=True)
class Rolling(Chance):
    """1. Income: ``seat`` holds too little gold and rolls the die."""

    name: ClassVar[str | None] = "income"
    seat: int


@dataclass(frozen=True, slots=True)
class Wheel(Decision):
    """1. Income: the ship's wheel was rolled; ``seat`` chooses its income."""

    name: ClassVar[str | None] = "wheel"
    seat: int


@dataclass(frozen=True, slots=True)
class Starting(Decision):
    """2-3. ``seat`` chooses a start and a route, and pays for them."""

    name: ClassVar[str | None] = "start"
    seat: int


@dataclass(frozen=True, slots=True)
class Announcing(Decision):
    """4. ``seat`` announces how many tiles of which kind, and pays."""

    name: ClassVar[str | None] = "announce"
    seat: int


@dataclass(frozen=True, slots=True)
class Exploring(Decision):
    """5-6. ``seat`` draws the next tile, places a unit (ending the exploration) or stops."""

    name: ClassVar[str | None] = "explore"
    seat: int


@dataclass(frozen=True, slots=True)
class Revealing(Chance):
    """5. The hidden tile ``seat`` draws."""

    name: ClassVar[str | None] = "reveal"
    seat: int


@dataclass(frozen=True, slots=True)
class Placing(Decision):
    """5. ``seat`` lays the tile ``design`` (it fits somewhere, so it must be laid)."""

    name: ClassVar[str | None] = "place"
    seat: int
    design: int


@dataclass(frozen=True, slots=True)
class Natives(Decision):
    """Event, friendly natives (variant ``path``): ``seat`` sends a free scout onto a path."""

    name: ClassVar[str | None] = "natives"
    seat: int


@dataclass(frozen=True, slots=True)
class Filling(Step):
    """7. Enclosed single spaces and the squares no ship can reach are filled (automatic)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Searching(Chance):
    """7. The enclosed space ``pos`` is filled from the hidden stacks: which tile."""

    name: ClassVar[str | None] = "fill"
    seat: int
    pos: int


@dataclass(frozen=True, slots=True)
class Scoring(Step):
    """8. The islands completed this turn are scored, then their scouts go onto the paths
    (automatic)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Trekking(Decision):
    """8. ``seat`` sends one of its scouts from a scored island onto a jungle path."""

    name: ClassVar[str | None] = "path"
    seat: int


@dataclass(frozen=True, slots=True)
class Hut(Chance):
    """8. The first scout of ``seat`` on path ``path``: a produce token goes into its hut."""

    name: ClassVar[str | None] = "token"
    seat: int
    path: int


class Turn:
    """The exploration in progress: the kind and number of tiles still to draw, where the
    ship may sail next (target square, its edge the ship crosses), the tile it stands on
    (-1: at the board's edge), the tiles laid, whether a storm ended it, the islands
    completed this turn (their roots), and the start it began with (None: the turn that
    fills the squares left has none), whose route the view shows."""

    __slots__ = ("completed", "exits", "kind", "laid", "left", "seat", "ship", "start", "storm")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.kind = ""
        self.left = 0
        self.exits: list[tuple[int, int]] = []
        self.ship = -1
        self.laid: list[int] = []
        self.storm = False
        self.completed: list[int] = []
        self.start: Action | None = None

    def copy(self) -> Turn:
        other = object.__new__(Turn)
        other.seat, other.kind, other.left, other.ship = self.seat, self.kind, self.left, self.ship
        other.exits = self.exits[:]
        other.laid = self.laid[:]
        other.storm = self.storm
        other.completed = self.completed[:]
        other.start = self.start
        return other
