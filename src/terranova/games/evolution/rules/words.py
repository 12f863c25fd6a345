"""Discovery (evolution)'s moves in plain words, as a seat reads them (a log, a hint, a
toast): cards by their names, seats from 1. The words come from the action's data as the
seat saw it (:func:`~terranova.core.action_text.seen_data`): a card hidden from the seat
(``draw ?``) is "a card", so the words never say more than the text.

>>> import terranova
>>> g = terranova.make("evolution-explore", players=2)
>>> from terranova.games.evolution.actions import PlaceDiscard
>>> say(g, PlaceDiscard(1, "joker"), 0)
"place a joker from seat 2's discard"
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from terranova.core.action_text import seen_data
from terranova.core.actions import Action
from terranova.games.evolution.actions import JOKER
from terranova.games.evolution.rules.steps import Dealing

if TYPE_CHECKING:
    from terranova.games.evolution.rules.table import Table

WORDS = {
    "pass": "pass",
    "end": "end the turn",
    "stop": "say “Stop!”",
    "accept": "let it stand",
    "verify": "check the challenged move",
    "concede": "give in",
    "abandon": "abandon the call (a prerequisite is missing)",
}
"""The fixed phrases (``Word``) in words."""


def say(g: Table, action: Action, seat: int | None) -> str | None:
    """``action`` in words for ``seat``, from the position before it."""
    from terranova.games.evolution.rules.views import describe

    seen = describe(g, action, seat)
    if seen is None:
        return None
    dealt = None
    if not g._over and isinstance(g._agenda[-1], Dealing):
        slot = g._agenda[-1].k % (g._n + 1)
        dealt = "the reserve" if slot == 0 else f"seat {slot}'s hand"
    return words(g, seen_data(action, seen), seen, dealt)


def recall(g: Table, action: Action, recalled: str) -> str:
    """The words of a past ``action`` whose log text is masked now as ``recalled``."""
    return words(g, seen_data(action, recalled), recalled, None)


def card(g: Table, item: str | None) -> str:
    """A card by its name (``None``, hidden: "a card")."""
    if item is None:
        return "a card"
    if item == JOKER:
        return "a joker"
    found = g._deck.by_id.get(item)
    return item if found is None else found.name_fr


def words(g: Table, data: dict[str, Any], text: str, dealt: str | None) -> str:
    """The words of an action's ``data`` (its ``text`` when the data is hidden)."""
    f = data["fields"]
    name = card(g, f.get("card")) if "card" in f else ""
    match data["kind"]:
        case "PlaceHand":
            return f"place {name} from the hand"
        case "PlaceReserve":
            return f"place {name} from the reserve"
        case "PlaceDiscard":
            return f"place {name} from {_seat(f['seat'])}'s discard"
        case "PlaceCalled":
            series = "continuing the series" if f["series"] else "starting a new series"
            return f"place the card called, {name}, {series}"
        case "JokerAs":
            return f"place a joker standing for {name}"
        case "JokerSpecial":
            return "place a joker for a special action"
        case "Interrupt":
            return "“Interruption!”: place a joker and play an extra turn"
        case "Replay":
            return "special action: start a new series"
        case "Steal":
            return f"take a card blindly from {_seat(f['seat'])}'s hand"
        case "Exchange":
            return f"exchange: take a card from {_seat(f['seat'])}'s hand and give one back"
        case "SpecialDiscard":
            return f"special action: discard {name}"
        case "Call":
            return f"call {name}"
        case "Give":
            return f"give {name}"
        case "Ask":
            return f"ask teammate {_seat(f['seat'])} for a card"
        case "Announce":
            era = "?" if f["era"] is None else f["era"]
            return f"announce that era {era} is {'open' if f['what'] == 'open' else 'closed'}"
        case "Discard":
            return f"discard {name} to end the turn"
        case "Word":
            return WORDS.get(f["word"], f["word"] or text)
        case "Deal":
            return f"{name} is dealt" + (f" to {dealt}" if dealt else "")
        case "Draw":
            return f"draw {name}"
        case "Take":
            return f"the card taken is {name}"
        case "Flip":
            return f"the automaton turns over {name}"
    return text


def _seat(seat: int | None) -> str:
    return "a seat" if seat is None else f"seat {seat + 1}"
