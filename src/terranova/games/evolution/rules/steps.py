"""The flow of a game: the steps the engine waits for or carries out, the turns in progress
and the challengeable actions ("deeds") waiting for their response window.

The state keeps an *agenda* (the core turn engine's, :mod:`terranova.core.turns`): a stack
of steps, the one on top first. The step on top says
who acts: chance (a :class:`Chance` step: a deal, a draw, the card a steal takes, the
automaton turning over a card), the seat whose turn it is (:class:`Playing`) or a seat
answering out of turn (a :class:`Window`, a Stop, a card to give, a victim to choose).
Automatic steps (a deed settled once its window is closed, the automaton's procedure, the
end of a turn, the engine's :class:`~terranova.core.turns.TurnOver`) run inside ``apply``
until the next decision or chance node. Steps are
frozen: a step that changes is replaced on the agenda, never modified, so that a cloned
state may share them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from terranova.core.turns import Chance, Decision, Step

DrawMode = Literal["up to five", "one", "one or steal"]
"""How many cards a draw takes: up to a full hand (Explore: the end of a turn, an emptied
hand), one card if there is one (Explore: a card taken from a hand is replaced), one card
or, once the draw pile is empty, a steal (Bluff, Stop)."""

Theft = Literal["special", "exchange", "forced", "stop case 2"]
"""Why a steal happens: a special action (the victim redraws in Explore), the first half of
an exchange, a steal instead of a draw (the draw pile is empty), Stop case 2."""

Gift = Literal["exchange", "request", "stop case 3"]
"""Why a card is given: the second half of an exchange, a teammate's request, Stop case 3."""

Source = Literal["hand", "reserve", "discard", "called", "joker"]
"""Where a placed card comes from."""

Reason = Literal["opened", "closed", "emptied", "joker"]
"""Why a special action is earned (rule 2.2): opening an era (not era 1) or closing one
(Bluff: announcing it), emptying your hand while the draw pile has cards, a joker out of
the tree (the automaton's: turned over). Explore scores 3 points for each."""

Reasons = tuple[Reason, ...]
"""The special actions earned at once, a reason each."""

OPENED: Reasons = ("opened",)
CLOSED: Reasons = ("closed",)
EMPTIED: Reasons = ("emptied",)
JOKER_OUT: Reasons = ("joker",)


@dataclass(frozen=True, slots=True)
class Series:
    """The series of the last card placed: its last card, its length, and whether it was
    started with a joker (it continues only through prerequisite links)."""

    last: int
    length: int
    joker: bool


# ------------------------------------------------------------------------- deeds


@dataclass(frozen=True, slots=True)
class Deed:
    """An action that a response window follows (and, in Bluff, that a Stop may challenge).
    Its effects wait until the window is closed; a Stop that finds it wrong reverses it."""

    actor: int
    valid: bool
    """Whether the action kept the rules (Bluff: what a Stop checks)."""
    text: str


@dataclass(frozen=True, slots=True)
class Placement(Deed):
    """A card placed, or a joker placed in the tree as a card."""

    card: int
    """The card placed or represented."""
    item: int
    """What was put in the tree: the card, or the joker standing for it."""
    source: Source
    prev: Series | None
    """The series of the last card placed before this one (restored if it is reversed)."""
    earned: Reasons
    """Explore: the special actions earned by opening or closing an era with this card."""


@dataclass(frozen=True, slots=True)
class Calling(Deed):
    """Bluff: a card called (special action 5), answered once its window is closed."""

    card: int


@dataclass(frozen=True, slots=True)
class Announcement(Deed):
    """Bluff: an era announced open (``close`` false) or closed."""

    era: int
    close: bool


@dataclass(frozen=True, slots=True)
class Abandon(Deed):
    """Bluff: a called card given up (discarded) as not placeable."""

    card: int


# ------------------------------------------------------------------------ turns


class Turn:
    """One turn in progress (several when a joker interrupted one)."""

    __slots__ = (
        "a_count",
        "a_groups",
        "a_left",
        "a_placed",
        "a_specials",
        "a_stop",
        "asked",
        "can_start",
        "ended",
        "fresh",
        "interruption",
        "joker",
        "last",
        "length",
        "passed",
        "placed",
        "requested",
        "seat",
        "specials",
    )

    def __init__(self, seat: int, interruption: bool) -> None:
        self.seat = seat
        self.interruption = interruption
        self.fresh = True  # nothing done yet (pass, ask)
        self.can_start = True  # the next placement starts a series
        self.last = -1  # the current series: last card, length, started with a joker
        self.length = 0
        self.joker = False
        self.specials = 0
        self.placed = 0  # cards placed this turn that stayed
        self.asked = False
        self.requested = -1  # the card a teammate gave on request
        self.ended = False
        self.passed = False
        # the automaton's turn
        self.a_specials = 0  # special actions waiting: each turns over two cards
        self.a_left = 0  # cards still to turn over for the current special action
        self.a_groups = False  # turning over cards for special actions
        self.a_placed = False  # ...and it placed at least one of them
        self.a_stop = False  # a card turned over normally could not be placed
        self.a_count = 0  # cards placed this turn (its one series, for points)

    def copy(self) -> Turn:
        other = object.__new__(Turn)
        for name in Turn.__slots__:
            setattr(other, name, getattr(self, name))
        return other


# ------------------------------------------------------------------------ steps


@dataclass(frozen=True, slots=True)
class Dealing(Chance):
    """The ``k``-th card of the deal: the reserve, then each player, five rounds."""

    name: ClassVar[str | None] = "deal"
    k: int


@dataclass(frozen=True, slots=True)
class Drawing(Chance):
    """``seat`` draws from the draw pile (``mode``: how many)."""

    name: ClassVar[str | None] = "draw"
    seat: int
    mode: DrawMode


@dataclass(frozen=True, slots=True)
class Refilling(Chance):
    """The reserve is refilled from the draw pile."""

    name: ClassVar[str | None] = "refill"


REFILLING = Refilling()


@dataclass(frozen=True, slots=True)
class Taking(Chance):
    """The card ``thief`` takes blindly from ``victim``."""

    name: ClassVar[str | None] = "take"
    thief: int
    victim: int
    reason: Theft


@dataclass(frozen=True, slots=True)
class Flipping(Chance):
    """The automaton ``seat`` turns over its first card."""

    name: ClassVar[str | None] = "automaton"
    seat: int


@dataclass(frozen=True, slots=True)
class Playing(Decision):
    """The turn of the person ``seat``: it decides (the marker of a turn in progress)."""

    name: ClassVar[str | None] = "turn"
    seat: int


@dataclass(frozen=True, slots=True)
class AutomatonTurn(Step):
    """The turn of the automaton ``seat``: its procedure decides its next step."""

    seat: int


@dataclass(frozen=True, slots=True)
class Settling(Step):
    """A deed's window is closed: its effects (``wrong``: a Stop found its author in the
    wrong, cases 2 and 3), then the turn of ``interrupter`` if a joker interrupted."""

    deed: Deed
    interrupter: int
    wrong: bool


@dataclass(frozen=True, slots=True)
class Interrupting(Step):
    """«Interruption !»: ``seat`` plays an extra turn at once."""

    seat: int


@dataclass(frozen=True, slots=True)
class Robbing(Decision):
    """``seat`` chooses whom to steal from (a draw once the draw pile is empty)."""

    name: ClassVar[str | None] = "steal"
    seat: int


@dataclass(frozen=True, slots=True)
class Giving(Decision):
    """``giver`` chooses a card of its hand, other than ``exclude``, for ``receiver``."""

    name: ClassVar[str | None] = "give"
    giver: int
    receiver: int
    reason: Gift
    exclude: int

    @property
    def seat(self) -> int:  # type: ignore[override]
        """The giver decides."""
        return self.giver


@dataclass(frozen=True, slots=True)
class Window(Decision):
    """The response window after ``deed``: ``seats`` still to answer, in order."""

    name: ClassVar[str | None] = "window"
    actor: int
    seats: tuple[int, ...]
    deed: Deed
    interrupter: int
    """The seat that said "Interruption!" in this window, or -1."""

    @property
    def seat(self) -> int:  # type: ignore[override]
        """The first seat still to answer decides."""
        return self.seats[0]


@dataclass(frozen=True, slots=True)
class Stopped(Decision):
    """Bluff: ``challenger`` said Stop to ``deed``; its ``actor`` verifies or concedes."""

    name: ClassVar[str | None] = "respond"
    actor: int
    challenger: int
    deed: Deed
    interrupter: int

    @property
    def seat(self) -> int:  # type: ignore[override]
        """The actor verifies or concedes."""
        return self.actor


@dataclass(frozen=True, slots=True)
class Called(Decision):
    """``seat`` was given the ``card`` it called and must place it (or, in Bluff, may
    give it up)."""

    name: ClassVar[str | None] = "called"
    seat: int
    card: int
