"""Preparation (rule 1.4) and the draw pile: the deck ordered by era, each era shuffled
within itself; the deal (one card to the reserve, then one to each player, five rounds);
draws into a hand and into the reserve. Every card dealt or drawn is a chance outcome,
uniform over the cards of the lowest era left in the draw pile (ruling 1); the jokers
are shuffled blindly into the draw pile after the deal (ruling 2)."""

from __future__ import annotations

import random

from terranova.core.actions import Action
from terranova.games.evolution.actions import JOKER, Deal, Draw
from terranova.games.evolution.rules import turns
from terranova.games.evolution.rules.steps import Dealing, Drawing, Refilling
from terranova.games.evolution.rules.table import Table

HAND_SIZE = 5
"""Cards dealt to each player and to the reserve; Explore hands are refilled to it."""
RESERVE_SIZE = 5


def outcomes(g: Table, step: Dealing | Drawing | Refilling) -> list[tuple[Action, float]]:
    """The next card of the draw pile: a card of the lowest era left, or a joker."""
    c = g.tables
    actions = c.deal if isinstance(step, Dealing) else c.draw
    cards = g.pile_n
    jokers = len(g.pile_jokers)
    total = cards + jokers
    out: list[tuple[Action, float]] = []
    if cards:
        low = g.lowest()
        p = cards / total / len(low)
        out = [(actions[card], p) for card in sorted(low)]
    if jokers:
        out.append((c.draw[c.n], jokers / total))
    return out


def outcome_actions(g: Table, step: Dealing | Drawing | Refilling) -> list[Action]:
    """The actions of :func:`outcomes`, in the same order, without their probabilities."""
    c = g.tables
    actions = c.deal if isinstance(step, Dealing) else c.draw
    out: list[Action] = [actions[card] for card in sorted(g.lowest())] if g.pile_n else []
    if g.pile_jokers:
        out.append(c.draw[c.n])
    return out


def sample(g: Table, step: Dealing | Drawing | Refilling, rng: random.Random) -> Action:
    c = g.tables
    jokers = len(g.pile_jokers)
    if jokers and rng.randrange(g.pile_n + jokers) < jokers:
        return c.draw[c.n]
    low = sorted(g.lowest())
    return (c.deal if isinstance(step, Dealing) else c.draw)[low[rng.randrange(len(low))]]


def draw(g: Table, step: Dealing | Drawing | Refilling, action: Action) -> None:
    """A card (or a joker) leaves the draw pile for where ``step`` sends it."""
    assert type(action) is Draw or type(action) is Deal
    c = g.tables
    if action.card == JOKER:
        item = g.pile_jokers.pop()
    else:
        item = c.index[action.card]
        g.pile[c.era[item]].remove(item)
        g.pile_n -= 1
    match step:
        case Dealing(k=k):
            deal(g, k, item)
        case Refilling():
            if item < c.n:
                g.reserve.append(item)
            else:  # ruling: a joker turned up for the reserve leaves the game
                g.out.append(item)
        case Drawing(seat=seat, mode=mode):
            g.hand_add(seat, item, 0)
            if mode != "up to five":
                g.agenda.pop()


def deal(g: Table, k: int, item: int) -> None:
    """The ``k``-th card dealt: to the reserve (face up), then to each player (face
    down), and again, until each has five cards."""
    slot = k % (g.players + 1)
    if slot == 0:
        g.reserve.append(item)
    else:
        g.hand_add(slot - 1, item, 0)
    k += 1
    if k < (g.players + 1) * HAND_SIZE and g.pile_n:
        g.agenda[-1] = Dealing(k)
    else:
        finish_deal(g)


def finish_deal(g: Table) -> None:
    """What is left is the draw pile; the jokers are shuffled into it; seat 0 starts."""
    g.agenda.pop()
    g.pile_jokers = g.box[:]
    g.box = []
    g.base = 0
    turns.start_turn(g, 0, False)


def draw_waits(g: Table, step: Drawing) -> bool:
    """Whether chance is to draw for ``step``; otherwise the step is done: taken off the
    agenda (a full hand), or, with the draw pile empty, replaced by a steal (a draw of
    Bluff or Stop) or by nothing."""
    ag = g.agenda
    if not g.pile_size():
        ag.pop()
        if step.mode == "one or steal":
            ag.append(g.config.robbing[step.seat])
        return False
    if step.mode == "up to five" and len(g.hands[step.seat]) >= HAND_SIZE:
        ag.pop()
        return False
    return True


def refill_waits(g: Table) -> bool:
    """Whether chance is to draw for the reserve (five cards, while the draw pile lasts)."""
    if len(g.reserve) >= RESERVE_SIZE or not g.pile_size():
        g.agenda.pop()
        return False
    return True


def deal_waits(g: Table) -> bool:
    """Whether chance is to deal (a small deck may run out during the deal)."""
    if not g.pile_n:
        finish_deal(g)
        return False
    return True
