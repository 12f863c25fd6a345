"""Jokers (rule 2.3, "Jokers"): shuffled blindly into the draw pile after the deal
(ruling 2). In your turn, only at its start or after a replay: placed in the tree as a
card (ruling 18), or out of the tree for a special action (ruling 19). In another
player's turn: "Interruption !" in a response window, for an extra turn (ruling 20; see
:mod:`.windows`)."""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.games.evolution.actions import JOKER, JOKER_SPECIAL
from terranova.games.evolution.rules import turns, windows
from terranova.games.evolution.rules.steps import EMPTIED, JOKER_OUT, Placement, Series, Turn
from terranova.games.evolution.rules.table import Table


def joker_actions(g: Table) -> list[Action]:
    """What a joker in hand may do in a turn ("uniquement au début du tour ou si vous
    rejouez"): stand for a card (the variant says which), or go out of the tree."""
    n = g.tables.n
    seen = 0
    for x in g.reserve:
        seen |= 1 << x
    for discard in g.discards:
        for x in discard:
            if x < n:
                seen |= 1 << x
    return [*g.variant.joker_cards(g, seen), JOKER_SPECIAL]


def open_era_cards(g: Table, seen: int) -> list[Action]:
    """Explore: a joker stands for "une carte de votre choix, d'une ère déjà ouverte, qui
    n'a pas encore été placée et qui n'est ni dans une défausse ni dans la réserve"."""
    c = g.tables
    era_count = g.era_count
    placed = g.placed
    return [
        c.joker_as[x] for x in range(c.n) if not (seen | placed) >> x & 1 and era_count[c.era[x]]
    ]


def joker_as(g: Table, ctx: Turn, card: int) -> None:
    """The joker stands for ``card`` in the tree and starts a series; whoever later places
    the card itself takes the joker (:meth:`Table.hand_back`)."""
    seat = ctx.seat
    joker = g.find(g.hands[seat], JOKER)
    g.hand_remove(seat, joker)
    c = g.tables
    valid = bool(g.era_count[c.era[card]]) and not g.placed >> card & 1
    prev = g.last_series
    opened, closed = g.add_entry(joker, card, valid)
    ctx.last, ctx.length, ctx.joker = card, 1, True
    ctx.can_start = False
    g.variant.score(g, seat, 1, card, True)
    g.last_series = Series(card, 1, True)
    text = f"joker as {c.ids[card]}"
    earned = g.variant.era_specials(opened, closed)
    windows.open_window(g, Placement(seat, valid, text, card, joker, "joker", prev, earned))


def joker_special(g: Table, ctx: Turn) -> None:
    """Out of the tree: a special action (two if that emptied the hand while the draw
    pile has cards)."""
    seat = ctx.seat
    g.joker_out(seat)
    earned = JOKER_OUT
    if not g.hands[seat] and g.pile_size():
        earned += EMPTIED
        g.variant.refill_hand(g, seat)
    turns.earn(g, ctx, earned, 0)
