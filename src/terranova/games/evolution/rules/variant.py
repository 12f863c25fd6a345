"""What differs between the two games on the deck: Discovery Explore (rule 2.1, points)
and Discovery Bluff (rules 2.4 to 2.6, one pile, Stop). A game's configuration holds one
:class:`Variant` (:data:`~terranova.games.evolution.rules.explore.EXPLORE_RULES` or
:data:`~terranova.games.evolution.rules.bluff.BLUFF_RULES`), chosen once by its mode; the
chapters common to both ask it where the two games part."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from terranova.core.actions import Action
from terranova.games.evolution.rules.steps import Deed, Reasons, Turn

G = TypeVar("G")
"""The game's record that the rules read and change (:class:`.table.Table`: it holds its
variant, so the variant does not import it)."""


class Variant(ABC, Generic[G]):
    """The rules of one game, where it differs from the other."""

    mode: ClassVar[str]
    """``explore`` or ``bluff``."""
    interruption_closes_window: ClassVar[bool]
    """Whether "Interruption!" closes a response window (Explore), or the other seats may
    still say Stop (Bluff)."""
    shows_hands_at_end: ClassVar[bool]
    """Whether nothing is hidden once the game is over (Bluff shows the hands)."""
    window_asks_joker_holders: ClassVar[bool]
    """Whether a response window asks only the seats holding a joker (Explore: the
    window's seats are public, so each of them is known to hold one)."""

    # ------------------------------------------------------- what a seat may do

    @abstractmethod
    def placements(self, g: G, ctx: Turn) -> list[Action]:
        """The placements the seat whose turn it is may make."""

    @abstractmethod
    def joker_cards(self, g: G, seen: int) -> list[Action]:
        """The cards a joker may stand for (``seen``: the mask of the cards in the reserve
        and the discards)."""

    @abstractmethod
    def closing(self, g: G, ctx: Turn) -> list[Action]:
        """The actions that end a turn's list: ending it, and what goes with it."""

    @abstractmethod
    def window_answers(self, g: G, seat: int, interrupter: int) -> list[Action]:
        """What ``seat`` may answer in a response window."""

    @abstractmethod
    def called_answers(self, g: G, ctx: Turn, card: int) -> list[Action]:
        """What the caller may do with the card it called and was given."""

    @abstractmethod
    def window_seats(self, g: G, deed: Deed) -> tuple[int, ...]:
        """Whom the response window after ``deed`` asks, in order (none: no window)."""

    # ------------------------------------------------------------- effects

    @abstractmethod
    def score(self, g: G, seat: int, points: int, card: int, joker: bool) -> None:
        """``seat`` placed ``card`` (``joker``: a joker standing for it), the ``points``-th
        card of its series."""

    @abstractmethod
    def score_specials(self, g: G, seat: int, earned: Reasons, era: int) -> None:
        """``seat`` earned special actions, one for each reason (``era``: the era opened or
        closed)."""

    @abstractmethod
    def replace(self, g: G, seat: int) -> None:
        """A card was stolen, called or asked from the hand of ``seat``."""

    @abstractmethod
    def refill_hand(self, g: G, seat: int) -> None:
        """``seat`` emptied its hand (while the draw pile has cards)."""

    @abstractmethod
    def call(self, g: G, ctx: Turn, card: int, text: str) -> None:
        """The seat whose turn it is calls ``card`` (special action 5)."""

    @abstractmethod
    def era_specials(self, opened: int, closed: int) -> Reasons:
        """The special actions a person earns by placing a card that opened or closed an
        era (0 or 1 each)."""

    @abstractmethod
    def automaton_specials(self, g: G, era: int, opened: int, closed: int) -> Reasons:
        """The special actions the automaton earns by placing a card that opened or closed
        ``era``."""

    # --------------------------------------------------------------- turns

    @abstractmethod
    def open_turn(self, g: G, ctx: Turn) -> None:
        """A turn begins: put its marker (and what starts it) on the agenda."""

    @abstractmethod
    def closing_draw(self, g: G, ctx: Turn) -> None:
        """The draw that ends a turn (not after a pass or a Stop)."""

    @abstractmethod
    def turn_over(self, g: G, ctx: Turn) -> bool:
        """A turn is over; whether that ended the game."""

    @abstractmethod
    def round_over(self, g: G) -> bool:
        """Before the next player's turn: whether the game is over."""

    between_actions: Callable[[G], bool] | None
    """What must happen before a turn goes on, if anything: it tells whether something
    did (it was put on the agenda, or it ended the game)."""

    # ------------------------------------------------------- results, views

    @abstractmethod
    def scores(self, g: G) -> list[int]:
        """Every seat's score."""

    @abstractmethod
    def estimate(self, g: G, seat: int) -> float:
        """How well ``seat`` is doing (search bots)."""

    @abstractmethod
    def table_view(self, g: G, out: dict[str, Any]) -> None:
        """Add to a view what the table shows of the tree (Bluff: the pile) and the eras."""

    @abstractmethod
    def covered(self, g: G) -> int:
        """The mask of the cards nothing shown may name any more."""

    @abstractmethod
    def waiting(self, seats: tuple[int, ...], seat: int | None) -> list[int]:
        """The seats a view of ``seat`` says a response window waits for."""
