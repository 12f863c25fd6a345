"""How to place a card (rule 1.5): from your hand, the reserve (refilled at once, ruling
21) or another player's discard, never your own. A turn starts one series; its first card
needs condition #1, each next card conditions #1 and #2. The points of Explore (rule 2.1:
the k-th card of a series scores k) are the variant's."""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.games.evolution.rules import turns, windows
from terranova.games.evolution.rules.steps import (
    EMPTIED,
    REFILLING,
    Placement,
    Series,
    Source,
    Turn,
)
from terranova.games.evolution.rules.table import Table


def condition_1(g: Table, card: int) -> bool:
    """Condition #1 (prérequis): every prerequisite of ``card`` is placed."""
    return not g.tables.prereq[card] & ~g.placed


def condition_2(g: Table, ctx: Turn, card: int) -> bool:
    """Condition #2 (lien) with the current series' last card: same family, or one is a
    prerequisite of the other (a series started with a joker continues only through
    prerequisite links, rule 2.3)."""
    if ctx.last < 0:
        return False
    masks = g.tables.plink if ctx.joker else g.tables.link
    return bool(masks[ctx.last] >> card & 1)


def placeable(g: Table, ctx: Turn) -> list[Action]:
    """The placements that keep the rules: condition #1, and condition #2 unless the
    placement starts a series; from the hand, the reserve, the other players' discards."""
    c = g.tables
    n = c.n
    seat = ctx.seat
    placed = g.placed
    prereq = c.prereq
    if ctx.can_start:
        link_mask = -1
    elif ctx.last >= 0:
        link_mask = (c.plink if ctx.joker else c.link)[ctx.last]
    else:
        link_mask = 0
    out: list[Action] = [
        c.place_hand[x]
        for x in sorted(g.hands[seat])
        if x < n and not prereq[x] & ~placed and link_mask >> x & 1
    ]
    out += [
        c.place_reserve[x]
        for x in sorted(g.reserve)
        if not prereq[x] & ~placed and link_mask >> x & 1
    ]
    for s, discard in enumerate(g.discards):
        if s != seat:
            out += [
                c.place_discard(s, x)
                for x in sorted(discard)
                if not prereq[x] & ~placed and link_mask >> x & 1
            ]
    return out


def place(g: Table, ctx: Turn, card: int, source: Source, src: int, new: bool, text: str) -> None:
    """The seat whose turn it is places ``card`` from ``source`` (``src``: whose discard),
    starting a new series (``new``) or continuing the current one. Bluff lets any card be
    placed: the placement records whether it kept the rules."""
    seat = ctx.seat
    if source == "hand":
        g.hand_remove(seat, card)
    elif source == "reserve":
        g.reserve.remove(card)
    elif source == "discard":
        g.discards[src].remove(card)
    valid = condition_1(g, card) and (new or condition_2(g, ctx, card))
    prev = g.last_series
    opened, closed = g.add_entry(card, card, valid)
    if new:
        ctx.last, ctx.length, ctx.joker = card, 1, False
    else:
        ctx.last, ctx.length = card, ctx.length + 1
    ctx.can_start = False
    g.variant.score(g, seat, ctx.length, card, False)
    g.last_series = Series(card, ctx.length, ctx.joker)
    earned = g.variant.era_specials(opened, closed)
    windows.open_window(g, Placement(seat, valid, text, card, card, source, prev, earned))


def settle(g: Table, ctx: Turn, deed: Placement) -> None:
    """A placement stands once its window is closed: a joker standing for the card goes
    to the placer's hand; special actions for opening or closing an era (Explore) and for
    emptying the hand while the draw pile has cards; the reserve is refilled."""
    actor = deed.actor
    ctx.placed += 1
    earned = deed.earned
    if deed.source != "joker":
        g.hand_back(deed.card, actor)
    if deed.source in ("hand", "joker") and not g.hands[actor] and g.pile_size():
        earned += EMPTIED  # emptied the hand
        g.variant.refill_hand(g, actor)
    if earned:
        turns.earn(g, ctx, earned, g.tables.era[deed.card])
    if deed.source == "reserve":
        g.agenda.append(REFILLING)
