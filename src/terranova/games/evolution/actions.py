"""Discovery (evolution)'s actions and their canonical text forms.

A card is named by its id (``homo-erectus``); a joker by the word ``joker``; a seat by
its 0-based number. Decisions of the seat to move:

========================================  =============================================
``place hand chasse``                     place a card from your hand
``place reserve bande``                   place a card from the reserve
``place discard 2 nomadisme``             place a card from seat 2's discard
``place called homo-erectus``             place the card you called, starting a series
``place called homo-erectus continue``    ... continuing the current series
``joker as feu``                          place a joker in the tree as that card
``joker special``                         place a joker out of the tree: a special action
``interrupt``                             "Interruption!" (a joker, in a response window)
``special replay``                        special action: start a new series
``special discard chasse``                special action: discard a card
``steal 2``                               take a card blindly from seat 2 (a special
                                          action, or the steal that replaces a draw)
``exchange 2``                            special action: steal from seat 2, then give
``give chasse``                           give a card (exchange, request, Stop case 3)
``call homo-erectus``                     special action: call a card
``ask 2``                                 teams: ask your teammate 2 for a card
``announce open 2``, ``announce close 1`` Bluff: announce that an era is open / closed
``stop``, ``accept``                      Bluff response window: challenge, or let it be
``verify``, ``concede``                   Bluff: answer a Stop (check, or give in)
``abandon``                               Bluff: declare your call failed (discard it)
``pass``                                  pass your turn while nothing is placed
``end``                                   end your turn
``discard chasse``                        Explore: end a turn without a placement
========================================  =============================================

Chance outcomes (and the automaton's forced steps) are actions too: ``deal chasse``
(setup), ``draw chasse`` / ``draw joker``, ``take chasse`` (the card a steal takes) and
``flip chasse`` (the automaton turns over its first card).

>>> parse_action("place discard 2 nomadisme")
PlaceDiscard(seat=2, card='nomadisme')
>>> str(PlaceCalled("homo-erectus", True))
'place called homo-erectus continue'
>>> all(parse_action(str(a)) == a for a in [Announce("open", 2), Steal(1), JOKER_SPECIAL,
...     Draw("joker"), Give("feu"), PlaceHand("chasse"), END, PASS, STOP, ACCEPT])
True
"""

from __future__ import annotations

from dataclasses import dataclass

from terranova.core.action_text import ActionParser, text_form
from terranova.core.actions import Action

JOKER = "joker"
"""How a joker is named in actions and views."""


class EvolutionAction(Action):
    """Any action of Discovery (evolution)."""

    __slots__ = ()


# --------------------------------------------------------------------- placements


@text_form("place hand {card}")
@dataclass(frozen=True, slots=True)
class PlaceHand(EvolutionAction):
    """Place ``card`` from your hand in the tree (or on the Bluff pile)."""

    card: str


@text_form("place reserve {card}")
@dataclass(frozen=True, slots=True)
class PlaceReserve(EvolutionAction):
    """Place ``card`` from the reserve (refilled at once from the draw pile)."""

    card: str


@text_form("place discard {seat:seat} {card}")
@dataclass(frozen=True, slots=True)
class PlaceDiscard(EvolutionAction):
    """Place ``card`` from the discard of ``seat`` (never your own)."""

    seat: int
    card: str


@text_form("place called {card}[ continue{series}]")
@dataclass(frozen=True, slots=True)
class PlaceCalled(EvolutionAction):
    """Place the card you have just called: start a new series, or (``series``) continue
    the current one."""

    card: str
    series: bool = False


@text_form("joker as {card}")
@dataclass(frozen=True, slots=True)
class JokerAs(EvolutionAction):
    """Option jokers, use 1: place a joker in the tree, standing for ``card``."""

    card: str


@text_form("joker special")
@dataclass(frozen=True, slots=True)
class JokerSpecial(EvolutionAction):
    """Option jokers, use 2: place a joker out of the tree and earn a special action."""


@text_form("interrupt")
@dataclass(frozen=True, slots=True)
class Interrupt(EvolutionAction):
    """Option jokers, use 3: "Interruption!" during another player's turn: place a joker
    out of the tree and play an extra turn."""


# ---------------------------------------------------------------- special actions


@text_form("special replay")
@dataclass(frozen=True, slots=True)
class Replay(EvolutionAction):
    """Special action 1: start a new series."""


@text_form("steal {seat:seat}")
@dataclass(frozen=True, slots=True)
class Steal(EvolutionAction):
    """Take a card blindly from the hand of ``seat``: special action 2, or the steal that
    replaces a draw once the draw pile is empty."""

    seat: int


@text_form("exchange {seat:seat}")
@dataclass(frozen=True, slots=True)
class Exchange(EvolutionAction):
    """Special action 3: steal a card from ``seat``, then give it another of yours."""

    seat: int


@text_form("special discard {card}")
@dataclass(frozen=True, slots=True)
class SpecialDiscard(EvolutionAction):
    """Special action 4: discard ``card`` (not your last card)."""

    card: str


@text_form("call {card}")
@dataclass(frozen=True, slots=True)
class Call(EvolutionAction):
    """Special action 5: "I call ``card``"."""

    card: str


# ------------------------------------------------------------------ other decisions


@text_form("give {card}")
@dataclass(frozen=True, slots=True)
class Give(EvolutionAction):
    """Give ``card`` from your hand (exchange, a teammate's request, Stop case 3)."""

    card: str


@text_form("ask {seat:seat}")
@dataclass(frozen=True, slots=True)
class Ask(EvolutionAction):
    """Teams: at the start of your turn, ask your teammate ``seat`` for a card."""

    seat: int


@text_form("announce {what:open|close} {era:digit}")
@dataclass(frozen=True, slots=True)
class Announce(EvolutionAction):
    """Bluff: announce that ``era`` is open (``what="open"``) or closed (``"close"``)."""

    what: str
    era: int


@text_form("discard {card}")
@dataclass(frozen=True, slots=True)
class Discard(EvolutionAction):
    """Explore: end a turn in which you placed nothing by discarding ``card``."""

    card: str


@text_form("{word:pass|end|stop|accept|verify|concede|abandon}")
@dataclass(frozen=True, slots=True)
class Word(EvolutionAction):
    """An action that is one fixed phrase (``pass``, ``end``, ``stop``...)."""

    word: str


PASS = Word("pass")
"""Pass your turn (only while no card has been placed)."""
END = Word("end")
"""End your turn."""
STOP = Word("stop")
"""Bluff: "Stop!": challenge the action just made."""
ACCEPT = Word("accept")
"""Let the action just made stand (a response window)."""
VERIFY = Word("verify")
"""Bluff: answer a Stop by checking (case 1 or case 3)."""
CONCEDE = Word("concede")
"""Bluff: answer a Stop by giving in (case 2)."""
ABANDON = Word("abandon")
"""Bluff: declare your call failed (a prerequisite is missing): discard the card."""
REPLAY = Replay()
JOKER_SPECIAL = JokerSpecial()
INTERRUPT = Interrupt()


# -------------------------------------------------------------- chance outcomes


@text_form("deal {card}")
@dataclass(frozen=True, slots=True)
class Deal(EvolutionAction):
    """Chance, at setup: the next card dealt (to the reserve or a player, in turn)."""

    card: str


@text_form("draw {card}")
@dataclass(frozen=True, slots=True)
class Draw(EvolutionAction):
    """Chance: the card (or joker) drawn from the draw pile."""

    card: str


@text_form("take {card}")
@dataclass(frozen=True, slots=True)
class Take(EvolutionAction):
    """Chance: the card a steal takes (blindly; from an automaton, always its last)."""

    card: str


@text_form("flip {card}")
@dataclass(frozen=True, slots=True)
class Flip(EvolutionAction):
    """The automaton's forced step: it turns over its first card (one outcome)."""

    card: str


parse_action: ActionParser[EvolutionAction] = ActionParser(
    "Discovery (evolution)",
    [
        *(PlaceHand, PlaceReserve, PlaceDiscard, PlaceCalled, JokerAs, JokerSpecial, Interrupt),
        *(Replay, SpecialDiscard, Steal, Exchange, Give, Call, Ask, Announce, Word, Discard),
        *(Deal, Draw, Take, Flip),
    ],
)
"""The action whose canonical text is the text given; raises MalformedActionError."""
