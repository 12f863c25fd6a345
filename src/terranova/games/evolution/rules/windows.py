"""Response windows (rule 2.5, ruling 36): after a challengeable action (a "deed": a
placement, a joker as a card, a call, an announcement, a called card given up), the
seats the variant names answer in turn order before it takes effect: ``accept``, ``stop``
(Bluff) or, holding a joker, ``interrupt`` ("Interruption !", rule 2.3)."""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.games.evolution.actions import INTERRUPT, STOP
from terranova.games.evolution.rules.steps import Deed, Settling, Stopped, Window
from terranova.games.evolution.rules.table import Table


def open_window(g: Table, deed: Deed) -> None:
    """Record a challengeable action; its effects wait for its response window."""
    g.deed_log.append((deed.actor, deed.text, deed.valid))
    ag = g.agenda
    ag.append(Settling(deed, -1, False))
    seats = g.variant.window_seats(g, deed)
    if seats:
        ag.append(Window(deed.actor, seats, deed, -1))


def answer(g: Table, window: Window, action: Action) -> None:
    """The first seat of the window answers; the window closes when nobody is left."""
    ag = g.agenda
    ag.pop()
    seat, rest = window.seats[0], window.seats[1:]
    interrupter = window.interrupter
    if action == STOP:
        ag.append(Stopped(window.actor, seat, window.deed, interrupter))
        return
    if action == INTERRUPT:
        g.joker_out(seat)
        interrupter = seat
        if g.variant.interruption_closes_window:
            rest = ()
    if rest:
        ag.append(Window(window.actor, rest, window.deed, interrupter))
    else:
        ag[-1] = Settling(window.deed, interrupter, False)
