"""High card, in three rounds: each seat is dealt a hidden card from a deck of
``2 * players + 2``; then, in turn, each keeps it or swaps it once for a new one from the
deck (the old one is discarded face up). The highest card scores a point; the hands are
shown and all cards go back into the deck for the next round. Most points wins."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

from terranova.core.action_text import ActionParser, Converter, text_form
from terranova.core.actions import Action
from terranova.core.errors import IllegalActionError
from terranova.core.state import CHANCE, TERMINAL, State

NUMBER = Converter(r"[+-]?\d+(?:_\d+)*", int, expects="a whole number", kind=int)
"""A number as ``int()`` reads it, signs and underscores included (as this game always
took): a converter of the game's own, for its forms."""


@text_form("deal {seat:number} {card:number}", number=NUMBER)
@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: ``card`` is dealt to ``seat``."""

    seat: int
    card: int


@text_form("draw {card:number}", number=NUMBER)
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the player swapping draws ``card``."""

    card: int


@text_form("keep")
@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the card in hand."""


@text_form("swap")
@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Discard the card in hand and draw another."""


parse_action = ActionParser("High card", [Deal, Draw, Keep, Swap], loose_spaces=True)
"""The action of a text (a blank in a form reads any run of blanks, as this game always
took)."""


ROUNDS = 3


class HighCard(State):
    game_id = "high-card"

    def __init__(self, players: int) -> None:
        self._players = players
        self._cards = tuple(range(1, 2 * players + 3))
        self._hands: list[int | None] = [None] * players
        self._discards: list[int] = []
        self._turn = 0
        self._drawing = False
        self._round = 0
        self._points = [0] * players
        self._shown: list[int] = []
        """The hands shown at the end of the last round."""
        self._history: list[Action] = []

    @property
    def num_seats(self) -> int:
        return self._players

    def _deck(self) -> list[int]:
        used = {*self._discards, *(c for c in self._hands if c is not None)}
        return [c for c in self._cards if c not in used]

    def current_player(self) -> int:
        if self._round == ROUNDS:
            return TERMINAL
        if None in self._hands or self._drawing:
            return CHANCE
        return self._turn

    def legal_actions(self) -> Sequence[Action]:
        actor = self.current_player()
        if actor == TERMINAL:
            return []
        if actor == CHANCE:
            if self._drawing:
                return [Draw(c) for c in self._deck()]
            seat = self._hands.index(None)
            return [Deal(seat, c) for c in self._deck()]
        return [Keep(), Swap()]

    def apply(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(action, "not one of the legal actions now")
        match action:
            case Deal(seat, card):
                self._hands[seat] = card
            case Draw(card):
                old = self._hands[self._turn]
                assert old is not None
                self._discards.append(old)
                self._hands[self._turn] = card
                self._drawing = False
                self._next_seat()
            case Keep():
                self._next_seat()
            case Swap():
                self._drawing = True
        self._history.append(action)

    def _next_seat(self) -> None:
        self._turn += 1
        if self._turn < self._players:
            return
        hands = [c or 0 for c in self._hands]
        best = max(hands)
        for seat, card in enumerate(hands):
            self._points[seat] += card == best
        self._shown = hands
        self._hands = [None] * self._players
        self._discards = []
        self._turn = 0
        self._round += 1

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other._players = self._players
        other._cards = self._cards
        other._hands = list(self._hands)
        other._discards = list(self._discards)
        other._turn = self._turn
        other._drawing = self._drawing
        other._round = self._round
        other._points = list(self._points)
        other._shown = list(self._shown)
        other._history = list(self._history)
        return other

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def scores(self) -> Sequence[float]:
        return [float(p) for p in self._points]

    def returns(self) -> Sequence[float]:
        return self.scores()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            return []
        actions = self.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self._round,
            "turn": self._turn,
            "points": list(self._points),
            "dealt": [c is not None for c in self._hands],
            "hand": self._hands[seat] if seat is not None else None,
            "last_round": list(self._shown),
            "discards": list(self._discards),
            "deck": len(self._deck()),
        }

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        if isinstance(action, Deal) and action.seat != seat:
            return f"deal {action.seat} ?"
        if isinstance(action, Draw) and self._turn != seat:
            return "draw ?"
        return str(action)

    def resample(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        if self.is_terminal():
            return other
        unseen = [c for c in self._deck()]
        unseen += [c for s, c in enumerate(self._hands) if s != seat and c is not None]
        rng.shuffle(unseen)
        for s, card in enumerate(self._hands):
            if s != seat and card is not None:
                other._hands[s] = unseen.pop()
        return other

    def history(self) -> list[Action]:
        return list(self._history)

    def params(self) -> dict[str, Any]:
        return {"players": self._players}
