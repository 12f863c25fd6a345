"""Discovery (evolution)'s moves in plain words, as a seat reads them (a log, a hint, a
toast), in the reader's language: cards by their names (in French, English or German, as the
deck gives them), seats from 1. The words come from the action's data as the seat saw it
(:func:`~terranova.core.action_text.seen_data`): a card hidden from the seat (``draw ?``) is
"a card", so the words never say more than the text.

>>> import terranova
>>> g = terranova.make("evolution-explore", players=2)
>>> from terranova.games.evolution.actions import PlaceDiscard, PlaceHand
>>> said = say(g, PlaceDiscard(1, "joker"), 0)
>>> str(said)
"place a joker from seat 2's discard"
>>> said.render("fr"), said.render("de")
('poser un joker depuis la défausse de la place 2', 'einen Joker aus der Ablage von Platz 2 legen')
>>> said = say(g, PlaceHand("feu"), 0)
>>> str(said), said.render("fr"), said.render("de")
('place Fire from the hand', 'poser Feu depuis la main', 'Feuer aus der Hand legen')
"""

from __future__ import annotations

from typing import Any

from terranova.core.action_text import seen_data
from terranova.core.actions import Action
from terranova.core.i18n import Said, texts
from terranova.games.evolution.actions import JOKER
from terranova.games.evolution.rules.steps import Dealing
from terranova.games.evolution.rules.table import Table
from terranova.games.evolution.rules.views import describe

_, _n = texts("terranova.games.evolution")

WORDS: dict[str, Said] = {
    "pass": _("pass"),
    "end": _("end the turn"),
    "stop": _("say “Stop!”"),
    "accept": _("let it stand"),
    "verify": _("check the challenged move"),
    "concede": _("give in"),
    "abandon": _("abandon the call (a prerequisite is missing)"),
}
"""The fixed phrases (``Word``) in words."""


def say(g: Table, action: Action, seat: int | None) -> Said | str | None:
    """``action`` in words for ``seat``, from the position before it."""
    seen = describe(g, action, seat)
    if seen is None:
        return None
    dealt = None
    if not g.over and isinstance(g.agenda[-1], Dealing):
        dealt = g.agenda[-1].k % (g.players + 1)  # 0: the reserve, else a seat from 1
    return words(g, seen_data(action, seen), seen, dealt)


def recall(g: Table, action: Action, recalled: str) -> Said | str:
    """The words of a past ``action`` whose log text is masked now as ``recalled``."""
    return words(g, seen_data(action, recalled), recalled, None)


def card(g: Table, item: str | None) -> Said | str:
    """A card by its name in the reader's language (``None``, hidden: "a card")."""
    if item is None:
        return _("a card")
    if item == JOKER:
        return _("a joker")
    found = g.deck.by_id.get(item)
    return item if found is None else found.named


def words(g: Table, data: dict[str, Any], text: str, dealt: int | None) -> Said | str:
    """The words of an action's ``data`` (its ``text`` when the data is hidden); ``dealt``:
    where a card dealt goes (0: the reserve, else the seat from 1; None: not said)."""
    f = data["fields"]
    name = card(g, f.get("card")) if "card" in f else ""
    seat = f.get("seat")
    shown = None if seat is None else seat + 1
    match data["kind"]:
        case "PlaceHand":
            return _("place {card} from the hand", card=name)
        case "PlaceReserve":
            return _("place {card} from the reserve", card=name)
        case "PlaceDiscard":
            if shown is None:
                return _("place {card} from a seat's discard", card=name)
            return _("place {card} from seat {seat}'s discard", card=name, seat=shown)
        case "PlaceCalled":
            if f["series"]:
                return _("place the card called, {card}, continuing the series", card=name)
            return _("place the card called, {card}, starting a new series", card=name)
        case "JokerAs":
            return _("place a joker standing for {card}", card=name)
        case "JokerSpecial":
            return _("place a joker for a special action")
        case "Interrupt":
            return _("“Interruption!”: place a joker and play an extra turn")
        case "Replay":
            return _("special action: start a new series")
        case "Steal":
            if shown is None:
                return _("take a card blindly from a seat's hand")
            return _("take a card blindly from seat {seat}'s hand", seat=shown)
        case "Exchange":
            if shown is None:
                return _("exchange: take a card from a seat's hand and give one back")
            return _("exchange: take a card from seat {seat}'s hand and give one back", seat=shown)
        case "SpecialDiscard":
            return _("special action: discard {card}", card=name)
        case "Call":
            return _("call {card}", card=name)
        case "Give":
            return _("give {card}", card=name)
        case "Ask":
            if shown is None:
                return _("ask a teammate for a card")
            return _("ask teammate {seat} for a card", seat=shown)
        case "Announce":
            era = "?" if f["era"] is None else f["era"]
            if f["what"] == "open":
                return _("announce that era {era} is open", era=era)
            return _("announce that era {era} is closed", era=era)
        case "Discard":
            return _("discard {card} to end the turn", card=name)
        case "Word":
            return WORDS.get(f["word"], f["word"] or text)
        case "Deal":
            if dealt is None:
                return _("{card} is dealt", card=name)
            if dealt == 0:
                return _("{card} is dealt to the reserve", card=name)
            return _("{card} is dealt to seat {seat}'s hand", card=name, seat=dealt)
        case "Draw":
            return _("draw {card}", card=name)
        case "Take":
            return _("the card taken is {card}", card=name)
        case "Flip":
            # TRANSLATORS: {card} is the card the automaton turns over: a card's name, or
            # "a joker".
            return _("the automaton turns over {card}", card=name)
    return text
