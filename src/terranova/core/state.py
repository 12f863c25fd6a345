"""The state protocol every game implements (OpenSpiel-like).

A game is a sequence of decisions. At each point exactly one actor is to move:
a seat index (0-based), :data:`CHANCE` (shuffles, draws, dice: outcomes with
probabilities) or :data:`TERMINAL`. Several decisions in one turn are several
consecutive decisions of the same seat; out-of-turn responses (a "Stop!", an
interrupt card) are decisions given to the responding seats in a response
window, one seat at a time in a fixed order. Teams are a game parameter; scores
and returns stay per seat.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

from terranova.core.actions import Action
from terranova.core.i18n import Said

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -2
"""``current_player()`` once the game is over."""

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class ResponseWindow:
    """An action just made that other seats may answer before it takes effect (a
    challenge, an interruption). The rules ask ``seats`` one at a time, in that order;
    the first is ``current_player()``. A seat that lets it pass plays ``let_pass``.
    Interfaces may let every seat of the window answer at once: the seats before the one
    that answers are taken to have let it pass (they were slower)."""

    seats: tuple[int, ...]
    let_pass: Action


class State(ABC):
    """One position of one game, with everything needed to continue it."""

    game_id: str = ""

    @property
    @abstractmethod
    def num_seats(self) -> int:
        """How many seats play."""

    @abstractmethod
    def current_player(self) -> int:
        """The seat to move, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Legal actions of the actor to move, in a deterministic order (empty when terminal).

        At a chance node these are the possible outcomes, as in :meth:`chance_outcomes`.
        """

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Play ``action``. An illegal action raises
        :class:`~terranova.core.errors.IllegalActionError` and changes nothing."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (hand-written and cheap; never ``deepcopy``)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action whose canonical text is ``text``; raises MalformedActionError."""

    @abstractmethod
    def scores(self) -> Sequence[float]:
        """Current score of every seat."""

    def other_scores(self) -> dict[str, float]:
        """The current scores of the players holding no seat (an automaton the game plays
        outside the seats, as a solo game's opponent), by a key of the game's; none by
        default."""
        return {}

    @abstractmethod
    def returns(self) -> Sequence[float]:
        """Final score of every seat (the current scores until the game ends)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node; empty elsewhere."""

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """A JSON-safe dict of exactly what ``seat`` may see (``None``: a spectator)."""

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> Self:
        """A state consistent with everything ``seat`` has seen, hidden parts redrawn."""

    @abstractmethod
    def history(self) -> list[Action]:
        """Every action applied so far, chance outcomes included, in order."""

    @abstractmethod
    def params(self) -> JSON:
        """The parameters this game was made with (seats and variants), JSON-safe."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    def points(self) -> list[int] | None:
        """The final scores as a player reads them: whole points, without the tie-breaks
        that :meth:`returns` may carry as fractions (a game that does overrides this, as one
        scored by winning alone, which answers None)."""
        return [int(value) for value in self.returns()]

    def winners(self) -> list[int]:
        """Seats with the best final score (ties share the win); empty until the end. A
        game may name none: a solo game lost to the game itself, or one that ends with no
        winner, every seat level (Bluff's stalemate)."""
        if not self.is_terminal():
            return []
        result = self.returns()
        best = max(result)
        return [seat for seat, value in enumerate(result) if value == best]

    def end_reason(self) -> Said | str | None:
        """Why the game ended, in words (a record's result carries them as data, ``reason``:
        :func:`~terranova.core.i18n.as_data`); None
        while it goes on, or for a game whose end needs no reason (the default)."""
        return None

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw one chance outcome with its probability. Games may do this faster."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise ValueError("not a chance node")
        pick = rng.random()
        total = 0.0
        for action, probability in outcomes:
            total += probability
            if pick < total:
                return action
        return outcomes[-1][0]

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        """How ``seat`` sees ``action`` when it is played from this state (for move logs):
        its text, a masked text, or ``None`` if the seat does not see it at all."""
        return str(action)

    def say_action(self, action: Action, seat: int | None) -> Said | str | None:
        """``action`` in plain words, as ``seat`` reads it wherever a person does (a log,
        a hint, a toast) when it is played from this state: it names seats from 1 and
        things as the players call them, and says no more than :meth:`describe_action`
        shows ``seat`` (``None`` when that is ``None``), as words to say in the reader's language
        (the game's messages: :func:`~terranova.core.i18n.texts`). By default that text."""
        return self.describe_action(action, seat)

    def recall_says(self, action: Action, recalled: str, seat: int | None) -> Said | str:
        """The words of a past ``action`` whose log text :meth:`recall_action` now masks
        as ``recalled`` (the words said when it was played may name what is masked now). By
        default the masked text."""
        return recalled

    def decisions_public(self) -> bool:
        """Whether every seat sees each legal action of the seat to move as itself: for
        every seat (and spectators) :meth:`describe_action` gives each one a text, never
        ``None``, no two the same, and in every position the seat cannot tell from this one
        the same text names the same action. A search may then key another seat's
        decisions by the actions themselves instead of by their texts, and group them
        exactly as the texts would. Asked only when a seat is to move; the default,
        ``False``, claims nothing."""
        return False

    def recall_action(self, action: Action, seen: str, seat: int | None) -> str:
        """How a log shown now names a past ``action`` that ``seat`` saw as ``seen`` when
        it was played (:meth:`describe_action` on the position before it). By default
        ``seen``, unchanged; a game of memory masks what its players must now remember
        (Discovery Bluff: the cards under the top of the pile)."""
        return seen

    def components(self) -> JSON:
        """A JSON-safe description of the game's components (tiles, cards) that a
        user interface needs to draw them; the same for every state of one game."""
        return {}

    def response_window(self) -> ResponseWindow | None:
        """The response window open now, or ``None`` (the default: the game has none)."""
        return None

    def estimate(self, seat: int) -> float:
        """A heuristic worth of the position for ``seat`` (bots use it).

        The default is the current score; games give a better estimate.
        """
        return self.scores()[seat]

    def estimates(self) -> list[float]:
        """Every seat's :meth:`estimate`, in seat order (search asks for all of them at
        each position; a game whose estimate shares work between seats gives them at once)."""
        return [self.estimate(s) for s in range(self.num_seats)]
