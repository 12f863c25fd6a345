"""The automaton (rule 2.3, "Automate"; rulings 26-33): a seat with its own hand (a
face-down row, in the order dealt, drawn or received), discard and points, that never
decides: each of its steps is a chance node with a single outcome, ``flip x``.

On its turn, and each time it replays, it turns over its first card: placed if all its
prerequisites are placed (then it replays), otherwise discarded (and its turn ends by
drawing). A special action, or a joker turned over, makes it turn over the next two
cards; it replays if it placed at least one of them. Whoever steals from it takes its
last card; it answers calls; when it must steal, it robs the player with the most cards.
"""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.games.evolution.rules import placing, turns
from terranova.games.evolution.rules.steps import EMPTIED, JOKER_OUT, Reasons, Series, Turn
from terranova.games.evolution.rules.table import Table


def next_step(g: Table, ctx: Turn) -> None:
    """The automaton's procedure: turn over a card, or end its turn."""
    hand = g.hands[ctx.seat]
    if ctx.a_left and hand:
        g.agenda.append(g.config.flipping[ctx.seat])
        return
    ctx.a_left = 0
    if ctx.a_specials and hand:
        ctx.a_specials -= 1
        ctx.a_left = 2
        ctx.a_groups = True
        g.agenda.append(g.config.flipping[ctx.seat])
        return
    ctx.a_specials = 0
    if ctx.a_groups:
        ctx.a_groups = False
        if not ctx.a_placed:
            turns.end_turn(g, ctx, draw=True)
            return
        ctx.a_placed = False
    if ctx.a_stop or not hand:
        turns.end_turn(g, ctx, draw=True)
        return
    g.agenda.append(g.config.flipping[ctx.seat])


def flip_outcome(g: Table, seat: int) -> list[tuple[Action, float]]:
    """Its first card, the one turned over (a single outcome)."""
    c = g.tables
    return [(c.flip[min(g.hands[seat][0], c.n)], 1.0)]


def flip(g: Table, ctx: Turn) -> None:
    """It turns over its first card: a joker is a special action; a card whose
    prerequisites are all placed is placed; any other card is discarded. All the cards it
    places in a turn are one series (ruling 28)."""
    c = g.tables
    seat = ctx.seat
    hand = g.hands[seat]
    item = hand[0]
    g.hand_remove(seat, item)
    group = ctx.a_left > 0
    if group:
        ctx.a_left -= 1
    era = 0
    earned: Reasons
    if item >= c.n:
        g.out.append(item)
        earned = JOKER_OUT
    elif placing.condition_1(g, item):
        opened, closed = g.add_entry(item, item, True)
        ctx.a_count += 1
        ctx.placed += 1
        g.variant.score(g, seat, ctx.a_count, item, False)
        era = c.era[item]
        earned = g.variant.automaton_specials(g, era, opened, closed)
        g.last_series = Series(item, ctx.a_count, False)
        g.hand_back(item, seat)
        if group:
            ctx.a_placed = True
    else:
        g.to_discard(seat, item)
        if not group:
            ctx.a_stop = True
        return
    if not hand and g.pile_size():
        earned += EMPTIED  # emptied its hand
        g.variant.refill_hand(g, seat)
    if earned:
        ctx.a_specials += len(earned)
        g.variant.score_specials(g, seat, earned, era)


def victim(g: Table, victims: list[int]) -> int:
    """Whom it robs: the player with the most cards, the nearest on its left on a tie."""
    best = victims[0]
    for v in victims:
        if len(g.hands[v]) > len(g.hands[best]):
            best = v
    return best
