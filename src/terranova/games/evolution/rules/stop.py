"""Stop (rule 2.5, Discovery Bluff; rulings 36-39): in a response window any other
person may say "Stop !" to challenge the action just made. The stopped player verifies
or concedes:

- case 1, verified and valid: the challenger was wrong and draws a card;
- case 2, conceded: the player is deemed wrong and steals a card from the challenger;
- case 3, verified and invalid: the player is wrong and the challenger gives a card of
  its choice.

In the wrong (cases 2 and 3), a card placed leaves the pile for the player's discard and
the player draws another; the turn ends at once.
"""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.games.evolution.actions import CONCEDE, VERIFY
from terranova.games.evolution.rules import turns
from terranova.games.evolution.rules.steps import (
    REFILLING,
    Calling,
    Deed,
    Giving,
    Placement,
    Settling,
    Stopped,
    Taking,
    Turn,
)
from terranova.games.evolution.rules.table import Table


def respond(g: Table, stopped: Stopped, action: Action) -> None:
    """The stopped player verifies or concedes: the three cases."""
    ag = g.agenda
    ag.pop()
    actor, challenger, deed = stopped.actor, stopped.challenger, stopped.deed
    if action == VERIFY and deed.valid:
        case = 1  # the challenger was wrong
        ag[-1] = Settling(deed, stopped.interrupter, False)
        ag.append(g.config.drawing["one or steal"][challenger])
    elif action == CONCEDE:
        case = 2
        ag[-1] = Settling(deed, stopped.interrupter, True)
        if g.hands[challenger]:
            ag.append(Taking(actor, challenger, "stop case 2"))
    else:
        case = 3
        ag[-1] = Settling(deed, stopped.interrupter, True)
        ag.append(Giving(challenger, actor, "stop case 3", -1))
    g.last_stop = {
        "action": deed.text,
        "actor": actor,
        "stopped_by": challenger,
        "case": case,
        "valid": deed.valid if case != 2 else None,
    }
    # the card the action names, if it names one
    g.last_stop_card = g.tables.ids[deed.card] if isinstance(deed, Placement | Calling) else ""


def in_the_wrong(g: Table, ctx: Turn, deed: Deed) -> None:
    """Cases 2 and 3: "si vous avez placé une carte à tort, vous devez vous en défausser
    (vous l'enlevez donc de la pile) et en piocher une autre ; si c'était votre tour, il
    se termine immédiatement" (ruling 38; a joker leaves the game)."""
    if not isinstance(deed, Placement):
        turns.end_turn(g, ctx, draw=False)
        return
    g.remove_entry(len(g.tree) - 1)
    g.last_series = deed.prev
    g.to_discard(deed.actor, deed.item)
    turns.end_turn(g, ctx, draw=False)
    g.agenda.append(g.config.drawing["one or steal"][deed.actor])  # "... et en piocher une autre"
    if deed.source == "reserve":
        g.agenda.append(REFILLING)
