"""The flow of a game of Small Islands: the steps the engine waits for or carries out.

The steps are the core turn engine's (:mod:`terranova.core.turns`): a chance step waits
for chance (a tile turned face up or dealt, a card or a token drawn, Alexis's Expedition
card); a decision step waits for the seat it names; the other steps are carried out until
the next decision or chance step; the engine's ``TurnOver`` ends a turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from terranova.core.turns import Chance, Decision, Step


@dataclass(frozen=True, slots=True)
class LayingStart(Decision):
    """Set-up: the first player lays one of the starting tiles ``left`` (their indices, in
    number order), either side; with ``ordered`` (variant ``start=ordered``) only the first
    of them."""

    name: ClassVar[str] = "starting tiles"
    seat: int
    left: tuple[int, ...]
    ordered: bool = False

    def laying(self) -> tuple[int, ...]:
        """The starting tiles that may be laid now."""
        return self.left[:1] if self.ordered else self.left


@dataclass(frozen=True, slots=True)
class Revealing(Chance):
    """A tile is turned face up into the row (from the Navigation stack while it holds
    tiles, else from the main stack)."""

    name: ClassVar[str] = "reveal"


@dataclass(frozen=True, slots=True)
class Dealing(Chance):
    """``seat`` draws a landscape tile into hand."""

    name: ClassVar[str] = "deal"
    seat: int


@dataclass(frozen=True, slots=True)
class Drawing(Chance):
    """``seat`` draws a card from ``deck``: objective, mission or reward."""

    name: ClassVar[str] = "draw"
    seat: int
    deck: str


@dataclass(frozen=True, slots=True)
class Choosing(Decision):
    """Round preparation: ``seat`` keeps an objective for this round and one for the next."""

    name: ClassVar[str] = "objectives"
    seat: int


@dataclass(frozen=True, slots=True)
class Turn(Decision):
    """``seat``'s turn: Explore (take a face-up tile) or Land."""

    name: ClassVar[str] = "turn"
    seat: int


@dataclass(frozen=True, slots=True)
class Placing(Decision):
    """Explore: ``seat`` lays a tile from hand."""

    name: ClassVar[str] = "place"
    seat: int


@dataclass(frozen=True, slots=True)
class Bonus(Decision):
    """Explore: ``seat`` may place one bonus token."""

    name: ClassVar[str] = "bonus"
    seat: int


@dataclass(frozen=True, slots=True)
class AlexisTurn(Chance):
    """Solo game: Alexis turns over an Expedition card."""

    name: ClassVar[str] = "alexis"


@dataclass(frozen=True, slots=True)
class RoundStart(Step):
    """A round begins: the Navigation stack, then the objectives."""


@dataclass(frozen=True, slots=True)
class Housing(Decision):
    """Round end: ``seat`` builds houses on islands fulfilling its Mission."""

    name: ClassVar[str] = "houses"
    seat: int


@dataclass(frozen=True, slots=True)
class Discovering(Chance):
    """A Discovery reward: ``seat`` draws ``left`` more Discovery tokens."""

    name: ClassVar[str] = "discovery"
    seat: int
    left: int


@dataclass(frozen=True, slots=True)
class Keeping(Decision):
    """A Discovery reward: ``seat`` keeps one of the tokens it drew."""

    name: ClassVar[str] = "keep token"
    seat: int


@dataclass(frozen=True, slots=True)
class Reckoning(Step):
    """Round end: ``seat`` (or Alexis) reveals its objective and builds; then the next."""

    seat: int
    left: int
    """How many players after this one still reckon."""


@dataclass(frozen=True, slots=True)
class HousingOver(Step):
    """``seat`` has built: its objective goes back, its houses are refilled."""

    seat: int


@dataclass(frozen=True, slots=True)
class RoundOver(Step):
    """Every player has built: the lander becomes first player; the game ends or goes on."""


@dataclass(frozen=True, slots=True)
class Building(Step):
    """``seat`` (or Alexis) builds next, if any island lets it."""

    seat: int


@dataclass(frozen=True, slots=True)
class Drawn(Step):
    """The Discovery tokens ``seat`` drew are in: it keeps the only one, or chooses."""

    seat: int
